"""``hanchan drill``: practice drills in the terminal, one question at a time.

``scores``, ``fu`` and ``yaku`` ask about random winning hands drawn under a ruleset
(:mod:`hanchan.coach.drills`); ``discards`` asks what to discard at the moments of the player's
saved games where the review found a costly discard (:mod:`hanchan.coach.discard_problems`), or
on made-up hands (:mod:`hanchan.coach.efficiency`) with ``--made-up`` or when the games give none.
Answers are read line by line from standard input: typed at a terminal, or piped
(the answers then are echoed, so the transcript reads as a dialogue).  A line that
cannot be read is explained and asked again; ``skip`` shows the answer, ``quit``
(or the end of input) stops with the score so far.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from hanchan.cli.inputs import UserError, existing_file, load_rules
from hanchan.coach.discard_problems import find_problems, saved_games
from hanchan.coach.drill_hands import DrawError
from hanchan.coach.drills import DrillItem, efficiency_items, problem_items, question_items
from hanchan.coach.score_call import AnswerError
from hanchan.saves.reader import SaveError
from hanchan.saves.writer import save_dir

MAX_COUNT = 1000


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


def _quiz(items: Sequence[DrillItem]) -> int:
    """Ask every item; a running score after each answer, the score at the end."""
    asker = Asker()
    right = asked = 0
    for n, item in enumerate(items, 1):
        print(f"\n— {n}/{len(items)} —")
        for line in item.lines:
            print(line)
        while True:
            said = asker.ask(item.prompt)
            if said is None or said.lower() in ("q", "quit", "exit"):
                _final(right, asked)
                return 0
            if said.lower() in ("skip", "?", "s"):
                asked += 1
                print("Skipped. " + " ".join(item.reveal))
                break
            try:
                ok, words = item.check(said)
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


def run(args: argparse.Namespace) -> int:
    """Entry point of ``hanchan drill scores|fu|yaku``."""
    rules = load_rules(args.rules)
    count, seed = _count(args), _seed(args)
    try:
        items = question_items(args.drill, rules, count=count, seed=seed)
    except DrawError as exc:
        raise UserError(f"cannot draw hands under these rules: {exc}", status=1) from None
    print(f"Drill: {args.drill} under {rules.name or args.rules}, {count} question"
          f"{'s' if count > 1 else ''} (seed {seed}). 'skip' shows the answer, 'quit' stops.")
    return _quiz(items)


def run_discards(args: argparse.Namespace) -> int:
    """Entry point of ``hanchan drill discards``."""
    count, seed = _count(args), _seed(args)
    if args.made_up:
        return _made_up(count, seed, "")
    folder = save_dir(args.save_dir)
    files = [existing_file(Path(f)) for f in args.files]
    try:
        found = find_problems(files or saved_games(folder), count, seed, strict=bool(files))
    except SaveError as exc:
        raise UserError(f"cannot review {exc}", status=1) from None
    if found.note:
        print(f"note: {found.note}", file=sys.stderr)
    problems = found.problems
    if not problems:
        where = ", ".join(args.files) if args.files else str(folder)
        return _made_up(count, seed, f"No costly discard found in the saved games of {where}"
                        " (play a few games: hanchan play); made-up hands instead. ")
    print(f"Drill: discards, {len(problems)} problem{'s' if len(problems) > 1 else ''} from "
          "your games where the review found a costly discard, answered by the strong bot. "
          "Type a tile (5m, 3p, 7s, 1z).")
    return _quiz(problem_items(problems))


def _made_up(count: int, seed: int, why: str) -> int:
    print(f"{why}Drill: discards on made-up hands, {count} problem{'s' if count > 1 else ''} "
          f"(seed {seed}): keep the lowest shanten with the most tiles that improve it "
          "(ties all count). Type a tile (5m, 3p, 7s, 1z).")
    return _quiz(efficiency_items(count, seed))
