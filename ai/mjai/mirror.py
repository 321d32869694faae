"""The table as one mjai seat sees it, rebuilt as an engine state, so our bots can play.

:class:`Mirror` folds the mjai events a seat receives into a
:class:`~engine.state.GameState` with :func:`engine.state.apply`, so the seat's
:class:`~engine.view.PlayerView` and legal actions come from the engine itself
(furiten, kuikae, riichi rules...).  What the seat cannot see is filled in with
stand-ins: the other hands hold distinct tile kinds (never a meld, never more than
one of a kind) until they discard or call, when the named tiles take a stand-in's
place; the wall holds the seat's own tiles and the dora indicators where the engine
looks for them.  Only the seat's own view is ever read, so the stand-ins never show.

:class:`MjaiBot` answers each request with one of our bots' choices as an mjai reply.

>>> from hanchan.ai.base import make_bot
>>> bot = MjaiBot(make_bot("greedy"), Ruleset())
>>> bot.react([{"type": "start_game", "id": 0}])
{'type': 'none'}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hanchan.engine import wall as wall_mod
from hanchan.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    NineTerminals,
    OpenKan,
    Pon,
    Ron,
    Tsumo,
)
from hanchan.engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Drew,
    GameStarted,
    HandStarted,
    Kan,
    Meld,
    RiichiAccepted,
    RiichiDeclared,
)
from hanchan.engine.legal import legal_actions
from hanchan.engine.state import GameState, apply
from hanchan.engine.tiles import WIND_LETTERS, is_red, kind_of
from hanchan.engine.visibility import view
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.logs.mjai import parse_tile_name

from . import wire
from .protocol import pai

Reply = dict[str, Any]
NONE: Reply = {"type": "none"}
MAX_INDICATORS = 5
"""Dora indicators a hand can show: the first and one per kan."""
_PLAYERS = ("player 0", "player 1", "player 2", "player 3")


class MirrorError(ValueError):
    """An mjai event that cannot follow the ones before; the message says which."""


def _kinds(names: Sequence[str]) -> list[int]:
    return [parse_tile_name(n)[0] for n in names]


def _meld_shape(kind: str, called: int, kinds: Sequence[int]) -> bool:
    """Whether ``kinds`` with the ``called`` kind make a chi, pon or kan."""
    if kind != "chi":
        return all(k == called for k in kinds)
    run = sorted([called, *kinds])
    return run[0] < 27 and run[0] // 9 == run[2] // 9 and run == list(range(run[0], run[0] + 3))


class Mirror:
    """The engine state of one mjai seat's table (see the module's docstring).

    :meth:`feed` checks each event against the table before it folds it: an event that
    cannot follow is a :class:`MirrorError`, after which the seat's table is *lost* and
    every event but the next ``start_kyoku`` (or ``start_game``) is passed over.  A
    missing ``tsumo`` is put back when the discard (or kan, or reach) that follows it
    says whose it was and, for the seat's own, which tile (a tsumogiri); an event that
    repeats the one before and cannot follow it is passed over.  What was put back or
    passed over is said in :attr:`notes`.
    """

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.red = rules.red_fives
        self.me = 0
        self.state: GameState | None = None
        self.taken: set[int] = set()  # physical tiles named so far this hand
        self.after_kan = [False] * 4
        self.playing = False  # inside a kyoku (until its hora or ryukyoku)
        self.lost = False  # an event could not follow: wait for the next start_kyoku
        self.lost_draw: str | None = None  # the seat's own draw while lost (a tsumogiri)
        self.markers = 0  # dora indicators named this hand
        self.settled = False  # the last event closed a claim window (reach_accepted)
        self.my_reach = False  # own reach echoed, its discard still to come: the engine
        # knows riichi only with its discard, so it is applied with the dahai
        self.notes: list[str] = []  # what was put back or passed over (see the class)
        self._last: wire.MjaiEvent | None = None  # the last event folded

    # ------------------------------------------------------------ tiles
    def _named(self, name: str) -> int:
        """A physical tile for a named tile, not yet used this hand, or MirrorError."""
        kind, red = parse_tile_name(name)
        copies = [kind * 4 + c for c in range(4) if kind * 4 + c not in self.taken]
        if not copies:
            raise MirrorError(f"a fifth {name} this hand")
        exact = [t for t in copies if is_red(t, self.red) == red]
        tile = (exact or copies)[0]
        self.taken.add(tile)
        return tile

    def _stand_in(self, hand: Sequence[int]) -> int:
        """A hidden tile for another seat: a kind that hand does not hold (copy 3)."""
        held = {kind_of(t) for t in hand}
        kind = next(k for k in range(34) if k not in held)
        return kind * 4 + 3

    def _reveal(self, seat: int, names: Sequence[str]) -> list[int]:
        """The physical tiles ``seat`` shows now: from its hand if it is ours, else put in
        its hand in place of stand-ins."""
        st = self._st()
        s = st.seats[seat]
        out: list[int] = []
        if seat == self.me:
            pool = list(s.hand)
            for name in names:
                want = parse_tile_name(name)
                tile = next((t for t in pool if (kind_of(t), is_red(t, self.red)) == want),
                            None)
                if tile is None:
                    tile = next((t for t in pool if kind_of(t) == want[0]), None)
                if tile is None:
                    raise MirrorError(f"the seat has no {name} in hand")
                pool.remove(tile)
                out.append(tile)
            return out
        for name in names:
            tile = self._named(name)
            stand = next((t for t in s.hand if t & 3 == 3 and t not in out), s.hand[0])
            s.remove(stand)
            s.add(tile)
            out.append(tile)
        return out

    def _st(self) -> GameState:
        if self.state is None:
            raise MirrorError("an event before start_game")
        return self.state

    # ------------------------------------------------------------ events
    def feed(self, ev: wire.MjaiEvent | dict[str, Any]) -> None:
        """Fold one mjai event (a typed one, or a dict: see :mod:`ai.mjai.wire`).

        :class:`~ai.mjai.wire.WireError` for a malformed event (nothing changes),
        :class:`MirrorError` for one that cannot follow (the table is lost).
        """
        if isinstance(ev, dict):
            ev = wire.from_dict(ev)
        self.lost_draw = None
        handler = _HANDLERS.get(type(ev))
        if isinstance(ev, (wire.StartGame, wire.StartKyoku)):
            self.lost = False
        elif isinstance(ev, (wire.Hora, wire.Ryukyoku, wire.EndKyoku, wire.EndGame)):
            self.playing = False
            if self.state is not None:
                self.state.phase = "hand_over"
            handler = None
        elif self.lost:
            if isinstance(ev, wire.Tsumo) and ev.actor == self.me and ev.pai != "?":
                self.lost_draw = ev.pai
            return
        # reach_accepted comes once the claims on the riichi discard are settled: nothing
        # more to claim until the next event
        self.settled = isinstance(ev, wire.ReachAccepted)
        if handler is None:
            self._last = ev
            return
        try:
            handler(self, ev)
        except MirrorError as exc:
            if ev == self._last and not isinstance(ev, wire.Dora):
                self.notes.append(f"{_tag(ev)} repeats the event before; passed over")
                return
            self.lost = True
            if isinstance(ev, wire.Tsumo) and ev.actor == self.me and ev.pai != "?":
                self.lost_draw = ev.pai
            raise MirrorError(f"{_tag(ev)}: {exc}") from None
        self._last = ev

    def _start_game(self, ev: wire.StartGame) -> None:
        self.me = ev.id
        self.playing = False
        self.state = apply(None, GameStarted(self.rules, _PLAYERS, None))

    def _start_kyoku(self, ev: wire.StartKyoku) -> None:
        if self.state is None:  # start_game was lost: the seat is the hand shown
            shown = [s for s, hand in enumerate(ev.tehais) if "?" not in hand]
            if len(shown) != 1:
                raise MirrorError("start_kyoku before start_game")
            self._start_game(wire.StartGame(id=shown[0]))
            self.notes.append(f"start_kyoku before start_game: playing seat {shown[0]}, "
                              "whose hand it shows")
        st = self._st()
        self.playing = False
        if "?" in ev.tehais[self.me]:
            raise MirrorError(f"the hand of seat {self.me} (this bot's) is hidden")
        self.taken = set()
        own = [self._named(x) for x in ev.tehais[self.me]]
        dora = self._named(ev.dora_marker)
        self.after_kan = [False] * 4
        self.my_reach = False
        self.markers = 1
        dealer = ev.oya
        wall = [-1] * 136
        positions = wall_mod.deal(tuple(range(136)), dealer)
        for seat in range(4):
            hand: list[int] = []
            for i, pos in enumerate(positions[seat]):
                tile = own[i] if seat == self.me else self._stand_in(hand)
                hand.append(tile)
                wall[pos] = tile
        wall[wall_mod.dora_index(0)] = dora
        wall = [x if x >= 0 else 135 for x in wall]
        apply(st, HandStarted(
            round_wind=WIND_LETTERS.index(ev.bakaze), hand_number=ev.kyoku - 1,
            honba=ev.honba, sticks=ev.kyotaku, dealer=dealer, scores=ev.scores,
            dice=(1, 1), wall=tuple(wall)))
        self.playing = True

    def _in_kyoku(self) -> GameState:
        st = self._st()
        if not self.playing:
            raise MirrorError("outside a kyoku")
        return st

    def _draws_next(self, st: GameState) -> int | None:
        """The seat whose tsumo comes next, if one does."""
        if st.phase == "draw":
            return st.turn
        if st.phase == "claim" and st.last_discard is not None:
            return (st.last_discard[0] + 1) % 4
        if st.phase == "chankan" and st.last_kan is not None:
            return st.last_kan[0]
        return None

    def _draw(self, st: GameState, actor: int, name: str) -> None:
        tile = self._named(name) if actor == self.me else self._stand_in(st.seats[actor].hand)
        apply(st, Drew(actor, tile, rinshan=self.after_kan[actor]))
        self.after_kan[actor] = False

    def _on_turn(self, st: GameState, ev: wire.MjaiEvent, actor: int,
                 drawn: str | None = None) -> None:
        """Check that it is ``actor``'s turn; put back its missing tsumo when it can be
        (another seat's, or the seat's own ``drawn`` tile)."""
        if st.phase == "turn" and st.turn == actor:
            return
        if self._draws_next(st) == actor and (actor != self.me or drawn is not None):
            self._draw(st, actor, drawn or "?")
            self.notes.append(f"{_tag(ev)} of seat {actor} without its tsumo; put it back")
            return
        raise MirrorError(f"not seat {actor}'s turn")

    def _tsumo(self, ev: wire.Tsumo) -> None:
        st = self._in_kyoku()
        due = self._draws_next(st)
        if due != ev.actor:
            raise MirrorError(f"seat {ev.actor} draws, but " + (
                f"seat {due} draws next" if due is not None else f"seat {st.turn} is to act"))
        if ev.actor == self.me and ev.pai == "?":
            raise MirrorError("the seat's own tile is hidden")
        self._draw(st, ev.actor, ev.pai)

    def _dahai(self, ev: wire.Dahai) -> None:
        st = self._in_kyoku()
        actor = ev.actor
        self._on_turn(st, ev, actor, ev.pai if ev.tsumogiri else None)
        if actor == self.me and ev.tsumogiri and st.drawn is not None \
                and pai(st.drawn, self.red) == ev.pai:
            tile = st.drawn
        else:
            tile = self._reveal(actor, [ev.pai])[0]
        if actor == self.me and self.my_reach:
            self.my_reach = False
            apply(st, RiichiDeclared(actor))
        apply(st, Discarded(actor, tile, tsumogiri=ev.tsumogiri))

    def _reach(self, ev: wire.Reach) -> None:
        st = self._in_kyoku()
        s = st.seats[ev.actor]
        if s.riichi or s.riichi_pending or (ev.actor == self.me and self.my_reach):
            raise MirrorError(f"seat {ev.actor} is in riichi already")
        if not s.closed:
            raise MirrorError(f"seat {ev.actor}'s hand is open")
        self._on_turn(st, ev, ev.actor)
        if ev.actor == self.me:
            self.my_reach = True
        else:
            apply(st, RiichiDeclared(ev.actor))

    def _reach_accepted(self, ev: wire.ReachAccepted) -> None:
        st = self._in_kyoku()
        if not st.seats[ev.actor].riichi_pending:
            raise MirrorError(f"seat {ev.actor} has no riichi discard to accept")
        apply(st, RiichiAccepted(ev.actor))

    def _call(self, ev: wire.Chi | wire.Pon | wire.Daiminkan) -> None:
        st = self._in_kyoku()
        kind = {wire.Chi: "chi", wire.Pon: "pon", wire.Daiminkan: "minkan"}[type(ev)]
        if st.phase != "claim" or st.last_discard is None:
            raise MirrorError("no discard to call")
        seat, called = st.last_discard
        if ev.target != seat or ev.actor == seat:
            raise MirrorError(f"the discard to call is seat {seat}'s")
        if kind == "chi" and ev.actor != (seat + 1) % 4:
            raise MirrorError(f"seat {ev.actor} cannot chi from seat {seat}")
        if st.seats[ev.actor].riichi:
            raise MirrorError(f"seat {ev.actor} is in riichi")
        if parse_tile_name(ev.pai)[0] != kind_of(called):
            raise MirrorError(f"the discard is {pai(called, self.red)}, not {ev.pai}")
        if not _meld_shape(kind, kind_of(called), _kinds(ev.consumed)):
            raise MirrorError(f"{ev.pai} with {list(ev.consumed)} is no meld")
        consumed = self._reveal(ev.actor, ev.consumed)
        meld = Meld(kind, tuple(sorted([*consumed, called])), called,  # type: ignore[arg-type]
                    ev.target)
        apply(st, Called(ev.actor, meld))
        if kind == "minkan":
            self.after_kan[ev.actor] = True

    def _ankan(self, ev: wire.Ankan) -> None:
        st = self._in_kyoku()
        kinds = _kinds(ev.consumed)
        if len(set(kinds)) != 1:
            raise MirrorError(f"{list(ev.consumed)} is no kan")
        self._on_turn(st, ev, ev.actor)
        tiles = self._reveal(ev.actor, ev.consumed)
        apply(st, Kan(ev.actor, Meld("ankan", tuple(sorted(tiles)))))
        self.after_kan[ev.actor] = True

    def _kakan(self, ev: wire.Kakan) -> None:
        st = self._in_kyoku()
        kind = parse_tile_name(ev.pai)[0]
        pon = next((m for m in st.seats[ev.actor].melds
                    if m.kind == "pon" and kind_of(m.tiles[0]) == kind), None)
        if pon is None:
            raise MirrorError(f"no pon of {ev.pai}")
        self._on_turn(st, ev, ev.actor)
        added = self._reveal(ev.actor, [ev.pai])[0]
        apply(st, Kan(ev.actor, Meld("kakan", pon.tiles + (added,), pon.called,
                                     pon.from_seat, added)))
        self.after_kan[ev.actor] = True

    def _dora(self, ev: wire.Dora) -> None:
        st = self._in_kyoku()
        if self.markers >= MAX_INDICATORS:
            raise MirrorError(f"more than {MAX_INDICATORS} dora indicators")
        tile = self._named(ev.dora_marker)
        wall = list(st.wall)
        wall[wall_mod.dora_index(self.markers)] = tile
        st.wall = tuple(wall)
        self.markers += 1
        if self.markers > self.rules.initial_dora:  # not one of those turned at the deal
            apply(st, DoraRevealed(tile))

    # ------------------------------------------------------------ choices
    def legal(self) -> tuple[Action, ...]:
        """What the seat may do now (``()``: nothing to decide)."""
        st = self.state
        if st is None or not self.playing or self.settled or self.lost:
            return ()
        return legal_actions(st, self.me)

    def reply(self, action: Action) -> Reply:
        """Our action as the mjai reply (a riichi discard: ``reach``; see MjaiBot)."""
        st = self._st()
        handler = _REPLIES.get(type(action))
        if handler is None:
            return dict(NONE)  # Pass, ShowHand, EndGame: mjai does not ask
        return handler(self, st, action)


def _dahai(m: Mirror, st: GameState, action: Discard) -> Reply:
    if action.riichi and not m.my_reach:
        return {"type": "reach", "actor": m.me}
    return {"type": "dahai", "actor": m.me, "pai": pai(action.tile, m.red),
            "tsumogiri": action.tile == st.drawn}


def _tsumo(m: Mirror, st: GameState, action: Tsumo) -> Reply:
    drawn = st.drawn if st.drawn is not None else 0
    return {"type": "hora", "actor": m.me, "target": m.me, "pai": pai(drawn, m.red)}


def _ron(m: Mirror, st: GameState, action: Ron) -> Reply:
    if st.last_discard is not None:
        seat, tile = st.last_discard
    elif st.last_kan is not None and st.last_kan[1].added is not None:
        seat, tile = st.last_kan[0], st.last_kan[1].added
    else:
        raise MirrorError("ron with nothing to win on")
    return {"type": "hora", "actor": m.me, "target": seat, "pai": pai(tile, m.red)}


_CALL_TYPES = {Chi: "chi", Pon: "pon", OpenKan: "daiminkan"}


def _call(m: Mirror, st: GameState, action: Chi | Pon | OpenKan) -> Reply:
    assert st.last_discard is not None
    seat, tile = st.last_discard
    return {"type": _CALL_TYPES[type(action)], "actor": m.me, "target": seat,
            "pai": pai(tile, m.red), "consumed": [pai(t, m.red) for t in action.tiles]}


def _ankan(m: Mirror, st: GameState, action: ClosedKan) -> Reply:
    return {"type": "ankan", "actor": m.me, "consumed": [pai(t, m.red) for t in action.tiles]}


def _kakan(m: Mirror, st: GameState, action: AddedKan) -> Reply:
    pon = next(meld for meld in st.seats[m.me].melds
               if meld.kind == "pon" and kind_of(meld.tiles[0]) == kind_of(action.tile))
    return {"type": "kakan", "actor": m.me, "pai": pai(action.tile, m.red),
            "consumed": [pai(t, m.red) for t in pon.tiles]}


def _abort(m: Mirror, st: GameState, action: NineTerminals) -> Reply:
    return {"type": "ryukyoku", "actor": m.me, "reason": "kyushukyuhai"}


_REPLIES: dict[type, Callable[[Mirror, GameState, Any], Reply]] = {
    Discard: _dahai,
    Tsumo: _tsumo,
    Ron: _ron,
    Chi: _call,
    Pon: _call,
    OpenKan: _call,
    ClosedKan: _ankan,
    AddedKan: _kakan,
    NineTerminals: _abort,
}
"""Each of our action types with an mjai reply of its own: the function that writes it."""


class MjaiBot:
    """One of our bots behind the mjai protocol: ``react(events) -> reply``."""

    def __init__(self, bot: Any, rules: Ruleset) -> None:
        self.bot = bot
        self.mirror = Mirror(rules)
        self.riichi_tile: int | None = None  # chosen with reach, discarded after the echo

    def react(self, events: Sequence[wire.MjaiEvent | dict[str, Any]]) -> Reply:
        """Fold ``events`` (those since the last reply) and answer the last one."""
        for ev in events:
            self.mirror.feed(ev)
        return self.answer()

    def answer(self) -> Reply:
        """The reply to the events folded so far: our bot's choice, ``none`` when the seat
        has nothing to do, and the drawn tile's discard when the table is lost."""
        mirror = self.mirror
        if mirror.lost_draw is not None:  # always legal after one's own tsumo
            return {"type": "dahai", "actor": mirror.me, "pai": mirror.lost_draw,
                    "tsumogiri": True}
        legal = mirror.legal()
        if not legal:
            return dict(NONE)
        st = mirror.state
        assert st is not None
        if self.riichi_tile is not None and mirror.my_reach:
            tile, self.riichi_tile = self.riichi_tile, None
            options = [a for a in legal if isinstance(a, Discard) and a.tile == tile]
            if options:
                return mirror.reply(options[0])
        self.riichi_tile = None
        action = self.bot.choose(view(st, mirror.me), legal)
        if isinstance(action, Discard) and action.riichi:
            self.riichi_tile = action.tile
        return mirror.reply(action)


def _tag(ev: wire.MjaiEvent) -> str:
    return str(ev.__struct_config__.tag)


_HANDLERS: dict[type, Callable[[Mirror, Any], None]] = {
    wire.StartGame: Mirror._start_game,
    wire.StartKyoku: Mirror._start_kyoku,
    wire.Tsumo: Mirror._tsumo,
    wire.Dahai: Mirror._dahai,
    wire.Reach: Mirror._reach,
    wire.ReachAccepted: Mirror._reach_accepted,
    wire.Chi: Mirror._call,
    wire.Pon: Mirror._call,
    wire.Daiminkan: Mirror._call,
    wire.Ankan: Mirror._ankan,
    wire.Kakan: Mirror._kakan,
    wire.Dora: Mirror._dora,
}
"""The handler of each event that changes the table (the others only end or pass)."""
