"""The arena behind ``hanchan simulate``: the duplicate schedule and determinism."""

from __future__ import annotations

from hanchan.ai.arena import run, schedule
from hanchan.rulesets.schema import Ruleset


def test_duplicate_rotates_the_bots_over_the_same_walls() -> None:
    specs = schedule(["strong", "greedy", "greedy", "easy"], 8, seed=3, duplicate=True)
    assert len(specs) == 8
    first = specs[:4]
    assert len({s.seed for s in first}) == 1
    # every level sits in every seat once per wall
    for seat in range(4):
        assert sorted(s.levels[seat] for s in first) == sorted(["strong", "greedy", "greedy",
                                                                "easy"])
    assert specs[4].seed != specs[0].seed
    assert len(schedule(["greedy"] * 4, 5, 0, duplicate=True)) == 8  # rounded up


def test_a_fixed_seed_gives_the_same_games_in_processes_or_not() -> None:
    a = run(Ruleset(), ["greedy", "easy", "random", "normal"], 2, seed=8, jobs=1)
    b = run(Ruleset(), ["greedy", "easy", "random", "normal"], 2, seed=8, jobs=2)
    assert {k: v.summary() for k, v in a.by_level.items()} == \
        {k: v.summary() for k, v in b.by_level.items()}
