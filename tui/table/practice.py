"""Practice mode's mistakes: what a key sends when the rules do not allow it now.

In practice mode (``Ruleset.practice_mode``) the human may try a false tsumo, ron
or call, or riichi on any discard; the engine decides whether each is a mistake
and penalises it.  These functions only choose what to send, from the view and
the legal actions: tiles close to the discard for a call, any discard for riichi.

>>> from engine.tiles import parse_tiles
>>> hand = parse_tiles("3446m159p19s1234z")
>>> five = parse_tiles("5m", used=hand)[0]
>>> [a.tiles for a in plausible_calls("pon", hand, five, 1)] == [tuple(hand[1:3])]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Literal

from engine.actions import Action, Chi, Discard, OpenKan, Pass, Pon, Ron, Tsumo
from engine.tiles import Kind, Tile, is_honour, is_red, kind_of, suit_of, tile_name
from engine.view import PlayerView
from text.actions import ACTION_TITLES

CallGroup = Literal["chi", "pon", "kan"]
MAX_OPTIONS = 9  # the chooser's number keys


def _near(a: Kind, b: Kind, dist: int) -> bool:
    """Kinds ``a`` and ``b`` are the same, or numbers of one suit at most ``dist`` apart."""
    if a == b:
        return True
    return (not is_honour(a) and not is_honour(b) and suit_of(a) == suit_of(b)
            and abs(a - b) <= dist)


def plausible_calls(group: CallGroup, hand: Sequence[Tile], discard: Tile, red_fives: int
                    ) -> list[Action]:
    """Calls of the discard a person might try with tiles of ``hand``, nearest first.

    Tiles close to the discard (pon: pairs of it or of a neighbour, or one copy and
    a neighbour; chi: two other numbers of its suit within two of it, a true run
    included, as a chi from the wrong seat is a false call too; kan: two copies and
    a neighbour, or three copies).  The engine decides whether each is a mistake.
    """
    k = kind_of(discard)
    size = 3 if group == "kan" else 2
    seen: set[tuple[tuple[int, bool], ...]] = set()
    found: list[tuple[int, tuple[int, ...]]] = []
    for combo in combinations(sorted(hand), size):
        kinds = [kind_of(t) for t in combo]
        if group == "chi":
            ok = (not is_honour(k) and len(set(kinds)) == 2 and k not in kinds
                  and all(_near(x, k, 2) for x in kinds))
        elif group == "pon":
            ok = all(_near(x, k, 1) for x in kinds) and (kinds[0] == kinds[1] or k in kinds)
        else:
            ok = all(_near(x, k, 1) for x in kinds) and kinds.count(k) >= 2
        key = tuple(sorted((kind_of(t), is_red(t, red_fives)) for t in combo))
        if ok and key not in seen:
            seen.add(key)
            found.append((sum(abs(x - k) for x in kinds), combo))
    found.sort()
    out: list[Action] = []
    for _, c in found[:MAX_OPTIONS]:
        if group == "chi":
            out.append(Chi((c[0], c[1])))
        elif group == "pon":
            out.append(Pon((c[0], c[1])))
        else:
            out.append(OpenKan((c[0], c[1], c[2])))
    return out


def mistakes(group: str, view: PlayerView, legal: Sequence[Action]) -> list[Action] | str:
    """What the ``group`` key sends when nothing of it is legal: actions, or why nothing.

    A false tsumo on the own turn, a false ron or call when a discard (or a kan) is
    open to claims; the engine judges (and penalises) each.
    """
    title = ACTION_TITLES.get(group, group)
    not_now = f"{title} is not possible now."
    own_turn = any(isinstance(a, Discard) for a in legal)
    asked = any(isinstance(a, Pass) for a in legal)  # a discard or kan open to claims
    if group == "tsumo":
        return [Tsumo()] if own_turn else not_now
    if group == "ron":
        return [Ron()] if asked else not_now
    if group not in ("chi", "pon", "kan") or not asked or view.last_discard is None:
        return not_now
    rf = view.ruleset.red_fives
    tile = view.last_discard[1]
    call: CallGroup = "chi" if group == "chi" else "pon" if group == "pon" else "kan"
    options = plausible_calls(call, view.concealed(), tile, rf)
    if not options:
        return f"{title}: no tiles in your hand go with {tile_name(tile, rf)}."
    return options


def riichi_anywhere(view: PlayerView, legal: Sequence[Action], want_open: bool) -> bool:
    """Riichi may be declared with any discard (a noten riichi is a chombo at the draw).

    True in practice mode, on the own turn, before the seat's riichi, and for open
    riichi only where the rules have it.
    """
    rules = view.ruleset
    if not rules.practice_mode or (want_open and not rules.open_riichi):
        return False
    if view.me.riichi:
        return False
    return any(isinstance(a, Discard) and not a.riichi for a in legal)
