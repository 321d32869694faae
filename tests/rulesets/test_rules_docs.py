"""docs/rules.md is generated from the schema and the presets and must stay in sync."""

from __future__ import annotations

import re
import tomllib

import pytest

from hanchan.rulesets.docs import DOC_PATH, main, render
from hanchan.rulesets.loader import PRESET_DIR, list_presets, load_ruleset
from hanchan.rulesets.schema import allowed_literals, option_fields


def test_committed_docs_equal_the_generated_page() -> None:
    assert DOC_PATH.read_text(encoding="utf-8") == render(), (
        "docs/rules.md is out of date: run `python -m hanchan.rulesets.docs`")


def test_every_option_is_documented() -> None:
    text = render()
    for f in option_fields():
        assert f"### `{f.name}` — {f.metadata['ja']}" in text
        assert f.metadata["en"] in text


def test_check_mode_exit_status() -> None:
    assert main(["--check"]) == 0


# ------------------------------------------------ texts held to the values they describe

_UNUSED = re.compile(r"^([a-z_0-9]+) = .*#\s*unused \(([a-z_0-9]+) = ([^:;)]+)")


@pytest.mark.parametrize("name", list_presets())
def test_a_preset_line_marked_unused_names_the_value_that_makes_it_so(name: str) -> None:
    """'x = ...  # unused (y = v)': the preset really sets y to v (a comment that outlived a
    change of y would tell the reader, and `rules show`, the wrong reason)."""
    rules = load_ruleset(name)
    text = (PRESET_DIR / f"{name}.toml").read_text(encoding="utf-8")
    checked = 0
    for line in text.splitlines():
        m = _UNUSED.match(line)
        if not m:
            continue
        *more, value = m.group(3).strip().split(" = ")  # (a = b = 0): both are 0
        try:
            want = tomllib.loads(f"v = {value}")["v"]
        except tomllib.TOMLDecodeError:
            want = value  # a Literal value written bare: none, mangan_each ...
        for other in (m.group(2), *more):
            got = getattr(rules, other)
            assert (list(got) if isinstance(got, tuple) else got) == want, line
        checked += 1
    assert checked or name in ("tenhou", "mahjongsoul")


def test_option_names_in_descriptions_are_options() -> None:
    """A description naming another option (snake_case words) names one that exists (or
    one of an option's allowed values)."""
    names = {f.name for f in option_fields()}
    for f in option_fields():
        names.update(allowed_literals(f.name) or ())
        names.update(f.metadata["choices"] or ())
    for f in option_fields():
        words = re.findall(r"\b[a-z]+(?:_[a-z0-9]+)+\b", f.metadata["en"])
        for w in words:
            assert w in names, f"{f.name}: {w!r} is not an option"
