"""The loader: every preset is complete and loads; bad files are reported, never raised raw."""

from __future__ import annotations

import dataclasses
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanchan.rulesets.loader import (
    PRESET_DIR,
    RulesetError,
    dumps_ruleset,
    list_presets,
    load_ruleset,
    load_ruleset_info,
    ruleset_from_dict,
    validate_options,
)
from hanchan.rulesets.schema import SECTIONS, Ruleset, allowed_literals, option_fields, option_types

PRESETS = ["makura", "makura-gp", "teireikai", "ako", "yokoyoko", "gpc", "tenhou",
           "mahjongsoul"]
CLUBS = {"makura": "makura", "makura-gp": "makura", "teireikai": "teireikai", "ako": "ako",
         "yokoyoko": "yokoyoko", "gpc": "gpc"}
NOT_STATED = "not stated in the club's rules; common default"
OPTION_NAMES = [f.name for f in option_fields()]


def _raw(name: str) -> dict[str, Any]:
    return tomllib.loads((PRESET_DIR / f"{name}.toml").read_text(encoding="utf-8"))


def _flat_keys(data: dict[str, Any]) -> list[str]:
    keys: list[str] = []
    for k, v in data.items():
        if k in SECTIONS and isinstance(v, dict):
            keys.extend(v)
        else:
            keys.append(k)
    return keys


def test_the_required_presets_exist() -> None:
    assert set(PRESETS) <= set(list_presets())


@pytest.mark.parametrize("name", PRESETS)
def test_preset_sets_every_option_explicitly(name: str) -> None:
    data = _raw(name)
    assert "base" not in data, "a preset must stand alone"
    keys = [k for k in _flat_keys(data) if k not in ("title", "source")]
    assert sorted(keys) == sorted(OPTION_NAMES)
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize("name", PRESETS)
def test_preset_loads_with_its_own_name(name: str) -> None:
    info = load_ruleset_info(name)
    assert info.ruleset.name == name
    assert info.title and info.source


@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_value_is_cited_or_marked_as_default(name: str) -> None:
    """Each option line carries a comment: a rule of the source, or the not-stated mark."""
    text = (PRESET_DIR / f"{name}.toml").read_text(encoding="utf-8")
    club = CLUBS.get(name)
    cited = 0
    for line in text.splitlines():
        m = re.match(r"^([a-z_0-9]+) = .*?#\s*(.+)$", line)
        if line and line[0].isalpha() and not line.startswith(("title", "source")):
            assert m, f"option line without a comment: {line!r}"
        if not m:
            continue
        comment = m.group(2)
        if club is not None:
            ok = (comment.startswith(f"{club} ") or comment.startswith("makura-gp ")
                  or NOT_STATED in comment or comment.startswith("unused (")
                  or comment.startswith(("preset id", "software setting")))
            cited += comment.startswith(f"{club} ") or comment.startswith("makura-gp ")
        else:
            ok = comment.startswith(("Tenhou", "Mahjong Soul", "unused (", "preset id",
                                     "software setting"))
        assert ok, f"{name}: {line!r}"
    if club is not None:
        assert cited >= 30, "a club preset cites its rules for most values"


def test_loading_twice_gives_equal_values() -> None:
    # a preset named twice is the cached ruleset: read its file twice instead
    path = PRESET_DIR / "makura.toml"
    first, second = load_ruleset(path), load_ruleset(path)
    assert first is not second
    assert first == second == load_ruleset("makura")


# ---------------------------------------------------------------------- files of one's own

def _write(tmp_path: Path, text: str, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _problems(path: Path | str) -> list[str]:
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(path))
    return info.value.problems


def test_base_then_overrides(tmp_path: Path) -> None:
    path = _write(tmp_path, 'base = "makura"\n[points]\nbust = "none"\n')
    rules = load_ruleset(str(path))
    assert rules == load_ruleset("makura").replace(bust="none", name="mine")


def test_top_level_keys_and_sections_mix(tmp_path: Path) -> None:
    path = _write(tmp_path, 'red_fives = 0\n[yaku]\nkiriage_mangan = true\n')
    rules = load_ruleset(str(path))
    assert (rules.red_fives, rules.kiriage_mangan) == (0, True)
    assert rules.name == "mine"


def test_base_may_be_a_relative_file(tmp_path: Path) -> None:
    _write(tmp_path, 'base = "ako"\nmin_han = 2\n', "club.toml")
    path = _write(tmp_path, 'base = "club.toml"\nred_fives = 1\n')
    rules = load_ruleset(str(path))
    assert (rules.min_han, rules.red_fives, rules.dead_wall) == (2, 1, 16)


def test_unknown_key_suggests_the_nearest(tmp_path: Path) -> None:
    path = _write(tmp_path, "red_five = 2\n[yaku]\nkiriage_mangn = true\n")
    problems = _problems(path)
    assert "red_five: unknown option; did you mean 'red_fives'?" in problems
    assert any(p.startswith("[yaku] kiriage_mangn: unknown option; did you mean 'kiriage_mangan'")
               for p in problems)


def test_wrong_type(tmp_path: Path) -> None:
    path = _write(tmp_path, 'open_tanyao = "yes"\nstart_points = 25000.5\numa = 20\n')
    problems = _problems(path)
    assert 'open_tanyao: must be true or false, not "yes" (text)' in problems
    assert ("start_points: must be a whole number from 1000 to 100000, not 25000.5 "
            "(a decimal number)") in problems
    assert "uma: must be a list [...], not 20 (a whole number)" in problems


def test_bool_is_not_a_number(tmp_path: Path) -> None:
    assert _problems(_write(tmp_path, "min_han = true\n")) == [
        "min_han: must be a whole number from 1 to 4, not true (true/false)"]


def test_out_of_range(tmp_path: Path) -> None:
    path = _write(tmp_path, "red_fives = 3\numa = [20, 10, -10, -2000]\n")
    problems = _problems(path)
    assert "red_fives: 3 is out of range; allowed: from 0 to 2" in problems
    assert ("uma[3]: -2,000 is out of range; allowed: from -100 to 100 (more than 100,000 "
            "points for a place would outweigh the game itself)") in problems


def test_wrong_length_of_a_fixed_list(tmp_path: Path) -> None:
    assert _problems(_write(tmp_path, "uma = [20, 10, -10]\n")) == [
        "uma: must list exactly 4 values, not 3: [20, 10, -10]"]


def test_bad_literal_lists_the_allowed_values(tmp_path: Path) -> None:
    problems = _problems(_write(tmp_path, 'bust = "below-zero"\n'))
    assert problems == ['bust: "below-zero" is not allowed (did you mean "below_zero"?); '
                        'allowed: "below_zero", "none"']


def test_bad_choice_and_duplicate_in_a_list(tmp_path: Path) -> None:
    path = _write(tmp_path, 'double_yakuman = ["kokushi_13", "kokushi_13", "daisangen"]\n')
    problems = _problems(path)
    assert 'double_yakuman: "kokushi_13" is listed twice' in problems
    assert any(p.startswith('double_yakuman[2]: "daisangen" is not allowed') for p in problems)


def test_option_in_the_wrong_section(tmp_path: Path) -> None:
    assert _problems(_write(tmp_path, "[yaku]\noka = 0\n")) == [
        "oka: belongs in [points], not [yaku]"]


def test_bad_base(tmp_path: Path) -> None:
    problems = _problems(_write(tmp_path, 'base = "makra"\n'))
    assert len(problems) == 1
    assert problems[0].startswith("base 'makra': no preset called 'makra'")
    assert "Did you mean 'makura'?" in problems[0]
    assert _problems(_write(tmp_path, "base = 3\n", "b.toml")) == [
        "base: must be a preset name or a file path in quotes, not 3"]


def test_base_loop(tmp_path: Path) -> None:
    _write(tmp_path, 'base = "b.toml"\n', "a.toml")
    _write(tmp_path, 'base = "a.toml"\n', "b.toml")
    problems = _problems(tmp_path / "a.toml")
    assert any("loop" in p for p in problems)


def test_toml_syntax_error_names_the_line(tmp_path: Path) -> None:
    problems = _problems(_write(tmp_path, "red_fives = 1\nmin_han = \n"))
    assert len(problems) == 1
    assert problems[0].startswith("not valid TOML")
    assert "line 2" in problems[0]


def test_all_problems_are_reported_together(tmp_path: Path) -> None:
    path = _write(tmp_path, 'red_fives = 9\nbust = "never"\nfoo = 1\n')
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(path))
    assert len(info.value.problems) == 3
    assert str(info.value).startswith(f"{path}: 3 problems:")


def test_missing_file_and_unknown_preset(tmp_path: Path) -> None:
    assert _problems(tmp_path / "nope.toml") == ["no such file"]
    with pytest.raises(RulesetError) as info:
        load_ruleset("tenhuo")
    assert "Did you mean 'tenhou'?" in info.value.problems[0]


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bin.toml"
    path.write_bytes(b"red_fives = 1\n\xff\xfe\n")
    assert _problems(path) == ["is not a text file in UTF-8"]


def test_save_header_round_trip() -> None:
    for name in PRESETS:
        rules = load_ruleset(name)
        assert ruleset_from_dict(rules.to_dict()) == rules
    with pytest.raises(RulesetError):
        ruleset_from_dict({"red_fives": 5})


# ---------------------------------------------------------------------- property: write, read back

def _value_strategy(f: dataclasses.Field[Any]) -> st.SearchStrategy[Any]:
    tp = option_types()[f.name]
    meta = f.metadata
    lits = allowed_literals(f.name)
    if lits is not None:
        return st.sampled_from(lits)
    if tp is bool:
        return st.booleans()
    if tp is int:
        return st.integers(meta["lo"], meta["hi"])
    if tp is str:  # text: no control characters, at most hi long (the loader's checks)
        return st.text(st.characters(exclude_categories=("Cs", "Cc")), min_size=1,
                       max_size=min(12, meta["hi"] or 12))
    if meta["choices"]:
        return st.lists(st.sampled_from(meta["choices"]), unique=True).map(tuple)
    ints = st.integers(meta["lo"], meta["hi"])
    default = f.default
    assert isinstance(default, tuple)  # the other option types are handled above
    if isinstance(default[0], tuple):
        return st.tuples(*[st.tuples(*[ints] * len(default[0]))] * len(default))
    return st.tuples(*[ints] * len(default))


# A whole Ruleset is a large example: a third of the profile's budget is plenty.
BIG = settings(max_examples=max(20, settings().max_examples // 3))

RULESETS = st.fixed_dictionaries({f.name: _value_strategy(f) for f in option_fields()}).map(
    lambda d: Ruleset(**d))


@BIG
@given(RULESETS)
def test_any_valid_ruleset_survives_writing_and_reading(rules: Ruleset) -> None:
    data = tomllib.loads(dumps_ruleset(rules))

    values, problems = validate_options(data)
    assert problems == []
    assert Ruleset(**values) == rules


@BIG
@given(RULESETS, st.sampled_from(PRESETS))
def test_a_file_based_on_a_preset_writes_only_the_differences(rules: Ruleset, base: str) -> None:
    text = dumps_ruleset(rules, base=base)
    data = tomllib.loads(text)

    values, problems = validate_options(data)
    assert problems == []
    assert dataclasses.replace(load_ruleset(base), **values) == rules


# ---------------------------------------------------------------------- property: never a traceback

TOML_SCALARS = st.one_of(st.booleans(), st.integers(-10**20, 10**20),
                         st.floats(allow_nan=False), st.text(max_size=8))
TOML_VALUES = st.recursive(TOML_SCALARS, lambda inner: st.lists(inner, max_size=5), max_leaves=12)
KEYS = st.sampled_from(OPTION_NAMES + ["base", "title", "source", "foo", "Red_Fives"])


@given(st.dictionaries(KEYS, TOML_VALUES, max_size=8))
def test_any_mapping_is_loaded_or_reported(data: dict[str, Any]) -> None:
    values, problems = validate_options({k: v for k, v in data.items() if k != "base"})
    if not problems:
        Ruleset(**values)  # whatever passes validation builds a Ruleset
    assert all(isinstance(p, str) and p for p in problems)


@given(st.binary(max_size=200))
def test_any_file_is_loaded_or_reported(tmp_path_factory: pytest.TempPathFactory,
                                        content: bytes) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "f.toml"
    path.write_bytes(content)
    try:
        load_ruleset(str(path))
    except RulesetError as exc:
        assert exc.problems
