"""The mjai options ``hanchan play`` and ``hanchan simulate`` share, checked.

Apart from ``cli.simulate`` so that ``play`` does not import the arena and the mjai
bridge for them (start-up: docs/speed.md).
"""

from __future__ import annotations

import argparse

from hanchan.ai.base import MjaiOptions
from hanchan.ai.mjai.options import timeout_problem
from hanchan.cli.inputs import UserError


def mjai_options(args: argparse.Namespace) -> MjaiOptions:
    """``--mjai-style`` and ``--mjai-timeout``, checked.

    >>> mjai_options(argparse.Namespace(mjai_style="classic", mjai_timeout=2.5))
    MjaiOptions(style='classic', timeout=2.5)
    """
    problem = timeout_problem(args.mjai_timeout)
    if problem is not None:
        raise UserError(f"--mjai-timeout {problem}, not {args.mjai_timeout:g}")
    return MjaiOptions(style=args.mjai_style, timeout=args.mjai_timeout)
