"""The review of a game: every decision of one seat against what ``strong`` would do.

:func:`review_game` folds a saved (or imported) game's events, and at every point where
the reviewed seat had a choice (a discard, riichi or dama, a call or a pass, a win or
not, a kan, an abort, showing a tenpai hand at an exhaustive draw or declaring noten,
the last dealer's stopping the game or playing on) rebuilds that seat's
:class:`~engine.view.PlayerView` and asks the ``strong`` bot (:class:`ai.club.ClubBot`,
which watches the seat's views as the game goes on, as a hint does) for its decision
and its measure of every legal choice (:meth:`~ai.club.ClubBot.judge`: shanten and
acceptance, the chance to win and the worth of the win, the deal-in danger, the score
it maximises; at a hand's or the game's end, what the choice gains in points).  The
review computes none of it again: the *cost* of a choice is the difference of the
judge's scores, in points of the game's start (the unit of :mod:`ai.standing`).  A
choice the judge cannot tell from strong's is a tie and agrees with it (:func:`tied`);
one the models cannot judge is a difference only (:func:`unsure`); any other with a
cost of at least :data:`MISTAKE_POINTS` is a mistake (docs/review.md).

A seat with one legal action (a riichi hand's discard of its draw) is not asked.  A
claim whose answer the log cannot show (another seat's call or ron took the tile
first) is left out.  When the game's ruleset is not the reference one
(:data:`REFERENCE`, Tenhou's) and a mistake would have been right under the
reference, the review names the option that makes the difference
(:attr:`DecisionReview.rule_note`).

Each :class:`DecisionReview` keeps the problem as the seat saw it (``view``, ``legal``)
and strong's :class:`~ai.decision.Decision` (``strong``), so a drill can ask it again;
:meth:`GameReview.mistakes` gives the costly ones, largest first.

>>> MISTAKE_POINTS
300.0
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import msgspec

from hanchan.ai import defence
from hanchan.ai.club import ClubBot
from hanchan.ai.club.bot import row_key, same_choice
from hanchan.ai.club.calls import NO_YAKU
from hanchan.ai.club.discard import shanten_text
from hanchan.ai.decision import Decision, Judged, Judgement, Why
from hanchan.ai.opponents import FoldWatch
from hanchan.engine import flow
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
    Tsumo,
)
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
    Note,
    NotenDeclared,
    Penalty,
    RiichiAccepted,
    RiichiDeclared,
    Won,
)
from hanchan.engine.legal import legal_actions
from hanchan.engine.state import GameState, apply
from hanchan.engine.tiles import is_red, kind_name, kind_of
from hanchan.engine.view import PlayerView
from hanchan.engine.visibility import view as view_of
from hanchan.engine.wins import ron_result, tsumo_result
from hanchan.rulesets.schema import Ruleset, option_fields
from hanchan.saves.replay import hand_name

MISTAKE_POINTS = 300.0
"""A choice that gives up at least this much expected value (points) is a mistake."""

Kind = Literal["efficiency", "push/fold", "riichi/dama", "calls", "win", "kan", "abort",
               "show/noten", "stop/play on"]
KINDS: tuple[Kind, ...] = ("efficiency", "push/fold", "riichi/dama", "calls", "win", "kan",
                           "abort", "show/noten", "stop/play on")
"""The kinds of decision, in the order the summaries list them."""

REFERENCE = Ruleset()
"""The rules a decision is compared under when the game's differ (the default: Tenhou's)."""

_RULE_FIRST = ("open_tanyao", "two_han_from_honba", "min_han", "kuikae", "double_ron",
               "triple_ron", "red_fives", "uma_scheme", "uma", "formal_tenpai",
               "noten_payment", "pao_yaku", "nagashi_mangan")
"""Options tried first when looking for the one that makes a decision differ."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One side of a decision, as the bot's models measure it.

    ``shanten`` and ``ukeire`` are of the hand after the choice (``None`` when the
    choice ends the hand); ``win`` is the chance to win the hand afterwards, ``value``
    the points of that win, ``danger`` the expected points lost by the discard against
    the threats, ``ev`` the expected value the bot weighs (points of the game's start).
    """

    action: Action
    text: str  # "discard 3p", "riichi 3p", "pon 5z", "pass", "ron"
    ev: float
    shanten: int | None = None
    ukeire: int | None = None
    win: float | None = None
    value: float | None = None
    danger: float | None = None
    detail: str = ""  # the bot's words for this choice ("1-shanten, 24 tiles")
    rule: str = ""  # the bot's rule against this choice ("the hand has no yaku after it")


@dataclass(frozen=True, slots=True)
class DecisionReview:
    """One decision of the reviewed seat: what it did, what ``strong`` does, and the cost."""

    position: int  # index of the event after which the seat was asked
    hand_index: int  # 0-based hand of the game
    hand: str  # "E1-0"
    kind: Kind
    played: Choice
    best: Choice
    reason: str  # strong's reason, as the bot gives it
    cost: float  # expected points given up (0 when the choice is strong's)
    rule_note: str = ""  # when the ruleset is why strong differs: the option and its value
    strong: Decision | None = field(default=None, compare=False, repr=False)  # with its facts
    view: PlayerView | None = field(default=None, compare=False, repr=False)
    legal: tuple[Action, ...] = field(default=(), compare=False, repr=False)  # the choices
    tie: bool = False  # another choice the bot's models cannot tell from strong's (:func:`tied`)
    judged: tuple[Judged, ...] = field(default=(), compare=False, repr=False)  # every choice
    unsure: str = ""  # why the models cannot call this choice a mistake (:func:`unsure`)

    @property
    def same(self) -> bool:
        """Whether the seat did what ``strong`` does."""
        return same_choice(self.played.action, self.best.action)

    @property
    def agrees(self) -> bool:
        """Whether the seat did what ``strong`` does, or a choice its models cannot tell
        from it (:func:`tied`)."""
        return self.tie or self.same

    @property
    def mistake(self) -> bool:
        """Whether the choice gave up at least :data:`MISTAKE_POINTS` of expected value,
        beyond what the models cannot judge (:attr:`unsure`)."""
        return not self.agrees and not self.unsure and self.cost >= MISTAKE_POINTS


@dataclass(frozen=True, slots=True)
class HandReview:
    """The decisions of one hand, summed."""

    index: int
    name: str
    decisions: int
    agreed: int
    mistakes: int
    cost: float  # expected points given up by the mistakes
    result: int  # the seat's points change in the hand


@dataclass(frozen=True, slots=True)
class GameReview:
    """Every reviewed decision of one seat in one game, with the sums a summary shows."""

    seat: int
    player: str
    ruleset: str
    decisions: tuple[DecisionReview, ...]
    hands: tuple[HandReview, ...]

    def mistakes(self, n: int | None = None) -> list[DecisionReview]:
        """The mistakes, largest cost first (the first ``n``)."""
        found = sorted((d for d in self.decisions if d.mistake), key=lambda d: -d.cost)
        return found if n is None else found[:n]

    @property
    def agreement(self) -> float:
        """Share of decisions where the seat did what ``strong`` does (1 when none)."""
        if not self.decisions:
            return 1.0
        return sum(1 for d in self.decisions if d.agrees) / len(self.decisions)

    def by_kind(self) -> dict[Kind, tuple[int, int, float]]:
        """Per kind: (decisions, mistakes, expected points given up by the mistakes)."""
        out: dict[Kind, tuple[int, int, float]] = {}
        for k in KINDS:
            ds = [d for d in self.decisions if d.kind == k]
            ms = [d for d in ds if d.mistake]
            if ds:
                out[k] = (len(ds), len(ms), sum(d.cost for d in ms))
        return out

    @property
    def cost(self) -> float:
        """Expected points given up by all the mistakes."""
        return sum(d.cost for d in self.decisions if d.mistake)


Progress = Callable[[int, int], None]
"""Called with (events folded, events in all) as the review goes on."""


# ------------------------------------------------------------------ walking the game


@dataclass(slots=True)
class DecisionPoint:
    """A moment where a seat chose among several legal actions, and what it chose."""

    position: int
    view: PlayerView
    legal: tuple[Action, ...]
    played: Action
    win_points: int | None  # the points of the win offered (Tsumo or Ron legal)


_SKIP = (DoraRevealed, RiichiAccepted)


def _turn_taken(events: Sequence[Event], j: int, seat: int) -> Action | None:
    """The action ``seat`` took on its turn, read from the events from ``j`` on."""
    riichi: RiichiDeclared | None = None
    for ev in events[j:]:
        if isinstance(ev, DoraRevealed):
            continue
        if isinstance(ev, RiichiDeclared) and ev.seat == seat:
            riichi = ev
            continue
        if isinstance(ev, Discarded) and ev.seat == seat:
            if riichi is not None:
                return Discard(ev.tile, riichi=True, open=riichi.open)
            return Discard(ev.tile)
        if isinstance(ev, Kan) and ev.seat == seat:
            if ev.meld.kind == "ankan":
                t = ev.meld.tiles
                return ClosedKan((t[0], t[1], t[2], t[3]))
            return AddedKan(ev.meld.added) if ev.meld.added is not None else None
        if isinstance(ev, Won) and any(w.seat == seat and w.from_seat is None for w in ev.wins):
            return Tsumo()
        if isinstance(ev, HandDrawn) and ev.kind == "nine_terminals":
            return NineTerminals()
        return None
    return None


def _claim_taken(events: Sequence[Event], j: int, seat: int,
                 legal: Sequence[Action]) -> Action | None:
    """The answer of ``seat`` to a discard or a kan's tile; None when the log cannot tell."""
    could_ron = any(isinstance(a, Ron) for a in legal)
    could_pon = any(isinstance(a, (Pon, OpenKan)) for a in legal)
    for ev in events[j:]:
        if isinstance(ev, _SKIP):
            continue
        if isinstance(ev, Won):
            if any(w.seat == seat for w in ev.wins):
                return Ron()
            return None  # a head bump may have taken it
        if isinstance(ev, Called):
            if ev.seat == seat:
                m = ev.meld
                used = list(m.tiles)
                if m.called is not None:
                    used.remove(m.called)
                if m.kind == "chi":
                    return Chi((used[0], used[1]))
                if m.kind == "pon":
                    return Pon((used[0], used[1]))
                return OpenKan((used[0], used[1], used[2]))
            if could_ron or (ev.meld.kind == "chi" and could_pon):
                return Pass()  # this seat's answer would have come first
            return None
        if isinstance(ev, HandDrawn) and ev.kind == "triple_ron":
            return None
        return Pass()
    return None


def decision_points(events: Sequence[Event], seat: int, progress: Progress | None = None
                    ) -> list[DecisionPoint]:
    """Every point where ``seat`` chose among several actions, with what it chose: its
    turns and claims (:func:`engine.legal.legal_actions`), and the choices that end a
    hand or the game (:func:`end_choice`).

    A claim whose answer the log cannot show (another seat took the tile first) and an
    action outside the legal ones (a practice-mode mistake) are left out.
    """
    out: list[DecisionPoint] = []
    state: GameState | None = None
    n = len(events)
    for i, ev in enumerate(events):
        state = apply(state, ev)
        if progress is not None and i % 50 == 0:
            progress(i, n * 2)
        if _asked(state, ev, seat):
            legal = legal_actions(state, seat)
            played = _played(events, i, state, seat, legal) if len(legal) > 1 else None
            if played is not None:
                out.append(DecisionPoint(i, view_of(state, seat), legal, played,
                                         offered_win_points(state, seat, legal)))
        end = end_choice(events, i, state, seat)
        if end is not None:
            out.append(end)
    return out


_SHOW = (ShowHand(True), ShowHand(False))
_END = (EndGame(True), EndGame(False))


def end_choice(events: Sequence[Event], i: int, state: GameState, seat: int
                ) -> DecisionPoint | None:
    """The choice ``seat`` made right after ``events[i]`` that ends a hand or the game,
    as the engine asks it (:class:`engine.game.Game`): at an exhaustive draw, to show
    its tenpai hand or declare noten (:func:`engine.flow.show_choice_seats`), read from
    its ``NotenDeclared``; after the last hand, the dealer's agari-yame or tenpai-yame
    (``next_step``'s ``"choice"``), read from the ``GameEnded`` or ``HandStarted`` next."""
    ev = events[i]
    ph = state.phase
    if ph == "hand_over":
        if seat != state.dealer or not isinstance(ev, (Won, HandDrawn, Penalty)):
            return None
        nxt = _next_event(events, i)
        if not isinstance(nxt, (GameEnded, HandStarted)) \
                or flow.next_step(state).action != "choice":
            return None
        return DecisionPoint(i, view_of(state, seat), _END, EndGame(isinstance(nxt, GameEnded)),
                             None)
    if ph != "claim" or state.live_remaining > 0 or isinstance(ev, (NotenDeclared, Note)):
        return None
    nxt = _next_event(events, i)
    if not (isinstance(nxt, NotenDeclared) or isinstance(nxt, HandDrawn)
            and nxt.kind == "exhaustive" and not flow.nagashi_at_last_discard(state)):
        return None  # a win on the last tile, a nagashi at it, an abort, a penalty: left out
    if seat not in flow.show_choice_seats(state):
        return None
    hidden = False
    for j in range(i + 1, len(events)):
        e = events[j]
        if isinstance(e, NotenDeclared):
            hidden = hidden or e.seat == seat
        elif not isinstance(e, Note):
            break
    return DecisionPoint(i, view_of(state, seat), _SHOW, ShowHand(not hidden), None)


def _next_event(events: Sequence[Event], i: int) -> Event | None:
    """The first event after ``events[i]`` that is not a :class:`~engine.events.Note`."""
    for j in range(i + 1, len(events)):
        if not isinstance(events[j], Note):
            return events[j]
    return None


def _asked(state: GameState, ev: Event, seat: int) -> bool:
    """Whether ``seat`` may have a choice right after ``ev``: its turn after a draw or a
    call (not after a dora turned or a riichi said), or a discard or a kan to answer."""
    ph = state.phase
    if ph == "turn":
        return state.turn == seat and isinstance(ev, (Drew, Called))
    return ph == "claim" and isinstance(ev, Discarded) or ph == "chankan" and isinstance(ev, Kan)


def _played(events: Sequence[Event], i: int, state: GameState, seat: int,
            legal: Sequence[Action]) -> Action | None:
    """The legal action ``seat`` took after ``events[i]`` (its very tiles), or None."""
    if state.phase == "turn":
        played = _turn_taken(events, i + 1, seat)
    else:
        played = _claim_taken(events, i + 1, seat, legal)
    if played is None:
        return None
    match = next((a for a in legal if same_choice(a, played)), None)
    if match is None:
        return None  # not among the legal actions (a practice-mode mistake)
    if isinstance(played, (Discard, Chi, Pon, OpenKan, ClosedKan)):
        return played  # the very tiles, for the hand shown
    return match


def offered_win_points(state: GameState, seat: int, legal: Sequence[Action]) -> int | None:
    """The points of the win ``legal`` offers ``seat`` (Tsumo or Ron legal), by the
    engine's score; None when it offers none."""
    if state.phase == "turn" and any(isinstance(a, Tsumo) for a in legal):
        res = tsumo_result(state, seat)
        return res.total if res is not None else None
    if any(isinstance(a, Ron) for a in legal):
        tile = _offered_tile(state)
        if tile is not None:
            res = ron_result(state, seat, tile, chankan=state.phase == "chankan")
            return res.total if res is not None else None
    return None


def _offered_tile(state: GameState) -> int | None:
    if state.phase == "claim" and state.last_discard is not None:
        return state.last_discard[1]
    if state.last_kan is not None:
        m = state.last_kan[1]
        return m.added if m.added is not None else m.tiles[0]
    return None


# ------------------------------------------------------------------ measuring


def action_text(a: Action, red_fives: int = 0) -> str:
    """A choice in a few words: ``discard 3p``, ``riichi 3p``, ``pon 5z``, ``pass``; a red
    five thrown under ``red_fives`` is named so (``discard red 5s``): it is a dora.

    >>> action_text(Discard(4 * 22), red_fives=1), action_text(Discard(4 * 22 + 1), 1)
    ('discard red 5s', 'discard 5s')
    """
    if isinstance(a, Discard):
        word = ("open riichi " if a.open else "riichi ") if a.riichi else "discard "
        return word + ("red " if is_red(a.tile, red_fives) else "") + kind_name(kind_of(a.tile))
    if isinstance(a, (Chi, Pon, OpenKan)):
        word = "chi" if isinstance(a, Chi) else "pon" if isinstance(a, Pon) else "open kan"
        return f"{word} {kind_name(kind_of(a.tiles[0]))}"
    if isinstance(a, ClosedKan):
        return f"closed kan {kind_name(kind_of(a.tiles[0]))}"
    if isinstance(a, AddedKan):
        return f"added kan {kind_name(kind_of(a.tile))}"
    if isinstance(a, NineTerminals):
        return "abort"
    if isinstance(a, ShowHand):
        return "show the hand" if a.show else "declare noten"
    if isinstance(a, EndGame):
        return "stop the game" if a.stop else "play on"
    return type(a).__name__.lower()


def _choice(a: Action, r: Judged | None, red_fives: int) -> Choice:
    """A choice as the judge measured it (``r``: its row; None when it has none)."""
    if r is None:
        return Choice(a, action_text(a, red_fives), -math.inf)
    detail = ""
    if r.shanten is not None and r.shanten >= 0:
        detail = f"{shanten_text(r.shanten)}, {r.ukeire} tiles"
    elif r.value is not None:
        detail = f"{r.value:,.0f} points"
    return Choice(a, action_text(a, red_fives), -math.inf if r.score is None else r.score,
                  r.shanten, r.ukeire, r.win, r.value, r.danger, detail, r.refused)


def _offence(c: Choice) -> Choice:
    """A discard's worth as a kan is weighed: the win's chance times its worth."""
    if isinstance(c.action, Discard) and c.win is not None and c.value is not None:
        return dataclasses.replace(c, ev=c.win * c.value)
    return c


def _kind(played: Action, best: Action, p: Choice, b: Choice, why: Why | None) -> Kind:
    """The kind of a decision; a discard against a threat where strong pushes or folds, or
    where the two discards' danger differs by 300 points or more, is push/fold."""
    both = (played, best)
    if any(isinstance(a, (Tsumo, Ron)) for a in both):
        return "win"
    if any(isinstance(a, NineTerminals) for a in both):
        return "abort"
    if any(isinstance(a, ShowHand) for a in both):
        return "show/noten"
    if any(isinstance(a, EndGame) for a in both):
        return "stop/play on"
    if any(isinstance(a, (ClosedKan, AddedKan)) for a in both):
        return "kan"
    if any(isinstance(a, (Chi, Pon, OpenKan, Pass)) for a in both):
        return "calls"
    assert isinstance(played, Discard) and isinstance(best, Discard)
    if kind_of(played.tile) == kind_of(best.tile) and played.riichi != best.riichi:
        return "riichi/dama"
    if _threatened(why) and (why is not None and why.stance in ("push", "fold", "safest")
                             or abs((p.danger or 0.0) - (b.danger or 0.0)) >= 300.0):
        return "push/fold"
    return "efficiency"


def _threatened(why: Why | None) -> bool:
    """Whether strong's discard faced a riichi, or a seat likely tenpai (0.4 or more)."""
    return why is not None and any(s.riichi or s.tenpai >= 0.4 for s in why.safety)


# ------------------------------------------------------------------ the model's error


def tied(a: Judged, b: Judged, view: PlayerView) -> bool:
    """Whether the bot's models cannot tell choice ``a`` from ``b`` (both rows of one
    :meth:`ai.club.ClubBot.judge`): the same shanten, an acceptance within the error of
    counting unseen tiles as drawable (:func:`acceptance_error`), a win's worth within
    the value model's error (:data:`VALUE_ERROR`) and a danger within the danger model's
    (:data:`DANGER_ERROR`, at least :data:`ai.defence.DANGER_FLOOR`); or two discards
    that real players, as the style's fitted preference reads them, make about as often
    (:data:`CHOICE_ODDS`).  The review, the replay's marks and the discard drills count
    such a choice as agreeing with strong.
    """
    if a.refused or b.refused:
        return False
    if isinstance(a.action, Discard) and isinstance(b.action, Discard) \
            and a.action.riichi != b.action.riichi:
        return False  # riichi or dama: the judge weighs it (the deposit, the han)
    if a.preference is not None and b.preference is not None \
            and math.exp(-abs(a.preference - b.preference)) >= CHOICE_ODDS:
        return True
    return _alike(a, b, view)


def _alike(a: Judged, b: Judged, view: PlayerView) -> bool:
    """:func:`tied`'s measures: shanten, acceptance, worth and danger within the error."""
    if a.shanten is None or a.shanten != b.shanten or a.shanten < 0 \
            or a.ukeire is None or b.ukeire is None:
        return False
    if abs(a.ukeire - b.ukeire) > acceptance_error(a.ukeire, b.ukeire, view):
        return False
    va, vb = a.value or 0.0, b.value or 0.0
    if abs(va - vb) > VALUE_ERROR * (1 + a.shanten) * max(va, vb):
        return False
    da, db = a.danger or 0.0, b.danger or 0.0
    return abs(da - db) <= max(defence.DANGER_FLOOR, DANGER_ERROR * max(da, db))


CHOICE_ODDS = 0.5
"""Two discards are alike to real players when, by the style's fitted preference (a
conditional logit on the discards of Phoenix-room players, :mod:`ai.club.prefs`), the
one is made at least half as often as the other."""


def unsure(kind: Kind, played: Choice, best: Choice, cost: float) -> str:
    """Why the models cannot call ``played`` a mistake however it is measured ("" when
    they can): a call after which the bot reads no yaku at all (the player may build one
    it cannot read, as toitoi or chanta), or a riichi or dama whose difference is within
    the error of riichi's guessed worth (ura, ippatsu and tsumo: :data:`VALUE_ERROR` of
    it)."""
    if played.rule == NO_YAKU:
        return "strong reads no yaku after this call; it may be one it cannot read"
    if kind == "riichi/dama":
        said = best if isinstance(best.action, Discard) and best.action.riichi else played
        guess = VALUE_ERROR * max(0.0, (said.win or 0.0) * (said.value or 0.0))
        if cost < MISTAKE_POINTS + guess:
            return "riichi's worth is a guess (ura, ippatsu, tsumo) the two are within"
    return ""


VALUE_ERROR = 0.15
"""Relative error of a win's estimated worth, per step to a win (tenpai is one step:
ura, ippatsu and tsumo are guessed; before it, the yaku and dora still to come)."""

DANGER_ERROR = 0.5
"""Relative error of a discard's estimated deal-in loss (the threat's tenpai, its wait
and its hand's value are all read from the table)."""

def acceptance_error(a: int, b: int, view: PlayerView) -> float:
    """The spread of the difference between two acceptance counts ``a`` and ``b``.

    Acceptance counts the unseen tiles that improve the hand; a share of them sits in
    the other hands, never to be drawn.  With ``f`` the share of unseen tiles still in
    the live wall, each count of drawable tiles spreads by ``sqrt(n f (1 - f))``
    (binomial).
    """
    unseen = max(1, 136 - sum(view.visible_counts()))
    f = min(1.0, view.wall_remaining / unseen)
    return math.sqrt((a + b) * f * (1.0 - f))


# ------------------------------------------------------------------ the ruleset's part


def _rule_note(asked: DecisionPoint, watch: FoldWatch) -> str:
    """The option of the game's rules without which ``strong`` would play as the seat did."""
    rules = asked.view.ruleset
    ref = REFERENCE
    differing = [f.name for f in option_fields() if f.name != "name"
                 and getattr(rules, f.name) != getattr(ref, f.name)]
    if not differing:
        return ""

    def agrees(changes: dict[str, object]) -> bool:
        alt = rules.replace(**changes)
        v = msgspec.structs.replace(asked.view, ruleset=alt)
        legal = [a for a in asked.legal if not isinstance(a, NineTerminals)
                 or alt.abort_nine_terminals]
        bot = ClubBot("strong", seed=0, watch=watch.copy())
        return same_choice(bot.decide(v, legal).action, asked.played)

    if not agrees({n: getattr(ref, n) for n in differing}):
        return ""
    order = [n for n in _RULE_FIRST if n in differing] + \
        [n for n in differing if n not in _RULE_FIRST]
    for name in order:
        if agrees({name: getattr(ref, name)}):
            return f"{name} = {_value_text(getattr(rules, name))} " \
                   f"(under {ref.name}: {_value_text(getattr(ref, name))})"
    return f"the {rules.name} rules (under {ref.name} this is strong's choice)"


def _value_text(v: object) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, tuple):
        return ", ".join(str(x) for x in v) or "none"
    return str(v)


# ------------------------------------------------------------------ the review


def review_game(events: Sequence[Event], seat: int, *, progress: Progress | None = None
                ) -> GameReview:
    """Review every decision of ``seat`` in the game of ``events`` (see the module doc)."""
    if not events or not isinstance(events[0], GameStarted):
        raise ValueError("a game starts with its GameStarted event")
    first = events[0]
    asked = decision_points(events, seat, progress)
    bot = ClubBot("strong", seed=0)
    starts: list[tuple[int, int, str]] = []
    for i, ev in enumerate(events):
        if isinstance(ev, HandStarted):
            starts.append((i, len(starts), hand_name(ev)))
    out: list[DecisionReview] = []
    for n, a in enumerate(asked):
        if progress is not None and n % 8 == 0:
            progress(len(events) + len(events) * n // max(1, len(asked)), len(events) * 2)
        judged = bot.judge(a.view, a.legal, win_points=a.win_points)
        out.append(judge_decision(a, judged, _hand_at(starts, a.position), bot.watch))
    if progress is not None:
        progress(len(events) * 2, len(events) * 2)
    return GameReview(seat, first.players[seat], first.ruleset.name, tuple(out),
                      _hands(events, seat, starts, out))


def judge_decision(a: DecisionPoint, judged: Judgement, hand: tuple[int, str],
                   watch: FoldWatch | None = None) -> DecisionReview:
    """The review of one decision from strong's judgement of it: the two choices as the
    judge measured them, the cost (the difference of their scores), whether the models
    can tell them apart (:func:`tied`), and the ruleset's part (``watch``: the bot's fold
    reading, to ask it again under the reference rules)."""
    decision = judged.decision
    rows = {row_key(r.action): r for r in judged.choices}
    best_row = rows.get(row_key(decision.action))
    played_row = rows.get(row_key(a.played))
    red = a.view.ruleset.red_fives
    best = _choice(decision.action, best_row, red)
    same = same_choice(a.played, decision.action)
    played = (dataclasses.replace(best, action=a.played, text=action_text(a.played, red))
              if same else _choice(a.played, played_row, red))
    kind = _kind(a.played, decision.action, played, best, decision.why)
    if kind == "kan" and not same:  # a kan against a discard: both without the danger
        played, best = _offence(played), _offence(best)
    cost = 0.0 if same else max(0.0, best.ev - played.ev)
    if math.isinf(cost) or math.isnan(cost):
        cost = 0.0
    tie = (not same and best_row is not None and played_row is not None
           and tied(best_row, played_row, a.view))
    doubt = "" if same or tie else unsure(kind, played, best, cost)
    note = ""
    if not same and not tie and not doubt and cost >= MISTAKE_POINTS and watch is not None:
        note = _rule_note(a, watch)
    return DecisionReview(a.position, hand[0], hand[1], kind, played, best, decision.reason,
                          cost, note, decision, a.view, a.legal, tie, judged.choices, doubt)


def _hand_at(starts: list[tuple[int, int, str]], position: int) -> tuple[int, str]:
    found = (0, "")
    for start, index, name in starts:
        if start <= position:
            found = (index, name)
    return found


def _hands(events: Sequence[Event], seat: int, starts: list[tuple[int, int, str]],
           decisions: Sequence[DecisionReview]) -> tuple[HandReview, ...]:
    out: list[HandReview] = []
    bounds = [s for s, _, _ in starts] + [len(events)]
    for (start, index, name), end in zip(starts, bounds[1:], strict=True):
        result = 0
        for ev in events[start:end]:
            if isinstance(ev, (Won, HandDrawn)):
                result += ev.deltas[seat]
        ds = [d for d in decisions if d.hand_index == index]
        ms = [d for d in ds if d.mistake]
        out.append(HandReview(index, name, len(ds), sum(1 for d in ds if d.agrees),
                              len(ms), sum(d.cost for d in ms), result))
    return tuple(out)
