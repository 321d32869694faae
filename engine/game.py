"""``Game``: the runner that turns the seats' choices into events.

Driven step by step, never a blocking loop::

    game = Game(Ruleset(), seed=7)
    while not game.over:
        for seat, actions in game.pending().items():
            game.act(seat, choose(game.view(seat), actions))

``pending()`` says which seats must decide now and what they may do; ``act``
checks the choice (raising :class:`IllegalAction` with a plain reason, changing
nothing), records it, and once every pending seat has answered resolves the
claims and advances through every automatic step (draws, dora, the next hand)
until somebody must decide again.  Every event goes to the listeners.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from hanchan.engine import flow
from hanchan.engine import wall as wall_mod
from hanchan.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    EndGame,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Ron,
    ShowHand,
    TakeBack,
    Tsumo,
    normalised,
)
from hanchan.engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Drew,
    Event,
    GameStarted,
    HandStarted,
    Kan,
    Meld,
    Note,
    NotenDeclared,
    RiichiAccepted,
    RiichiDeclared,
)
from hanchan.engine.legal import (
    IllegalAction,
    claim_actions,
    legal_actions,
    listed,
    may_discard,
    may_riichi,
    turn_actions,
    why_illegal,
)
from hanchan.engine.penalties import (
    chombo_penalty,
    false_call_penalty,
    false_meld_penalty,
    false_win_penalty,
    riichi_withdrawn_penalty,
)
from hanchan.engine.refusals import (
    RIICHI_SEAT,
    first_refusal,
    has_chi,
    meld_made_wrongly,
    refusal,
)
from hanchan.engine.seats import four
from hanchan.engine.state import GameState, apply, fold, waits_of
from hanchan.engine.steps import is_lead, unfinished_step
from hanchan.engine.tiles import is_red, is_wind, kind_of
from hanchan.engine.view import PlayerView
from hanchan.engine.visibility import view
from hanchan.engine.waits import is_tenpai
from hanchan.engine.wins import best_win_points
from hanchan.rulesets.schema import Ruleset

__all__ = ["Game", "IllegalAction", "WallSource", "is_lead", "unfinished_step"]

WallSpec = tuple[int, ...] | tuple[tuple[int, ...], tuple[int, int]]
WallSource = Callable[[int], Any]
"""Called with the 0-based hand index; returns a wall tuple or ``(wall, dice)``."""

Listener = Callable[[Event], None]

_ORDER = tuple(((s + 1) % 4, (s + 2) % 4, (s + 3) % 4) for s in range(4))
_NEXT = (1, 2, 3, 0)
_YES_NO_SHOW = (ShowHand(True), ShowHand(False))
_YES_NO_END = (EndGame(True), EndGame(False))


class Game:
    """One game: its events, its live state, and the seats' pending decisions.

    ``Game(rules, players, seed, listeners)`` emits ``GameStarted`` and the first
    ``HandStarted``; each hand's wall and dice come from ``random.Random(seed)``
    (``engine.wall.shuffled_wall`` then two dice), unless ``walls`` (a list of wall
    tuples or ``(wall, dice)`` pairs, one per hand from the first) or ``wall_source``
    (called with the 0-based hand index) say otherwise; ``None`` from either falls back
    to the shuffler.  ``practice_seats`` are the seats that may make the mistakes a
    ruleset with ``practice_mode`` penalises (false tsumo/ron, noten riichi, false call).
    """

    def __init__(
        self,
        rules: Ruleset,
        players: Sequence[str] = ("You", "Bot 1", "Bot 2", "Bot 3"),
        seed: int | None = 0,
        listeners: Iterable[Listener] = (),
        *,
        walls: Sequence[Any] | None = None,
        wall_source: WallSource | None = None,
        practice_seats: Iterable[int] = (0,),
        record: Sequence[Event] = (),
    ) -> None:
        """``record``: the events of a game to go on with instead of starting one; its
        ``GameStarted`` gives the rules, players and seed (:meth:`from_events`)."""
        if len(players) != 4:
            raise ValueError("a game needs exactly four players")
        self.events: list[Event] = []
        self._state: GameState = None  # type: ignore[assignment]  # (GameStarted makes it)
        self._listeners: list[Listener] = list(listeners)
        self._rng = random.Random(seed)
        self._walls = list(walls) if walls is not None else None
        self._wall_source = wall_source
        self._responses: dict[int, Action] = {}
        self._pending: dict[int, tuple[Action, ...]] | None = None
        self._show: dict[int, bool] | None = None  # exhaustive-draw show choices asked
        self._continue_chosen = False
        self._claim_window = -1
        self._claim_opts: dict[int, tuple[Action, ...]] = {}
        self._practice_seats = frozenset(practice_seats)
        self._false_rons: list[int] = []  # practice: false rons waiting for the others
        self._calls_meant_ron: list[int] = []  # practice: ポン→ロン waiting for the others
        if record:
            self._go_on(list(record))
            return
        self._emit(GameStarted(rules, four(players), seed))
        self._start_hand(0, 0, 0, 0, tuple([rules.start_points] * 4))
        self._advance()

    def _go_on(self, evs: list[Event]) -> None:
        """Take up the game ``evs`` recorded, without sending them to the listeners."""
        self.events = evs
        self._state = fold(evs)
        started = sum(1 for e in evs if isinstance(e, HandStarted))
        for i in range(started):
            self._wall_for(i)  # keep the shuffler in step with the hands already played
        if self._state.phase == "new":  # a record of GameStarted alone: deal the first hand
            self._start_hand(0, 0, 0, 0, tuple([self._state.rules.start_points] * 4))
        if self._state.phase != "over":
            self._advance()

    @classmethod
    def from_events(
        cls, events: Iterable[Event], listeners: Iterable[Listener] = (), *,
        walls: Sequence[Any] | None = None, wall_source: WallSource | None = None,
        practice_seats: Iterable[int] = (0,),
    ) -> Game:
        """Resume a saved game: fold its events and continue from there.

        The record should end where a step ends: a record cut inside a step (a riichi
        declaration without its discard) is resumed where that step began, without the
        last :func:`unfinished_step` events (``saves.writer.GameWriter.resume`` cuts them).
        """
        evs = list(events)
        if not evs or not isinstance(evs[0], GameStarted):
            raise ValueError("a saved game must start with GameStarted")
        first = evs[0]
        return cls(first.ruleset, first.players, first.seed, listeners, walls=walls,
                   wall_source=wall_source, practice_seats=practice_seats, record=evs)

    # ---------------------------------------------------------------- public
    @property
    def state(self) -> GameState:
        """The live state (read it, never change it: only the game's events do)."""
        return self._state

    @property
    def over(self) -> bool:
        """True once ``GameEnded`` has been emitted."""
        return self._state.phase == "over"

    def add_listener(self, fn: Listener) -> None:
        """Send every later event to ``fn`` too."""
        self._listeners.append(fn)

    def note(self, seat: int | None, text: str) -> None:
        """Record a :class:`~engine.events.Note` (an outside bot's mistake); no state changes."""
        self._emit(Note(seat, text))

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see now."""
        return view(self._state, seat)

    def pending(self) -> dict[int, tuple[Action, ...]]:
        """Seats that must decide now, with their legal actions."""
        p = self._pending
        if p is None:
            p = self._compute_pending()
            self._pending = p
        return p

    def asked(self) -> tuple[int, ...]:
        """The seats that must decide now, as ``pending()`` orders them, without listing
        a turn (its seat always has a choice: a discard at least)."""
        p = self._pending
        if p is None and self._state.phase == "turn":
            return (self._state.turn,)
        return tuple(p if p is not None else self.pending())

    def act(self, seat: int, action: Action) -> list[Event]:
        """Take ``seat``'s choice; returns the events it caused (maybe none yet)."""
        p = self._pending
        if p is None:
            st = self._state
            if type(action) is Discard and (
                    may_riichi(st, seat, action.tile, action.open) if action.riichi
                    else not action.open and may_discard(st, seat, action.tile)):
                # hot: a discard (plain or riichi) checked alone, the turn never listed
                mark = len(self.events)
                self._turn_action(seat, action)
                self._advance()
                return self.events[mark:]
            p = self.pending()
        action = normalised(action)
        legal = p.get(seat)
        if legal is None or (not listed(action, legal)
                             and not self._alike(seat, action, legal)):
            return self._unlisted(seat, action, p)
        mark = len(self.events)
        st = self._state
        if st.phase == "turn":  # (only turn actions are legal then)
            self._turn_action(seat, action)
        elif isinstance(action, EndGame):
            if action.stop:
                nxt = flow.next_step(st)
                self._emit(flow.game_ended(st, nxt.reason))
            else:
                self._continue_chosen = True
                self._pending = None
        elif isinstance(action, ShowHand):
            assert self._show is not None
            self._show[seat] = action.show
            if not action.show:
                self._emit(NotenDeclared(seat))
            self._pending = None
        else:
            self._responses[seat] = action
            self._pending = None
        self._advance()
        return self.events[mark:]

    def _unlisted(self, seat: int, action: Action,
                  p: dict[int, tuple[Action, ...]]) -> list[Event]:
        """An action not among ``seat``'s choices: a practice seat's mistake is played
        (its events returned), anything else refused with the rules' reason."""
        mark = len(self.events)
        if (self._state.rules.practice_mode and seat in self._practice_seats
                and seat in p and self._mistake(seat, action)):
            return self.events[mark:]
        if self.over:
            raise IllegalAction("The game is over.")
        if seat not in p:
            raise IllegalAction(f"Seat {seat} has nothing to decide now.")
        raise IllegalAction(why_illegal(self._state, seat, action))

    def _alike(self, seat: int, action: Action, listed: tuple[Action, ...]) -> bool:
        """A call with other copies of the tiles of a listed one: ``pending()`` names one
        copy per look (plain or red), a record may name any copy the seat holds."""
        if not isinstance(action, (Chi, Pon, OpenKan)):
            return False
        hand = list(self._state.seats[seat].hand)
        for t in action.tiles:
            if t not in hand:
                return False
            hand.remove(t)
        red = self._state.rules.red_fives
        look = sorted((kind_of(t), is_red(t, red)) for t in action.tiles)
        return any(type(a) is type(action)
                   and sorted((kind_of(t), is_red(t, red)) for t in a.tiles) == look
                   for a in listed)

    # ---------------------------------------------------------------- practice mode
    def _mistake(self, seat: int, action: Action) -> bool:
        """Practice mode: play a mistake the rules penalise; False if it is not one."""
        st = self._state
        if isinstance(action, TakeBack):
            return self._take_back(seat, action)
        if st.phase == "turn" and seat == st.turn:
            if isinstance(action, Tsumo):  # a false tsumo (誤ツモ)
                self._chombo(seat)
            elif isinstance(action, ClosedKan):  # a false kan (錯カン, 空カン)
                return self._false_kan(seat, action)
            elif (isinstance(action, Discard) and action.riichi
                  and Discard(action.tile) in self.pending()[seat]
                  and first_refusal(RIICHI_SEAT, st, seat, action) is None):
                # a noten riichi: found out at the draw (a riichi the seat may not declare
                # at all, tenpai or not, is refused with the listing's reason)
                self._turn_action(seat, action)
            else:
                return False
        elif st.phase in ("claim", "chankan") and self._show is None:
            if isinstance(action, Ron) and st.rules.chombo_excused_by_win:
                # a false ron (誤ロン): a chombo unless another player's legal ron on the
                # same tile stands (makura 34, ako 7-05-01-01); settled with the claims
                self._false_rons.append(seat)
                self._responses[seat] = Pass()
                self._pending = None
            elif isinstance(action, Ron):  # a false ron (誤ロン)
                self._chombo(seat)
            elif (isinstance(action, (Chi, Pon)) and st.phase == "claim"
                  and st.rules.call_meant_ron and Ron() in self.pending()[seat]):
                # ポン→ロン (teireikai 罰則5): the call meant the win; settled with the claims
                self._calls_meant_ron.append(seat)
                self._responses[seat] = Pass()
                self._pending = None
            elif (isinstance(action, (Chi, Pon, OpenKan)) and st.phase == "claim"
                  and st.rules.false_meld != "taken_back"
                  and meld_made_wrongly(st, seat, action)):
                # a meld made wrongly (誤フーロ) stands: it claims the discard as the call
                # would, and the hand is dead once it is made (gpc l.49, ako 7-05-02)
                self._responses[seat] = action
                self._pending = None
            elif isinstance(action, (Chi, Pon, OpenKan)) and st.phase == "claim":
                pen = false_call_penalty(seat, st.rules)
                if pen is None:
                    return False  # no penalty: the call is simply refused
                self._emit(pen)
                self._responses[seat] = Pass()
                self._pending = None
            else:
                return False
        else:
            return False
        self._advance()
        return True

    def _false_kan(self, seat: int, action: ClosedKan) -> bool:
        """Practice mode: a closed kan that is not four of a kind.  Made as a kan with a dead
        hand, or a chombo, where ``false_meld`` says so (gpc l.49, ako 7-05-02/03); else
        taken back as a false call (空カン), turning no kan dora (yokoyoko (5)).  False when
        it is not penalised (the refusal says why)."""
        st = self._state
        if st.rules.false_meld != "taken_back" and meld_made_wrongly(st, seat, action):
            if st.rules.false_meld == "dead_hand_ankan_chombo":
                self._chombo(seat, closed_kan=True)
            else:  # the penalty first: it is written with the kan, never apart from it
                self._emit(false_meld_penalty(seat, "kan"))
                self._turn_action(seat, action)
        else:
            pen = false_call_penalty(seat, st.rules, kan=True)
            if pen is None:
                return False
            self._emit(pen)
            self._pending = None
        self._advance()
        return True

    def _take_back(self, seat: int, action: TakeBack) -> bool:
        """Practice mode: a declaration taken back in time (a false win before the hand
        is shown, a riichi before its discard), penalised by ``false_win_withdrawn`` and
        ``riichi_withdrawn``; False if there is nothing to take back (the refusal says why)."""
        st = self._state
        claim = st.phase != "turn"
        if refusal(st, seat, action) is not None or (claim and self._show is not None):
            return False
        if action.declared == "riichi":
            pen = riichi_withdrawn_penalty(seat, st.rules)
        elif st.rules.false_win_withdrawn == "chombo":  # as if the hand had been shown
            return self._mistake(seat, Ron() if claim else Tsumo())
        else:
            pen = false_win_penalty(seat, st.rules, action.declared)
        if pen is not None:
            self._emit(pen)
        if claim:  # the seat's answer to the discard (or kan) is now a pass
            self._responses[seat] = Pass()
            self._pending = None
        self._advance()
        return True

    def _practice_answers_settle(self) -> bool:
        """Before a discard or kan is settled, the practice mistakes held back for it: a
        false ron that stands is a chombo (True: that settles it); a call meant as ron is
        the seat's ron or a false call."""
        if self._false_rons and self._false_ron_stands():
            return True
        if self._calls_meant_ron:
            self._settle_calls_meant_ron()
        return False

    def _settle_calls_meant_ron(self) -> None:
        """ポン→ロン (teireikai 罰則5): a call said where the seat could win is its ron when
        no other seat claims the discard; beside another claim it is a false call."""
        seats, self._calls_meant_ron = self._calls_meant_ron, []
        others = any(type(a) is not Pass for s, a in self._responses.items() if s not in seats)
        for seat in seats:
            if not others:
                self._responses[seat] = Ron()
                continue
            pen = false_call_penalty(seat, self._state.rules)
            if pen is not None:
                self._emit(pen)

    def _false_ron_stands(self) -> bool:
        """Settle the false rons of a claim window: with no legal ron beside them the first
        is a chombo (True: recorded); a legal ron excuses them all."""
        false = self._false_rons
        if not false:
            return False
        self._false_rons = []
        if any(type(a) is Ron for a in self._responses.values()):
            return False
        self._chombo(false[0])
        return True

    def _chombo(self, seat: int, *, during_play: bool = True, closed_kan: bool = False) -> None:
        """Record ``seat``'s chombo; ``during_play``: the others could still have won;
        ``closed_kan``: for a closed kan of unlike tiles."""
        st = self._state
        self._responses = {}
        self._show = None
        best: dict[int, int] | None = None
        if during_play and st.rules.chombo == "mangan_each" and st.rules.chombo_tenpai_best:
            values = {s: best_win_points(st, s) for s in range(4) if s != seat}
            best = {s: v for s, v in values.items() if v is not None}
        self._emit(chombo_penalty(seat, st.dealer, st.rules, wareme_seat=flow.wareme_seat(st),
                                  tenpai_best=best, closed_kan=closed_kan))

    def _noten_riichi_chombo(self, *, exhaustive: bool = True) -> bool:
        """Practice mode: a riichi seat found noten when the hand is drawn (``exhaustive``,
        or by four riichi: makura 27, 6) is a chombo, unless another player's nagashi win
        ends the exhaustive draw with ``chombo_excused_by_win`` (makura 27, 44 e)."""
        st = self._state
        r = st.rules
        if not r.practice_mode:
            return False
        winners = (flow.nagashi_seats(st) if exhaustive and r.nagashi_as_win
                   and r.chombo_excused_by_win else [])
        for seat in range(4):
            s = st.seats[seat]
            if (s.riichi and not s.dead and not flow.tenpai_of(st, seat)
                    # a dead hand is noten, but no noten riichi (makura 33 a)
                    and not any(w != seat for w in winners)
                    # 和り目なしの立直 (a wait on an own fifth copy) is no chombo
                    and not (st.rules.riichi_own_four_copies
                             and is_tenpai(s.counts, len(s.melds), own_four_copies_count=True))):
                self._chombo(seat, during_play=False)  # the hand is over: nobody can win
                return True
        return False

    # ---------------------------------------------------------------- internals
    def _emit(self, ev: Event) -> None:
        self._state = apply(self._state, ev)
        self.events.append(ev)
        self._pending = None
        for fn in self._listeners:
            fn(ev)

    def _wall_for(self, index: int) -> tuple[tuple[int, ...], tuple[int, int]]:
        spec: Any = None
        if self._wall_source is not None:
            spec = self._wall_source(index)
        elif self._walls is not None and index < len(self._walls):
            spec = self._walls[index]
        if spec is None:
            return wall_mod.dealt(self._rng)
        if len(spec) == 2 and isinstance(spec[0], (tuple, list)):
            w, dice = spec
            return tuple(w), (int(dice[0]), int(dice[1]))
        return tuple(spec), (1, 1)

    def _start_hand(self, round_index: int, dealer: int, honba: int, sticks: int,
                    scores: tuple[int, ...]) -> None:
        idx = self._state.hands_started
        wall, dice = self._wall_for(idx)
        self._responses = {}
        self._show = None
        self._continue_chosen = False
        self._emit(HandStarted(
            round_wind=round_index % 4, hand_number=dealer, honba=honba, sticks=sticks,
            dealer=dealer, scores=four(scores), dice=dice,
            wall=wall,
        ))

    def _compute_pending(self) -> dict[int, tuple[Action, ...]]:
        st = self._state
        ph = st.phase
        if ph == "turn":
            acts = turn_actions(st, st.turn)  # (legal_actions on a turn)
            return {st.turn: acts} if acts else {}
        if ph in ("claim", "chankan"):
            if self._show is not None:
                return {s: _YES_NO_SHOW for s, v in self._show.items() if v is None}
            if self._claim_window != st.window:
                self._claim_opts = self._claim_options(st)
                self._claim_window = st.window
            resp = self._responses
            if not resp:
                return dict(self._claim_opts)
            return {s: a for s, a in self._claim_opts.items() if s not in resp}
        if ph == "hand_over" and not self._continue_chosen:
            nxt = flow.next_step(st)
            if nxt.action == "choice":
                return {st.dealer: _YES_NO_END}
        return {}

    def _claim_options(self, st: GameState) -> dict[int, tuple[Action, ...]]:
        """The seats asked about a discard or a kan, in seat order, with their choices."""
        if st.phase != "claim" or st.last_discard is None:
            opts: dict[int, tuple[Action, ...]] = {}
            for s in range(4):
                acts = legal_actions(st, s)
                if acts:
                    opts[s] = acts
            return opts
        dseat, tile = st.last_discard
        kind = tile >> 2  # hot: kind_of inlined
        opts = {}
        seats = st.seats
        for s in _ORDER[dseat]:  # the discarder is never asked
            c = seats[s].cache
            ws = c.waits if c.waits is not None else waits_of(st, s)
            counts = seats[s].counts
            if (kind not in ws and counts[kind] < 2
                    and (s != _NEXT[dseat] or not has_chi(counts, kind))):
                continue  # hot: claim_actions' first test (no ron, pon, chi)
            acts = claim_actions(st, s)
            if acts:
                opts[s] = acts
        if len(opts) > 1:
            opts = dict(sorted(opts.items()))  # seat order, as always
        if st.rules.practice_mode:
            # A practice seat is asked about every discard, so that it may call ron or a
            # call by mistake; passing is its only legal answer.
            for s in self._practice_seats:
                if s != dseat and s not in opts and not (st.seats[s].dead or st.seats[s].silent):
                    opts[s] = (Pass(),)
        return opts

    def _turn_action(self, seat: int, action: Action) -> None:
        st = self._state
        s = st.seats[seat]
        if isinstance(action, Discard):
            # An open kan's dora waiting for this discard: Tenhou turns it as the tile goes
            # out, so a ron on the discard counts it (kan_dora_on_discard_ron).
            if st.pending_dora and st.rules.kan_dora_on_discard_ron:
                self._reveal_pending()
            if action.riichi:
                self._emit(RiichiDeclared(seat, action.open))
            self._emit(Discarded(seat, action.tile, action.tile == st.drawn))
        elif isinstance(action, Tsumo):
            if st.rinshan_draw and st.pending_dora and st.rules.kan_dora_on_rinshan_win:
                self._reveal_pending()
            tile = st.drawn
            assert tile is not None
            self._emit(flow.make_won(st, [seat], None, tile))
        elif isinstance(action, ClosedKan):
            self._reveal_pending()
            self._emit(Kan(seat, Meld("ankan", tuple(sorted(action.tiles)))))
        elif isinstance(action, AddedKan):
            # An earlier open kan's dora waits until this kan stands (nobody robs it):
            # a robbed added kan reveals nothing (Tenhou: double_kakan_then_chankan).
            k = kind_of(action.tile)
            pon = next(m for m in s.melds if m.kind == "pon" and kind_of(m.tiles[0]) == k)
            self._emit(Kan(seat, Meld("kakan", pon.tiles + (action.tile,), pon.called,
                                      pon.from_seat, action.tile)))
        elif isinstance(action, NineTerminals):
            self._emit(flow.abortive_draw(st, "nine_terminals", (seat,)))
        else:  # pragma: no cover - legal_actions lists nothing else on a turn
            raise IllegalAction("That action is not possible on your turn.")

    def _reveal_pending(self, keep: int = 0) -> None:
        """Turn the kan dora waiting to be revealed, all but the last ``keep``."""
        st = self._state
        while st.pending_dora > keep:
            idx = wall_mod.dora_index(st.dora_count)
            self._emit(DoraRevealed(st.wall[idx]))

    def _advance(self) -> None:
        """Run every automatic step until a seat must decide or the game is over."""
        while True:
            st = self._state
            ph = st.phase
            if ph == "over":
                self._pending = {}
                return
            if ph == "turn":
                return  # the seat whose turn it is always has a choice (a discard at
                # least): pending() lists it when asked, act() may check one discard alone
            p = self._pending  # hot: pending() inlined
            if p is None:
                p = self._pending = self._compute_pending()
            if p:
                return
            if ph == "draw":
                self._draw()
            elif ph == "claim":
                self._resolve_claim()
            elif ph == "chankan":
                self._resolve_chankan()
            elif ph == "hand_over":
                self._between_hands()
            elif ph == "new":  # resumed from a file cut before its first hand: deal it
                self._start_hand(0, 0, 0, 0, tuple([st.rules.start_points] * 4))
            else:  # pragma: no cover
                raise RuntimeError(f"stuck in phase {ph}")

    def _draw(self) -> None:
        st = self._state
        seat = st.turn
        if st.last_kan is not None:
            kseat, meld = st.last_kan
            timing = st.rules.kan_dora_closed if meld.kind == "ankan" else st.rules.kan_dora_open
            # this kan's own dora by its timing; an earlier kan's at once, now it stands
            self._reveal_pending(keep=0 if timing == "immediate" else 1)
            tile = st.wall[wall_mod.rinshan_index(st.rinshan_taken)]
            self._emit(Drew(seat, tile, rinshan=True))
        else:
            self._emit(Drew(seat, st.wall[st.live_pos]))

    def _resolve_claim(self) -> None:
        """Settle a discard once every seat asked has answered: the first of the rules
        ``_CLAIM_STEPS`` whose condition holds and whose outcome ends the discard decides;
        when none does, the next seat draws."""
        st = self._state
        assert st.last_discard is not None
        if self._practice_answers_settle():
            return
        resp = self._responses
        if resp:
            for answer in resp.values():
                if type(answer) is not Pass:
                    break
            else:  # everyone asked passed: as if nobody was asked
                self._responses = {}
        for applies, outcome in _CLAIM_STEPS:
            if applies(self, st) and outcome(self, st):
                return
        self._draw_next(st.last_discard[0])

    # -- the rules that may settle a discard (_CLAIM_STEPS)

    def _rons_answered(self, st: GameState) -> bool:
        return bool(self._responses) and self._show is None and any(
            type(a) is Ron for a in self._responses.values())

    def _settle_rons(self, st: GameState) -> bool:
        r = st.rules
        assert st.last_discard is not None
        dseat, tile = st.last_discard
        resp = self._responses
        rons = [s for s in _ORDER[dseat] if isinstance(resp.get(s), Ron)]
        self._responses = {}
        winners = flow.ron_winners(r, rons)
        if winners is None:
            self._emit(flow.abortive_draw(st, "triple_ron", tuple(rons)))
            return True
        if st.pending_dora and r.kan_dora_on_discard_ron:
            self._reveal_pending()
        if st.seats[dseat].riichi_pending and r.riichi_stick_on_deal_in:
            self._emit(RiichiAccepted(dseat))
        self._emit(flow.make_won(st, winners, dseat, tile))
        return True

    def _show_answered(self, st: GameState) -> bool:
        return self._show is not None

    def _settle_show(self, st: GameState) -> bool:
        """Every show choice is in: the exhaustive draw."""
        self._show = None
        self._responses = {}
        if not self._noten_riichi_chombo():
            self._emit(flow.exhaustive_draw(st))
        return True

    def _riichi_stick(self, st: GameState) -> bool:
        assert st.last_discard is not None
        return st.seats[st.last_discard[0]].riichi_pending

    def _accept_riichi(self, st: GameState) -> bool:
        """The riichi stick goes down; four riichi (四家立直) may end the hand."""
        assert st.last_discard is not None
        self._emit(RiichiAccepted(st.last_discard[0]))
        if st.rules.abort_four_riichi and all(s.riichi for s in st.seats):
            self._responses = {}
            if not self._noten_riichi_chombo(exhaustive=False):
                self._emit(flow.abortive_draw(st, "four_riichi", (0, 1, 2, 3)))
            return True
        return False

    def _dora_waiting(self, st: GameState) -> bool:
        return st.pending_dora > 0

    def _turn_dora(self, st: GameState) -> bool:
        self._reveal_pending()
        return False

    def _four_kans(self, st: GameState) -> bool:
        """四槓散了: the discard after a fourth kan, the kans not all one player's."""
        return (st.kan_discard and st.kans_total == 4 and st.rules.abort_four_kans
                and sum(1 for s in st.seats if s.kans) > 1)

    def _abort_four_kans(self, st: GameState) -> bool:
        self._responses = {}
        self._emit(flow.abortive_draw(st, "four_kans"))
        return True

    def _four_winds(self, st: GameState) -> bool:
        """四風連打: the same wind as everybody's first discard, no call before."""
        fw = st.first_winds
        return (len(fw) == 4 and not st.calls_made and st.rules.abort_four_winds
                and all(s.discards == 1 for s in st.seats) and is_wind(fw[0])
                and all(k == fw[0] for k in fw))

    def _abort_four_winds(self, st: GameState) -> bool:
        self._responses = {}
        self._emit(flow.abortive_draw(st, "four_winds"))
        return True

    def _call_answered(self, st: GameState) -> bool:
        return bool(self._responses)

    def _settle_call(self, st: GameState) -> bool:
        """A pon or open kan before a chi, the nearest to the discarder first."""
        assert st.last_discard is not None
        dseat, tile = st.last_discard
        resp = self._responses
        self._responses = {}
        order = _ORDER[dseat]
        call = next(((s, a) for s in order if isinstance(a := resp.get(s), (Pon, OpenKan))),
                    None) or next(((s, a) for s in order if isinstance(a := resp.get(s), Chi)),
                                  None)
        if call is None:
            return False
        seat, a = call
        assert isinstance(a, (Pon, OpenKan, Chi))
        kind = "chi" if isinstance(a, Chi) else "pon" if isinstance(a, Pon) else "minkan"
        tiles = tuple(sorted(a.tiles + (tile,)))
        if (st.rules.practice_mode and st.rules.false_meld != "taken_back"
                and seat in self._practice_seats and meld_made_wrongly(st, seat, a)):
            # (only a practice seat's mistake under false_meld is answered so) the penalty
            # first: it is written with the meld, never apart from it
            self._emit(false_meld_penalty(seat, kind))
        self._emit(Called(seat, Meld(kind, tiles, tile, dseat)))  # type: ignore[arg-type]
        return True

    def _nagashi_at_last(self, st: GameState) -> bool:
        """ako 3-17-01-06: the player's last discard passed, so nagashi is complete."""
        return flow.nagashi_at_last_discard(st)

    def _settle_nagashi(self, st: GameState) -> bool:
        assert st.last_discard is not None
        self._emit(flow.nagashi_complete(st, st.last_discard[0]))
        return True

    def _wall_done(self, st: GameState) -> bool:
        return st.live_end <= st.live_pos  # hot: live_remaining <= 0 inlined

    def _exhaustive_draw(self, st: GameState) -> bool:
        """The last discard passed: the tenpai players may first choose to show."""
        seats = flow.show_choice_seats(st)
        if seats:
            self._show = {s: None for s in seats}  # type: ignore[misc]
            self._pending = None
            return True
        if not self._noten_riichi_chombo():
            self._emit(flow.exhaustive_draw(st))
        return True

    def _draw_next(self, dseat: int) -> None:
        st = self._state
        self._emit(Drew((dseat + 1) % 4, st.wall[st.live_pos]))

    def _resolve_chankan(self) -> None:
        st = self._state
        assert st.last_kan is not None
        kseat, meld = st.last_kan
        if self._practice_answers_settle():
            return
        resp = self._responses
        rons = [s for s in _ORDER[kseat] if isinstance(resp.get(s), Ron)]
        self._responses = {}
        r = st.rules
        if rons:
            winners = flow.ron_winners(r, rons)
            if winners is None:
                self._emit(flow.abortive_draw(st, "triple_ron", tuple(rons)))
                return
            tile = meld.added if meld.kind == "kakan" else meld.tiles[0]
            assert tile is not None
            self._emit(flow.make_won(st, winners, kseat, tile, chankan=True,
                                     chankan_ankan=meld.kind == "ankan"))
            return
        timing = r.kan_dora_closed if meld.kind == "ankan" else r.kan_dora_open
        if timing == "immediate":
            self._reveal_pending()
        tile = st.wall[wall_mod.rinshan_index(st.rinshan_taken)]
        self._emit(Drew(kseat, tile, rinshan=True))

    def _between_hands(self) -> None:
        st = self._state
        nxt = flow.next_step(st, dealer_chose_continue=self._continue_chosen)
        if nxt.action == "end":
            self._emit(flow.game_ended(st, nxt.reason))
            return
        if nxt.action == "choice":  # pragma: no cover - handled by pending()
            return
        scores, sticks = flow.standing_after(st)
        self._start_hand(nxt.round_index, nxt.dealer, nxt.honba, sticks, scores)


_CLAIM_STEPS: tuple[tuple[Callable[[Game, GameState], bool],
                          Callable[[Game, GameState], bool]], ...] = (
    (Game._rons_answered, Game._settle_rons),
    (Game._show_answered, Game._settle_show),
    (Game._riichi_stick, Game._accept_riichi),
    (Game._dora_waiting, Game._turn_dora),
    (Game._four_kans, Game._abort_four_kans),
    (Game._four_winds, Game._abort_four_winds),
    (Game._call_answered, Game._settle_call),
    (Game._nagashi_at_last, Game._settle_nagashi),
    (Game._wall_done, Game._exhaustive_draw),
)
"""What may settle a discard, in order: (condition, outcome), the outcome True when it
ended the discard (a riichi stick put down, a kan dora turned: the next rule is asked).
A discard none of them ends is passed: the next seat draws."""
