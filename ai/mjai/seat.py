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
afterwards is read and dropped.  The game's driver writes the notes into the game
(``Game.note``), so the save records them.

The bot is a stranger's program, so everything it does is bounded.  It runs in a session
of its own, and its whole process group is ended (SIGTERM, then SIGKILL) when the game
ends, when it misbehaves, and when hanchan exits.  Its lines are read by threads with a
bound on a line (:data:`~ai.mjai.lines.MAX_LINE`), on lines not yet asked for
(:data:`MAX_PENDING`) and on its stderr (:data:`STDERR_BUDGET`, of which only the last
lines are kept); a reply is decoded within :mod:`ai.mjai.lines`' bounds; a request is
written without blocking, within ``timeout``; its data memory is limited
(:data:`MEMORY_LIMIT`, on Linux).  mjai has no request ids: lines waiting before a request
are late replies (dropped) or replies nobody asked for.  A bot that breaks one of these
bounds, exits, cannot be started, answers unasked or misses :data:`HANG_AFTER` replies in
a row is stopped and its seat plays on as ``fallback`` (the strong bot), said in one
sentence.
"""

from __future__ import annotations

import atexit
import json
import os
import queue
import resource
import select
import shlex
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Sequence
from typing import IO, Any

from hanchan.ai.mjai.lines import MAX_LINE, NotJson, TooLarge, decode
from hanchan.ai.mjai.options import DEFAULT_TIMEOUT, STYLES, Style, bot_name, timeout_problem
from hanchan.ai.mjai.protocol import (
    ReplyError,
    SeatStream,
    action_for,
    automatic,
    default_words,
    safe_default,
    wants_riichi,
)
from hanchan.engine.actions import Action, Discard
from hanchan.engine.events import Event, RiichiDeclared
from hanchan.engine.tiles import WIND_LETTERS
from hanchan.engine.view import PlayerView

_prlimit = getattr(resource, "prlimit", None)  # Linux; elsewhere memory is not limited

HANG_AFTER = 3
"""Late replies in a row after which a bot counts as hung and is replaced."""
MAX_PENDING = 16
"""Lines a bot may write ahead of being asked (a flood beyond: the bot is stopped)."""
STDERR_BUDGET = 16 * 1024 * 1024
"""Bytes a bot may write on stderr in one game (only its last lines are kept)."""
STDERR_TAIL = 5, 200
"""The last lines of stderr kept to quote, and the characters kept of each."""
MEMORY_LIMIT = 4 * 1024**3
"""Bytes of data memory (RLIMIT_DATA) a bot's processes may have.  Not the address space,
which node's V8 reserves by the gigabyte without using it (docs/reliability.md)."""
EXIT_GRACE = 1.0
"""Seconds a bot has to exit by itself once its input is closed at the end of a game."""
TERM_GRACE = 0.5
"""Seconds between SIGTERM and SIGKILL to the bot's process group."""
_CHUNK = 64 * 1024
_EOF = object()
_running: set[subprocess.Popen[bytes]] = set()  # every group still to end at exit


class SeatGone(Exception):
    """The bot's process is gone or hung; the message is the end of a sentence."""


def end_group(proc: subprocess.Popen[bytes], grace: float = TERM_GRACE) -> None:
    """End ``proc``'s whole process group: SIGTERM, ``grace`` seconds for the leader to
    exit, then SIGKILL for what is left (a child it forked, a shell's program)."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except (ProcessLookupError, PermissionError):  # the group is empty
            break
        if sig == signal.SIGTERM:
            try:
                proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                pass
    proc.wait()
    _running.discard(proc)


def _end_all() -> None:
    for proc in list(_running):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


atexit.register(_end_all)


class MjaiSeat:
    """An outside mjai bot playing ``seat``; see the module's docstring."""

    def __init__(self, command: str, seat: int, *, fallback: Any, style: Style = "wire",
                 timeout: float = DEFAULT_TIMEOUT, name: str | None = None,
                 level: str | None = None,
                 then: str = "the seat plays on as the strong bot") -> None:
        if style not in STYLES:
            raise ValueError(f"mjai style must be one of {', '.join(STYLES)}")
        problem = timeout_problem(timeout)
        if problem is not None:
            raise ValueError(f"the mjai reply timeout {problem}")
        self.command = command
        self.seat = seat
        self.style = style
        self.timeout = timeout
        self.name = name or bot_name(command)
        self.level = level or f"mjai:{command}"
        self.fallback = fallback
        self.then = then  # what the note says happens once the bot is given up
        self.stream = SeatStream(seat)
        self.outbox: list[dict[str, Any]] = []
        self.notes: list[str] = []
        self.gone: str | None = None  # why the bot no longer plays
        self.replies = 0
        self.last_reply: Any = None  # the last reply read (its "meta" may rank the actions)
        self._owed = 0  # late replies still to come (dropped when they do)
        self._late_in_row = 0
        self._fault: str | None = None  # a bound the bot broke (set by a reading thread)
        self._lines: queue.Queue[Any] = queue.Queue()  # bytes, or _EOF; MAX_PENDING at most
        self._stderr: deque[str] = deque(maxlen=STDERR_TAIL[0])
        self._proc: subprocess.Popen[bytes] | None = None
        self._writing = threading.Lock()  # a write and the close of the bot's input
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
            proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                bufsize=0, start_new_session=True)
        except OSError as exc:
            self._give_up(f"could not be started ({exc.strerror or exc})")
            return
        _running.add(proc)
        self._proc = proc
        if _prlimit is not None:
            try:  # (what it forks before this line is not limited: a bound, not a jail)
                _prlimit(proc.pid, resource.RLIMIT_DATA, (MEMORY_LIMIT, MEMORY_LIMIT))
            except (OSError, ValueError):  # it has exited already; or a lower hard limit
                pass
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        os.set_blocking(proc.stdin.fileno(), False)
        threading.Thread(target=self._pump_replies, args=(proc, proc.stdout),
                         daemon=True).start()
        threading.Thread(target=self._pump_stderr, args=(proc, proc.stderr),
                         daemon=True).start()

    def _fail(self, proc: subprocess.Popen[bytes], why: str) -> None:
        """A reading thread saw the bot break a bound: remember why, and end it now."""
        if self._fault is None:
            self._fault = why
        end_group(proc)

    def _pump_replies(self, proc: subprocess.Popen[bytes], pipe: IO[bytes]) -> None:
        fd = pipe.fileno()
        buf = bytearray()
        try:
            while self._fault is None:
                chunk = os.read(fd, _CHUNK)
                if not chunk:
                    break
                buf += chunk
                start = 0
                while (end := buf.find(b"\n", start)) >= 0:
                    if self._lines.qsize() >= MAX_PENDING:
                        self._fail(proc, f"wrote more than {MAX_PENDING} lines "
                                         "it was not asked for")
                        break
                    self._lines.put(bytes(buf[start:end]))
                    start = end + 1
                del buf[:start]
                if len(buf) > MAX_LINE:
                    self._fail(proc, f"wrote a line longer than {MAX_LINE // 1024} KiB")
        except OSError:  # the pipe closed under us
            pass
        finally:
            pipe.close()
            self._lines.put(_EOF)

    def _pump_stderr(self, proc: subprocess.Popen[bytes], pipe: IO[bytes]) -> None:
        fd = pipe.fileno()
        keep = STDERR_TAIL[1]
        line = b""  # the start of the line being written (``keep`` bytes at most)
        total = 0
        try:
            while chunk := os.read(fd, _CHUNK):
                total += len(chunk)
                if total > STDERR_BUDGET:
                    self._fail(proc, f"wrote more than {STDERR_BUDGET >> 20} MiB "
                                     "on its error output")
                    break
                *done, rest = chunk.split(b"\n")
                for part in done:
                    self._stderr.append((line + part[:keep])[:keep].decode(
                        "utf-8", errors="replace").rstrip())
                    line = b""
                line = (line + rest[:keep])[:keep]
        except OSError:
            pass
        finally:
            pipe.close()
            if line:
                self._stderr.append(line.decode("utf-8", errors="replace").rstrip())

    def _why_gone(self) -> str:
        if self._fault is not None:
            return self._fault
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

    def _send(self, lines: Sequence[str], timeout: float) -> None:
        """Write ``lines`` to the bot without blocking longer than ``timeout``."""
        proc = self._proc
        if proc is None or proc.stdin is None:
            raise SeatGone("is not running")
        data = memoryview("".join(line + "\n" for line in lines).encode())
        fd = proc.stdin.fileno()
        poll = select.poll()
        poll.register(fd, select.POLLOUT)
        deadline = time.monotonic() + timeout
        while data:
            left = deadline - time.monotonic()
            if left <= 0:
                raise SeatGone(f"did not read its input for {timeout:g} s")
            if not poll.poll(left * 1000):
                continue
            with self._writing:  # not while _stop closes it (its number could be reused)
                if self._proc is not proc:
                    raise SeatGone("was stopped")
                try:
                    data = data[os.write(fd, data):]
                except BlockingIOError:
                    continue
                except OSError:  # BrokenPipeError: it exited
                    raise SeatGone(self._why_gone()) from None

    def _drain(self) -> None:
        """Before a request: drop the late replies waiting; SeatGone for a line nobody asked
        for (its later replies could not be matched to their requests)."""
        if self._fault is not None:
            raise SeatGone(self._fault)
        while True:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                return
            if line is _EOF:
                raise SeatGone(self._why_gone())
            if not self._owed:
                raise SeatGone("wrote a line it was not asked for, so its replies "
                               "could no longer be matched to the requests")
            self._owed -= 1

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
            try:
                return decode(line)
            except TooLarge as exc:
                raise SeatGone(f"wrote {exc}") from None
            except NotJson:
                return _Garbage(line.decode("utf-8", errors="replace").strip())

    def _exchange(self) -> Any:
        """Send the queued events; the reply to the last (None: late)."""
        events, self.outbox = self.outbox, []
        if self.style == "wire":
            self._drain()
            self._send([json.dumps(events, separators=(",", ":"))], self.timeout)
            self.last_reply = self._read(self.timeout)
            return self.last_reply
        reply: Any = None
        for ev in events:
            self._drain()
            self._send([json.dumps(ev, separators=(",", ":"))], self.timeout)
            reply = self._read(self.timeout)
        self.last_reply = reply
        return reply

    def _give_up(self, why: str) -> None:
        self.gone = why
        self.notes.append(f"The mjai bot {self.name} in seat {WIND_LETTERS[self.seat]} {why}; "
                          f"{self.then}.")
        self._stop(grace=0.0)

    def _stop(self, grace: float) -> None:
        """Close the bot's input, give it ``grace`` seconds to exit, then end its group."""
        with self._writing:
            proc, self._proc = self._proc, None
            if proc is None:
                return
            try:
                if proc.stdin is not None:
                    proc.stdin.close()
            except OSError:  # a write it never read
                pass
        if grace > 0:
            try:
                proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                pass
        end_group(proc)

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

    def recorded_choice(self, view: PlayerView, legal: Sequence[Action], *,
                        declared: bool) -> tuple[Action | None, bool]:
        """The bot's choice at a decision of a recorded game, as mjai-reviewer asks Mortal:
        (the action, or None, and whether the bot wants riichi).

        The recorded events go on whatever it answers, so a riichi it wants is followed by
        its discard only when the recorded player ``declared`` one too (the recorded
        ``reach`` is then not sent again); otherwise the answer is (None, True).  A bot that
        is gone, late or illegal answers (None, False); :attr:`notes` says why.
        """
        if self.gone is not None:
            return None, False
        auto = automatic(legal)
        if auto is not None:
            return auto, False
        try:
            reply = self._exchange()
            if reply is not None and wants_riichi(reply, legal):
                if not declared:
                    return None, True
                self.outbox.append({"type": "reach", "actor": self.seat})
                self.stream.skip_reach = True
                reply2 = self._exchange()
                return self._answer(reply2, legal, view, riichi=True), True
            return self._answer(reply, legal, view), False
        except SeatGone as exc:
            self._give_up(str(exc))
            return None, False

    def _answer(self, reply: Any, legal: Sequence[Action], view: PlayerView, *,
                riichi: bool = False) -> Action | None:
        """The legal action ``reply`` names, or None (written down in the notes)."""
        if reply is None or isinstance(reply, _Garbage):
            self._checked(reply, legal, view, riichi=riichi)
            return None
        try:
            return action_for(reply, legal, view, riichi=riichi)
        except ReplyError:
            self._checked(reply, legal, view, riichi=riichi)
            return None

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

    def stop(self) -> None:
        """End the bot and its processes now, from any thread (what asked it is gone): a
        reply being waited for ends as the bot's exit does, and nothing more is sent."""
        self._stop(grace=0.0)

    def close(self) -> None:
        """Send what is left (the end of the game), then stop the bot and its processes."""
        if self.gone is None and self._proc is not None and self.outbox:
            events, self.outbox = self.outbox, []
            if self.style == "wire":
                lines = [json.dumps(events, separators=(",", ":"))]
            else:
                lines = [json.dumps(e, separators=(",", ":")) for e in events]
            try:
                self._send(lines, min(self.timeout, EXIT_GRACE))
            except SeatGone:
                pass
        self._stop(grace=EXIT_GRACE)


class _Garbage:
    """A reply line that is not JSON."""

    def __init__(self, text: str) -> None:
        self.text = text
