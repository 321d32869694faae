"""Fuzzing: damaged real saves and real logs (tenhou.net/6, mjlog, mjai) must each end as a
one-sentence refusal naming the line or hand, or a game the engine replays legally.

The outcome of every input is sorted by ``tests.kit.fuzz`` (tried / refused / accepted
legal / crash / hang / wrongly accepted); the last three must stay at zero.  The quick
part runs a fixed set of random mutations; the ``slow`` part lets hypothesis choose them
(its profile's budget), and ``FUZZ_ROUNDS`` raises the quick part's count for a long run
(``FUZZ_ROUNDS=2000 pytest -s tests/saves/test_fuzz.py`` prints the counts).
"""

from __future__ import annotations

import functools
import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanchan.engine.events import Event
from hanchan.rulesets import load_ruleset
from hanchan.saves.convert import events_from_recorded
from hanchan.saves.logs.mjai import format_mjai, parse_mjai
from hanchan.saves.logs.mjlog import parse_mjlog
from hanchan.saves.logs.model import RecordedGame
from hanchan.saves.logs.tenhou6 import parse_tenhou6
from tests.kit.fuzz import (
    Tally,
    hostile_logs,
    hostile_rulesets,
    judge_import,
    judge_log,
    judge_ruleset,
    judge_save,
    mutate_json_log,
    mutate_lines,
    mutate_save,
    mutate_xml,
    save_bytes,
    timed,
)
from tests.kit.saved_games import played_game

DATA = Path(__file__).resolve().parents[1] / "data"
RARE = DATA / "rare_logs"
ROUNDS = int(os.environ.get("FUZZ_ROUNDS", "0"))

Mutator = Callable[[str, random.Random], tuple[str, str]]  # text -> (damaged text, what)


def _real_logs(suffix: str) -> list[Path]:
    """The real Tenhou logs kept in tests/data (copies of shared/logs and mjai-reviewer's)."""
    found = sorted((DATA / "logs").rglob(f"*{suffix}")) if (DATA / "logs").is_dir() else []
    return found + sorted(RARE.glob(f"real_*{suffix}"))


@functools.cache
def save_corpus() -> list[tuple[str, bytes, tuple[Event, ...]]]:
    """Real saves: games played by the engine (two rule sets) and an imported real log."""
    out = []
    for name, events in (("tenhou-easy", played_game(1)),
                         ("makura-normal", played_game(2, "normal", load_ruleset("makura")))):
        out.append((name, save_bytes(events), events))
    log = RARE / "real_mjai-reviewer_suukantsu_1.json"
    imported = tuple(events_from_recorded(parse_tenhou6(log.read_text("utf-8"))))
    out.append(("import-" + log.stem, save_bytes(imported, source="tenhou6:" + log.stem),
                imported))
    return out


def _mjai_text() -> str:
    game = parse_tenhou6((RARE / "real_mjai-reviewer_suukantsu_1.json").read_text("utf-8"))
    return format_mjai(game)


@functools.cache
def log_corpus() -> list[tuple[str, str, Callable[[str], RecordedGame], Mutator]]:
    """Real logs in each format, with their reader and mutator."""
    out: list[tuple[str, str, Callable[[str], RecordedGame], Mutator]] = []
    for p in _real_logs(".json")[:3]:
        out.append((p.name, p.read_text("utf-8"), parse_tenhou6, mutate_json_log))
    for p in _real_logs(".xml")[:2] or sorted(RARE.glob("*.xml"))[:2]:
        out.append((p.name, p.read_text("utf-8"), parse_mjlog, mutate_xml))
    out.append(("mjai", _mjai_text(), parse_mjai, mutate_lines))
    return out


def fuzz_saves(rounds: int, seed: int) -> Tally:
    tally = Tally()
    rng = random.Random(seed)
    corpus = save_corpus()
    for n in range(rounds):
        name, data, events = corpus[n % len(corpus)]
        bad, what = mutate_save(data, rng)
        outcome, detail = timed(functools.partial(judge_save, bad, events), f"{name}: {what}")
        tally.add(outcome, f"{detail} {outcome}")
    return tally


def fuzz_logs(rounds: int, seed: int) -> Tally:
    tally = Tally()
    rng = random.Random(seed)
    corpus = log_corpus()
    for n in range(rounds):
        name, text, parse, mutate = corpus[n % len(corpus)]
        bad, what = mutate(text, rng)
        outcome, detail = timed(functools.partial(judge_log, bad, parse), f"{name}: {what}")
        tally.add(outcome, f"{detail} {outcome}")
    return tally


def _check(tally: Tally, name: str) -> None:
    if tally.counts["tried"] > 1:
        print(tally.line(name))
    assert tally.counts["crash"] == tally.counts["hang"] == 0, tally.bad
    assert tally.counts["wrongly accepted"] == 0, tally.bad


def test_the_originals_are_accepted() -> None:
    for name, data, events in save_corpus():
        assert judge_save(data, events) == "accepted legal", name
    for name, text, parse, _ in log_corpus():
        assert judge_log(text, parse) == "accepted legal", name


def test_damaged_saves_are_refused_or_legal() -> None:
    tally = fuzz_saves(ROUNDS or 90, seed=28)
    _check(tally, "saves")
    assert tally.counts["refused"] > tally.counts["tried"] // 2  # the mutations do bite


def test_damaged_logs_are_refused_or_legal() -> None:
    tally = fuzz_logs(ROUNDS or 45, seed=28)
    _check(tally, "logs")
    assert tally.counts["refused"] > 0


def test_hostile_files_are_refused_unread(tmp_path: Path) -> None:
    """Devices, a FIFO, sizes past the bound, deep nesting, huge numbers, long names,
    empty logs and DTDs: each refused in one sentence by `hanchan import`, under a timer
    (a FIFO blocked for ever) and a memory bound (/dev/zero was read whole)."""
    tally = Tally()
    good = RARE / "real_mjai-reviewer_suukantsu_1.json"
    for what, path, fmt in hostile_logs(tmp_path / "in", good):
        out = tmp_path / "out" / str(tally.counts["tried"])
        outcome, detail = timed(functools.partial(judge_import, path, out, fmt), what)
        tally.add(outcome, f"{detail} {outcome}")
        assert outcome == ("accepted legal" if path == good else "refused"), (what, outcome)
    _check(tally, "hostile files")


def test_rulesets_that_break_games_are_refused(tmp_path: Path) -> None:
    """Rulesets `rules check` accepted although their games never ended, could not be
    saved or made the top pay: refused now, naming the keys; two that must play do."""
    tally = Tally()
    for what, path in hostile_rulesets(tmp_path):
        outcome, detail = timed(functools.partial(judge_ruleset, path), what)
        tally.add(outcome, f"{detail} {outcome}")
        assert outcome == ("accepted legal" if "(plays)" in what else "refused"), (what, outcome)
    _check(tally, "hostile rulesets")


@pytest.mark.slow
@given(seed=st.integers(0, 2**32 - 1))
def test_hypothesis_damaged_saves(seed: int) -> None:
    _check(fuzz_saves(1, seed), "save")


@pytest.mark.slow
@given(seed=st.integers(0, 2**32 - 1))
def test_hypothesis_damaged_logs(seed: int) -> None:
    _check(fuzz_logs(1, seed), "log")
