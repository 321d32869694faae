"""``hanchan rules list | show | diff | check | yaku``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hanchan.cli.main import main
from hanchan.rulesets.loader import list_presets, load_ruleset

PRESETS = ["makura", "makura-gp", "teireikai", "ako", "yokoyoko", "gpc", "tenhou",
           "mahjongsoul"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["rules", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_list_names_every_preset(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "list")
    assert status == 0
    names = [line.split()[0] for line in out.splitlines()]
    assert names == list_presets()
    assert set(PRESETS) <= set(names)


def test_list_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "list", "--json")
    assert status == 0
    data = json.loads(out)
    assert [p["name"] for p in data["presets"]] == list_presets()


def test_show_groups_like_the_matrix_with_japanese_terms(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "show", "makura")
    assert status == 0
    headings = [line for line in out.splitlines() if line and not line.startswith(" ")]
    for heading in ("Points and settlement (点数と精算)", "Length, dealer and ending",
                    "Wall and dora (山とドラ)", "Calls (鳴き)", "Riichi (リーチ)",
                    "Yaku and hand values (役と点数)"):
        assert any(h.startswith(heading) for h in headings), heading
    assert "  オカ (oka): +20 (x1,000)" in out
    assert "  飛び (bust): below_zero: a player below 0 at the end of a hand ends the game" in out
    assert "  オープンリーチ (open_riichi): yes" in out
    # chips are off under makura, so their amounts are left out unless --all
    assert "chip_ura" not in out
    status, out_all, _ = run(capsys, "show", "makura", "--all")
    assert "chip_ura" in out_all and "Penalties (罰則)" in out_all


@pytest.mark.parametrize(("name", "option", "cited"), [
    ("makura", "renchan_at_abort_tenpai", "makura 5)"),
    ("makura", "chombo_own_stick_stays", "makura 31), 35)"),
    ("makura", "nagashi_as_win", "makura 44 e)"),
    ("makura", "rounding_top_absorbs", "makura 1)"),
    ("tenhou", "tenpaiyame", "2009-02-20"),
    ("tenhou", "extension_dealer_keeps", "West 1-1"),
    ("teireikai", "rounding_top_absorbs", "ルール2"),
    ("yokoyoko", "agariyame", "yokoyoko (2)"),
    ("gpc", "chombo_sticks_returned", "gpc l.40"),
    ("gpc", "false_call", "gpc l.54-57"),
    ("gpc", "tie_break", "gpc l.18"),
    ("ako", "chombo_last_dealer_keeps", "ako 7-02-01"),
    ("ako", "chombo_adds_honba", "1-11-03"),
    ("ako", "nagashi_at_last_discard", "ako 3-17-01-06"),
])
def test_show_states_each_choice_with_its_citation(
        capsys: pytest.CaptureFixture[str], name: str, option: str, cited: str) -> None:
    # issue 22: `rules show` gives each choice in words and the preset's citation under it
    status, out, _ = run(capsys, "show", name)
    assert status == 0
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if f"({option}):" in line)
    block = []
    for line in lines[at + 1:]:
        if not line.startswith("      "):
            break
        block.append(line)
    assert any(line.strip().startswith("Rule: ") and cited in line for line in block), block


def test_show_json_is_the_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "show", "ako", "--json")
    assert status == 0
    assert json.loads(out) == load_ruleset("ako").to_dict()


def test_show_toml_reads_back(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "show", "yokoyoko", "--toml")
    assert status == 0
    path = tmp_path / "y.toml"
    path.write_text(out, encoding="utf-8")
    assert load_ruleset(str(path)) == load_ruleset("yokoyoko")


def test_show_accepts_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('base = "gpc"\nred_fives = 1\n', encoding="utf-8")
    status, out, _ = run(capsys, "show", str(path))
    assert status == 0
    assert out.startswith("house")
    assert "  赤ドラ (red_fives): 1" in out


def test_show_unknown_preset_is_a_plain_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "show", "makra")
    assert status == 2
    assert out == ""
    assert err.startswith("hanchan: cannot use the rules 'makra': makra: no preset called")
    assert "Traceback" not in err


def test_diff_lists_only_the_differences(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "diff", "makura", "makura-gp")
    assert status == 0
    assert out.splitlines() == [
        "1 option differs between makura and makura-gp:",
        "",
        "Points and settlement (点数と精算)",
        "  飛び (bust)",
        "      makura     below_zero: a player below 0 at the end of a hand ends the game",
        "      makura-gp  none: no bust ending; negative scores play on",
    ]


def test_diff_of_equal_rulesets(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "diff", "tenhou", "tenhou")
    assert status == 0
    assert out.strip() == "tenhou and tenhou set every option the same."


def test_diff_json_matches_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "diff", "tenhou", "ako", "--json")
    assert status == 0
    data = json.loads(out)
    a, b = load_ruleset("tenhou").to_dict(), load_ruleset("ako").to_dict()
    expected = {k: [a[k], b[k]] for k in a if k != "name" and a[k] != b[k]}
    assert data == expected
    assert data["dead_wall"] == [14, 16]


@pytest.mark.parametrize("name", PRESETS)
def test_check_accepts_every_preset(capsys: pytest.CaptureFixture[str], name: str) -> None:
    status, out, _ = run(capsys, "check", name)
    assert status == 0
    assert "ok" in out


def test_check_accepts_a_good_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "ok.toml"
    path.write_text('base = "teireikai"\n[wall]\nred_fives = 1\n', encoding="utf-8")
    status, out, _ = run(capsys, "check", str(path))
    assert (status, out.strip()) == (0, f"{path}: ok (ruleset 'ok', starting from teireikai)")


BROKEN = [
    ("unknown.toml", "kuitan = true\n", "kuitan: unknown option"),
    ("suggest.toml", "red_five = 1\n", "red_five: unknown option; did you mean 'red_fives'?"),
    ("type.toml", "ippatsu = 1\n", "ippatsu: must be true or false, not 1 (a whole number)"),
    ("range.toml", "min_han = 0\n", "min_han: 0 is out of range; allowed: from 1 to 4"),
    ("literal.toml", 'kuikae = "no"\n',
     'kuikae: "no" is not allowed; allowed: "forbidden", "same_tile_forbidden", "allowed"'),
    ("base.toml", 'base = "nowhere"\n', "base 'nowhere': no preset called 'nowhere'"),
    ("syntax.toml", "oka = 20\numa = [20, 10\n", "not valid TOML"),
]


@pytest.mark.parametrize(("fname", "text", "message"), BROKEN)
def test_check_rejects_broken_files(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                    fname: str, text: str, message: str) -> None:
    path = tmp_path / fname
    path.write_text(text, encoding="utf-8")
    status, out, err = run(capsys, "check", str(path))
    assert status == 1
    lines = out.splitlines()
    assert lines[-1] == f"{path}: 1 problem"
    assert lines[0].startswith(f"{path}: {message}")
    assert "Traceback" not in out + err


def test_check_reports_each_problem(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "many.toml"
    path.write_text('red_fives = 5\nbust = "yes"\nfoo = 1\n[calls]\nkuikae = true\n',
                    encoding="utf-8")
    status, out, _ = run(capsys, "check", str(path))
    assert status == 1
    assert len(out.splitlines()) == 5
    assert out.splitlines()[-1] == f"{path}: 4 problems"


def test_check_syntax_error_names_its_line(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text("oka = 20\n\nred_fives = = 1\n", encoding="utf-8")
    status, out, _ = run(capsys, "check", str(path))
    assert status == 1
    assert "line 3" in out


def test_yaku_under_a_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "yaku", "--rules", "ako", "--json")
    assert status == 0
    rows = {r["id"]: r for r in json.loads(out)}
    assert rows["riichi"]["ja"] == "立直" and rows["riichi"]["open_han"] is None
    assert rows["sankantsu"]["yakuman"] == 1  # ako 3-01-14: 三槓子は役満
    assert rows["suukantsu"]["yakuman"] == 2  # ako 3-01-24: 四槓子はダブル役満
    assert rows["sanrenkou"]["closed_han"] == 4  # ako 3-11-01
    status, out, _ = run(capsys, "yaku", "--rules", "tenhou", "--json")
    rows = {r["id"]: r for r in json.loads(out)}
    assert "sanrenkou" not in rows and rows["sankantsu"]["closed_han"] == 2
    assert rows["suukantsu"]["yakuman"] == 1


def test_yaku_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "yaku", "--rules", "makura")
    assert status == 0
    line = next(x for x in out.splitlines() if x.strip().startswith("open_riichi"))
    assert "オープン立直" in line and "2 han (closed only)" in line
