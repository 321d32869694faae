"""``hanchan score`` as docs/cli.md describes it, through ``cli.main.main``."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from hanchan.cli.main import main

KEYS = {"valid", "han", "fu", "limit", "yakuman_count", "yaku", "fu_parts", "points", "total"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["score", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_json_result_has_the_contract_keys(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/cli.md's example: the hand written without its winning tile
    status, out, err = run(capsys, "123m456p789s1122z", "--win", "2z", "--ron", "--seat", "S",
                           "--round", "S", "--json")
    assert status == 0 and err == ""
    res = json.loads(out)
    assert KEYS <= set(res) and res["valid"] is True
    assert res["yaku"] == [{"id": "yakuhai_seat_wind", "han": 1},
                           {"id": "yakuhai_round_wind", "han": 1}]
    assert res["fu_parts"][0] == {"id": "base", "fu": 20}
    assert (res["han"], res["fu"], res["points"], res["total"]) == (2, 40, {"ron": 2600}, 2600)
    assert res["limit"] is None and res["yakuman_count"] == 0
    assert res["payments"] == [{"payer": "E", "payee": "S", "amount": 2600, "reason": "hand"}]


def test_every_flag(capsys: pytest.CaptureFixture[str]) -> None:
    # 6 han of yaku + dora 2m 1 + red 5p 1 + ura 5p 2 = 10 han: baiman
    status, out, _ = run(
        capsys, "234567m23405p678s", "--win", "8s", "--tsumo", "--riichi", "--ippatsu",
        "--haitei", "--round", "E", "--seat", "W", "--dora", "1m", "--ura", "4p",
        "--honba", "2", "--sticks", "1", "--json")
    res = json.loads(out)
    assert status == 0
    ids = [y["id"] for y in res["yaku"]]
    assert ids == ["riichi", "ippatsu", "menzen_tsumo", "pinfu", "tanyao", "haitei", "dora",
                   "aka_dora", "ura_dora"]
    assert res["han"] == 10 and res["limit"] == "baiman"
    assert res["points"] == {"tsumo_dealer": 8000, "tsumo_other": 4000}
    pays = res["payments"]
    assert {"payer": None, "payee": "W", "amount": 1000, "reason": "sticks"} in pays
    assert sum(p["amount"] for p in pays if p["reason"] == "honba") == 600


def test_melds_and_rinshan(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "234m567p88s", "--melds", "minkan:9999m", "chi:340s",
                         "--win", "8s", "--tsumo", "--rinshan", "--json")
    res = json.loads(out)
    assert status == 0 and [y["id"] for y in res["yaku"]] == ["rinshan", "aka_dora"]
    status, out, _ = run(capsys, "234m567p88s", "--melds", "ankan:1111p", "--melds",
                         "kakan:2222s", "--win", "8s", "--ron", "--chankan", "--json")
    assert json.loads(out)["yaku"][0] == {"id": "chankan", "han": 1}


def test_double_and_open_riichi_and_luck(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "123m456p789s345s99p", "--win", "4s", "--ron", "--double-riichi",
                    "--houtei", "--json")
    assert [y["id"] for y in json.loads(out)["yaku"]] == ["double_riichi", "houtei"]
    _, out, _ = run(capsys, "123m456p789s345s99p", "--win", "4s", "--ron", "--open-riichi",
                    "--json")
    assert json.loads(out)["yaku"] == [{"id": "riichi", "han": 1}]  # tenhou: no open riichi
    _, out, _ = run(capsys, "123m456p789s345s99p", "--win", "4s", "--tsumo", "--tenhou",
                    "--json")
    res = json.loads(out)
    assert res["yaku"] == [{"id": "tenhou", "han": 13}] and res["points"] == {"tsumo_all": 16000}
    _, out, _ = run(capsys, "123m456p789s345s99p", "--win", "4s", "--tsumo", "--chiihou",
                    "--seat", "N", "--json")
    assert json.loads(out)["yaku"] == [{"id": "chiihou", "han": 13}]


def test_renhou_with_rules(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "123m456p789s345s99p", "--win", "4s", "--ron", "--renhou",
                         "--seat", "S", "--json")
    assert status == 1 and json.loads(out) == {"valid": False, "error": "no yaku"}
    status, out, _ = run(capsys, "123m456p789s345s99p", "--win", "4s", "--ron", "--renhou",
                         "--seat", "S", "--rules", "makura", "--json")
    assert status == 0 and json.loads(out)["yaku"] == [{"id": "renhou", "han": 13}]


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "19m19p19s1234567z1m", "--win", "1m", "--ron", "--seat", "S",
                         "--rules", "tenhou")
    assert status == 0
    assert "yakuman" in out and "国士無双十三面" in out and "ron: " in out
    status, out, _ = run(capsys, "666z777z123m99p", "--melds", "pon:555z", "--win", "1m",
                         "--ron", "--seat", "S")
    assert status == 0 and "Big three dragons (大三元)" in out and "ron: 32000" in out
    status, out, _ = run(capsys, "234567m23455p678s", "--win", "8s", "--tsumo", "--seat", "S",
                         "--honba", "1")
    assert status == 0 and "3 han 20 fu" in out and "honba" in out


def test_invalid_win_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "123m456p789s345s99p", "--win", "4s", "--ron", "--json")
    assert status == 1 and json.loads(out) == {"valid": False, "error": "no yaku"}
    status, out, _ = run(capsys, "123m456p789s345s9p1z", "--win", "4s", "--ron", "--json")
    assert status == 1 and json.loads(out)["error"] == "not a complete hand"
    status, out, _ = run(capsys, "123m456p789s345s99p", "--win", "4s", "--ron")
    assert status == 1 and "no yaku" in out


@pytest.mark.parametrize("argv, words", [
    (["12x", "--win", "2z", "--ron"], "not tile notation"),
    (["11111m456p789s345s", "--win", "4s", "--ron"], "more than four"),
    (["123m456p789s345s99p", "--win", "1z", "--ron"], "not in the hand"),
    (["123m456p789s345s99p", "--win", "4s", "--ron", "--melds", "pun:555z"], "not a meld"),
    (["123m456p789s345s99p", "--win", "4s", "--ron", "--melds", "chi:135m"], "consecutive"),
    (["123m456p789s345s99p", "--win", "4s", "--ron", "--seat", "X"], "seat"),
    (["123m456p789s345s99p", "--win", "4s", "--ron", "--dora", "9"], "dora"),
    (["123m456p789s345s99p", "--win", "4s", "--ron", "--rules", "no-such-rules"], "rules"),
    (["123m456p789s345s99p", "--win", "4s"], "--ron or --tsumo"),
    (["--win", "4s", "--ron"], "give the hand"),
])
def test_bad_input_is_a_sentence(capsys: pytest.CaptureFixture[str], argv: list[str],
                                 words: str) -> None:
    status, out, err = run(capsys, *argv)
    assert status in (1, 2) and out == ""
    assert words in err and "Traceback" not in err
    assert err.startswith("hanchan: ") and err.count("\n") == 1


def test_batch_never_stops(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = [
        {"hand": "123m456p789s1122z", "win": "2z", "tsumo": False, "seat": "S", "round": "S"},
        "this is not json",
        {"hand": "12x", "win": "2z", "tsumo": True},
        {"hand": "123m456p789s345s99p", "win": "4s", "tsumo": False},
        {"hand": "19m19p19s1234567z1m", "win": "1m", "tsumo": True, "riichi": "yes"},
        [1, 2],
        {"hand": "234567m23455p678s", "win": "8s", "tsumo": True, "riichi": True,
         "ippatsu": True, "dora": "1m", "ura": "4p", "honba": 1, "sticks": 2, "seat": "N",
         "melds": []},
        {"hand": "123m456p789s345s99p", "win": "4s", "tsumo": False, "rules": "nope"},
        {"hand": "234m567p88s", "melds": ["minkan:9999m", "chi:340s"], "win": "8s",
         "tsumo": True, "rinshan": True},
    ]
    f = tmp_path / "req.jsonl"
    f.write_text("\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n\n")
    status, out, err = run(capsys, "--batch", str(f))
    assert status == 0 and err == ""
    results = [json.loads(x) for x in out.splitlines()]
    assert len(results) == len(lines)
    valid = [r["valid"] for r in results]
    assert valid == [True, False, False, False, False, False, True, False, True]
    assert results[0]["total"] == 2600
    assert "not JSON" in results[1]["error"]
    assert "tile notation" in results[2]["error"]
    assert results[3]["error"] == "no yaku"
    assert "true or false" in results[4]["error"]
    assert "JSON object" in results[5]["error"]
    assert results[6]["limit"] == "baiman"  # 6 han + dora 1 + ura 2
    assert "rules" in results[7]["error"]
    assert [y["id"] for y in results[8]["yaku"]] == ["rinshan", "aka_dora"]


def test_batch_from_stdin(capsys: pytest.CaptureFixture[str],
                          monkeypatch: pytest.MonkeyPatch) -> None:
    req = {"hand": "19m19p19s1234567z1m", "win": "1m", "tsumo": False}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(req) + "\n"))
    status, out, _ = run(capsys, "--batch", "-")
    assert status == 0 and json.loads(out)["yaku"][0]["id"] == "kokushi_13"


def test_batch_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(capsys, "--batch", str(tmp_path / "none.jsonl"))
    assert status == 1 and "none.jsonl: no such file" in err and "Traceback" not in err
