"""The mjai options ``hanchan play`` and ``hanchan simulate`` share, checked.

Apart from ``cli.simulate`` so that ``play`` does not import the arena and the mjai
bridge for them (start-up: docs/speed.md).
"""

from __future__ import annotations

import argparse

from hanchan.ai.base import MJAI, MjaiOptions, typed_command
from hanchan.ai.mjai.options import timeout_problem
from hanchan.cli.inputs import UserError
from hanchan.saves.seats import outside_command


def mjai_options(args: argparse.Namespace) -> MjaiOptions:
    """``--mjai-style`` and ``--mjai-timeout``, checked.

    >>> mjai_options(argparse.Namespace(mjai_style="classic", mjai_timeout=2.5))
    MjaiOptions(style='classic', timeout=2.5)
    """
    problem = timeout_problem(args.mjai_timeout)
    if problem is not None:
        raise UserError(f"--mjai-timeout {problem}, not {args.mjai_timeout:g}")
    return MjaiOptions(style=args.mjai_style, timeout=args.mjai_timeout)


def mjai_command(flag: str, value: str | None) -> str | None:
    """``flag``'s value, checked: an mjai bot's command as typed (``mjai:COMMAND``, never
    read from a file), the same reading the app gives a command typed there; None unset.

    >>> mjai_command("--hint-by", "mjai:./mybot {seat}")
    './mybot {seat}'
    >>> mjai_command("--by", "strong")
    Traceback (most recent call last):
    hanchan.cli.inputs.UserError: --by takes an mjai bot as mjai:COMMAND, not 'strong'
    """
    if value is None:
        return None
    if not outside_command(value):
        raise UserError(f"{flag} takes an mjai bot as {MJAI}COMMAND, not {value!r}")
    command, problem = typed_command(value)
    if problem is not None:
        raise UserError(f"{flag} {value!r}: {problem.split(': ', 1)[1]}")
    return command
