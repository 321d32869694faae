"""The review of a game: every decision of one seat against what ``strong`` would do.

:func:`review_game` folds a saved (or imported) game's events, and at every point where
the reviewed seat had a choice (a discard, riichi or dama, a call or a pass, a win or
not, a kan, an abort) rebuilds that seat's :class:`~engine.view.PlayerView`, asks the
``strong`` bot (:class:`ai.club.ClubBot`, which watches the seat's views as the game
goes on, as a hint does) and measures both choices with the bot's own models: shanten
and tile acceptance, the chance to win and the worth of the win (:mod:`ai.winprob`,
:mod:`ai.value`, :mod:`ai.tenpai_value`), and the deal-in danger of the discard
(:mod:`ai.defence`).  The *cost* of a choice is the expected value it gives up, in
points of the game's start (the unit of :mod:`ai.standing`); only a cost of at least
:data:`MISTAKE_POINTS` is a mistake, so a choice that differs by a hair is not.

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
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import msgspec

from ai import defence
from ai.club import ClubBot
from ai.club.calls import kuikae_exclude
from ai.club.discard import (
    Option,
    evaluate,
    shanten_text,
    tiles_after,
)
from ai.club.reading import add_pao_danger
from ai.club.riichi import riichi_versus_dama
from ai.club.situation import Situation
from ai.decision import Decision, Why
from ai.hand import discard_options, ukeire
from ai.opponents import FoldWatch
from ai.value import estimate, red_count
from ai.winprob import win_chance
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
from engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Drew,
    Event,
    GameStarted,
    HandDrawn,
    HandStarted,
    Kan,
    Meld,
    RiichiAccepted,
    RiichiDeclared,
    Won,
)
from engine.legal import legal_actions
from engine.shanten import shanten
from engine.state import GameState, apply
from engine.tiles import is_red, kind_name, kind_of
from engine.view import PlayerView
from engine.visibility import view as view_of
from engine.wins import ron_result, tsumo_result
from rulesets.schema import Ruleset, option_fields
from saves.replay import hand_name

MISTAKE_POINTS = 300.0
"""A choice that gives up at least this much expected value (points) is a mistake."""

Kind = Literal["efficiency", "push/fold", "riichi/dama", "calls", "win", "kan", "abort"]
KINDS: tuple[Kind, ...] = ("efficiency", "push/fold", "riichi/dama", "calls", "win", "kan",
                           "abort")
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

    @property
    def agrees(self) -> bool:
        """Whether the seat did what ``strong`` does."""
        return _same(self.played.action, self.best.action)

    @property
    def mistake(self) -> bool:
        """Whether the choice gave up at least :data:`MISTAKE_POINTS` of expected value."""
        return not self.agrees and self.cost >= MISTAKE_POINTS


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


def _same(a: Action, b: Action) -> bool:
    """The same choice: a discard of the same kind with the same riichi, the same call."""
    if isinstance(a, Discard) and isinstance(b, Discard):
        return kind_of(a.tile) == kind_of(b.tile) and a.riichi == b.riichi and a.open == b.open
    if isinstance(a, (Chi, Pon, OpenKan)) and isinstance(b, type(a)):
        return sorted(kind_of(t) for t in a.tiles) == sorted(kind_of(t) for t in b.tiles)
    if isinstance(a, ClosedKan) and isinstance(b, ClosedKan):
        return kind_of(a.tiles[0]) == kind_of(b.tiles[0])
    if isinstance(a, AddedKan) and isinstance(b, AddedKan):
        return kind_of(a.tile) == kind_of(b.tile)
    return a == b


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
    """Every point where ``seat`` chose among several actions, with what it chose.

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
        ph = state.phase
        if ph == "turn":  # after a draw or a call, not after a dora turned or a riichi said
            if state.turn != seat or not isinstance(ev, (Drew, Called)):
                continue
        elif not (ph == "claim" and isinstance(ev, Discarded)
                  or ph == "chankan" and isinstance(ev, Kan)):
            continue
        legal = legal_actions(state, seat)
        if len(legal) < 2:
            continue
        if ph == "turn":
            played = _turn_taken(events, i + 1, seat)
        else:
            played = _claim_taken(events, i + 1, seat, legal)
        if played is None:
            continue
        match = next((a for a in legal if _same(a, played)), None)
        if match is None:
            continue  # not among the legal actions (a practice-mode mistake)
        if isinstance(played, (Discard, Chi, Pon, OpenKan, ClosedKan)):
            match = played  # the very tiles, for the hand shown
        points: int | None = None
        if ph == "turn" and any(isinstance(a, Tsumo) for a in legal):
            res = tsumo_result(state, seat)
            points = res.total if res is not None else None
        elif any(isinstance(a, Ron) for a in legal):
            tile = _offered_tile(state)
            if tile is not None:
                res = ron_result(state, seat, tile, chankan=ph == "chankan")
                points = res.total if res is not None else None
        out.append(DecisionPoint(i, view_of(state, seat), legal, match, points))
    return out


def _offered_tile(state: GameState) -> int | None:
    if state.phase == "claim" and state.last_discard is not None:
        return state.last_discard[1]
    if state.last_kan is not None:
        m = state.last_kan[1]
        return m.added if m.added is not None else m.tiles[0]
    return None


# ------------------------------------------------------------------ measuring


class _Measure:
    """The bot's models applied to every choice of one decision (built once per decision)."""

    def __init__(self, bot: ClubBot, view: PlayerView, legal: Sequence[Action]) -> None:
        self.bot = bot
        self.view = view
        self.style = bot.style
        self.sit = Situation(view, bot.style, bot.watch)
        self.legal = legal
        self._opts: dict[int, Option] | None = None

    # -- the own turn
    def options(self) -> dict[int, Option]:
        """Every discard kind scored as :func:`ai.club.discard.evaluate` scores it."""
        if self._opts is None:
            sit = self.sit
            view = self.view
            held = [k for k in range(34) if sit.counts[k]]
            danger = defence.danger_table(view, sit.unseen, sit.threats, held,
                                          self.style.waits)
            add_pao_danger(view, self.style, danger, sit.unseen)
            allowed = {kind_of(a.tile) for a in self.legal
                       if isinstance(a, Discard) and not a.riichi}
            opts = evaluate(sit, danger, random.Random(0),
                            exclude=[k for k in range(34) if k not in allowed])
            self._opts = {o.kind: o for o in opts}
        return self._opts

    def riichi_odds(self, opt: Option) -> tuple[float, float, float, float, float]:
        """(riichi's win chance and value, dama's, what riichi adds) on the tenpai ``opt``.

        As :func:`ai.club.riichi.riichi_pays` weighs them: riichi adds its han, ura,
        ippatsu and tsumo and risks the deposit; dama wins by tsumo only without a yaku.
        """
        return riichi_versus_dama(self.sit, tiles_after(self.view, opt.kind), opt)

    def discard(self, a: Discard) -> Choice:
        k = kind_of(a.tile)
        o = self.options().get(k)
        word = ("open riichi " if a.open else "riichi ") if a.riichi else "discard "
        text = word + kind_name(k)
        if o is None:
            return Choice(a, text, -math.inf)
        ev, win, value = o.score, o.win, o.value
        could_riichi = any(isinstance(x, Discard) and x.riichi and kind_of(x.tile) == k
                           for x in self.legal)
        if o.shanten == 0 and could_riichi:
            p_r, v_r, p_d, v_d, gain = self.riichi_odds(o)
            if a.riichi:
                ev, win, value = ev + gain, p_r, v_r
            else:
                win, value = p_d, v_d
        return Choice(a, text, ev, o.shanten, o.ukeire, win, value, o.danger,
                      f"{shanten_text(o.shanten)}, {o.ukeire} tiles")

    def kan(self, a: ClosedKan | AddedKan) -> Choice:
        sit = self.sit
        c = list(sit.counts)
        melds = list(sit.melds)
        if isinstance(a, ClosedKan):
            k = kind_of(a.tiles[0])
            c[k] -= 4
            melds.append(Meld("ankan", tuple(sorted(a.tiles))))
            text = f"closed kan {kind_name(k)}"
        else:
            k = kind_of(a.tile)
            c[k] -= 1
            text = f"added kan {kind_name(k)}"
        return self._hand13(a, text, c, tuple(melds), 0.0)

    def _hand13(self, a: Action, text: str, c: list[int], melds: tuple[Meld, ...],
                danger: float) -> Choice:
        sit = self.sit
        nmeld = len(melds)
        sh = shanten(c, nmeld)
        uk, kinds = ukeire(c, nmeld, sit.unseen)
        reds = red_count(self.view.concealed(), sit.ctx.red_fives)
        hv = estimate(c, melds, sit.ctx, sit.unseen, reds)
        if sh == 0:
            useful = sum(sit.unseen[k] * sit.ron_ease(k) for k in kinds)
            win = win_chance(0, useful, sit.total, sit.draws, end=sit.end)
        else:
            win = win_chance(sh, float(uk), sit.total, sit.draws, end=sit.end)
        ev = win * sit.win_value(hv.points) - danger * self.style.defence
        return Choice(a, text, ev, sh, uk, win, hv.points, danger,
                      f"{shanten_text(sh)}, {uk} tiles")

    # -- wins
    def win(self, a: Tsumo | Ron, points: int | None) -> Choice:
        value = float(points or 0)
        return Choice(a, "tsumo" if isinstance(a, Tsumo) else "ron",
                      self.sit.win_value(value), -1, 0, 1.0, value, 0.0,
                      f"{value:.0f} points")

    def pass_ron(self, points: int | None) -> Choice:
        """Letting a ron go: the hand stays, furiten, and wins by tsumo only."""
        sit = self.sit
        c = sit.counts
        nmeld = len(sit.melds)
        _, kinds = ukeire(c, nmeld, sit.unseen)
        live = float(sum(sit.unseen[k] for k in kinds))
        win = win_chance(0, live, sit.total, sit.draws, ron_factor=0.0, end=sit.end)
        value = float(points or 0)
        return Choice(Pass(), "pass", win * sit.win_value(value), 0, int(live), win, value,
                      0.0, f"tenpai, furiten, {int(live)} tiles")

    # -- calls
    def pass_call(self) -> Choice:
        sit = self.sit
        return self._hand13(Pass(), "pass", list(sit.counts), sit.melds, 0.0)

    def call(self, a: Chi | Pon | OpenKan) -> Choice:
        """A call and the best discard after it, by the calls' models."""
        sit = self.sit
        view = self.view
        assert view.last_discard is not None
        from_seat, called = view.last_discard
        kind_called = kind_of(called)
        c = list(sit.counts)
        for t in a.tiles:
            c[kind_of(t)] -= 1
        mkind: Literal["chi", "pon", "minkan"] = (
            "chi" if isinstance(a, Chi) else "pon" if isinstance(a, Pon) else "minkan")
        word = {"chi": "chi", "pon": "pon", "minkan": "open kan"}[mkind]
        text = f"{word} {kind_name(kind_called)}"
        melds = (*sit.melds, Meld(mkind, tuple(sorted((*a.tiles, called))), called, from_seat))
        if mkind == "minkan":
            return self._hand13(a, text, c, melds, 0.0)
        kinds_held = [k for k in range(34) if c[k]]
        danger = defence.danger_table(view, sit.unseen, sit.threats, kinds_held,
                                      self.style.waits)
        excl = kuikae_exclude(view, mkind, a.tiles, kind_called)
        opts = discard_options(c, len(melds), sit.unseen, exclude=excl)
        reds = red_count(view.concealed(), sit.ctx.red_fives) \
            - sum(1 for t in a.tiles if is_red(t, sit.ctx.red_fives)) \
            + (1 if is_red(called, sit.ctx.red_fives) else 0)
        best: Choice | None = None
        river = {kind_of(r.tile) for r in view.me.river}
        for o in opts[:4]:
            c[o.kind] -= 1
            hv = estimate(c, melds, sit.ctx, sit.unseen, reds)
            c[o.kind] += 1
            if o.shanten == 0:
                useful = sum(sit.unseen[k] * sit.ron_ease(k) for k in o.kinds)
                furiten = any(k in river or k == o.kind for k in o.kinds)
                ron = 0.0 if furiten else self.style.ron_factor * sit.ron_share()
                win = win_chance(0, useful, sit.total, sit.draws, end=sit.end, ron_factor=ron)
            else:
                win = win_chance(o.shanten, o.ukeire * self.style.call_boost, sit.total,
                                 sit.draws, end=sit.end)
            ev = win * sit.win_value(hv.points) - danger[o.kind] * self.style.defence
            if best is None or ev > best.ev:
                best = Choice(a, f"{text}, discard {kind_name(o.kind)}", ev, o.shanten,
                              o.ukeire, win, hv.points, danger[o.kind],
                              f"{shanten_text(o.shanten)}, {o.ukeire} tiles")
        return best if best is not None else Choice(a, text, -math.inf)

    def measure(self, a: Action, points: int | None) -> Choice:
        """Any legal action of this decision, measured."""
        if isinstance(a, Discard):
            return self.discard(a)
        if isinstance(a, (Tsumo, Ron)):
            return self.win(a, points)
        if isinstance(a, (ClosedKan, AddedKan)):
            return self.kan(a)
        if isinstance(a, (Chi, Pon, OpenKan)):
            return self.call(a)
        if isinstance(a, Pass):
            if any(isinstance(x, Ron) for x in self.legal):
                return self.pass_ron(points)
            return self.pass_call()
        return Choice(a, "abort" if isinstance(a, NineTerminals) else type(a).__name__.lower(),
                      0.0)


def _offence(c: Choice) -> Choice:
    """A discard's worth as a kan is weighed: the win's chance times its worth."""
    if isinstance(c.action, Discard) and c.win is not None and c.value is not None:
        return dataclasses.replace(c, ev=c.win * c.value)
    return c


def _kind(played: Action, best: Action, m: _Measure, p: Choice, b: Choice,
          why: Why | None) -> Kind:
    """The kind of a decision; a discard against a threat where strong pushes or folds, or
    where the two discards' danger differs by 300 points or more, is push/fold."""
    both = (played, best)
    if any(isinstance(a, (Tsumo, Ron)) for a in both):
        return "win"
    if any(isinstance(a, NineTerminals) for a in both):
        return "abort"
    if any(isinstance(a, (ClosedKan, AddedKan)) for a in both):
        return "kan"
    if any(isinstance(a, (Chi, Pon, OpenKan, Pass)) for a in both):
        return "calls"
    assert isinstance(played, Discard) and isinstance(best, Discard)
    if kind_of(played.tile) == kind_of(best.tile) and played.riichi != best.riichi:
        return "riichi/dama"
    threatened = any(t.riichi or t.tenpai >= 0.4 for t in m.sit.threats)
    pushes_or_folds = why is not None and why.stance in ("push", "fold")
    if threatened and (pushes_or_folds or abs((p.danger or 0.0) - (b.danger or 0.0)) >= 300.0):
        return "push/fold"
    return "efficiency"


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
        bot = ClubBot("strong", seed=0, watch=dataclasses.replace(
            watch, safe=list(watch.safe), seen=list(watch.seen),
            _hand_safe=list(watch._hand_safe), _hand_seen=list(watch._hand_seen)))
        return _same(bot.decide(v, legal).action, asked.played)

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
        decision = bot.decide(a.view, a.legal)
        m = _Measure(bot, a.view, a.legal)
        best = m.measure(decision.action, a.win_points)
        same = _same(a.played, decision.action)
        played = best if same else m.measure(a.played, a.win_points)
        cost = 0.0 if same else max(0.0, best.ev - played.ev)
        if math.isinf(cost) or math.isnan(cost):
            cost = 0.0
        kind = _kind(a.played, decision.action, m, played, best, decision.why)
        if kind == "kan" and not same:  # a kan against a discard: both without the danger
            played, best = _offence(played), _offence(best)
            cost = max(0.0, best.ev - played.ev)
        hand_index, name = _hand_at(starts, a.position)
        note = ""
        if not same and cost >= MISTAKE_POINTS:
            note = _rule_note(a, bot.watch)
        out.append(DecisionReview(a.position, hand_index, name, kind, played, best,
                                  decision.reason, cost, note, decision, a.view, a.legal))
    if progress is not None:
        progress(len(events) * 2, len(events) * 2)
    return GameReview(seat, first.players[seat], first.ruleset.name, tuple(out),
                      _hands(events, seat, starts, out))


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
