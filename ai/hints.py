"""Hints for the human player: what the ``strong`` bot would do, and why in a few words.

``hint(view, legal)`` gives, say, ``Decision(Discard(tile=...), "discard 3p: 1-shanten,
24 tiles")``.

:class:`Hinter` gives the hints of one game: its bot watches the human's views as the
game goes on, so its reading of who folds against a riichi
(:class:`ai.opponents.FoldWatch`) is that of a bot sitting in the human's seat.
:func:`hint` answers from one view alone (the bot's prior about the others).  A hint is
the bot's :class:`~ai.decision.Decision`: the action and its reason.

:class:`HintBot` is an outside mjai bot (Mortal, akochan...) asked for a hint too
(``hanchan play --hint-by mjai:CMD``, the table's ``H``): an :class:`ai.asking.MjaiAsker`
in the human's seat.  A bot that is late, wrong or gone gives no hint, said in one
sentence; strong's hint stands.

:func:`judge_moment` is the analysis of any moment of a game (the replay's analysis
key): every legal choice of a seat as the hint's bot measures it
(:meth:`ai.club.ClubBot.judge`), its choice first.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass

from hanchan.ai.asking import Answer, MjaiAsker
from hanchan.ai.base import DEFAULT_MJAI, MjaiOptions
from hanchan.ai.club import ClubBot
from hanchan.ai.decision import Decision, Judgement
from hanchan.ai.mjai.protocol import automatic
from hanchan.ai.opponents import FoldWatch
from hanchan.ai.review import end_choice, offered_win_points
from hanchan.engine.actions import Action
from hanchan.engine.events import Event, HandStarted
from hanchan.engine.legal import legal_actions
from hanchan.engine.state import GameState, apply
from hanchan.engine.view import PlayerView
from hanchan.engine.visibility import view as view_of


class Hinter:
    """The hints of one game, from a ``strong`` bot that has watched the game so far.

    :meth:`observe` may be called from the UI thread while :meth:`hint` runs in a
    worker thread; a lock keeps the bot's counts whole.
    """

    def __init__(self) -> None:
        self._bot = ClubBot("strong", seed=0)
        self._lock = threading.Lock()

    @property
    def watch(self) -> FoldWatch:
        """What the bot has read so far of who folds against a riichi."""
        return self._bot.watch

    def observe(self, view: PlayerView) -> None:
        """Show the bot the human's view (call it whenever the table changes)."""
        with self._lock:
            self._bot.observe(view)

    def hint(self, view: PlayerView, legal: Sequence[Action]) -> Decision:
        """The strong bot's choice for this view with its reason; deterministic."""
        with self._lock:
            return self._bot.decide(view, legal)


STANDS = "strong's hint stands"
"""What a sentence on an outside bot that gave no hint ends with."""


@dataclass(frozen=True, slots=True)
class BotHint:
    """An outside bot's hint: its answer (``action`` None and ``riichi``: it wants riichi,
    its discard not asked), or None with the sentence that says why it gave none."""

    name: str
    answer: Answer | None
    why: str | None = None


class HintBot:
    """An outside mjai bot in the human's seat, asked for a hint when the player asks.

    mjai sends a bot its seat's events with a request only, so the bot is told the game's
    events up to the moment when it is asked, in order, each once: what it would have
    been told as they happened.  :meth:`ask` waits for the reply (within the mjai
    timeout: call it from a worker thread), one question at a time; :meth:`stop` ends the
    bot from any thread.  The command comes from the player (the command line, the
    table's dialog), never from a file.
    """

    def __init__(self, command: str, seat: int, options: MjaiOptions = DEFAULT_MJAI) -> None:
        self.asker = MjaiAsker(command, seat, options.timeout, options.style,
                               then=f"it is asked no more and {STANDS}")
        self.timeout = options.timeout
        self._told = 0  # events the bot has been told
        self._asking = threading.Lock()
        self._last: tuple[int, BotHint] | None = None  # the answer at the last moment asked

    @property
    def name(self) -> str:
        """The bot's short name (its program's)."""
        return self.asker.name

    def ask(self, events: Sequence[Event], view: PlayerView, legal: Sequence[Action]
            ) -> BotHint:
        """The bot's hint at the moment after ``events`` (the game so far), where the human
        sees ``view`` and may play ``legal``; asked again at the same moment, the same."""
        if not self._asking.acquire(blocking=False):
            return BotHint(self.name, None, f"{self.name} is still at an earlier hint; "
                           f"{STANDS}.")
        try:
            if self._last is not None and self._last[0] == len(events):
                return self._last[1]
            if len(events) < self._told:  # a question from a moment gone by
                return BotHint(self.name, None, f"That moment has passed; {STANDS}.")
            for ev in events[self._told:]:
                self.asker.see(ev)
            self._told = len(events)
            hint = self._hint(view, legal)
            self._last = (len(events), hint)
            return hint
        finally:
            self._asking.release()

    def _hint(self, view: PlayerView, legal: Sequence[Action]) -> BotHint:
        seat = self.asker.seat
        if seat.gone is None and len(legal) > 1 and automatic(legal) is not None:
            return BotHint(self.name, None, f"mjai does not ask a bot this choice; {STANDS}.")
        answer = self.asker.ask(view, legal, declared=False)
        seat.take_notes()  # (the sentences below say it: notes are for a game's file)
        if answer.action is not None or answer.riichi:
            return BotHint(self.name, answer)
        if seat.gone is not None:
            why = f"The mjai bot {self.name} {seat.gone}; it is asked no more and {STANDS}."
        elif seat.last_reply is None:
            why = f"{self.name} did not answer within {self.timeout:g} s; {STANDS}."
        else:
            why = f"{self.name} gave no legal answer; {STANDS}."
        return BotHint(self.name, None, why)

    def stop(self) -> None:
        """End the bot now, from any thread (the game or the app is left)."""
        self.asker.stop()


def hint(view: PlayerView, legal: Sequence[Action]) -> Decision:
    """The strong bot's choice for this view alone with its reason; deterministic."""
    return Hinter().hint(view, legal)


def judge_moment(events: Sequence[Event], position: int, seat: int
                 ) -> tuple[PlayerView, Judgement] | None:
    """``seat``'s view after ``events[position]`` and the strong bot's judgement of every
    choice it has there (the ending choices too: :func:`ai.review.end_choice`); None when it
    has nothing to decide.

    The bot has read who folds against a riichi from the seat's view at the end of each
    earlier hand, as a hint's bot reads the game it watches (:class:`Hinter`).
    """
    bot = ClubBot("strong", seed=0)
    state: GameState | None = None
    for ev in events[:position + 1]:
        if isinstance(ev, HandStarted) and state is not None and state.hand_index >= 0:
            bot.observe(view_of(state, seat))
        state = apply(state, ev)
    if state is None:
        return None
    legal: Sequence[Action] = legal_actions(state, seat)
    if not legal:  # a choice that ends the hand or the game, asked outside the listing
        end = end_choice(events, position, state, seat)
        if end is None:
            return None
        legal = end.legal
    view = view_of(state, seat)
    return view, bot.judge(view, legal, win_points=offered_win_points(state, seat, legal))


def moments(events: Sequence[Event], seat: int) -> list[int]:
    """The positions of ``events`` after which ``seat`` has a choice to make (showing its
    hand or declaring noten, and the last dealer's stop or play on, included)."""
    out: list[int] = []
    state: GameState | None = None
    for i, ev in enumerate(events):
        state = apply(state, ev)
        if legal_actions(state, seat) or end_choice(events, i, state, seat) is not None:
            out.append(i)
    return out
