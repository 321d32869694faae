"""The mjai options ``hanchan play`` and ``hanchan simulate`` share, checked.

Apart from ``cli.simulate`` so that ``play`` does not import the arena and the mjai
bridge for them (start-up: docs/speed.md).
"""

from __future__ import annotations

import argparse

from ai.base import MjaiOptions
from cli.inputs import UserError

MAX_MJAI_TIMEOUT = 3600
"""Seconds an outside bot may take for one reply: an hour is far more than any bot
needs, and a game must not wait for ever."""


def mjai_options(args: argparse.Namespace) -> MjaiOptions:
    """``--mjai-style`` and ``--mjai-timeout``, checked.

    >>> mjai_options(argparse.Namespace(mjai_style="classic", mjai_timeout=2.5))
    MjaiOptions(style='classic', timeout=2.5)
    """
    if not 0 < args.mjai_timeout <= MAX_MJAI_TIMEOUT:  # (refuses nan and inf too)
        raise UserError(f"--mjai-timeout must be more than 0 seconds and at most "
                        f"{MAX_MJAI_TIMEOUT:,}")
    return MjaiOptions(style=args.mjai_style, timeout=args.mjai_timeout)
