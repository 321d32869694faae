"""``hanchan rules yaku --examples``: an example hand under each yaku (docs/cli.md)."""

from __future__ import annotations

import json

import pytest

from hanchan.cli.main import main
from hanchan.engine.scoring import EN_NAMES, yaku_table
from hanchan.rulesets import load_ruleset
from hanchan.words.hands import score_request


def test_every_yaku_line_has_its_example_below(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "yaku", "--rules", "ako", "--examples"]) == 0
    lines = capsys.readouterr().out.splitlines()[1:]
    rows = yaku_table(load_ruleset("ako"))
    assert len(lines) == 2 * len(rows)
    for row, (line, under) in zip(rows, zip(lines[::2], lines[1::2], strict=True),
                                  strict=True):
        assert line.split()[0] == row.id and under.startswith("      ")
        if row.id == "nagashi_mangan":
            assert "no winning hand" in under
        else:
            assert under.count("[") == 1 and "+" in under, under
    sanrenkou = lines[2 * [r.id for r in rows].index("sanrenkou") + 1]
    assert f"[{EN_NAMES['sanrenkou']} " in sanrenkou, sanrenkou


def test_the_json_examples_score_their_yaku(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "yaku", "--rules", "makura", "--examples", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    rules = load_ruleset("makura")
    for row in rows:
        if row["id"] == "nagashi_mangan":
            assert row["example"] is None
            continue
        result, _ = score_request(row["example"]["request"], rules)
        assert row["id"] in [y for y, _ in result.yaku]
        assert row["example"]["yaku"] == [[y, h] for y, h in result.yaku]


def test_without_examples_the_json_is_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "yaku", "--json"]) == 0
    assert all("example" not in row for row in json.loads(capsys.readouterr().out))
