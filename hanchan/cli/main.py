"""The entry point of the ``hanchan`` command: parse, run one command, turn mistakes into sentences.

Only the module of the command that runs is imported (``importlib`` below).  This is
the one deliberate lazy import of the command line: ``cli.play`` loads Textual and
the app, ``cli.simulate`` the bots, ``cli.files`` the log converters, and no other
command pays for them.  Measured on ``hanchan score 123m456p789s1122z --win 2z --ron
--seat S`` (median of 20 runs, load average 1.3 to 2.0 on 2 cores): 0.13 s as it is,
0.32 s with the Textual app imported, 0.47 s with every command module imported.

When ``main`` runs as the process (no ``argv`` given: the ``hanchan`` script, ``python
-m hanchan.cli``), the command's module is imported with the cycle collector off, and what the
import made is then frozen (:func:`gc.freeze`): modules, classes and functions live as
long as the process, so collecting them again and again during the imports, the first
screen and every later full collection is work for nothing.  A test calling ``main(argv)``
keeps the collector as it is.
"""

from __future__ import annotations

import argparse
import errno
import gc
import importlib
import os
import sys
from collections.abc import Callable

from hanchan.cli.inputs import UserError
from hanchan.cli.parser import build_parser as build_parser  # re-exported: tests and scripts use it
from hanchan.cli.parser import parse

OUTPUT_ERRORS = frozenset({errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})
"""Why writing the output can fail: the reader went away (``| head``), or the disk or
device behind stdout is full or broken (``> /dev/full``)."""


def main(argv: list[str] | None = None) -> int:
    """Run the command of ``argv`` (default: the process's arguments); the exit status.

    Output that cannot be written (see :data:`OUTPUT_ERRORS`) ends any command with one
    sentence on stderr and status 1; stdout is flushed here, so that the failure is
    seen while it can still be said, not at the interpreter's exit."""
    args = parse(argv)
    try:
        status: int = command(args.run, freeze=argv is None)(args)
        sys.stdout.flush()
    except UserError as exc:
        print(f"hanchan: {exc}", file=sys.stderr)
        return exc.status
    except KeyboardInterrupt:
        return 130
    except OSError as exc:
        if exc.errno not in OUTPUT_ERRORS:
            raise
        _drop_stdout()
        _say(f"hanchan: the output could not be written ({exc.strerror or exc}); it is "
             "incomplete")
        return 1
    return status


def _drop_stdout() -> None:
    """Send what stdout still holds to nowhere, so that the interpreter's last flush at
    exit cannot fail again (and print a second, raw message)."""
    try:
        fd = sys.stdout.fileno()
    except (OSError, ValueError, AttributeError):  # not a file (a test's capture)
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


def _say(text: str) -> None:
    try:
        print(text, file=sys.stderr)
    except OSError:  # stderr full or closed too: the status alone says it
        pass


def command(run: str, *, freeze: bool = False) -> Callable[[argparse.Namespace], int]:
    """The function of a command (``run`` is ``module:function`` in ``cli``), its module
    imported now; ``freeze``: imported as the process does it (see above)."""
    module_name, _, function = run.partition(":")
    if freeze:
        gc.disable()
    try:
        module = importlib.import_module(f"hanchan.cli.{module_name}")  # lazy on purpose: see above
    finally:
        if freeze:
            gc.freeze()
            gc.enable()
    run_command: Callable[[argparse.Namespace], int] = getattr(module, function)
    return run_command


if __name__ == "__main__":
    sys.exit(main())
