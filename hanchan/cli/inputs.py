"""What every command checks the same way: the user's mistakes and the ruleset to play by.

A mistake in the user's input is a :class:`UserError`: ``cli.main`` prints it as
one sentence after ``hanchan:`` and exits with its status, never a traceback.
Status 2 is a mistake in the command line (a bad ruleset, bot level or option),
status 1 is input that was read and found wrong (an invalid hand, a damaged file).
"""

from __future__ import annotations

from pathlib import Path

from hanchan.cli.parser import LENGTHS
from hanchan.rulesets.loader import RulesetError, RulesetInfo, load_ruleset_info
from hanchan.rulesets.schema import Ruleset


class UserError(Exception):
    """A mistake in the user's input: printed as one plain sentence, exit status 1 or 2."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


def existing_file(path: Path, status: int = 1) -> Path:
    """``path``, if something is there; else the one sentence every command says of a
    missing file, as the save reader and the ruleset loader do: ``FILE: no such file``.

    >>> try:
    ...     existing_file(Path("/no/such/game.jsonl"))
    ... except UserError as exc:
    ...     print(exc.status, exc)
    1 /no/such/game.jsonl: no such file
    """
    if not path.exists():
        raise UserError(f"{path}: no such file", status)
    return path


def load_rules_info(name: str) -> RulesetInfo:
    """A preset (by name) or ruleset file (by path) with its title; exit status 2 if bad.

    >>> load_rules_info("makura").ruleset.name
    'makura'
    >>> try:
    ...     load_rules_info("makra")
    ... except UserError as exc:
    ...     print(exc.status, exc)  # doctest: +ELLIPSIS
    2 cannot use the rules 'makra': makra: no preset called 'makra' ... Did you mean 'makura'? ...
    """
    try:
        return load_ruleset_info(name)
    except RulesetError as exc:  # its message names the file, key or value that is wrong
        raise UserError(f"cannot use the rules '{name}': {exc}") from None


def load_rules(name: str, length: str | None = None) -> Ruleset:
    """The ruleset of a ``--rules NAME|FILE`` argument (see :func:`load_rules_info`), with
    ``--length`` over it (``east`` or ``south``; None keeps the ruleset's own): only the
    length changes, so the preset's extension and agariyame rules stay.

    >>> load_rules("tenhou", "east").length, load_rules("tenhou", "east").extension
    ('east', 'sudden_death')
    """
    rules = load_rules_info(name).ruleset
    return rules if length is None else rules.replace(
        length=LENGTHS[length])
