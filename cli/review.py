"""``hanchan review``: a game's decisions against the ``strong`` bot, in words or JSON.

See docs/cli.md.  The file is a saved game or a Tenhou (tenhou.net/6, mjlog) or mjai log;
:func:`ai.review.review_game` does the work and :mod:`text.review` the words.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ai.asking import SecondOpinion, asker_for, second_opinion
from ai.base import MJAI
from ai.review import GameReview, review_game
from cli.bot_options import mjai_options
from cli.files import guess_format, read_log
from cli.inputs import UserError, existing_file
from cli.stats import terminal_progress
from engine.events import Event
from saves.codec import FORMAT
from saves.convert import ConvertError, events_from_recorded
from saves.reader import SaveError, load, read_regular
from saves.verify import refusal
from text.review import review_json, review_text

SEATS = "ESWN"


def game_events(path: Path, fmt: str | None) -> tuple[list[Event], int | None]:
    """(events, the human's seat or None) of a saved game or a log (``UserError`` if bad)."""
    existing_file(path)
    guessed = fmt or guess_format(path)
    if fmt is None and guessed != "mjlog" and path.suffix.lower() != ".json":
        try:
            game = load(path)
        except SaveError as exc:
            if guessed != "mjai" or _says_it_is_a_save(path):  # verify's sentence alone
                raise UserError(f"cannot review {exc}", 1) from None
            try:  # a .jsonl that is no save may be an mjai log
                return _log_events(path, guessed), None
            except UserError as not_mjai:  # neither: the save's reason first
                raise UserError(f"cannot review {exc}; it is not an mjai log either "
                                f"({not_mjai})", 1) from None
        else:  # a save is refereed as verify does: a game the engine cannot play is refused
            error = refusal(game)
            if error is not None:
                raise UserError(f"cannot review {error}", 1)
            humans = [i for i, s in enumerate(game.header.seats) if s.bot is None]
            return game.events, (humans[0] if len(humans) == 1 else None)
    return _log_events(path, guessed), None


def _says_it_is_a_save(path: Path) -> bool:
    """Whether the file's first line names the save format: a damaged save, not a log."""
    try:
        head = read_regular(path).split(b"\n", 1)[0]
    except SaveError:
        return False
    return f'"{FORMAT}"'.encode() in head


def _log_events(path: Path, fmt: str) -> list[Event]:
    """The events of another program's log, played through the engine (``UserError``)."""
    log = read_log(path, fmt)
    try:
        return events_from_recorded(log)
    except ConvertError as exc:
        raise UserError(f"{path} cannot be reviewed: {exc}", 1) from None


def run(args: argparse.Namespace) -> int:
    """Print the review of one seat; exit 0."""
    path = Path(args.file).expanduser()
    events, human = game_events(path, args.fmt)
    if args.seat is not None:
        seat = SEATS.index(args.seat.upper())
    else:
        seat = human if human is not None else 0
    by = _second_bot(args)
    try:
        review: GameReview = review_game(events, seat)
    except ValueError as exc:
        raise UserError(f"{path.name} cannot be reviewed: {exc}", 1) from None
    second: SecondOpinion | None = None
    if by is not None:
        options = mjai_options(args)
        asker = asker_for(by, seat, options.timeout, options.style)
        name = getattr(asker, "name", by)
        tell = terminal_progress(f"asking {name}:", "decisions") \
            if sys.stderr.isatty() else None
        second = second_opinion(events, seat, asker, name, tell)
    if args.json:
        out = review_json(review, review.mistakes(args.top) if args.top else None, second)
        sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(review_text(review, args.top or 5, second) + "\n")
    return 0


def _second_bot(args: argparse.Namespace) -> str | None:
    """``--by``, checked: an mjai bot's command as typed (never read from a file)."""
    by: str | None = args.by
    if by is None:
        return None
    if not by.startswith(MJAI) or not by[len(MJAI):].strip():
        raise UserError(f"--by takes an mjai bot as mjai:COMMAND, not {by!r}")
    mjai_options(args)  # the timeout checked before the review's work
    return by
