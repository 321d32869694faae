"""``hanchan review --by mjai:CMD``: an outside bot asked at every decision of the seat, as
mjai-reviewer asks Mortal (issue 38); our own ``hanchan mjai-bot`` answers as the in-process
review's strong does, and a bot that fails leaves strong's review whole."""

from __future__ import annotations

import json
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from hanchan.ai.asking import asker_for, rank_of, same_choice, second_opinion, values_of
from hanchan.ai.mjai.options import bot_name
from hanchan.ai.review import review_game
from hanchan.cli.main import main
from hanchan.engine.actions import Discard, Pass
from hanchan.saves.convert import events_from_recorded
from hanchan.saves.logs.tenhou6 import parse_tenhou6
from tests.kit.real_logs import LOGS

PHOENIX = LOGS / "tenhou6" / "2019021004gm-00a9-0000-e2f6516d.json"
OURS = f"mjai:{shlex.quote(sys.executable)} -m hanchan.cli mjai-bot --level strong"


def _python(code: str) -> str:
    return f"mjai:{shlex.quote(sys.executable)} -c {shlex.quote(code)}"


def test_our_mjai_bot_answers_as_the_in_process_review() -> None:
    events = events_from_recorded(parse_tenhou6(PHOENIX.read_text(encoding="utf-8")))
    review = review_game(events, 1)
    second = second_opinion(events, 1, asker_for(OURS, 1), "ours")
    assert not second.notes
    assert set(second.answers) == {d.position for d in review.decisions}
    for d in review.decisions:
        answer = second.answers[d.position]
        if answer.action is None:  # it wants riichi where the player did not declare
            assert answer.riichi and isinstance(d.best.action, Discard) \
                and d.best.action.riichi, d.position
        else:
            assert same_choice(answer.action, d.best.action), d.position


def test_the_review_shows_the_outside_choice_beside_strongs(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(PHOENIX), "--top", "2", "--json", "--by", OURS]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["by"]["agrees_with_strong"] == 1.0 and data["by"]["notes"] == []
    for m in data["mistakes"]:
        assert set(m["by"]) == {"choice", "riichi", "rank", "of", "below"}
        assert m["by"]["choice"] == m["strong"]["choice"]


@pytest.mark.parametrize(("code", "says", "timeout"), [
    ("import sys; sys.exit(3)", "strong's review stands", "10"),  # dies at once
    ("import sys; [print('no json here', flush=True) for line in sys.stdin]", "not JSON",
     "30"),
    ("import sys, time; [time.sleep(5) for line in sys.stdin]", "did not answer", "0.2"),
])
def test_a_failing_bot_gets_one_sentence_and_strongs_review_goes_on(
        code: str, says: str, timeout: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(PHOENIX), "--top", "3"]) == 0
    alone = capsys.readouterr().out
    assert main(["review", str(PHOENIX), "--top", "3", "--mjai-timeout", timeout,
                 "--by", _python(code)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    notes = [x for x in lines if says in x]
    assert len(notes) == 1, out  # one sentence (more such notes counted in it)
    # strong's review is the same, the other reviewer's lines aside
    name = bot_name(_python(code)[len("mjai:"):])
    kept = [x for x in lines if x not in notes and " chose as you " not in x
            and "gave no answer" not in x and not x.startswith(f"   {name[:7]:<7} ")]
    assert kept == alone.splitlines()


def test_by_takes_an_mjai_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(PHOENIX), "--by", "strong"]) == 2
    err = capsys.readouterr().err
    assert "--by takes an mjai bot as mjai:COMMAND" in err and "Traceback" not in err


def test_mortal_values_are_read_by_the_mask_and_rank_the_choice() -> None:
    mask = (1 << 3) | (1 << 10) | (1 << 45)  # 4m, 2p, pass
    reply = {"type": "dahai", "meta": {"q_values": [0.5, -0.25, 0.125], "mask_bits": mask}}
    assert values_of(reply) == {3: 0.5, 10: -0.25, 45: 0.125}
    for bad in ({"meta": {"q_values": [1.0], "mask_bits": mask}},  # fewer values than bits
                {"meta": {"q_values": [1, "x", 2], "mask_bits": mask}},
                {"meta": {"q_values": [1, 2, 3], "mask_bits": -1}},
                {"meta": {"q_values": [1, 2, 3], "mask_bits": True}},
                {"meta": "nothing"}, "dahai", None):
        assert values_of(bad) is None
    values = values_of(reply)
    assert values is not None
    assert rank_of(values, Pass(), None) == (2, 3, 0.375)


EXTERNAL = Path(__file__).resolve().parents[2] / "benchmarks" / "external"
MAJIANG = EXTERNAL / "node_modules" / "@kobalab" / "majiang-ai" / "package.json"


@pytest.mark.skipif(not MAJIANG.is_file() or shutil.which("node") is None,
                    reason="majiang-ai is not installed: run `make external-bots`")
def test_majiang_ai_reviews_a_phoenix_seat(capsys: pytest.CaptureFixture[str]) -> None:
    """電脳麻将's AI as the reviewer: an answer at every decision, no note."""
    by = f"mjai:node {shlex.quote(str(EXTERNAL / 'majiang_mjai.js'))}"
    assert main(["review", str(PHOENIX), "--json", "--by", by]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["by"]["notes"] == []
    assert 0.3 < data["by"]["agrees_with_you"] < 1.0
    assert 0.3 < data["by"]["agrees_with_strong"] < 1.0
    assert all(m["by"]["choice"] is not None or m["by"]["riichi"] for m in data["mistakes"])
