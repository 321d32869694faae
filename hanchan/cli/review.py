"""``hanchan review``: a game's decisions against the ``strong`` bot, in words or JSON.

See docs/cli.md.  The file is a saved game or a Tenhou (tenhou.net/6, mjlog) or mjai log;
:func:`saves.open.open_game` opens it, :func:`ai.review.review_game` does the work and
:mod:`hanchan.coach.review` the words.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from hanchan.ai.asking import SecondOpinion, asker_for, second_opinion
from hanchan.ai.base import MJAI
from hanchan.ai.review import GameReview, review_game
from hanchan.cli.bot_options import mjai_command, mjai_options
from hanchan.cli.inputs import UserError, existing_file
from hanchan.cli.stats import terminal_progress
from hanchan.coach.review import review_json, review_text
from hanchan.engine.events import Event
from hanchan.saves.open import LogError, NeitherSaveNorLog, UnplayableLog, open_game
from hanchan.saves.reader import SaveError

SEATS = "ESWN"


def game_events(path: Path, fmt: str | None) -> tuple[list[Event], int | None]:
    """(events, the human's seat or None) of a saved game or a log (``UserError`` if bad)."""
    existing_file(path)
    try:
        opened = open_game(path, fmt)
    except NeitherSaveNorLog as exc:
        raise UserError(f"cannot review {exc.as_save}; it is not an mjai log either "
                        f"({_words(exc.as_mjai)})", 1) from None
    except (LogError, UnplayableLog) as exc:
        raise UserError(_words(exc), 1) from None
    except SaveError as exc:  # a save verify refuses: its sentence
        raise UserError(f"cannot review {exc}", 1) from None
    return opened.events, opened.human


def _words(exc: SaveError) -> str:
    """The sentence for a log that cannot be reviewed."""
    if isinstance(exc, UnplayableLog):
        return f"{exc.path} cannot be reviewed: {exc.reason}"
    return str(exc)


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
    command = mjai_command("--by", args.by)
    if command is None:
        return None
    mjai_options(args)  # the timeout checked before the review's work
    return MJAI + command
