"""The bots' pace at the table, so that a person can follow the game.

Without a delay the bots play every move up to the human's next decision (or a
result) in one go; with a delay (``Settings.bot_delay``) one move at a time,
each bot thinking in a thread and an action other than a pass waiting out the
rest of the delay.  In practice mode the human is asked about every discard
(a false ron is possible on any); a pass nobody answers is made after
:func:`pass_wait`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from hanchan.engine.actions import Pass
from hanchan.tui.session import PlaySession


def pass_wait(bot_delay: float) -> float:
    """Seconds before practice mode passes by itself: twice the bots' delay, 0.8 s at least.

    >>> pass_wait(0.4), pass_wait(0.2)
    (0.8, 0.8)
    """
    return max(0.8, bot_delay * 2)


class BotPacer:
    """Plays the bots' moves of one session at the chosen pace.

    ``clock`` and ``sleep`` are the real ones unless a test passes its own.
    """

    def __init__(
        self,
        session: PlaySession,
        *,
        clock: Callable[[], float] = time.perf_counter,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.session = session
        self._clock = clock
        self._sleep = sleep
        self._pass_mark: int | None = None  # the events count a lone pass was timed for

    async def play(self, delay: float) -> int:
        """Play the bots' next moves (all of them without a delay, else one); how many."""
        session = self.session
        if delay <= 0:
            return await asyncio.to_thread(session.run_bots)
        turns = session.bot_turns()
        if not turns:
            return 0
        seat, legal = turns[0]
        view = session.view(seat)
        started = self._clock()
        action = await asyncio.to_thread(session.bots[seat].choose, view, legal)
        if not isinstance(action, Pass):
            wait = delay - (self._clock() - started)
            if wait > 0:
                await self._sleep(wait)
        return int(session.act_bot(seat, legal, action))

    def time_pass(self) -> int | None:
        """Start timing the human's lone pass now: the moment (events count) to pass at.

        None when this moment is timed already.
        """
        mark = len(self.session.events)
        if self._pass_mark == mark:
            return None
        self._pass_mark = mark
        return mark

    def pass_if_unanswered(self, mark: int) -> bool:
        """Pass for the human if the game is still at ``mark`` with only a pass to make."""
        session = self.session
        if len(session.events) != mark:
            return False
        legal = session.legal()
        if not legal or not all(isinstance(a, Pass) for a in legal):
            return False
        return session.act(session.human, legal[0]) is None
