"""``hanchan drill``: practice drills in the terminal, one question at a time.

``scores``, ``fu`` and ``yaku`` ask about random winning hands drawn under a ruleset
(:mod:`text.drills`); ``discards`` asks what to discard at moments of the player's
saved games where ``strong`` kept a better hand (:mod:`text.discard_problems`).
Answers are read line by line from standard input: typed at a terminal, or piped
(the answers then are echoed, so the transcript reads as a dialogue).  A line that
cannot be read is explained and asked again; ``skip`` shows the answer, ``quit``
(or the end of input) stops with the score so far.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from cli.inputs import UserError, load_rules
from engine.tiles import kind_name, kind_of
from saves.folder import list_games
from saves.reader import SaveError, load
from saves.writer import save_dir
from text.discard_problems import DiscardProblem, pick, problems_in_game
from text.drill_hands import DrawError
from text.drills import Question, questions
from text.score_call import AnswerError

MAX_COUNT = 1000
MAX_GAMES = 200
"""Saved games read at most for the discards drill (newest first)."""


def _count(args: argparse.Namespace) -> int:
    if not 1 <= args.count <= MAX_COUNT:
        raise UserError(f"--count must be between 1 and {MAX_COUNT}, not {args.count}")
    return int(args.count)


def _seed(args: argparse.Namespace) -> int:
    return int(args.seed) if args.seed is not None else random.SystemRandom().randrange(10**6)


class Asker:
    """Prompts on stdout, answers from stdin; echoes piped answers."""

    def __init__(self) -> None:
        self.echo = not sys.stdin.isatty()

    def ask(self, prompt: str) -> str | None:
        """One answer line (None at the end of input)."""
        sys.stdout.write(prompt + " ")
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            sys.stdout.write("\n")
            return None
        if self.echo:
            sys.stdout.write(line if line.endswith("\n") else line + "\n")
        return line.strip()


Check = Callable[[str], tuple[bool, Sequence[str]]]


def _quiz(items: Sequence[tuple[Sequence[str], str, Check, Sequence[str]]]) -> int:
    """Ask every item (problem lines, prompt, checker, the answer shown on skip)."""
    asker = Asker()
    right = asked = 0
    for n, (lines, prompt, check, reveal) in enumerate(items, 1):
        print(f"\n— {n}/{len(items)} —")
        for line in lines:
            print(line)
        while True:
            said = asker.ask(prompt)
            if said is None or said.lower() in ("q", "quit", "exit"):
                _final(right, asked)
                return 0
            if said.lower() in ("skip", "?", "s"):
                asked += 1
                print("Skipped. " + " ".join(reveal))
                break
            try:
                ok, words = check(said)
            except AnswerError as exc:
                print(f"  {exc}")
                continue
            asked += 1
            right += ok
            for w in words:
                print(f"  {w}")
            print(f"  [{right}/{asked} right]")
            break
    _final(right, asked)
    return 0


def _final(right: int, asked: int) -> None:
    if asked:
        print(f"\nScore: {right}/{asked} right ({100 * right // asked}%).")
    else:
        print("\nNo question answered.")


def _question_item(q: Question) -> tuple[Sequence[str], str, Check, Sequence[str]]:
    def check(text: str) -> tuple[bool, Sequence[str]]:
        c = q.check(text)
        return c.right, c.lines

    if q.kind == "scores":
        reveal = [f"It is {q.key.value_words}, {q.key.payment_words}."]
    elif q.kind == "fu":
        reveal = [f"It is {q.key.fu} fu."]
    else:
        reveal = ["It is " + ", ".join(y for y, _ in q.hand.result.yaku) + "."]
    return q.lines(), q.prompt, check, reveal


def run(args: argparse.Namespace) -> int:
    """Entry point of ``hanchan drill scores|fu|yaku``."""
    rules = load_rules(args.rules)
    count, seed = _count(args), _seed(args)
    try:
        qs = questions(args.drill, rules, count=count, seed=seed)
    except DrawError as exc:
        raise UserError(f"cannot draw hands under these rules: {exc}", status=1) from None
    print(f"Drill: {args.drill} under {rules.name or args.rules}, {count} question"
          f"{'s' if count > 1 else ''} (seed {seed}). 'skip' shows the answer, 'quit' stops.")
    return _quiz([_question_item(q) for q in qs])


def find_problems(folder: Path, files: Sequence[str], count: int, seed: int
                  ) -> list[DiscardProblem]:
    """Problems from ``files`` (or the newest games of ``folder``) for the human seats."""
    paths = [Path(f) for f in files] or [
        g.path for g in list_games(folder) if g.status in ("finished", "unfinished")][:MAX_GAMES]
    found: list[DiscardProblem] = []
    for path in paths:
        try:
            game = load(path)
        except SaveError as exc:
            if files:
                raise UserError(str(exc), status=1) from None
            continue
        except OSError as exc:
            raise UserError(f"cannot read {path}: {exc.strerror}", status=1) from None
        seats = [i for i, s in enumerate(game.header.seats) if s.bot is None] or [0]
        for seat in seats[:1]:
            found += problems_in_game(game.events, seat, path.name)
        if not files and len(found) >= count * 4:
            break
    return pick(found, count, seed)


def run_discards(args: argparse.Namespace) -> int:
    """Entry point of ``hanchan drill discards``."""
    count, seed = _count(args), _seed(args)
    folder = save_dir(args.save_dir)
    problems = find_problems(folder, args.files, count, seed)
    if not problems:
        where = ", ".join(args.files) if args.files else str(folder)
        raise UserError(f"no costly discard found in the saved games of {where}: play a "
                        "few games first (hanchan play), or give game files", status=1)
    print(f"Drill: discards, {len(problems)} problem{'s' if len(problems) > 1 else ''} from "
          "your games where the review found a costly discard, answered by the strong bot. "
          "Type a tile (5m, 3p, 7s, 1z).")

    def item(p: DiscardProblem) -> tuple[Sequence[str], str, Check, Sequence[str]]:
        reveal = [f"Strong discards {kind_name(kind_of(p.best))} ({p.review.reason})."]
        return p.lines(), "Discard?", p.check, reveal

    return _quiz([item(p) for p in problems])

