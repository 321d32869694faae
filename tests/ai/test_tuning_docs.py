"""docs/bot-tuning.md: its knob table is generated from ai.club.Style and stays in sync."""

from __future__ import annotations

import dataclasses
import re

import pytest

from hanchan.ai.club.docs import DOC_PATH, knob_table, render
from hanchan.ai.club.style import STYLES, Style, knob_fields


def test_committed_knob_table_equals_the_generated_one() -> None:
    text = DOC_PATH.read_text(encoding="utf-8")
    assert render(text) == text, "docs/bot-tuning.md: run `python -m hanchan.ai.club.docs`"


def test_every_knob_is_in_the_table_with_its_meaning() -> None:
    table = knob_table()
    for f in knob_fields():
        assert f"| `{f.name}` |" in table
        assert f.metadata["meaning"] in table


def test_measured_knobs_named_in_the_notes_exist() -> None:
    """A heading of the measurements that names a knob (``### `name` ``) names a real one."""
    names = {f.name for f in knob_fields()}
    text = DOC_PATH.read_text(encoding="utf-8")
    for name in re.findall(r"^### `([a-z_]+)`", text, flags=re.M):
        assert name in names, f"docs/bot-tuning.md measures `{name}`, which is not a knob"


def test_a_knob_out_of_its_range_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match=r"Style.defence is -1; it must be from 0 to 10"):
        Style(defence=-1)
    with pytest.raises(ValueError, match=r"Style.calls is 'always'; it must be one of ev, eager"):
        Style(calls="always")  # type: ignore[arg-type]  # a wrong value on purpose
    assert dataclasses.replace(STYLES["strong"], dama_share_folders=None).reads_folds
