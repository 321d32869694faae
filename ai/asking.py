"""Asking a bot at every decision of a recorded game, as mjai-reviewer asks Mortal.

An :class:`Asker` is shown every recorded event in order (:meth:`Asker.see`) and asked at
each decision of its seat (:func:`fed_points` walks the game); the game goes on with the
recorded events whatever it answered.  :class:`BotAsker` is one of our levels, which
watches only the views it is asked with, as in play; :class:`MjaiAsker` an outside mjai
bot (``mjai:CMD``, :class:`ai.mjai.seat.MjaiSeat`) sent the seat's events.  The review
(``hanchan review --by``) and ``benchmarks/agreement.py`` both ask through here.

An mjai bot may send its evaluation of every action with its reply, as Mortal does
(``meta.q_values``, one value per action allowed by ``meta.mask_bits``, in Mortal's 46
actions: :func:`mortal_index`); :attr:`Answer.values` keeps it, keyed by action index.

>>> mortal_index(Pass()), mortal_index(Tsumo())
(45, 43)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from hanchan.ai.base import MJAI, make_bot
from hanchan.ai.club.bot import same_choice as same_choice  # (re-exported)
from hanchan.ai.mjai.options import DEFAULT_TIMEOUT, Style
from hanchan.ai.mjai.protocol import automatic
from hanchan.ai.mjai.seat import MjaiSeat
from hanchan.ai.review import DecisionPoint, decision_points
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
from hanchan.engine.events import Event
from hanchan.engine.tiles import is_red, kind_of
from hanchan.engine.view import PlayerView

MORTAL_ACTIONS = 46
"""Mortal's actions: 0-33 a discard of each kind (1m..9m, 1p..9p, 1s..9s, ESWN, PFC),
34-36 the red 5m, 5p, 5s, 37 riichi, 38-40 chi (the called tile lowest, middle,
highest), 41 pon, 42 a kan, 43 a win, 44 an abortive draw, 45 pass."""


def mortal_index(a: Action, view: PlayerView | None = None) -> int | None:
    """The index of ``a`` among Mortal's actions (:data:`MORTAL_ACTIONS`) at the moment of
    ``view``; a riichi discard is the riichi (37), asked before its tile; a chi is placed
    by the called tile (None without a view to tell)."""
    if isinstance(a, Discard):
        if a.riichi:
            return 37
        k = kind_of(a.tile)
        if view is not None and is_red(a.tile, view.ruleset.red_fives):
            return 34 + k // 9
        return k
    if isinstance(a, Chi):
        if view is None or view.last_discard is None:
            return None
        called = kind_of(view.last_discard[1])
        kinds = sorted(kind_of(t) for t in a.tiles)
        return 38 if called < kinds[0] else 39 if called < kinds[1] else 40
    if isinstance(a, Pon):
        return 41
    if isinstance(a, (OpenKan, ClosedKan, AddedKan)):
        return 42
    if isinstance(a, (Tsumo, Ron)):
        return 43
    if isinstance(a, NineTerminals):
        return 44
    if isinstance(a, Pass):
        return 45
    return None


def values_of(reply: Any) -> dict[int, float] | None:
    """The per-action values of an mjai reply's ``meta`` (Mortal's ``q_values`` over the
    set bits of ``mask_bits``), or None when it has none that can be read."""
    if not isinstance(reply, dict):
        return None
    meta = reply.get("meta")
    if not isinstance(meta, dict):
        return None
    q = meta.get("q_values")
    mask = meta.get("mask_bits")
    if not isinstance(q, list) or not isinstance(mask, int) or isinstance(mask, bool) \
            or not 0 <= mask < 1 << MORTAL_ACTIONS:
        return None
    allowed = [i for i in range(MORTAL_ACTIONS) if mask >> i & 1]
    if len(allowed) != len(q) or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and v == v for v in q):
        return None
    return {i: float(v) for i, v in zip(allowed, q, strict=True)}


@dataclass(frozen=True, slots=True)
class Answer:
    """A bot's answer at one decision: its choice (None: it gave none that is legal),
    whether it wanted riichi, and its value of each action where it reports them."""

    action: Action | None
    riichi: bool = False
    values: dict[int, float] | None = None


class Asker(Protocol):
    """A bot asked at the decisions of a recorded game, in order."""

    def see(self, event: Event) -> None:
        """One more recorded event (every event, in order)."""

    def ask(self, view: PlayerView, legal: Sequence[Action], declared: bool) -> Answer:
        """Its answer; ``declared``: the player declared riichi here (so its riichi
        discard may be asked)."""
        ...

    def ask_among(self, view: PlayerView, legal: Sequence[Action]) -> Action | None:
        """Its choice among ``legal`` only (None when it cannot be asked so)."""
        ...

    def close(self) -> list[str]:
        """The game is over; what went wrong with the bot, in sentences."""
        ...


def fed_points(events: Sequence[Event], seat: int, asker: Asker,
               points: Sequence[DecisionPoint] | None = None) -> Iterator[DecisionPoint]:
    """Every decision of ``seat`` (:func:`ai.review.decision_points`, or ``points``), each
    after ``asker`` has seen the events up to it; then the rest of the game."""
    seen = 0
    for p in decision_points(events, seat) if points is None else points:
        for ev in events[seen:p.position + 1]:
            asker.see(ev)
        seen = p.position + 1
        yield p
    for ev in events[seen:]:
        asker.see(ev)


class BotAsker:
    """One of our bots (a level): it watches only the views it is asked with, as in play."""

    def __init__(self, level: str) -> None:
        self.bot = make_bot(level, seed=0)

    def see(self, event: Event) -> None:
        pass

    def ask(self, view: PlayerView, legal: Sequence[Action], declared: bool) -> Answer:
        choice = self.bot.choose(view, legal)
        return Answer(choice, isinstance(choice, Discard) and choice.riichi)

    def ask_among(self, view: PlayerView, legal: Sequence[Action]) -> Action | None:
        return self.bot.choose(view, legal)

    def close(self) -> list[str]:
        return []


class MjaiAsker:
    """An outside mjai bot (``mjai:CMD``) in the seat, sent the seat's events as they were
    recorded whatever it answered; it cannot be asked among the riichi discards only."""

    def __init__(self, command: str, seat: int, timeout: float, style: Style = "wire", *,
                 then: str = "it is asked no more and strong's review stands") -> None:
        """``then``: what its note says stands once the bot is given up."""
        self.seat = MjaiSeat(command, seat, fallback=make_bot("strong"), timeout=timeout,
                             style=style, then=then)

    @property
    def name(self) -> str:
        """The bot's short name (its program's)."""
        return self.seat.name

    def see(self, event: Event) -> None:
        self.seat.see(event)

    def ask(self, view: PlayerView, legal: Sequence[Action], declared: bool) -> Answer:
        if len(legal) > 1 and automatic(legal) is not None:
            return Answer(None)  # showing the hand, stopping: mjai never asks them
        self.seat.last_reply = None
        action, riichi = self.seat.recorded_choice(view, legal, declared=declared)
        return Answer(action, riichi, values_of(self.seat.last_reply))

    def ask_among(self, view: PlayerView, legal: Sequence[Action]) -> Action | None:
        return None

    def close(self) -> list[str]:
        notes = self.seat.take_notes()
        self.seat.close()
        return notes

    def stop(self) -> None:
        """End the bot now, from any thread (the review that asked it was left)."""
        self.seat.stop()


def asker_for(bot: str, seat: int, timeout: float = DEFAULT_TIMEOUT, style: Style = "wire"
              ) -> Asker:
    """A fresh asker for one seat of one game (bots keep what they saw in a game)."""
    if bot.startswith(MJAI):
        return MjaiAsker(bot[len(MJAI):], seat, timeout, style)
    return BotAsker(bot)


@dataclass(frozen=True, slots=True)
class SecondOpinion:
    """Another bot's answers at every decision of one seat (``hanchan review --by``):
    by the position of the decision, and what went wrong with the bot, in sentences."""

    name: str
    answers: dict[int, Answer]
    notes: tuple[str, ...] = ()

    def agreement(self, points: Sequence[tuple[int, Action]]) -> float | None:
        """The share of the decisions (position, action) where its choice was that action
        (None when it answered none)."""
        asked = [(self.answers[i].action, a) for i, a in points
                 if i in self.answers and self.answers[i].action is not None]
        if not asked:
            return None
        return sum(1 for b, a in asked if b is not None and same_choice(a, b)) / len(asked)


def second_opinion(events: Sequence[Event], seat: int, asker: Asker, name: str,
                   progress: Callable[[int, int], None] | None = None) -> SecondOpinion:
    """Ask ``asker`` at every decision of ``seat``, the way mjai-reviewer asks Mortal;
    ``progress`` is told (decisions asked, decisions in all) as it goes."""
    answers: dict[int, Answer] = {}
    points = decision_points(events, seat)
    for n, p in enumerate(fed_points(events, seat, asker, points), 1):
        declared = isinstance(p.played, Discard) and p.played.riichi
        answers[p.position] = asker.ask(p.view, p.legal, declared)
        if progress is not None:
            progress(n, len(points))
    return SecondOpinion(name, answers, tuple(asker.close()))


def rank_of(values: dict[int, float], action: Action, view: PlayerView | None
            ) -> tuple[int, int, float] | None:
    """(the rank of ``action`` among the bot's valued actions, 1 the best; how many it
    valued; the value it gives up against the best), or None when it valued no such
    action."""
    i = mortal_index(action, view)
    if i is None or i not in values:
        return None
    mine = values[i]
    better = sum(1 for v in values.values() if v > mine)
    return better + 1, len(values), max(values.values()) - mine
