"""Legal actions: exactly what a seat may do now.

``legal_actions(state, seat)`` is the single source of truth for the runner, the
bots and the UI: the runner refuses anything not listed (:class:`IllegalAction`
with a plain-sentence reason from :func:`why_illegal`).

Lines marked ``hot:`` inline an :mod:`engine.tiles` helper (``tile >> 2`` for
``kind_of``): they run for every discard and every claim check, and the call
cost a measurable share of ``benchmarks/bench_game.py``.
"""

from __future__ import annotations

from operator import itemgetter

from engine.actions import (
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
from engine.facts import is_furiten, may_be_shiisanputaa
from engine.scoring import decompositions
from engine.shanten import shanten
from engine.state import GameState, SeatCache, SeatState, chi_kuikae, waits_of
from engine.tiles import FIVES, TERMINALS_AND_HONOURS, is_red, is_suited, kind_of
from engine.waits import is_tenpai, waits
from engine.wins import ron_result, tsumo_result
from hanchan.errors import HanchanError

__all__ = [
    "IllegalAction", "legal_actions", "turn_actions", "claim_actions", "chankan_actions",
    "why_illegal", "listed", "shared_discard", "may_discard", "may_riichi",
]


class IllegalAction(HanchanError):
    """An action that the rules do not allow now; ``reason`` is a plain sentence."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


_PASS = (Pass(),)
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


# ------------------------------------------------------------------ own turn


def _can_kan_now(st: GameState) -> bool:
    r = st.rules
    if st.kans_total >= r.max_kans or st.kans_total >= 4:
        return False
    if st.live_remaining <= 0 and not r.kan_on_last_tile:
        return False
    if st.live_remaining <= 0 and r.dead_wall_replenish:
        return False
    # A fifth kan is never possible; four kans by several players end the hand anyway.
    return True


def turn_actions(st: GameState, seat: int) -> tuple[Action, ...]:
    """The actions of the seat whose turn it is (after a draw or a call)."""
    s = st.seats[seat]
    r = st.rules
    out: list[Action] = []
    counts = s.counts
    nmelds = len(s.melds)
    drawn = st.drawn
    called = s.called_this_turn
    sh = s.cache.shanten  # known, or a lower bound of 1 or more (engine.state.SeatCache)
    if sh == SeatCache.UNKNOWN:
        sh = s.cache.shanten = shanten(counts, nmelds)
    # win
    # (shiisanputaa, 十三不搭, wins with no complete shape: only looked at on a first draw)
    if ((sh < 0 or (r.shiisanputaa and s.discards == 0 and may_be_shiisanputaa(st, seat)))
            and not called and drawn is not None and tsumo_result(st, seat) is not None):
        out.append(Tsumo())
    # nine terminals
    if (r.abort_nine_terminals and not called and s.discards == 0
            and (r.nine_terminals_after_calls or not st.calls_made) and not st.rinshan_draw):
        if sum(1 for k in TERMINALS_AND_HONOURS if counts[k]) >= 9:
            out.append(NineTerminals())
    riichi = s.riichi or s.riichi_pending
    if s.dead:  # practice mode: after a false call the hand may only discard
        out = [a for a in out if not isinstance(a, Tsumo)]
        out.extend(_DISCARD[t] for t in sorted(s.hand))
        return tuple(out)
    # kans
    if not called or r.kan_after_call:  # (whether a kan may be declared now: only asked
        if riichi:                        # when the hand holds one)
            if drawn is not None and r.riichi_ankan != "never":
                k = kind_of(drawn)
                if counts[k] == 4 and _can_kan_now(st) and _riichi_kan_ok(st, seat, k):
                    out.append(ClosedKan(_four(s.hand, k)))
        elif (nmelds or 4 in counts) and _can_kan_now(st):
            if not nmelds or 4 in counts:  # (without melds, a four is why we are here)
                for k in range(34):
                    if counts[k] == 4:
                        out.append(ClosedKan(_four(s.hand, k)))
            for m in s.melds if nmelds else ():
                if m.kind == "pon":
                    k = kind_of(m.tiles[0])
                    if counts[k]:
                        for t in s.hand:
                            if kind_of(t) == k:
                                out.append(AddedKan(t))
    # discards
    if riichi:
        if drawn is not None:
            out.append(_DISCARD[drawn])
        return tuple(out)
    forbidden = s.kuikae
    tiles = s.cache.tiles
    if tiles is None:
        tiles = s.cache.tiles = sorted(s.hand)
    if forbidden:
        cands = [t for t in tiles if t >> 2 not in forbidden]  # hot: kind_of inlined
        if not cands:  # kuikae can leave nothing: then any tile may go
            cands = tiles
    else:
        cands = tiles
    if r.open_riichi:
        cands = _open_riichi_filter(st, seat, cands)
    # the shared Discard of each tile, in one call (hot: a map or a loop costs 2-4 times more)
    picked: tuple[Action, ...] = (itemgetter(*cands)(_DISCARD) if len(cands) > 1
                                  else (_DISCARD[cands[0]],))
    # riichi
    if not (sh <= 0 and s.closed and not called
            and (not r.riichi_needs_points or st.scores[seat] >= 1000)
            and st.live_remaining >= max(r.riichi_min_wall, 0)):
        if out:
            out.extend(picked)
            return tuple(out)
        return picked
    out.extend(picked)
    seen: set[int] = set()
    after = list(counts)
    for t in cands:
        k = kind_of(t)
        if k not in seen:
            after[k] -= 1
            ok = shanten(after, nmelds) == 0 or (
                # 和り目なしの立直: the only wait is a fifth copy of an own four
                r.riichi_own_four_copies and 4 in after
                and is_tenpai(after, nmelds, own_four_copies_count=True))
            after[k] += 1
            if ok:
                seen.add(k)
        if k in seen:
            out.append(_RIICHI[t])
            if r.open_riichi:
                out.append(Discard(t, riichi=True, open=True))
    return tuple(out)


def may_discard(st: GameState, seat: int, tile: int) -> bool:
    """Whether ``Discard(tile)`` is among :func:`turn_actions`, without listing the turn
    (no shanten, no riichi check): a replay or a player names one discard, and most turns
    are one plain discard.

    >>> from engine.game import Game
    >>> from rulesets.schema import Ruleset
    >>> st = Game(Ruleset(), seed=1).state
    >>> [may_discard(st, st.turn, t) for t in (st.seats[st.turn].hand[0], 200)]
    [True, False]
    """
    if st.phase != "turn" or seat != st.turn:
        return False
    s = st.seats[seat]
    if tile not in s.hand:
        return False
    if s.dead:
        return True
    if s.riichi or s.riichi_pending:
        return tile == st.drawn
    forbidden = s.kuikae
    if forbidden and tile >> 2 in forbidden:  # hot: kind_of inlined
        for t in s.hand:
            if t >> 2 not in forbidden:
                return False  # another tile may go, so not this one
        # kuikae leaves nothing: any tile may go
    if st.rules.open_riichi:
        cands = [t for t in s.hand if t >> 2 not in forbidden] or s.hand
        return tile in _open_riichi_filter(st, seat, cands)
    return True


def may_riichi(st: GameState, seat: int, tile: int, open_: bool = False) -> bool:
    """Whether ``Discard(tile, riichi=True, open=open_)`` is among :func:`turn_actions`,
    without listing the turn: the shanten after that one discard, not after each.

    >>> from engine.game import Game
    >>> from rulesets.schema import Ruleset
    >>> st = Game(Ruleset(), seed=1).state  # a first hand far from tenpai
    >>> may_riichi(st, st.turn, st.seats[st.turn].hand[0])
    False
    """
    s = st.seats[seat]
    r = st.rules
    if (s.dead or s.riichi or s.riichi_pending or (open_ and not r.open_riichi)
            or not may_discard(st, seat, tile)):  # (the same tiles may go, plain or riichi)
        return False
    if not (s.closed and not s.called_this_turn
            and (not r.riichi_needs_points or st.scores[seat] >= 1000)
            and st.live_remaining >= max(r.riichi_min_wall, 0)):
        return False
    counts = s.counts
    nmelds = len(s.melds)
    sh = s.cache.shanten  # as turn_actions reads it (a lower bound of 1 or more will do)
    if sh == SeatCache.UNKNOWN:
        sh = s.cache.shanten = shanten(counts, nmelds)
    if sh > 0:
        return False
    after = list(counts)
    after[tile >> 2] -= 1  # hot: kind_of inlined
    return shanten(after, nmelds) == 0 or (
        # 和り目なしの立直: the only wait is a fifth copy of an own four
        r.riichi_own_four_copies and 4 in after
        and is_tenpai(after, nmelds, own_four_copies_count=True))


def _four(hand: list[int], k: int) -> tuple[int, int, int, int]:
    ts = sorted(t for t in hand if kind_of(t) == k)
    return (ts[0], ts[1], ts[2], ts[3])


def _riichi_kan_ok(st: GameState, seat: int, k: int) -> bool:
    """Closed kan in riichi: the waits (or the composition) must not change."""
    s = st.seats[seat]
    counts = list(s.counts)
    n = len(s.melds)
    counts[k] -= 1
    before = waits(counts, n)
    counts[k] -= 3
    after = waits(counts, n + 1)
    if before != after or not before:
        return False
    if st.rules.riichi_ankan == "composition_unchanged":
        counts[k] += 3
        if not _kind_always_triplet(counts, n, k, before):
            return False
    return True


def _kind_always_triplet(counts: list[int], n: int, k: int, ws: list[int]) -> bool:
    """Every reading of the hand completed by any wait keeps ``k`` as a triplet."""
    for w in ws:
        c = list(counts)
        c[w] += 1
        for d in decompositions(c, n):
            if d.form != "regular" or (1, k) not in d.groups:
                return False
    return True


def _open_riichi_filter(st: GameState, seat: int, cands: list[int]) -> list[int]:
    """A player not in riichi may not deal into an open riichi unless every tile would.

    Only a tile the open riichi can win on is refused (makura 18: 当たり牌): a furiten
    open riichi, which may not ron, refuses nothing.
    """
    if not st.rules.open_riichi:
        return cands
    danger: set[int] = set()
    for o in range(4):
        if o != seat:
            so = st.seats[o]
            if so.open_riichi and so.riichi and not is_furiten(st, o):
                danger.update(waits_of(st, o))
    if not danger:
        return cands
    safe = [t for t in cands if kind_of(t) not in danger]
    return safe if safe else cands


# ------------------------------------------------------------------ claims


def claim_actions(st: GameState, seat: int) -> tuple[Action, ...]:
    """What ``seat`` may do with the last discard (``()`` if only passing)."""
    ld = st.last_discard
    if ld is None:
        return ()
    dseat, tile = ld
    if seat == dseat:
        return ()
    s = st.seats[seat]
    if s.dead:
        return ()
    kind = tile >> 2  # hot: kind_of inlined
    counts = s.counts
    ws = s.cache.waits
    if ws is None:
        ws = waits_of(st, seat)
    # fast exit: no win, no pair for a pon, no chi shape
    if kind not in ws and counts[kind] < 2:
        if (dseat + 1) % 4 != seat or kind >= 27:  # hot: is_honour inlined
            return ()
        n = kind % 9
        if not ((n >= 2 and counts[kind - 2] and counts[kind - 1])
                or (1 <= n <= 7 and counts[kind - 1] and counts[kind + 1])
                or (n <= 6 and counts[kind + 1] and counts[kind + 2])):
            return ()
    r = st.rules
    out: list[Action] = []
    if kind in ws and ron_result(st, seat, tile) is not None:
        out.append(Ron())
    if s.riichi or s.riichi_pending:
        return (*out, Pass()) if out else ()
    last = st.live_remaining <= 0
    if last and not r.call_on_last_discard:
        return (*out, Pass()) if out else ()
    if not r.call_without_draws_left and st.live_remaining < 4:
        return (*out, Pass()) if out else ()
    c = counts[kind]
    # (whether a call leaves a discard depends on the kinds it takes, not the copies)
    if c >= 2:
        same = sorted(t for t in s.hand if t >> 2 == kind)  # hot: kind_of inlined
        if _leaves_discard(s, kind, (same[0], same[1]), None, r.kuikae):
            out.extend(Pon(pair) for pair in _pairs(same, r.red_fives))
        if c >= 3 and _can_kan_now(st) and not last:
            out.append(OpenKan((same[0], same[1], same[2])))
    if (dseat + 1) % 4 == seat and is_suited(kind):
        n = kind % 9
        for a, b in ((-2, -1), (-1, 1), (1, 2)):
            if (0 <= n + a and n + b <= 8 and counts[kind + a] and counts[kind + b]
                    and _leaves_discard(s, kind, ((kind + a) << 2, (kind + b) << 2), "chi",
                                        r.kuikae)):
                tbs = _variants(s.hand, kind + b, r.red_fives)
                for ta in _variants(s.hand, kind + a, r.red_fives):
                    for tb in tbs:
                        out.append(Chi((ta, tb)))
    if not out:
        return ()
    out.append(Pass())
    return tuple(out)


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


def _leaves_discard(s: SeatState, kind: int, used: tuple[int, int], chi: str | None,
                    rule: str) -> bool:
    """After the call, at least one discard must be allowed (kuikae)."""
    if rule == "allowed":
        return True
    ka, kb = used[0] >> 2, used[1] >> 2  # hot: kind_of inlined
    if rule == "same_tile_forbidden" or not chi:
        forbidden: frozenset[int] = frozenset((kind,))
    else:
        forbidden = chi_kuikae(kind, ka, kb)
    counts = s.counts
    left = len(s.hand) - 2  # the tiles after the call, less those it forbids
    for k in forbidden:
        left -= counts[k] - (ka == k) - (kb == k)
    return left > 0


def chankan_actions(st: GameState, seat: int) -> tuple[Action, ...]:
    """Robbing a kan: Ron or Pass for a seat that may win on the kan's tile."""
    lk = st.last_kan
    if lk is None:
        return ()
    kseat, meld = lk
    if seat == kseat or st.seats[seat].dead:
        return ()
    if meld.kind == "kakan":
        assert meld.added is not None
        if ron_result(st, seat, meld.added, chankan=True) is not None:
            return (Ron(), Pass())
        return ()
    if meld.kind == "ankan" and st.rules.chankan_on_ankan == "kokushi":
        tile = meld.tiles[0]
        if ron_result(st, seat, tile, chankan=True, chankan_ankan=True) is not None:
            return (Ron(), Pass())
    return ()


def why_illegal(st: GameState, seat: int, action: Action) -> str:
    """A plain sentence saying why ``action`` is not legal for ``seat`` now."""
    if st.phase == "over":
        return "The game is over."
    s = st.seats[seat]
    if isinstance(action, Discard):
        if st.phase != "turn" or seat != st.turn:
            return "It is not your turn to discard."
        if action.tile not in s.hand:
            return "That tile is not in your hand."
        if action.riichi and action.open and not st.rules.open_riichi:
            return "These rules have no open riichi."
        if action.riichi:
            if s.riichi or s.riichi_pending:
                return "You are already in riichi."
            if not s.closed:
                return "Riichi needs a closed hand."
            if st.rules.riichi_needs_points and st.scores[seat] < 1000:
                return "Riichi needs 1,000 points to put down."
            if st.live_remaining < st.rules.riichi_min_wall:
                return "Too few tiles are left in the wall to declare riichi."
            return "Riichi needs a hand that is tenpai (one tile from a win) after the discard."
        if s.riichi:
            return "After riichi you must discard the tile you drew."
        if kind_of(action.tile) in s.kuikae:
            return "Swap calling: you may not discard that tile right after your call."
        if st.rules.open_riichi:
            return "That tile would deal into an open riichi; discard another tile."
        return "You may not discard that tile now."
    if st.phase == "turn" and seat != st.turn:
        return "It is not your turn."
    if s.dead and isinstance(action, (Tsumo, Ron, Chi, Pon, OpenKan, ClosedKan, AddedKan)):
        return "After your false call this hand may only discard; it cannot win or call."
    if isinstance(action, Tsumo):
        if st.phase != "turn":
            return "You may win by tsumo only on your own turn, with the tile you drew."
        if s.called_this_turn or st.drawn is None:
            return "You did not draw this turn (you called): you may not win by tsumo now."
        if shanten(s.counts, len(s.melds)) >= 0:
            return "Your hand is not complete: it needs four sets and a pair."
        return "Your hand is complete but has no yaku, so it cannot win."
    if isinstance(action, Ron):
        if st.phase not in ("claim", "chankan"):
            return "There is no discard to win on now."
        if is_furiten(st, seat):
            return "You are furiten (a tile you wait on is in your discards, or you let a " \
                   "winning tile pass): you may not win on a discard."
        return _why_not_ron(st, seat)
    if isinstance(action, (Chi, Pon, OpenKan)):
        if st.phase != "claim":
            return "There is no discard to call now."
        if s.riichi or s.riichi_pending:
            return "In riichi you may not call."
        if isinstance(action, Chi) and st.last_discard is not None and (
                st.last_discard[0] + 1) % 4 != seat:
            return "Only the next player (to the discarder's right) may chi a discard."
        if st.live_remaining <= 0 and not st.rules.call_on_last_discard:
            return "The last discard of the hand may not be called."
        if not st.rules.call_without_draws_left and st.live_remaining < 4:
            return "Too few tiles are left in the wall to call."
        if isinstance(action, OpenKan) and not _can_kan_now(st):
            return "No more kans may be declared in this hand."
        shape = _why_no_call_shape(st, seat, action)
        if shape is not None:
            return shape
        if any(t not in s.hand for t in action.tiles):
            return "Those tiles are not in your hand."
        if st.rules.kuikae != "allowed":
            return "Swap calling: after that call every tile left would be one you may not " \
                   "discard."
        return "Those tiles do not make a set with that discard."
    if isinstance(action, (ClosedKan, AddedKan)):
        if st.kans_total >= st.rules.max_kans or not _can_kan_now(st):
            return "No more kans may be declared in this hand."
        if s.riichi or s.riichi_pending:
            return "In riichi you may only declare a closed kan of the tile you drew, and " \
                   "only if it keeps your wait."
        if s.called_this_turn and not st.rules.kan_after_call:
            return "You may not declare a kan right after a call."
        return "A kan needs four of the same tile in your hand, or the fourth tile of one " \
               "of your pons."
    if isinstance(action, NineTerminals):
        return "Nine terminals needs nine different terminals and honours on your first draw."
    return "That action is not possible now."


def _why_no_call_shape(st: GameState, seat: int, action: Chi | Pon | OpenKan) -> str | None:
    """Why no tiles of the hand make that kind of call with the discard, or ``None``."""
    if st.last_discard is None:
        return "There is no discard to call now."
    kind = kind_of(st.last_discard[1])
    counts = st.seats[seat].counts
    if isinstance(action, Pon) and counts[kind] < 2:
        return "A pon needs two tiles like the discard in your hand."
    if isinstance(action, OpenKan) and counts[kind] < 3:
        return "An open kan needs three tiles like the discard in your hand."
    if isinstance(action, Chi):
        n = kind % 9
        if not is_suited(kind) or not any(
                0 <= n + a and n + b <= 8 and counts[kind + a] and counts[kind + b]
                for a, b in ((-2, -1), (-1, 1), (1, 2))):
            return "A chi needs two tiles in your hand that make a run with the discard."
    return None


def _why_not_ron(st: GameState, seat: int) -> str:
    """Why the open tile (a discard, or a kan's tile) does not win for ``seat``."""
    s = st.seats[seat]
    lk = st.last_kan
    if st.phase == "chankan" and lk is not None:
        tile = lk[1].added if lk[1].added is not None else lk[1].tiles[0]
    elif st.last_discard is not None:
        tile = st.last_discard[1]
    else:
        return "There is no discard to win on now."
    counts = list(s.counts)
    counts[kind_of(tile)] += 1
    if shanten(counts, len(s.melds)) >= 0:
        return "That tile does not complete your hand."
    return "That tile completes your hand, but the hand has no yaku, so it cannot win."
