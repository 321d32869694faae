"""docs/rules.md is generated from the schema and the presets and must stay in sync."""

from __future__ import annotations

from rulesets.docs import DOC_PATH, main, render
from rulesets.schema import option_fields


def test_committed_docs_equal_the_generated_page() -> None:
    assert DOC_PATH.read_text(encoding="utf-8") == render(), (
        "docs/rules.md is out of date: run `python -m rulesets.docs`")


def test_every_option_is_documented() -> None:
    text = render()
    for f in option_fields():
        assert f"### `{f.name}` — {f.metadata['ja']}" in text
        assert f.metadata["en"] in text


def test_check_mode_exit_status() -> None:
    assert main(["--check"]) == 0
