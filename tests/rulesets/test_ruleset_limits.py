"""What a ruleset may say: ranges a real club could use (with why), no impossible
combination, and suggestions by meaning for the names players write (issue 28 section 4,
issue 23 item 11)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hanchan.cli.main import main
from hanchan.rulesets.combinations import combination_problems
from hanchan.rulesets.docs import DOC_PATH
from hanchan.rulesets.loader import RulesetError, list_presets, load_ruleset, ruleset_from_dict
from hanchan.rulesets.schema import Ruleset, option_fields, option_types


def problems_of(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(path))
    return info.value.problems


# ------------------------------------------------------------------ names by meaning


@pytest.mark.parametrize("written, meant", [
    ("kuitan", "open_tanyao"),  # 喰いタン is open tanyao; kuikae is swap calling
    ("Kui-Tan", "open_tanyao"),
    ("aka", "red_fives"),
    ("tobi", "bust"),
    ("daburon", "double_ron"),
    ("kyuushu_kyuuhai", "abort_nine_terminals"),
    ("ryanhan_shibari", "two_han_from_honba"),
    ("tsumibou", "honba_points"),
])
def test_a_name_players_write_suggests_the_option_it_means(tmp_path: Path, written: str,
                                                          meant: str) -> None:
    problems = problems_of(tmp_path, f"{written} = 1\n")
    assert len(problems) == 1
    assert problems[0].startswith(f"{written}: unknown option; did you mean '{meant}'?")


def test_kuitan_is_not_taken_for_kuikae(tmp_path: Path) -> None:
    (problem,) = problems_of(tmp_path, "kuitan = true\n")
    assert "'kuikae'" not in problem and "喰いタン" in problem


def test_other_names_are_declared_once_and_documented() -> None:
    names = {f.name for f in option_fields()}
    seen: dict[str, str] = {}
    doc = DOC_PATH.read_text(encoding="utf-8")
    for f in option_fields():
        for alias in f.metadata["also"]:
            assert alias not in names, alias  # never another option's own name
            assert alias not in seen, (alias, seen.get(alias), f.name)
            assert alias == alias.lower() and " " not in alias
            seen[alias] = f.name
        if f.metadata["also"]:
            block = doc.split(f"### `{f.name}`", 1)[1].split("###", 1)[0]
            assert "Also called: " + ", ".join(f"`{a}`" for a in f.metadata["also"]) in block
    assert seen["kuitan"] == "open_tanyao"


# ------------------------------------------------------------------ ranges


def test_every_preset_loads_and_is_possible() -> None:
    for name in list_presets():
        assert combination_problems(load_ruleset(name)) == [], name
    assert combination_problems(Ruleset()) == []


def test_the_issues_values_are_refused_with_the_range_and_why(tmp_path: Path) -> None:
    (honba,) = problems_of(tmp_path, "honba_points = 30000\n")
    assert honba.startswith("honba_points: 30,000 is out of range; allowed: from 0 to 3000 (")
    (han,) = problems_of(tmp_path, "min_han = 13\n")
    assert han.startswith("min_han: 13 is out of range; allowed: from 1 to 4 (")
    assert "only yakuman" in han


def test_everything_zero_is_refused(tmp_path: Path) -> None:
    """Every number of the file 0: each option that cannot be 0 is named."""
    lines = []
    for f in option_fields():
        tp = option_types()[f.name]
        if tp is int:
            lines.append(f"{f.name} = 0")
        elif f.name.startswith("uma") and isinstance(getattr(Ruleset(), f.name), tuple):
            zero = [0] * len(getattr(Ruleset(), f.name))
            if isinstance(getattr(Ruleset(), f.name)[0], tuple):
                lines.append(f"{f.name} = [{', '.join(['[0, 0, 0, 0]'] * 4)}]")
            else:
                lines.append(f"{f.name} = {zero}")
    problems = problems_of(tmp_path, "\n".join(lines) + "\n")
    named = {p.split(":", 1)[0] for p in problems}
    assert {"start_points", "return_points", "min_han", "initial_dora", "dead_wall",
            "yakuman_cap", "chiitoitsu_fu"} <= named
    assert all("is out of range; allowed: " in p for p in problems), problems


@pytest.mark.parametrize("text, option, words", [
    ("start_points = 30000\nreturn_points = 25000\noka = 0\n", "return_points",
     "is below start_points 30,000: the oka would be negative"),
    ("oka = 0\n", "oka", "so the oka must be 20 for the final results to add up to zero"),
    ("start_points = 27000\nreturn_points = 30000\noka = 20\n", "oka", "must be 12"),
    ("uma = [30, 10, -10, -20]\n", "uma", "adds up to +10, not 0"),
    ("uma = [10, 20, -10, -20]\n", "uma", "gives a lower place more uma than a higher one"),
    ('uma_scheme = "by_floaters"\numa_by_floaters = [[20, 10, -10, -20], [60, -10, -20, -20], '
     "[30, 10, -10, -30], [20, 10, 0, -30]]\n", "uma_by_floaters[1]", "adds up to +10"),
    ("honba_points = 100\n", "honba_points", "use a multiple of 300"),
    ("start_points = 25050\nreturn_points = 30050\n", "start_points", "multiple of 100"),
])
def test_impossible_combinations_are_refused_with_the_reason(tmp_path: Path, text: str,
                                                            option: str, words: str) -> None:
    problems = problems_of(tmp_path, text)
    assert any(p.startswith(f"{option}: ") and words in p for p in problems), problems


def test_a_club_that_plays_without_oka_is_possible(tmp_path: Path) -> None:
    path = tmp_path / "even.toml"
    path.write_text("start_points = 30000\nreturn_points = 30000\noka = 0\n"
                    "uma = [10, 5, -5, -10]\n", encoding="utf-8")
    assert load_ruleset(str(path)).oka == 0


def test_plain_data_is_checked_the_same_way() -> None:
    with pytest.raises(RulesetError) as info:
        ruleset_from_dict({"oka": 0})
    assert info.value.problems[0].startswith("oka: 0 does not match the points returned")


def test_rules_check_names_each_problem(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "club.toml"
    path.write_text("base = \"makura\"\nkuitan = true\numa = [30, 10, -10, -20]\n",
                    encoding="utf-8")
    assert main(["rules", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "kuitan: unknown option; did you mean 'open_tanyao'?" in out
    assert main(["rules", "check", "makura"]) == 0
    capsys.readouterr()
    path.write_text("base = \"makura\"\numa = [30, 10, -10, -20]\n", encoding="utf-8")
    assert main(["rules", "check", str(path)]) == 1
    assert "uma: [+30, +10, -10, -20] adds up to +10, not 0" in capsys.readouterr().out


def test_rules_show_states_each_range_and_why(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "show", "tenhou", "--all"]) == 0
    out = capsys.readouterr().out
    assert "Allowed: 1 to 4 (clubs play 1 or 2 han" in out
    assert "Allowed: 1,000 to 100,000 (a player starts with at least one riichi stick" in out
