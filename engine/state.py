"""The game state: a fold of the events.

``GameState`` is mutable for speed: :func:`apply` changes it in place and returns
it.  Everything the rules need to decide what may happen next is here, and all
of it is derived from the events alone, so ``fold(game.events)`` rebuilds the
live state exactly (``snapshot`` gives a canonical value to compare).

Only ``apply`` changes a fact.  Queries (the legal actions, :func:`waits_of`, the
view) may remember what they computed in a seat's :class:`SeatCache`, which is kept
apart: ``snapshot`` leaves it out and :func:`checkpoint` copies the facts only.

Lines marked ``hot:`` inline an :mod:`engine.tiles` helper (``tile >> 2`` for
``kind_of``): they run for every discard and every claim check, and the call
cost a measurable share of ``benchmarks/bench_game.py``.

Phases (``GameState.phase``):

* ``"new"`` -- after ``GameStarted``, before the first ``HandStarted``;
* ``"draw"`` -- the seat ``turn`` must draw next (after ``HandStarted``, after a
  discard nobody took, after a kan);
* ``"turn"`` -- ``turn`` holds 3n+2 tiles and must act (discard, tsumo, kan ...);
* ``"claim"`` -- the last discard may be claimed (``last_discard``);
* ``"chankan"`` -- an added (or closed) kan's tile may be robbed;
* ``"hand_over"`` -- the hand ended (``Won``/``HandDrawn``);
* ``"over"`` -- ``GameEnded``.
"""

from __future__ import annotations

import copy
from bisect import insort
from collections.abc import Callable, Iterable
from typing import Any, Literal

from msgspec.structs import replace as _replace

from hanchan.engine import wall as wall_mod
from hanchan.engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Drew,
    Event,
    GameEnded,
    GameStarted,
    HandDrawn,
    HandStarted,
    Kan,
    Meld,
    Note,
    NotenDeclared,
    Penalty,
    RiichiAccepted,
    RiichiDeclared,
    Won,
)
from hanchan.engine.pao import first_discarder, pao_yaku_fixed
from hanchan.engine.shanten import shanten
from hanchan.engine.tiles import Kind, Tile, is_suited, kind_of, suit_of
from hanchan.engine.view import RiverTile, SeatInfo
from hanchan.engine.waits import waits
from hanchan.rulesets.schema import Ruleset

__all__ = [
    "GameState", "SeatState", "SeatCache", "Phase", "apply", "fold", "snapshot", "checkpoint",
    "waits_of", "kuikae_kinds",
]

Phase = Literal["new", "draw", "turn", "claim", "chankan", "hand_over", "over"]


class SeatCache:
    """What queries remember about a seat until it changes; never part of the state.

    ``waits``: the kinds that complete the 3n+1 concealed hand (None: not computed).
    ``rest``: a lower bound of the 3n+1 hand's shanten (exact when ``waits`` computed
    it; ``UNKNOWN``: none).  ``shanten``: on the seat's turn, the 3n+2 hand's shanten,
    or a lower bound of it when that is 1 or more (``UNKNOWN``: not known): 1 or more
    means no win, no riichi, and no discard leaves the hand tenpai, and one drawn tile
    lowers a shanten by one at most, so :func:`apply` sets it from ``rest`` at a draw
    and the legal actions need not count it.  ``hand``: the sorted concealed tiles less
    ``drawn`` as the seat's view shows them (None: not computed).  Those four are
    forgotten when the hand changes.  ``tiles``: the concealed tiles sorted, the drawn
    one included (None: not computed), kept up to date as tiles come and go; the legal
    actions and the view read it and keep no reference to it.  ``public``: the seat's public
    :class:`~engine.view.SeatInfo`, shared by every view until :func:`apply` applies an
    event that may change it.  ``before``: at a draw, the tile drawn with ``rest`` and
    ``waits`` as they were just before it (None: no waits known), so that discarding
    that very tile gives them back (the hand is again the one before the draw).  ``shown``:
    an open riichi's sorted 3n+1 hand and the part of it that it shows (None: none found),
    so that the part is found again only when that hand changes (at the riichi discard,
    at a closed kan).  A copy of the state (:func:`checkpoint`) starts empty.
    """

    __slots__ = ("waits", "rest", "shanten", "tiles", "hand", "drawn", "public", "before",
                 "shown")

    UNKNOWN = -9

    def __init__(self) -> None:
        self.waits: tuple[Kind, ...] | None = None
        self.rest = SeatCache.UNKNOWN
        self.shanten = SeatCache.UNKNOWN
        self.tiles: list[Tile] | None = None
        self.hand: tuple[Tile, ...] | None = None
        self.drawn: Tile | None = None
        self.public: SeatInfo | None = None
        self.before: tuple[Tile, int, tuple[Kind, ...]] | None = None
        self.shown: tuple[tuple[Tile, ...], tuple[Tile, ...]] | None = None

    def clear(self) -> None:
        """Forget everything (the hand changed)."""
        self.waits = None
        self.rest = SeatCache.UNKNOWN
        self.shanten = SeatCache.UNKNOWN
        self.tiles = None
        self.hand = None
        self.public = None
        self.before = None
        self.shown = None

    def __deepcopy__(self, memo: dict[int, object]) -> SeatCache:
        return SeatCache()


class SeatState:
    """Everything about one seat in the current hand: facts, and the ``cache`` apart."""

    __slots__ = (
        "hand", "counts", "melds", "river", "river_kinds", "riichi", "riichi_pending",
        "double_riichi", "open_riichi", "ippatsu", "riichi_turn", "temp_furiten",
        "riichi_furiten", "discards", "drawn_once", "nagashi", "pao", "kans",
        "kuikae", "noten_declared", "called_this_turn", "dead", "silent",
        "furiten_outlasts_discard", "cache",
    )

    CACHES = frozenset({"cache"})
    """Slots that hold no fact: :func:`snapshot` and :func:`checkpoint` leave them out."""

    def __init__(self) -> None:
        self.hand: list[Tile] = []
        self.counts: list[int] = [0] * 34  # by Kind
        self.melds: list[Meld] = []
        self.river: list[RiverTile] = []
        self.river_kinds: set[Kind] = set()
        self.riichi = False
        self.riichi_pending = False
        self.double_riichi = False
        self.open_riichi = False
        self.ippatsu = False
        self.riichi_turn: int | None = None
        self.temp_furiten: int | None = None  # claim-window number that made it
        self.furiten_outlasts_discard = False  # the own discard does not clear temp_furiten
        self.riichi_furiten: int | None = None
        self.discards = 0
        self.drawn_once = False
        self.nagashi = True
        self.pao: tuple[tuple[int, str], ...] = ()  # (liable seat, yaku id) per pao yaku
        self.kans = 0
        self.kuikae: frozenset[Kind] = frozenset()
        self.noten_declared = False
        self.called_this_turn = False
        self.dead = False  # practice mode: a false call made the hand dead (アガリ放棄)
        self.silent = False  # practice: riichi taken back, no declaration until the next draw
        self.cache = SeatCache()

    def add(self, tile: Tile) -> None:
        """Add a tile to the concealed hand."""
        self.hand.append(tile)
        self.counts[tile >> 2] += 1  # hot: kind_of inlined
        cache = self.cache  # hot: SeatCache.clear inlined (apply forgets ``public``)
        cache.waits = None
        cache.rest = cache.shanten = SeatCache.UNKNOWN
        cache.hand = None
        if cache.tiles is not None:  # kept sorted: cheaper than sorting anew
            insort(cache.tiles, tile)

    def remove(self, tile: Tile) -> None:
        """Take a tile out of the concealed hand."""
        self.hand.remove(tile)
        self.counts[tile >> 2] -= 1  # hot: kind_of inlined
        cache = self.cache  # hot: SeatCache.clear inlined (apply forgets ``public``)
        cache.waits = None
        cache.rest = cache.shanten = SeatCache.UNKNOWN
        cache.hand = None
        if cache.tiles is not None:
            cache.tiles.remove(tile)

    @property
    def closed(self) -> bool:
        """True when no meld is open (closed kans keep the hand closed)."""
        for m in self.melds:
            if m.kind != "ankan":
                return False
        return True


class GameState:
    """The whole game at one moment: rules, scores, and the current hand."""

    __slots__ = (
        "rules", "players", "seed", "scores", "round_wind", "round_index", "hand_number",
        "honba", "sticks", "dealer", "dice", "wall", "hand_index", "seats", "live_pos",
        "live_end", "rinshan_taken", "dora_count", "pending_dora", "kans_total", "calls_made",
        "turn", "phase", "last_discard", "last_kan", "drawn", "rinshan_draw", "window",
        "first_winds", "kan_discard", "result", "ended", "dealer_wins", "prev_dealer",
        "hands_started", "sticks_at_start", "riichi_sticks_this_hand", "last_draw_haitei",
        "wins_by_seat", "yakuman_wins", "chips", "penalty_sticks_this_hand",
    )

    CACHES: frozenset[str] = frozenset()
    """Slots that hold no fact (none: the per-seat caches live in ``SeatState.cache``)."""

    def __init__(self, rules: Ruleset, players: tuple[str, str, str, str], seed: int | None):
        self.rules = rules
        self.players = players
        self.seed = seed
        self.scores = [rules.start_points] * 4
        self.round_wind = 0
        self.round_index = 0
        self.hand_number = 0
        self.honba = 0
        self.sticks = 0
        self.dealer = 0
        self.dice = (1, 1)
        self.wall: tuple[Tile, ...] = ()
        self.hand_index = -1
        self.seats = [SeatState() for _ in range(4)]
        self.live_pos = wall_mod.FIRST_DRAW
        self.live_end = 136 - rules.dead_wall
        self.rinshan_taken = 0
        self.dora_count = 0
        self.pending_dora = 0
        self.kans_total = 0
        self.calls_made = False
        self.turn = 0
        self.phase: Phase = "new"
        self.last_discard: tuple[int, Tile] | None = None  # (seat, tile)
        self.last_kan: tuple[int, Meld] | None = None
        self.drawn: Tile | None = None
        self.rinshan_draw = False
        self.window = 0  # counts claim windows (discards and kans)
        self.first_winds: list[Kind] = []
        self.kan_discard = False  # the current discard follows a kan
        self.result: Won | HandDrawn | Penalty | None = None
        self.ended: GameEnded | None = None
        self.dealer_wins = 0  # consecutive wins of the current dealer (paarenchan)
        self.prev_dealer = -1
        self.hands_started = 0
        self.sticks_at_start = 0
        self.riichi_sticks_this_hand = [0, 0, 0, 0]
        self.penalty_sticks_this_hand = [0, 0, 0, 0]  # false-call sticks put down this hand
        self.last_draw_haitei = False
        self.wins_by_seat = [0, 0, 0, 0]
        self.yakuman_wins: list[tuple[int, int | None]] = []
        self.chips = [0, 0, 0, 0]

    # ---------------------------------------------------------------- queries
    @property
    def live_remaining(self) -> int:
        """Live tiles still to draw."""
        return self.live_end - self.live_pos

    def dora_indicators(self) -> tuple[Tile, ...]:
        """The dora indicators turned so far."""
        w = self.wall
        return tuple(w[131 - 2 * i] for i in range(self.dora_count))

    def ura_indicators(self) -> tuple[Tile, ...]:
        """The ura indicators under the turned dora indicators (kan_ura permitting)."""
        n = self.dora_count if self.rules.kan_ura else min(self.dora_count, self.rules.initial_dora)
        w = self.wall
        return tuple(w[130 - 2 * i] for i in range(n))

    def seat_wind(self, seat: int) -> int:
        """0 East .. 3 North for ``seat`` this hand."""
        return (seat - self.dealer) % 4

    def first_go_round(self) -> bool:
        """No call yet and nobody has discarded twice."""
        if self.calls_made:
            return False
        for s in self.seats:  # hot: every view asks (a loop, not all() of a generator)
            if s.discards > 1:
                return False
        return True


_GAME_FACTS = tuple(f for f in GameState.__slots__ if f not in GameState.CACHES)


# ------------------------------------------------------------------ apply


def apply(state: GameState | None, event: Event) -> GameState:
    """Apply one event to the state (in place) and return it.

    ``state`` is None only for the first event, which must be ``GameStarted``.
    """
    if state is None:
        if not isinstance(event, GameStarted):
            raise ValueError("a game's first event must be GameStarted")
        return GameState(event.ruleset, event.players, event.seed)
    cls = type(event)
    handler = _HANDLERS.get(cls)
    if handler is None:
        raise ValueError(f"unknown event {cls.__name__}")
    handler(state, event)
    if cls in _OWN_PUBLIC:
        return state
    if cls in _ONE_SEAT:
        state.seats[event.seat].cache.public = None  # type: ignore[union-attr, index]
    else:
        for s in state.seats:
            s.cache.public = None
    return state


def fold(events: Iterable[Event]) -> GameState:
    """The state after all ``events`` (the first must be ``GameStarted``)."""
    state: GameState | None = None
    for ev in events:
        state = apply(state, ev)
    if state is None:
        raise ValueError("no events to fold")
    return state


def _game_started(st: GameState, ev: GameStarted) -> None:
    raise ValueError("GameStarted may only be the first event")


def _hand_started(st: GameState, ev: HandStarted) -> None:
    if st.hand_index < 0:
        st.round_index = ev.round_wind  # a game may be resumed from any hand
    else:
        st.round_index += (ev.round_wind - st.round_wind) % 4
    st.round_wind = ev.round_wind
    st.hand_number = ev.hand_number
    st.honba = ev.honba
    st.sticks = ev.sticks
    if ev.dealer != st.prev_dealer:
        st.dealer_wins = 0
    st.prev_dealer = ev.dealer
    st.dealer = ev.dealer
    st.scores = list(ev.scores)
    st.dice = ev.dice
    st.wall = ev.wall
    st.hand_index += 1
    st.hands_started += 1
    st.sticks_at_start = ev.sticks
    st.riichi_sticks_this_hand = [0, 0, 0, 0]
    st.penalty_sticks_this_hand = [0, 0, 0, 0]
    rules = st.rules
    st.seats = [SeatState() for _ in range(4)]
    hands = wall_mod.deal(ev.wall, ev.dealer)
    for seat, h in enumerate(hands):
        s = st.seats[seat]  # new, its cache empty: SeatState.add's bookkeeping not needed
        s.hand = list(h)
        counts = s.counts
        for t in h:
            counts[t >> 2] += 1  # hot: kind_of inlined
    st.live_pos = wall_mod.FIRST_DRAW
    st.live_end = 136 - rules.dead_wall
    st.rinshan_taken = 0
    st.dora_count = rules.initial_dora
    st.pending_dora = 0
    st.kans_total = 0
    st.calls_made = False
    st.turn = ev.dealer
    st.phase = "draw"
    st.last_discard = None
    st.last_kan = None
    st.drawn = None
    st.rinshan_draw = False
    st.first_winds = []
    st.kan_discard = False
    st.result = None
    st.last_draw_haitei = False


def _drew(st: GameState, ev: Drew) -> None:
    s = st.seats[ev.seat]
    s.silent = False  # (riichi_withdrawn_silent: until the own next draw)
    if ev.rinshan:
        _break_ippatsu(st)  # the kan was not robbed: it ends every ippatsu
        st.rinshan_taken += 1
        if st.rules.dead_wall_replenish:
            st.live_end -= 1
        st.last_draw_haitei = st.live_pos >= st.live_end
    else:
        st.live_pos += 1
        st.last_draw_haitei = st.live_pos >= st.live_end
    cache = s.cache
    rest = cache.rest
    ws = cache.waits
    s.add(ev.tile)
    if rest >= 2:
        cache.shanten = rest - 1  # a lower bound (see SeatCache)
    elif rest == 0 and ws is not None:  # tenpai, waits known: the drawn tile wins or not
        cache.shanten = -1 if ev.tile >> 2 in ws else 0
    cache.before = None if ws is None else (ev.tile, rest, ws)
    info = cache.public
    if info is not None:
        cache.public = None if info.open_riichi else _moved(info, len(s.hand), info.river,
                                                            info.riichi_turn)
    s.drawn_once = True
    s.called_this_turn = False
    s.kuikae = _NO_KINDS
    st.drawn = ev.tile
    st.rinshan_draw = ev.rinshan
    st.turn = ev.seat
    st.phase = "turn"
    st.last_discard = None
    st.last_kan = None


def _riichi_declared(st: GameState, ev: RiichiDeclared) -> None:
    s = st.seats[ev.seat]
    s.riichi_pending = True
    s.open_riichi = ev.open
    s.double_riichi = st.rules.double_riichi and s.discards == 0 and not st.calls_made


def _discarded(st: GameState, ev: Discarded) -> None:
    seat = ev.seat
    s = st.seats[seat]
    cache = s.cache
    hint = cache.shanten
    before = cache.before
    s.remove(ev.tile)
    if before is not None and st.drawn == ev.tile == before[0]:
        # the tile just drawn: the hand is again the one before the draw, and so is
        # what was known of it
        cache.waits = before[2]
        cache.rest = before[1] if hint < before[1] else hint
    elif hint >= 1:  # a 3n+1 hand is never nearer than the 3n+2 hand it came from
        cache.waits = ()
        cache.rest = hint
    cache.before = None
    kind = ev.tile >> 2  # hot: kind_of inlined
    if s.riichi_pending:
        s.riichi_turn = len(s.river)
    rt = _new_tuple(RiverTile, (ev.tile, ev.tsumogiri, s.riichi_pending, None, st.window + 1))
    s.river.append(rt)
    info = cache.public
    if info is not None:
        cache.public = None if info.open_riichi else _moved(info, len(s.hand),
                                                            info.river + (rt,), s.riichi_turn)
    s.river_kinds.add(kind)
    if s.ippatsu and not s.riichi_pending:
        s.ippatsu = False
    if not (kind >= 27 or kind % 9 in (0, 8)):  # hot: is_yaochuu inlined
        s.nagashi = False
    if not st.calls_made and s.discards == 0:
        st.first_winds.append(kind)
    s.discards += 1
    if s.furiten_outlasts_discard:  # a false kan on this turn: no ron until the next draw
        s.furiten_outlasts_discard = False
    elif not s.riichi:
        s.temp_furiten = None
    s.kuikae = _NO_KINDS
    s.called_this_turn = False
    st.kan_discard = st.rinshan_draw
    st.drawn = None
    st.rinshan_draw = False
    st.window += 1
    st.last_discard = (seat, ev.tile)
    st.last_kan = None
    st.phase = "claim"
    _mark_passed(st, seat, kind)


_OTHERS = tuple(tuple(o for o in range(4) if o != s) for s in range(4))
_NO_KINDS: frozenset[Kind] = frozenset()
_new_tuple = tuple.__new__  # a RiverTile with every field given (hot: one per discard;
# the named tuple's own ``__new__`` is Python code with defaults, ``tuple.__new__`` is not)


def _moved(info: SeatInfo, hand_size: int, river: tuple[RiverTile, ...],
           riichi_turn: int | None) -> SeatInfo:
    """A seat's public facts after its own draw or discard, from those before (the view
    builds them anew after any other change)."""
    return _replace(info, hand_size=hand_size, river=river, riichi_turn=riichi_turn)


def _river_tile(fields: tuple[Tile, bool, bool, int | None, int]) -> RiverTile:
    """``RiverTile(*fields)`` with every field given (hot: one per discard; the named
    tuple's own ``__new__`` is Python code with defaults, ``tuple.__new__`` is not)."""
    return tuple.__new__(RiverTile, fields)


def _mark_passed(st: GameState, seat: int, kind: Kind) -> None:
    """Every other seat that waits on ``kind`` becomes furiten if it does not win now."""
    seats = st.seats
    for o in _OTHERS[seat]:
        so = seats[o]
        ws = so.cache.waits
        if ws is None:
            ws = waits_of(st, o)
        if kind in ws:
            if so.temp_furiten is None:
                so.temp_furiten = st.window
            if so.riichi and so.riichi_furiten is None and st.rules.riichi_furiten_tsumo_only:
                so.riichi_furiten = st.window


def waits_of(st: GameState, seat: int) -> tuple[Kind, ...]:
    """Kinds that complete ``seat``'s 3n+1 concealed hand (cached until the hand changes)."""
    s = st.seats[seat]
    w = s.cache.waits
    if w is None:
        n = len(s.melds)
        if len(s.hand) % 3 != 1:
            w = ()
        else:
            sh = s.cache.rest = shanten(s.counts, n)
            w = tuple(waits(s.counts, n)) if sh == 0 else ()
        s.cache.waits = w
    return w


def _riichi_accepted(st: GameState, ev: RiichiAccepted) -> None:
    s = st.seats[ev.seat]
    s.riichi_pending = False
    s.riichi = True
    s.ippatsu = st.rules.ippatsu
    st.scores[ev.seat] -= 1000
    st.sticks += 1
    st.riichi_sticks_this_hand[ev.seat] += 1
    if s.temp_furiten is not None and s.riichi_furiten is None:
        s.riichi_furiten = s.temp_furiten


def _break_ippatsu(st: GameState) -> None:
    for s in st.seats:
        s.ippatsu = False


def _called(st: GameState, ev: Called) -> None:
    m = ev.meld
    s = st.seats[ev.seat]
    assert st.last_discard is not None
    dseat, tile = st.last_discard
    d = st.seats[dseat]
    r = d.river[-1]
    d.river[-1] = _river_tile((r.tile, r.tsumogiri, r.riichi, ev.seat, r.window))
    d.nagashi = False
    for t in m.tiles:
        if t != m.called:
            s.remove(t)
    s.melds.append(m)
    st.calls_made = True
    _break_ippatsu(st)
    st.turn = ev.seat
    st.last_discard = None
    st.kan_discard = False
    if not st.rules.nagashi_with_own_calls:
        s.nagashi = False
    kind = kind_of(tile)
    if m.kind == "minkan":
        s.kans += 1
        st.kans_total += 1
        if st.rules.kan_dora:
            st.pending_dora += 1
        st.phase = "draw"
        st.last_kan = (ev.seat, m)
    else:
        st.phase = "turn"
        s.called_this_turn = True
        s.kuikae = kuikae_kinds(st.rules.kuikae, m, kind)
    _track_pao(st, ev.seat, m, dseat)


def kuikae_kinds(rule: str, m: Meld, kind: Kind) -> frozenset[Kind]:
    """The kinds a seat may not discard right after calling ``m`` on a tile of ``kind``."""
    if rule == "allowed":
        return _NO_KINDS
    if rule == "same_tile_forbidden" or m.kind != "chi":
        return frozenset((kind,))
    a, b = (kind_of(t) for t in m.tiles if t != m.called)
    return chi_kuikae(kind, a, b)


def chi_kuikae(kind: Kind, a: Kind, b: Kind) -> frozenset[Kind]:
    """The kinds forbidden after a chi of ``kind`` with ``a`` and ``b`` (the rule
    ``suji_forbidden``): the called kind and the one at the run's other end."""
    lo, hi = (a, b) if a < b else (b, a)
    if kind < lo and is_suited(hi + 1) and suit_of(hi + 1) == suit_of(kind):
        return frozenset((kind, hi + 1))
    if kind > hi and lo >= 1 and suit_of(lo - 1) == suit_of(kind):
        return frozenset((kind, lo - 1))
    return frozenset((kind,))


def _track_pao(st: GameState, seat: int, m: Meld, from_seat: int) -> None:
    """Remember who fed the set that completed a pao yaku (責任払い): the discarder of the
    called tile, or with ``pao_first_discarder`` the first to have thrown its kind in the
    go-round (:func:`engine.pao.first_discarder`)."""
    s = st.seats[seat]
    yaku = pao_yaku_fixed(st.rules, s.melds, s.kans, m)
    if yaku:
        liable = first_discarder([o.river for o in st.seats], seat, kind_of(m.tiles[0]),
                                 from_seat, st.window) \
            if st.rules.pao_first_discarder else from_seat
        s.pao += tuple((liable, y) for y in yaku)


def _kan(st: GameState, ev: Kan) -> None:
    m = ev.meld
    s = st.seats[ev.seat]
    if m.kind == "ankan":
        for t in m.tiles:
            s.remove(t)
        s.melds.append(m)
    else:
        assert m.added is not None
        s.remove(m.added)
        for i, old in enumerate(s.melds):
            if old.kind == "pon" and kind_of(old.tiles[0]) == kind_of(m.added):
                s.melds[i] = m
                break
    s.kans += 1
    st.kans_total += 1
    if st.rules.kan_dora:
        st.pending_dora += 1
    st.calls_made = True
    if m.kind != "kakan" or not st.rules.ippatsu_on_chankan:
        _break_ippatsu(st)  # else at the replacement draw: robbing the kan may score ippatsu
    st.drawn = None
    st.window += 1
    st.last_kan = (ev.seat, m)
    st.phase = "chankan"
    st.rinshan_draw = False
    if m.kind == "kakan" and m.added is not None:
        _mark_passed(st, ev.seat, kind_of(m.added))


def _dora_revealed(st: GameState, ev: DoraRevealed) -> None:
    st.dora_count += 1
    if st.pending_dora > 0:
        st.pending_dora -= 1


def _won(st: GameState, ev: Won) -> None:
    for i in range(4):
        st.scores[i] += ev.deltas[i]
    st.sticks -= ev.sticks_taken
    st.result = ev
    st.phase = "hand_over"
    dealer_won = any(w.seat == st.dealer for w in ev.wins)
    st.dealer_wins = st.dealer_wins + 1 if dealer_won else 0
    for w in ev.wins:
        st.wins_by_seat[w.seat] += 1
        # a counted yakuman earns the yakuman bonus only where the rules say so
        if w.yakuman_count or (w.limit == "kazoe_yakuman" and st.rules.yakuman_bonus_kazoe):
            st.yakuman_wins.append((w.seat, w.from_seat))
        for i in range(4):
            st.chips[i] += w.chips[i]


def _hand_drawn(st: GameState, ev: HandDrawn) -> None:
    for i in range(4):
        st.scores[i] += ev.deltas[i]
        st.chips[i] += ev.chips[i]
    st.sticks -= ev.sticks_taken
    st.result = ev
    st.phase = "hand_over"
    if ev.nagashi and st.rules.nagashi_as_win:  # a win (makura 44 e, ako 3-17-01-01)
        st.dealer_wins = st.dealer_wins + 1 if st.dealer in ev.nagashi else 0
        for seat in ev.nagashi:
            st.wins_by_seat[seat] += 1
            if st.rules.nagashi_mangan == "yakuman":
                st.yakuman_wins.append((seat, None))
    else:
        st.dealer_wins = 0


def _game_ended(st: GameState, ev: GameEnded) -> None:
    st.ended = ev
    st.phase = "over"


def _penalty(st: GameState, ev: Penalty) -> None:
    for i in range(4):
        st.scores[i] += ev.deltas[i]
    st.sticks += ev.to_table // 1000
    st.penalty_sticks_this_hand[ev.seat] += ev.to_table // 1000
    if ev.dead_hand:
        st.seats[ev.seat].dead = True
    s = st.seats[ev.seat]
    if ev.kind == "riichi_withdrawn" and st.rules.riichi_withdrawn_silent:
        s.silent = True
    if ev.kind in ("false_call", "false_kan") and st.rules.false_call_blocks_ron \
            and not s.riichi:
        # no ron until the own next draw: temporary furiten from the next discard on
        # (cleared, as furiten of a passed tile is, by the seat's own discard: the one after
        # this turn's, for a false kan on the own turn)
        s.temp_furiten = st.window
        s.furiten_outlasts_discard = ev.kind == "false_kan"
    if ev.kind == "chombo":
        st.result = ev
        st.phase = "hand_over"
        st.dealer_wins = st.dealer_wins  # a chombo does not break the dealer's wins (paarenchan)


def _noten_declared(st: GameState, ev: NotenDeclared) -> None:
    st.seats[ev.seat].noten_declared = True


_ONE_SEAT = frozenset({RiichiDeclared, RiichiAccepted, Kan, NotenDeclared})
"""Events that change the public facts (:class:`~engine.view.SeatInfo`) of their ``seat``
alone; after any other event but those below every seat's public facts are built anew."""
_OWN_PUBLIC = frozenset({Drew, Discarded})
"""Events whose handlers bring their seat's remembered public facts up to date (a tile
more in the hand; a tile from the hand to the river) and change no other seat's."""


def _note(st: GameState, ev: Note) -> None:
    """A note changes nothing."""


_HANDLERS: dict[type, Callable[[GameState, Any], None]] = {
    GameStarted: _game_started,
    HandStarted: _hand_started,
    Drew: _drew,
    RiichiDeclared: _riichi_declared,
    Discarded: _discarded,
    RiichiAccepted: _riichi_accepted,
    Called: _called,
    Kan: _kan,
    DoraRevealed: _dora_revealed,
    Won: _won,
    HandDrawn: _hand_drawn,
    GameEnded: _game_ended,
    Penalty: _penalty,
    NotenDeclared: _noten_declared,
    Note: _note,
}


def _fact(value: object) -> object:
    """A comparable copy of one stored value: lists become tuples, seats their facts."""
    if isinstance(value, SeatState):
        return {f: _fact(getattr(value, f)) for f in _SEAT_FACTS}
    if isinstance(value, list):
        return tuple(_fact(v) for v in value)
    if isinstance(value, set):
        return frozenset(value)
    return value


_SEAT_FACTS = tuple(f for f in SeatState.__slots__ if f not in SeatState.CACHES)


def snapshot(state: GameState) -> dict[str, object]:
    """Every fact of the state as a comparable value (for fold-equals-live checks).

    It is generated from the slots of :class:`GameState` and :class:`SeatState`, less
    their declared ``CACHES``, so a new fact is compared without being listed here.
    """
    return {f: _fact(getattr(state, f)) for f in _GAME_FACTS}


def checkpoint(state: GameState) -> GameState:
    """An independent copy of the state's facts (the ruleset shared, the caches empty)."""
    return copy.deepcopy(state, {id(state.rules): state.rules})
