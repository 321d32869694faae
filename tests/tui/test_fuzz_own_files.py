"""Fuzzing the app's own files: ``settings.json`` (hostile values, bytes, nesting, odd
files where it lives) and the save folder's odd entries (links in and out, FIFOs,
sockets, folders, huge files, a poisoned index or pointer).

Outcomes are sorted by ``tests.kit.fuzz_own_files`` (tried / refused / accepted legal /
crash / hang / wrongly accepted); the last three must stay at zero.  ``FUZZ_ROUNDS``
raises the counts for a long run (``FUZZ_ROUNDS=1000 pytest -s`` prints them; the table
is in docs/reliability.md).
"""

from __future__ import annotations

import functools
import os
import random
import tempfile
from pathlib import Path

from tests.kit.fuzz import Tally, save_bytes, timed
from tests.kit.fuzz_own_files import (
    folder_round,
    judge_settings,
    settings_input,
    special_settings,
)
from tests.kit.saved_games import played_game

ROUNDS = int(os.environ.get("FUZZ_ROUNDS", "0"))


def _check(tally: Tally, name: str) -> None:
    print(tally.line(name))
    assert tally.counts["crash"] == tally.counts["hang"] == 0, tally.bad
    assert tally.counts["wrongly accepted"] == 0, tally.bad


def _settings_round(rng: random.Random) -> tuple[str, str]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        what, raw, data = settings_input(rng)
        if raw is None:
            kind, run = special_settings(folder, rng)
            return timed(run, f"special {kind}")
        path = folder / "settings.json"
        path.write_bytes(raw)
        return timed(functools.partial(judge_settings, path, data), what)


def test_hostile_settings_files_are_refused_or_read_right() -> None:
    tally = Tally()
    rng = random.Random(35)
    for _ in range(ROUNDS or 300):
        outcome, what = _settings_round(rng)
        tally.add(outcome, f"{what} {outcome}")
    _check(tally, "settings.json")
    assert tally.counts["refused"] > 50 and tally.counts["accepted legal"] > 10


@functools.cache
def _games() -> dict[str, bytes]:
    events = played_game(2)
    return {"finished": save_bytes(events), "unfinished": save_bytes(events[:300])}


def test_odd_entries_of_the_save_folder_are_refused_and_games_read_right() -> None:
    tally = Tally()
    rng = random.Random(35)
    games = _games()
    for n in range(ROUNDS // 5 or 40):
        judged: list[tuple[str, str]] = []

        def run() -> str:
            judged.extend(folder_round(rng, games))  # noqa: B023 - run at once, in this round
            return "ok"

        outcome, what = timed(run, f"round {n}")
        if outcome != "ok":  # the round crashed or hung: one count for it
            tally.add(outcome, what)
        for outcome, what in judged:
            tally.add(outcome, f"round {n}: {what}")
    _check(tally, "save folder")
    assert tally.counts["refused"] > 40 and tally.counts["accepted legal"] > 20
