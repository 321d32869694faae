"""Pao (責任払い): the called set that fixes a yakuman makes the player who fed it liable.

Which yakuman a ruleset makes pao is ``Ruleset.pao_yaku``: daisangen on the third dragon
set called, daisuushii on the fourth wind, suurenkou on the fourth consecutive triplet
(a set called by a pon, or by an open kan with ``pao_by_open_kan``), suukantsu /
sankantsu on the open kan that makes four / three kans.

>>> from hanchan.rulesets.schema import Ruleset
>>> melds = [Meld("pon", (124, 125, 126), 126, 1), Meld("pon", (128, 129, 130), 130, 2),
...          Meld("pon", (132, 133, 134), 134, 3)]
>>> pao_yaku_fixed(Ruleset(), melds, 0, melds[-1])
('daisangen',)
"""

from __future__ import annotations

from collections.abc import Sequence

from hanchan.engine.events import Meld
from hanchan.engine.tiles import Kind, is_dragon, is_suited, is_wind, kind_of, suit_of
from hanchan.engine.view import RiverTile
from hanchan.rulesets.schema import Ruleset

__all__ = ["pao_yaku_fixed", "first_discarder"]


def pao_yaku_fixed(rules: Ruleset, melds: Sequence[Meld], kans: int,
                   m: Meld) -> tuple[str, ...]:
    """The pao yaku the call ``m`` fixes, ``melds`` (with ``m``) and ``kans`` being the
    seat's after it."""
    pao_yaku = rules.pao_yaku
    out: tuple[str, ...] = ()
    if m.kind == "pon" or (m.kind == "minkan" and rules.pao_by_open_kan):
        out = _set_yaku(pao_yaku, [kind_of(mm.tiles[0]) for mm in melds if mm.kind != "chi"],
                        kind_of(m.tiles[0]))
    if m.kind == "minkan":
        if "suukantsu" in pao_yaku and kans == 4:
            out += ("suukantsu",)
        elif "sankantsu" in pao_yaku and kans == 3:
            out += ("sankantsu",)
    return out


def _set_yaku(pao_yaku: Sequence[str], sets: list[Kind], kind: Kind) -> tuple[str, ...]:
    """The pao yaku a called set of ``kind`` fixes among the seat's ``sets`` (triplets and
    kans by kind)."""
    if is_dragon(kind) and "daisangen" in pao_yaku:
        return ("daisangen",) if sum(1 for k in sets if is_dragon(k)) == 3 else ()
    if is_wind(kind) and "daisuushii" in pao_yaku:
        return ("daisuushii",) if sum(1 for k in sets if is_wind(k)) == 4 else ()
    if is_suited(kind) and "suurenkou" in pao_yaku and len(sets) == 4:
        # the 4th called triplet fixes 四連刻
        return ("suurenkou",) if _renkou_run(sets) == 4 else ()
    return ()


def first_discarder(rivers: Sequence[Sequence[RiverTile]], seat: int, kind: Kind,
                    from_seat: int, window: int) -> int:
    """The seat that first discarded ``kind`` since ``seat``'s own last discard (同巡内).

    ako 8-08-05: when the tile that makes a player pao was thrown more than once in the
    go-round and a later copy was called, the first to throw it is pao.  ``window``: the
    claim window of the call.
    """
    own = rivers[seat]
    since = own[-1].window if own else 0
    first, first_window = from_seat, window + 1
    for o in range(4):
        if o == seat:
            continue
        for r in rivers[o]:
            if since < r.window < first_window and kind_of(r.tile) == kind:
                first, first_window = o, r.window
    return first


def _renkou_run(sets: list[Kind]) -> int:
    """The longest run of triplets of consecutive numbers in one suit among ``sets``."""
    kinds = set(sets)
    best = 0
    for k in kinds:
        if is_suited(k) and (k - 1 not in kinds or suit_of(k - 1) != suit_of(k)):
            n = 1
            while k + n in kinds and is_suited(k + n) and suit_of(k + n) == suit_of(k):
                n += 1
            best = max(best, n)
    return best
