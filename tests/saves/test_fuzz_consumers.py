"""Fuzzing what reads a save: ``review``, ``drill discards``, ``export`` and the app's
discard drill over the damaged-save corpus of ``test_fuzz`` (``tests.kit.fuzz.mutate_save``).

Each reads a save through the referee, as ``hanchan verify`` does (docs/cli.md): a file
verify refuses gives status 1 and verify's own sentence naming the line (an export also
writes the part before that line); a file verify accepts gives status 0, and the command
works on exactly the verified game.  The app's drill over a folder leaves a refused file
out with that sentence and draws its problems from the other games.  Outcomes are sorted
as in ``test_fuzz`` (``tests.kit.fuzz.Tally``); crash, hang and wrongly accepted must stay
at zero.  ``FUZZ_ROUNDS=900 pytest -s tests/saves/test_fuzz_consumers.py`` prints the
counts of a long run.
"""

from __future__ import annotations

import functools
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.kit.fuzz import (
    CONSUMERS,
    Tally,
    judge_consumer,
    judge_folder,
    mutate_save,
    timed,
)
from tests.saves.test_fuzz import ROUNDS, save_corpus


def _deleted(data: bytes, index: int) -> bytes:
    lines = data.rstrip(b"\n").split(b"\n")
    del lines[index]
    return b"\n".join(lines) + b"\n"


def fuzz_consumers(rounds: int, seed: int, folder: Path) -> dict[str, Tally]:
    """``rounds`` damaged saves, each given to every command and to the app's drill."""
    tallies = {name: Tally() for name in [*CONSUMERS, "app drill"]}
    rng = random.Random(seed)
    corpus = save_corpus()
    good = corpus[0][1]
    for n in range(rounds):
        name, data, _ = corpus[n % len(corpus)]
        bad, what = mutate_save(data, rng)
        for consumer, tally in tallies.items():
            judge = (functools.partial(judge_folder, bad, good, folder)
                     if consumer == "app drill"
                     else functools.partial(judge_consumer, bad, consumer, folder))
            outcome, detail = timed(judge, f"{name}: {what}")
            tally.add(outcome, f"{detail} {outcome}")
    return tallies


def _check(tallies: dict[str, Tally]) -> None:
    for name, tally in tallies.items():
        if tally.counts["tried"] > 1:
            print(tally.line(name))
        assert tally.counts["crash"] == tally.counts["hang"] == 0, (name, tally.bad)
        assert tally.counts["wrongly accepted"] == 0, (name, tally.bad)


@pytest.mark.parametrize("consumer", sorted(CONSUMERS))
def test_a_save_with_one_deleted_line_is_refused_naming_it(consumer: str,
                                                           tmp_path: Path) -> None:
    # the reproduction: one line deleted in a hand (an AssertionError or an
    # internal "list.remove(x)" before), at the start, in the middle and near the end
    for name, data, _ in save_corpus():
        count = data.count(b"\n")
        for index in (5, count // 3, count - 4):
            outcome = judge_consumer(_deleted(data, index), consumer, tmp_path)
            assert outcome == "refused", (name, index, outcome)


def test_the_originals_are_read_whole(tmp_path: Path) -> None:
    for name, data, _ in save_corpus():
        for consumer in CONSUMERS:
            assert judge_consumer(data, consumer, tmp_path) == "accepted legal", (name, consumer)
        assert judge_folder(data, save_corpus()[0][1], tmp_path) == "accepted legal", name


def test_damaged_saves_are_refused_or_the_verified_game(tmp_path: Path) -> None:
    tallies = fuzz_consumers(ROUNDS or 16, seed=35, folder=tmp_path)
    _check(tallies)
    for tally in tallies.values():
        assert tally.counts["refused"] > tally.counts["tried"] // 2  # the mutations do bite


@pytest.mark.slow
@given(seed=st.integers(0, 2**32 - 1))
# each example runs five readers over a game: a fifth of the profile's budget
@settings(max_examples=max(10, settings().max_examples // 5))
def test_hypothesis_damaged_saves_in_every_reader(seed: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        _check(fuzz_consumers(1, seed, Path(tmp)))
