"""Hints for the human player: what the ``strong`` bot would do, and why in a few words.

``hint(view, legal)`` gives, say, ``Decision(Discard(tile=...), "discard 3p: 1-shanten,
24 tiles")``.

:class:`Hinter` gives the hints of one game: its bot watches the human's views as the
game goes on, so its reading of who folds against a riichi
(:class:`ai.opponents.FoldWatch`) is that of a bot sitting in the human's seat.
:func:`hint` answers from one view alone (the bot's prior about the others).  A hint is
the bot's :class:`~ai.decision.Decision`: the action and its reason.

An outside mjai bot asked for a hint too is :class:`ai.hint_bot.HintBot`.

:func:`judge_moment` is the analysis of any moment of a game (the replay's analysis
key): every legal choice of a seat as the hint's bot measures it
(:meth:`ai.club.ClubBot.judge`), its choice first.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from hanchan.ai.club import ClubBot
from hanchan.ai.decision import Decision, Judgement
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
