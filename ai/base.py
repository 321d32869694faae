"""The bot interface and the factory of bot levels.

A bot is anything with ``choose(view, legal) -> Action``: it is given one seat's
:class:`~engine.view.PlayerView` (never the game state) and the legal actions the
engine offers that seat now, and returns one of those actions.

A bot that never reads the view says so by also offering ``choose_legal(legal)``
(:class:`ViewlessBot`): a driver that knows this (``ai.arena.play_game``) asks it that
way and builds no view for it.

>>> bot = make_bot("random", seed=1)
>>> from hanchan.engine.actions import Pass
>>> isinstance(bot, ViewlessBot), bot.choose_legal([Pass()])
(True, Pass())
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from hanchan.ai.club import ClubBot
from hanchan.ai.greedy import GreedyBot
from hanchan.ai.mjai.options import DEFAULT_TIMEOUT, Style
from hanchan.ai.random_bot import RandomBot
from hanchan.engine.actions import Action
from hanchan.engine.events import Event
from hanchan.engine.view import PlayerView
from hanchan.errors import HanchanError
from hanchan.saves.seats import MJAI as MJAI  # the prefix of the seats a file may record
from hanchan.saves.seats import outside_command

LEVELS = ("random", "greedy", "easy", "normal", "strong")
"""Bot levels from weakest to strongest, as accepted by :func:`make_bot`."""


@runtime_checkable
class Bot(Protocol):
    """A player that chooses actions from what its seat may see."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return one of ``legal`` (never an action outside it)."""
        ...


@runtime_checkable
class ViewlessBot(Bot, Protocol):
    """A bot that chooses from the legal actions alone, and says so: ``choose_legal``
    is its ``choose`` without the view, which the caller then need not build."""

    def choose_legal(self, legal: Sequence[Action]) -> Action:
        """Return one of ``legal``, as ``choose`` would with any view."""
        ...


@runtime_checkable
class WatchingBot(Bot, Protocol):
    r"""A bot that also watches every event of the game (an outside mjai bot).

    Its driver sends it every event (``see``), records the notes it takes
    (``take_notes``: illegal or late replies, a bot replaced) in the game, and
    ``close``\ s it when the game ends.
    """

    def see(self, event: Event) -> None:
        """One more event of the game."""
        ...

    def take_notes(self) -> list[str]:
        """Notes written since the last call, to record in the game."""
        ...

    def close(self) -> None:
        """The game is over (or abandoned): release what the bot holds."""
        ...


@dataclass(frozen=True, slots=True)
class MjaiOptions:
    """How outside mjai bots are spoken to: wire style (mjai.app) or classic, reply timeout."""

    style: Style = "wire"
    timeout: float = DEFAULT_TIMEOUT


DEFAULT_MJAI = MjaiOptions()


class BotLevelError(HanchanError, ValueError):
    """An unknown bot level; the message is a plain sentence."""


def level_name(level: str) -> str:
    """``level`` as one of :data:`LEVELS` (any case, spaces trimmed); else BotLevelError.

    >>> level_name(" Strong ")
    'strong'
    """
    name = level.strip().lower()
    if name not in LEVELS:
        raise BotLevelError(f"'{level}' is not a bot level; choose one of {', '.join(LEVELS)}")
    return name


def seat_spec(spec: str) -> str:
    """A seat's player as given on the command line: a bot level or ``mjai:COMMAND``.

    >>> seat_spec(" Strong "), seat_spec("mjai: ./mybot --fast")
    ('strong', 'mjai:./mybot --fast')
    """
    command = outside_command(spec)
    if command is None:
        return level_name(spec)
    if not command:
        raise BotLevelError("'mjai:' needs the command that starts the bot, as in mjai:./mybot")
    return MJAI + command


def typed_command(typed: str) -> tuple[str, str | None]:
    """An mjai bot's command as the player typed it, with or without ``mjai:`` before it
    (read as :func:`outside_command` reads a seat): (the command; why it starts nothing,
    or None).

    >>> typed_command(" MJAI: ./mybot {seat}")
    ('./mybot {seat}', None)
    >>> typed_command("'unclosed")[1]
    'No bot was asked: the command cannot be read (No closing quotation).'
    >>> typed_command("'' --level strong")[1]
    'No bot was asked: the command names no program.'
    """
    command = outside_command(typed)
    if command is None:
        command = typed.strip()
    if not command:
        return command, "No bot was asked: no command was typed."
    try:
        words = shlex.split(command)
    except ValueError as exc:
        return command, f"No bot was asked: the command cannot be read ({exc})."
    if not words or not words[0].strip():
        return command, "No bot was asked: the command names no program."
    return command, None


def split_seats(text: str) -> list[str]:
    """Seat specs separated by commas; a comma inside an mjai command stays in it.

    >>> split_seats("strong,mjai:node bot.js --a=1,2,normal")
    ['strong', 'mjai:node bot.js --a=1,2', 'normal']
    """
    out: list[str] = []
    for part in text.split(","):
        word = part.strip().lower()
        if out and out[-1].lower().startswith(MJAI) and word not in LEVELS \
                and not word.startswith(MJAI):
            out[-1] += "," + part
        else:
            out.append(part.strip())
    return [p for p in out if p]


def make_seat(spec: str, seat: int, seed: int = 0,
              mjai: MjaiOptions = DEFAULT_MJAI) -> Bot:
    """The player of ``seat`` for a :func:`seat_spec`: a bot, or an outside mjai bot in a
    subprocess that falls back to ``strong`` if it dies.

    ``spec`` must come from the user (the command line, the new-game screen): a spec read
    from a file may start a program (:func:`outside_command`), so a saved game's seats are
    checked against the commands the user gave first (``tui.session.PlaySession.resume``).
    """
    checked = seat_spec(spec)
    if checked.startswith(MJAI):
        # The bridge (subprocesses, threads, the mjai protocol and the log models it reads
        # tiles with) is imported here, where a seat needs it: on `hanchan play`'s start-up
        # without an mjai seat it cost about 16 ms of CPU (benchmarks/bench_startup.py).
        from hanchan.ai.mjai.seat import MjaiSeat  # noqa: PLC0415

        return MjaiSeat(checked[len(MJAI):], seat, fallback=make_bot("strong", seed),
                        style=mjai.style, timeout=mjai.timeout, level=checked)
    return make_bot(checked, seed)


def make_bot(level: str, seed: int = 0) -> Bot:
    """A new bot of ``level`` (checked by :func:`level_name`), seeded for repeatable choices."""
    name = level_name(level)
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    return ClubBot(name, seed)  # easy, normal and strong
