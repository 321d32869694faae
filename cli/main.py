"""The entry point of the ``hanchan`` command: parse, run one command, turn mistakes into sentences.

Only the module of the command that runs is imported (``importlib`` below).  This is
the one deliberate lazy import of the command line: ``cli.play`` loads Textual and
the app, ``cli.simulate`` the bots, ``cli.files`` the log converters, and no other
command pays for them.  Measured on ``hanchan score 123m456p789s1122z --win 2z --ron
--seat S`` (median of 20 runs, load average 1.3 to 2.0 on 2 cores): 0.13 s as it is,
0.32 s with the Textual app imported, 0.47 s with every command module imported.

When ``main`` runs as the process (no ``argv`` given: the ``hanchan`` script, ``python
-m cli``), the command's module is imported with the cycle collector off, and what the
import made is then frozen (:func:`gc.freeze`): modules, classes and functions live as
long as the process, so collecting them again and again during the imports, the first
screen and every later full collection is work for nothing.  A test calling ``main(argv)``
keeps the collector as it is.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import sys
from collections.abc import Callable

from cli.inputs import UserError
from cli.parser import build_parser


def main(argv: list[str] | None = None) -> int:
    """Run the command of ``argv`` (default: the process's arguments); the exit status."""
    args = build_parser().parse_args(argv)
    try:
        status: int = command(args.run, freeze=argv is None)(args)
    except UserError as exc:
        print(f"hanchan: {exc}", file=sys.stderr)
        return exc.status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    return status


def command(run: str, *, freeze: bool = False) -> Callable[[argparse.Namespace], int]:
    """The function of a command (``run`` is ``module:function`` in ``cli``), its module
    imported now; ``freeze``: imported as the process does it (see above)."""
    module_name, _, function = run.partition(":")
    if freeze:
        gc.disable()
    try:
        module = importlib.import_module(f"cli.{module_name}")  # lazy on purpose: see above
    finally:
        if freeze:
            gc.freeze()
            gc.enable()
    run_command: Callable[[argparse.Namespace], int] = getattr(module, function)
    return run_command


if __name__ == "__main__":
    sys.exit(main())
