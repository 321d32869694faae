"""Rulesets that `rules check` used to accept although their games break: each is refused
now, in one sentence naming the keys, and every command that takes `--rules` says the
same with status 2 (docs/cli.md: a broken ruleset)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hanchan.cli.main import main
from hanchan.rulesets.combinations import combination_problems
from hanchan.rulesets.loader import load_ruleset
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.codec import SeatInfo, encode_header
from hanchan.saves.reader import loads
from hanchan.saves.writer import make_header

BROKEN = {
    # the top can never hold more than all the points dealt: the extension never ends
    "endless": 'extension = "sudden_death"\nextension_last_round = "unlimited"\n'
               "extension_target = 1000000\nbust = \"none\"\n",
    # the top takes -(2nd + 3rd + 4th) = -300: the winner pays
    "top-pays": 'uma_scheme = "float_sink"\numa_sink = [100, 100, 100]\n',
    # every saved game's header line would pass the reader's bound
    "long-name": 'name = "' + "x" * 70_000 + '"\n',
    "nul-name": 'name = "a\\u0000b"\n',
    "nul-base": 'base = "a\\u0000b"\n',
    "long-base": 'base = "' + "x" * 300 + '"\n',
}
WORDS = {
    "endless": ("extension_target", "extension_last_round", "never end"),
    "top-pays": ("uma_sink", "uma_float", "top"),
    "long-name": ("name", "70,000 characters", "at most 255"),
    "nul-name": ("name", "control character"),
    "nul-base": ("base", "control characters"),
    "long-base": ("base", "no preset called"),
}


def _file(tmp_path: Path, key: str) -> Path:
    path = tmp_path / f"{key}.toml"
    path.write_text(BROKEN[key], encoding="utf-8")
    return path


@pytest.mark.parametrize("key", sorted(BROKEN))
def test_rules_check_refuses_it_naming_the_keys(key: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "check", str(_file(tmp_path, key))]) == 1
    out = capsys.readouterr()
    text = out.out + out.err
    assert "Traceback" not in text and "ok (ruleset" not in text
    for word in WORDS[key]:
        assert word in text, text


@pytest.mark.parametrize("key", sorted(BROKEN))
def test_a_command_given_it_stops_before_playing(key: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "1", "--bots", "random", "--rules", str(_file(tmp_path, key))]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("hanchan: cannot use the rules") and "Traceback" not in err


def test_the_presets_pass_the_new_checks() -> None:
    # ako has the unlimited extension (ako 1-04: 西場、北場、東場、...) with a target of 30000
    # and yokoyoko the float_sink scheme (yokoyoko (1)): both reachable, neither top pays
    for name in ("ako", "yokoyoko", "tenhou", "makura"):
        assert combination_problems(load_ruleset(name)) == []


def test_a_ruleset_name_at_the_bound_gives_readable_saves(tmp_path: Path) -> None:
    path = tmp_path / "named.toml"
    path.write_text('name = "' + "名" * 255 + '"\n', encoding="utf-8")
    rules = load_ruleset(path)
    header = make_header(rules.to_dict(), [SeatInfo("a")] * 4, 1)
    game = loads(encode_header(header))
    assert game.rules.name == "名" * 255


def test_every_top_is_at_least_the_second_under_an_accepted_float_sink() -> None:
    """The check is the game's own uma: for the three tables a game can reach."""
    for sink in ((-5, -10, -15), (0, 0, 0), (-100, -100, -100), (30, 10, -40)):
        rules = Ruleset(uma_scheme="float_sink", uma_sink=sink, uma_float=(5, 0))
        problems = combination_problems(rules)
        s2, s3, s4 = sink
        tops = [(-(a + b + s4), a) for a, b in ((s2, s3), (5, s3), (5, 0))]
        assert (problems == []) == all(top >= second for top, second in tops), (sink, problems)
