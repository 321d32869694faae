"""Legal actions: exactly what a seat may do now.

``legal_actions(state, seat)`` is the single source of truth for the runner, the
bots and the UI: the runner refuses anything not listed (:class:`IllegalAction`
with a plain-sentence reason from :func:`why_illegal`).  The rules themselves are in
:mod:`engine.refusals`, each once: the listing filters with them, :func:`may_discard`
and :func:`may_riichi` (one discard checked without listing the turn) ask them, and
:func:`why_illegal` gives the first that refuses.

Lines marked ``hot:`` inline an :mod:`engine.tiles` helper (``tile >> 2`` for
``kind_of``): they run for every discard and every claim check, and the call
cost a measurable share of ``benchmarks/bench_game.py``.
"""

from __future__ import annotations

from operator import itemgetter

from hanchan.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Ron,
    Tsumo,
)
from hanchan.engine.facts import may_be_shiisanputaa
from hanchan.engine.refusals import (
    CALL_SEAT,
    DISCARD_RULES,
    KAN_SEAT,
    KAN_TILES,
    NO_KINDS,
    PLAIN_RULES,
    RIICHI_SEAT,
    RULES,
    RUN_KINDS,
    chi_shapes,
    danger_kinds,
    first_refusal,
    hand_shanten,
    kuikae_blocked,
    leaves_discard,
    open_kan_possible,
    refusal,
    tenpai_left,
)
from hanchan.engine.seats import four
from hanchan.engine.state import GameState, SeatCache, SeatState, waits_of
from hanchan.engine.tiles import FIVES, is_red, kind_of
from hanchan.engine.wins import ron_result
from hanchan.errors import HanchanError

__all__ = [
    "IllegalAction", "legal_actions", "turn_actions", "claim_actions", "chankan_actions",
    "why_illegal", "refusal", "listed", "shared_discard", "may_discard", "may_riichi",
]


class IllegalAction(HanchanError):
    """An action that the rules do not allow now; ``reason`` is a plain sentence."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


_NO_FIELDS = frozenset({Pass, Tsumo, Ron, NineTerminals})
_DISCARD = tuple(Discard(t) for t in range(136))
_RIICHI = tuple(Discard(t, riichi=True) for t in range(136))


def shared_discard(tile: int, riichi: bool = False) -> Discard:
    """``Discard(tile, riichi=riichi)``: the very object the legal actions list, so that
    :func:`listed` finds it at once (a replay names each discard this way).

    >>> shared_discard(5) == Discard(5), shared_discard(5) is shared_discard(5)
    (True, True)
    """
    return (_RIICHI if riichi else _DISCARD)[tile] if 0 <= tile < 136 else Discard(
        tile, riichi=riichi)


def listed(action: Action, legal: tuple[Action, ...]) -> bool:
    """``action in legal``, looking first for the very object (a bot returns one of those
    it was offered; the legal actions list every discard and closed riichi discard as one
    shared object): comparing dataclasses field by field costs more."""
    for a in legal:
        if a is action:
            return True
    kind = type(action)
    if kind in _NO_FIELDS:  # all equal: any of its type
        for a in legal:
            if type(a) is kind:
                return True
        return False
    if isinstance(action, Discard) and not action.open and 0 <= action.tile < 136:
        shared = (_RIICHI if action.riichi else _DISCARD)[action.tile]
        for a in legal:
            if a is shared:
                return True
    return action in legal


def legal_actions(state: GameState, seat: int) -> tuple[Action, ...]:
    """Every action ``seat`` may take now (``()`` if it has nothing to decide).

    In a claim window a seat that may only pass gets ``()``: it is not asked.
    """
    ph = state.phase
    if ph == "turn":
        return turn_actions(state, seat) if seat == state.turn else ()
    if ph == "claim":
        return claim_actions(state, seat)
    if ph == "chankan":
        return chankan_actions(state, seat)
    return ()


def why_illegal(st: GameState, seat: int, action: Action) -> str:
    """A plain sentence saying why ``action`` is not legal for ``seat`` now."""
    return refusal(st, seat, action) or "That action is not possible now."


def may_discard(st: GameState, seat: int, tile: int) -> bool:
    """Whether ``Discard(tile)`` is among :func:`turn_actions`, without listing the turn
    (no shanten, no riichi check): a replay or a player names one discard, and most turns
    are one plain discard.

    >>> from hanchan.engine.game import Game
    >>> from hanchan.rulesets.schema import Ruleset
    >>> st = Game(Ruleset(), seed=1).state
    >>> [may_discard(st, st.turn, t) for t in (st.seats[st.turn].hand[0], 200)]
    [True, False]
    """
    a = _DISCARD[tile] if 0 <= tile < 136 else Discard(tile)
    for rule in PLAIN_RULES:  # (hot: first_refusal inlined)
        if rule(st, seat, a) is not None:
            return False
    return True


def may_riichi(st: GameState, seat: int, tile: int, open_: bool = False) -> bool:
    """Whether ``Discard(tile, riichi=True, open=open_)`` is among :func:`turn_actions`,
    without listing the turn: the shanten after that one discard, not after each.

    >>> from hanchan.engine.game import Game
    >>> from hanchan.rulesets.schema import Ruleset
    >>> st = Game(Ruleset(), seed=1).state  # a first hand far from tenpai
    >>> may_riichi(st, st.turn, st.seats[st.turn].hand[0])
    False
    """
    a = Discard(tile, riichi=True, open=open_) if open_ else shared_discard(tile, True)
    return first_refusal(DISCARD_RULES, st, seat, a) is None


# ------------------------------------------------------------------ own turn


def turn_actions(st: GameState, seat: int) -> tuple[Action, ...]:
    """The actions of the seat whose turn it is (after a draw or a call)."""
    s = st.seats[seat]
    sh = s.cache.shanten  # known, or a lower bound of 1 or more (hot: hand_shanten inlined)
    if sh == SeatCache.UNKNOWN:
        sh = hand_shanten(s)
    out = _ends(st, s, seat, sh) if sh < 0 or s.discards == 0 else []
    if s.dead or s.silent:  # practice: after a false call (or riichi taken back) only discard
        out.extend(_DISCARD[t] for t in sorted(s.hand))
        return tuple(out)
    if s.melds or 4 in s.counts:  # (a kan needs a four in the hand or a pon)
        out.extend(_kan_actions(st, seat))
    if s.riichi or s.riichi_pending:
        if st.drawn is not None:
            out.append(_DISCARD[st.drawn])
        return tuple(out)
    cands = s.cache.tiles
    if cands is None or s.kuikae or st.rules.open_riichi:  # (hot: else every tile may go)
        cands = _discard_tiles(st, s, seat)
    # the shared Discard of each tile, in one call (hot: a map or a loop costs 2-4 times more)
    out.extend(itemgetter(*cands)(_DISCARD) if len(cands) > 1 else (_DISCARD[cands[0]],))
    if sh <= 0 and first_refusal(RIICHI_SEAT, st, seat, None) is None:
        out.extend(_riichi_discards(st, s, cands))
    return tuple(out)


def _ends(st: GameState, s: SeatState, seat: int, sh: int) -> list[Action]:
    """A tsumo and nine terminals, where their rules allow them (a hand ``sh`` tells is
    complete, or a first draw: hot, not asked on other turns)."""
    out: list[Action] = []
    # (shiisanputaa, 十三不搭, wins with no complete shape: only looked at on a first draw)
    if ((sh < 0 or (st.rules.shiisanputaa and s.discards == 0
                    and may_be_shiisanputaa(st, seat)))
            and first_refusal(RULES[Tsumo], st, seat, None) is None):
        out.append(Tsumo())
    if (s.discards == 0 and st.rules.abort_nine_terminals
            and first_refusal(RULES[NineTerminals], st, seat, None) is None):
        out.append(NineTerminals())
    return out


def _kan_actions(st: GameState, seat: int) -> list[Action]:
    """The kans of held tiles, if the seat may declare a kan at all (:data:`KAN_SEAT`),
    that the rules of their tiles (:data:`KAN_TILES`) allow."""
    s = st.seats[seat]
    counts = s.counts
    cands: list[Action] = []
    if 4 in counts:
        cands.extend(ClosedKan(four(sorted(t for t in s.hand if kind_of(t) == k)))
                     for k in range(34) if counts[k] == 4)
    for m in s.melds:
        if m.kind == "pon":
            k = m.tiles[0] >> 2  # hot: kind_of inlined
            if counts[k]:
                cands.extend(AddedKan(t) for t in s.hand if t >> 2 == k)
    if not cands or first_refusal(KAN_SEAT, st, seat, None) is not None:
        return []
    return [a for a in cands if first_refusal(KAN_TILES, st, seat, a) is None]


def _discard_tiles(st: GameState, s: SeatState, seat: int) -> list[int]:
    """The tiles a seat that chooses its discard may let go, sorted (the rules
    :func:`_kuikae` and :func:`_open_riichi_danger`, asked once for the hand)."""
    tiles = s.cache.tiles
    if tiles is None:
        tiles = s.cache.tiles = sorted(s.hand)
    if not s.kuikae and not st.rules.open_riichi:
        return tiles  # (hot: neither rule can refuse a tile)
    forbidden = kuikae_blocked(s) if s.kuikae else NO_KINDS
    cands = [t for t in tiles if t >> 2 not in forbidden] if forbidden else tiles
    if st.rules.open_riichi:
        danger = danger_kinds(st, seat, cands)
        if danger:
            cands = [t for t in cands if t >> 2 not in danger]
    return cands


def _riichi_discards(st: GameState, s: SeatState, cands: list[int]) -> list[Action]:
    """The riichi discards among ``cands`` (the rule :func:`_riichi_tenpai`, one shanten
    per kind)."""
    r = st.rules
    out: list[Action] = []
    seen: set[int] = set()
    after = list(s.counts)
    nmelds = len(s.melds)
    for t in cands:
        k = t >> 2  # hot: kind_of inlined
        if k not in seen:
            after[k] -= 1
            if tenpai_left(after, nmelds, r.riichi_own_four_copies):
                seen.add(k)
            after[k] += 1
        if k in seen:
            out.append(_RIICHI[t])
            if r.open_riichi:
                out.append(Discard(t, riichi=True, open=True))
    return out


# ------------------------------------------------------------------ claims


def claim_actions(st: GameState, seat: int) -> tuple[Action, ...]:
    """What ``seat`` may do with the last discard (``()`` if only passing)."""
    ld = st.last_discard
    if ld is None or ld[0] == seat or st.seats[seat].dead or st.seats[seat].silent:
        return ()
    dseat, tile = ld
    s = st.seats[seat]
    kind = tile >> 2  # hot: kind_of inlined
    counts = s.counts
    ws = s.cache.waits
    if ws is None:
        ws = waits_of(st, seat)
    # hot: no win, no pair for a pon, no chi shape: nothing to ask
    if kind not in ws and counts[kind] < 2:
        if (dseat + 1) % 4 != seat:
            return ()
        for a, b in RUN_KINDS[kind]:  # hot: has_chi inlined
            if counts[a] and counts[b]:
                break
        else:
            return ()
    out: list[Action] = []
    if kind in ws and ron_result(st, seat, tile) is not None:
        out.append(Ron())
    if first_refusal(CALL_SEAT, st, seat, None) is None:
        out.extend(_calls(st, s, dseat, seat, kind))
    if not out:
        return ()
    out.append(Pass())
    return tuple(out)


def _calls(st: GameState, s: SeatState, dseat: int, seat: int, kind: int) -> list[Action]:
    """The pons, open kan and chis the seat may make on a discard of ``kind`` (once the
    rules of the seat, :data:`CALL_SEAT`, let it call)."""
    r = st.rules
    out: list[Action] = []
    c = s.counts[kind]
    # (whether a call leaves a discard depends on the kinds it takes, not the copies)
    if c >= 2:
        same = sorted(t for t in s.hand if t >> 2 == kind)  # hot: kind_of inlined
        if leaves_discard(s, kind, (same[0], same[1]), None, r.kuikae):
            out.extend(Pon(pair) for pair in _pairs(same, r.red_fives))
        if c >= 3 and open_kan_possible(st):
            out.append(OpenKan((same[0], same[1], same[2])))
    if (dseat + 1) % 4 == seat:
        for ka, kb in chi_shapes(s.counts, kind):
            if leaves_discard(s, kind, (ka << 2, kb << 2), "chi", r.kuikae):
                tbs = _variants(s.hand, kb, r.red_fives)
                out.extend(Chi((ta, tb)) for ta in _variants(s.hand, ka, r.red_fives)
                           for tb in tbs)
    return out


def _pairs(same: list[int], red: int) -> list[tuple[int, int]]:
    """Distinct pairs of tiles of one kind (how many red fives makes the difference)."""
    seen: set[int] = set()
    out: list[tuple[int, int]] = []
    for i in range(len(same)):
        for j in range(i + 1, len(same)):
            a, b = same[i], same[j]
            key = int(is_red(a, red)) + int(is_red(b, red))
            if key not in seen:
                seen.add(key)
                out.append((a, b))
    return out


def _variants(hand: list[int], kind: int, red: int) -> list[int]:
    """One tile of ``kind`` per distinct appearance (red / not red), the lowest of each:
    red ones first (a kind's red copies are its lowest).

    >>> _variants([17, 19, 16, 40], 4, 1), _variants([17, 19, 16], 4, 0)
    ([16, 17], [16])
    """
    copies = [t for t in hand if t >> 2 == kind]  # hot: kind_of inlined
    if not red or kind not in FIVES:
        return [min(copies)]  # one appearance
    reds = [t for t in copies if t & 3 < red]
    plain = [t for t in copies if t & 3 >= red]
    return ([min(reds)] if reds else []) + ([min(plain)] if plain else [])


def chankan_actions(st: GameState, seat: int) -> tuple[Action, ...]:
    """Robbing a kan: Ron or Pass for a seat that may win on the kan's tile."""
    if st.last_kan is None or first_refusal(RULES[Ron], st, seat, None) is not None:
        return ()
    return (Ron(), Pass())
