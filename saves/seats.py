"""What a game file's header may say sits in a seat: a person (``bot`` null), a bot level,
or an outside mjai bot with the command that ran it (``mjai:COMMAND``).

The command is kept for the record only.  A file may come from anyone, and a command
runs with the player's rights, so nothing that reads a file starts it: continuing a game
starts an outside bot only when the player gave that command (``tui.session``), and
``hanchan verify`` names such a seat.  :func:`outside_command` is the one reading of the
prefix, shared by the seats the user types (``ai.base.seat_spec``) and the seats a file
names, so no spelling of it (case, spaces) starts a program unseen.

>>> outside_command(" MJAI: sh -c 'x' "), outside_command("strong"), outside_command(None)
("sh -c 'x'", None, None)
"""

from __future__ import annotations

from collections.abc import Sequence

MJAI = "mjai:"
"""Prefix of a seat played by an outside mjai bot: ``mjai:COMMAND``."""


def outside_command(spec: str | None) -> str | None:
    """The command ``spec`` names for an outside bot (``mjai:COMMAND``, any case, spaces
    trimmed), else None: the one kind of seat that starts a program."""
    text = (spec or "").strip()
    return text[len(MJAI):].strip() if text.lower().startswith(MJAI) else None


def human_seat(bots: Sequence[str | None]) -> int:
    """The seat a person plays when a saved game is continued: the first without a bot
    (East when every seat has one, as in a game between bots)."""
    return next((s for s, bot in enumerate(bots) if bot is None), 0)


def recorded_commands(bots: Sequence[str | None]) -> list[tuple[int, str]]:
    """The outside bots a saved game's seats (their ``bot``, by seat) would start when it
    is continued, as (seat, command): every seat with a command but the person's.

    >>> recorded_commands([None, "strong", "mjai:./bot --x", "MJAI: sh -c 'y'"])
    [(2, './bot --x'), (3, "sh -c 'y'")]
    """
    human = human_seat(bots)
    return [(s, command) for s, bot in enumerate(bots)
            if s != human and (command := outside_command(bot)) is not None]


SHOWN_COMMAND_CHARS = 400
"""A command longer than this is shown cut, with its length (no bot needs that many)."""


def shown_command(command: str) -> str:
    r"""``command`` as it may be shown to the player before it could run: every character
    that does not print (a newline, a terminal escape, a right-to-left mark) written as its
    escape, so nothing in it hides the rest; a very long one cut, its length said.

    >>> print(shown_command("sh -c 'touch x'\n\x1b[2J\u202e"))
    sh -c 'touch x'\n\x1b[2J\u202e
    >>> shown_command("x" * 500)[-19:]
    'x… (500 characters)'
    """
    text = _escaped(command)
    if len(text) <= SHOWN_COMMAND_CHARS:
        return text
    return f"{text[:SHOWN_COMMAND_CHARS]}… ({len(command):,} characters)"


def shown_whole(command: str) -> bool:
    """Whether :func:`shown_command` shows all of ``command`` (a command that cannot be
    shown whole is never offered to start)."""
    return len(_escaped(command)) <= SHOWN_COMMAND_CHARS


def _escaped(command: str) -> str:
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in command)
