"""An outside mjai bot (Mortal, akochan...) asked for a hint beside ``strong``.

``hanchan play --hint-by mjai:CMD`` or the table's ``H`` start one: an
:class:`ai.asking.MjaiAsker` in the human's seat, told the game's events when it is asked.
A bot that is late, wrong or gone gives no hint, said in one sentence; strong's hint
(:mod:`ai.hints`) stands.  Its own module: the mjai bridge it needs (subprocesses, the
protocol, the log models) is loaded only where a hint bot is started.

>>> BotHint("Mortal", None, "Mortal did not answer within 10 s; " + STANDS + ".").why
"Mortal did not answer within 10 s; strong's hint stands."
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass

from hanchan.ai.asking import Answer, MjaiAsker
from hanchan.ai.base import DEFAULT_MJAI, MjaiOptions
from hanchan.ai.mjai.protocol import automatic
from hanchan.engine.actions import Action
from hanchan.engine.events import Event
from hanchan.engine.view import PlayerView

__all__ = ["STANDS", "BotHint", "HintBot"]

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
