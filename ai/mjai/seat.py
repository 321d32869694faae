"""An outside mjai bot in one of our seats: a subprocess spoken to over stdin/stdout.

:class:`MjaiSeat` is a bot (``choose(view, legal)``) that also watches the game's events
(``see``): it queues the mjai events its seat may see (:class:`~ai.mjai.protocol.SeatStream`)
and sends them only when the seat has a choice, then reads one reply.

* ``style="wire"`` (mjai.app's, Mortal's): each line to the bot is a JSON array of the
  events since its last reply; each line back is one JSON action.
* ``style="classic"``: one event per line, and one reply to every line; the reply to
  the last event sent is the seat's choice.

A reply is checked against the legal actions.  An illegal, garbled or late reply
(``timeout`` seconds) is replaced by a safe default (pass, or discard the drawn tile)
and written down in :attr:`MjaiSeat.notes` with the bot's name; a late reply that comes
afterwards is read and dropped.  A bot that exits, cannot be started, or misses
:data:`HANG_AFTER` replies in a row is stopped and its seat plays on as ``fallback``
(the strong bot), said in one sentence.  The game's driver writes the notes into the
game (``Game.note``), so the save records them.
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
import time
from collections import deque
from collections.abc import Sequence
from typing import IO, Any

from ai.mjai.options import DEFAULT_TIMEOUT, STYLES, Style, bot_name
from ai.mjai.protocol import (
    ReplyError,
    SeatStream,
    action_for,
    automatic,
    default_words,
    safe_default,
    wants_riichi,
)
from engine.actions import Action, Discard
from engine.events import Event, RiichiDeclared
from engine.tiles import WIND_LETTERS
from engine.view import PlayerView

HANG_AFTER = 3
"""Late replies in a row after which a bot counts as hung and is replaced."""
_EOF = object()


class SeatGone(Exception):
    """The bot's process is gone or hung; the message is the end of a sentence."""


class MjaiSeat:
    """An outside mjai bot playing ``seat``; see the module's docstring."""

    def __init__(self, command: str, seat: int, *, fallback: Any, style: Style = "wire",
                 timeout: float = DEFAULT_TIMEOUT, name: str | None = None,
                 level: str | None = None) -> None:
        if style not in STYLES:
            raise ValueError(f"mjai style must be one of {', '.join(STYLES)}")
        self.command = command
        self.seat = seat
        self.style = style
        self.timeout = timeout
        self.name = name or bot_name(command)
        self.level = level or f"mjai:{command}"
        self.fallback = fallback
        self.stream = SeatStream(seat)
        self.outbox: list[dict[str, Any]] = []
        self.notes: list[str] = []
        self.gone: str | None = None  # why the bot no longer plays
        self.replies = 0
        self._owed = 0  # late replies still to come (dropped when they do)
        self._late_in_row = 0
        self._lines: queue.Queue[Any] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=5)
        self._proc: subprocess.Popen[str] | None = None
        self._start()

    # ------------------------------------------------------------ process
    def _start(self) -> None:
        argv_text = self.command.replace("{seat}", str(self.seat))
        try:
            argv = shlex.split(argv_text)
        except ValueError as exc:
            self._give_up(f"has a command that cannot be read ({exc})")
            return
        if not argv:
            self._give_up("has an empty command")
            return
        try:
            self._proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True, encoding="utf-8", errors="replace", bufsize=1)
        except OSError as exc:
            self._give_up(f"could not be started ({exc.strerror or exc})")
            return
        assert self._proc.stdout is not None and self._proc.stderr is not None
        threading.Thread(target=self._pump, args=(self._proc.stdout, True),
                         daemon=True).start()
        threading.Thread(target=self._pump, args=(self._proc.stderr, False),
                         daemon=True).start()

    def _pump(self, pipe: IO[str], replies: bool) -> None:
        try:
            for line in pipe:
                if replies:
                    self._lines.put(line)
                else:
                    self._stderr.append(line.rstrip()[:200])
        except (OSError, ValueError):  # the pipe closed under us at close()
            pass
        if replies:
            self._lines.put(_EOF)

    def _why_gone(self) -> str:
        proc = self._proc
        status = proc.poll() if proc is not None else None
        if status is None and proc is not None:
            try:
                status = proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                status = None
        last = next((x for x in reversed(self._stderr) if x), "")
        said = f" (it said: {last})" if last else ""
        return (f"exited with status {status}{said}" if status is not None
                else f"closed its output{said}")

    def _send(self, lines: Sequence[str]) -> None:
        proc = self._proc
        if proc is None or proc.stdin is None:
            raise SeatGone("is not running")
        try:
            for line in lines:
                proc.stdin.write(line + "\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise SeatGone(self._why_gone()) from None

    def _read(self, timeout: float) -> Any:
        """One reply line (parsed), or None when it is late; SeatGone if the bot is."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                line = self._lines.get(timeout=max(0.0, left))
            except queue.Empty:
                self._owed += 1
                self._late_in_row += 1
                if self._late_in_row >= HANG_AFTER:
                    raise SeatGone(f"did not answer {HANG_AFTER} requests in a row "
                                   f"within {self.timeout:g} s") from None
                return None
            if line is _EOF:
                raise SeatGone(self._why_gone())
            if self._owed:
                self._owed -= 1  # the late answer to an earlier request
                continue
            self._late_in_row = 0
            self.replies += 1
            text = line.strip()
            try:
                return json.loads(text)
            except json.JSONDecodeError:
                return _Garbage(text)

    def _exchange(self) -> Any:
        """Send the queued events; the reply to the last (None: late)."""
        events, self.outbox = self.outbox, []
        if self.style == "wire":
            self._send([json.dumps(events, separators=(",", ":"))])
            return self._read(self.timeout)
        reply: Any = None
        for ev in events:
            self._send([json.dumps(ev, separators=(",", ":"))])
            reply = self._read(self.timeout)
        return reply

    def _give_up(self, why: str) -> None:
        self.gone = why
        self.notes.append(f"The mjai bot {self.name} in seat {WIND_LETTERS[self.seat]} {why}; "
                          f"the seat plays on as the strong bot.")
        self._stop()

    def _stop(self) -> None:
        proc = self._proc
        if proc is None:
            return
        self._proc = None
        try:
            if proc.stdin is not None:
                proc.stdin.close()
        except (BrokenPipeError, OSError, ValueError):
            pass
        try:
            proc.wait(timeout=2.0)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    # ------------------------------------------------------------ the bot
    def see(self, event: Event) -> None:
        """Queue the mjai events of ``event`` for this seat."""
        if self.gone is None:
            self.outbox.extend(self.stream.events(event))
        elif isinstance(event, RiichiDeclared):
            self.stream.skip_reach = False

    def take_notes(self) -> list[str]:
        """The notes written since the last call (the driver records them in the game)."""
        out, self.notes = self.notes, []
        return out

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Ask the bot when the seat has a choice; a checked answer, or a safe default."""
        if self.gone is not None:
            return self.fallback.choose(view, legal)  # type: ignore[no-any-return]
        auto = automatic(legal)
        if auto is not None:
            return auto
        try:
            reply = self._exchange()
            if reply is not None and wants_riichi(reply, legal):
                self.outbox.append({"type": "reach", "actor": self.seat})
                self.stream.skip_reach = True
                reply2 = self._exchange()
                return self._checked(reply2, legal, view, riichi=True)
            return self._checked(reply, legal, view)
        except SeatGone as exc:
            self._give_up(str(exc))
            return self.fallback.choose(view, legal)  # type: ignore[no-any-return]

    def _checked(self, reply: Any, legal: Sequence[Action], view: PlayerView, *,
                 riichi: bool = False) -> Action:
        if riichi:
            options = [a for a in legal if isinstance(a, Discard) and a.riichi and not a.open]
            default: Action = next((a for a in options if a.tile == view.drawn), options[0])
        else:
            default = safe_default(view, legal)
        where = f"The mjai bot {self.name} in seat {WIND_LETTERS[self.seat]}"
        if reply is None:
            self.notes.append(f"{where} did not answer within {self.timeout:g} s; "
                              f"it {default_words(default)}.")
            return default
        if isinstance(reply, _Garbage):
            self.notes.append(f"{where} wrote {reply.text[:80]!r}, not JSON; "
                              f"it {default_words(default)}.")
            return default
        try:
            return action_for(reply, legal, view, riichi=riichi)
        except ReplyError as exc:
            self.notes.append(f"{where} replied {json.dumps(reply)[:120]}: {exc}; "
                              f"it {default_words(default)}.")
            return default

    def close(self) -> None:
        """Send what is left (the end of the game), then stop the process."""
        if self.gone is None and self._proc is not None and self.outbox:
            events, self.outbox = self.outbox, []
            try:
                if self.style == "wire":
                    self._send([json.dumps(events, separators=(",", ":"))])
                else:
                    self._send([json.dumps(e, separators=(",", ":")) for e in events])
            except SeatGone:
                pass
        self._stop()


class _Garbage:
    """A reply line that is not JSON."""

    def __init__(self, text: str) -> None:
        self.text = text
