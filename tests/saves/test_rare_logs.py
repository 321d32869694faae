"""Rare Tenhou situations: import, verify and replay through the engine.

The logs in tests/data/rare_logs are small: real ones taken from public repositories and
SYNTHETIC ones written by hand (make_synthetic.py there; README.md says which is which and
where each rule comes from).  For each one:

* ``parse_tenhou6`` / ``parse_mjlog`` -> ``events_from_recorded`` -> ``verify_events``
  must give no disagreement;
* the engine (``engine.game.Game`` on the recorded walls, driven only by the players'
  choices) must produce every recorded event itself, results and next hands included;
* the recorded events say what the situation is (so a file that stopped showing the rare
  event would fail here, not pass silently).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec
import pytest

from hanchan.cli.main import main
from hanchan.engine.actions import Action, Ron
from hanchan.engine.events import (
    Event,
    GameEnded,
    GameStarted,
    HandDrawn,
    HandStarted,
    RiichiAccepted,
    RiichiDeclared,
    Won,
)
from hanchan.engine.game import Game
from hanchan.saves.convert import ConvertError, events_from_recorded, ruleset_for
from hanchan.saves.logs.mjlog import parse_mjlog
from hanchan.saves.logs.model import LogFormatError, Ryuukyoku
from hanchan.saves.logs.tenhou6 import parse_tenhou6
from hanchan.saves.verify import verify_events
from tests.kit.real_logs import LOGS
from tests.kit.tenhou_replay import drive, recorded_action, replay, same_event

DATA = Path(__file__).resolve().parents[1] / "data" / "rare_logs"
JSON_LOGS = sorted(DATA.glob("*.json"))
XML_LOGS = sorted(DATA.glob("*.xml"))




def events_of(path: Path) -> list[Event]:
    text = path.read_text(encoding="utf-8")
    game = parse_mjlog(text) if path.suffix == ".xml" else parse_tenhou6(text)
    return events_from_recorded(game)


def engine_replay(rec: list[Event]) -> Game:
    """Like the engine's replay test, but the record may stop after any hand (no ``sc``):
    then every recorded event must have come out of the engine, and the engine must be
    about to go on (not have ended the game)."""
    if isinstance(rec[-1], GameEnded):
        return replay(rec)
    starts = [e for e in rec if isinstance(e, HandStarted)]
    walls = [(h.wall, h.dice) for h in starts]
    first = rec[0]
    assert isinstance(first, GameStarted)
    if (starts[0].round_wind, starts[0].hand_number, starts[0].honba) == (0, 0, 0):
        g = Game(first.ruleset, first.players, seed=first.seed, walls=walls)
    else:  # one hand cut out of a game: start the engine from the recorded hand
        g = Game.from_events(rec[:2], walls=walls)
    drive(g, rec, _choice)
    assert len(g.events) >= len(rec), (
        f"the engine ended the game at event {len(g.events)}; recorded {rec[len(g.events)]!r}")
    for j, ev in enumerate(rec):
        assert same_event(g.events[j], ev), f"event {j}: engine {g.events[j]!r}, recorded {ev!r}"
    return g


def _choice(rec: list[Event], n: int, seat: int, g: Game, legal: Sequence[Action]) -> Action:
    """The recorded choice; a triple ron (三家和了) is three players saying ron."""
    ev = rec[n]
    if isinstance(ev, HandDrawn) and ev.kind == "triple_ron":
        if any(isinstance(a, Ron) for a in legal):
            return Ron()
    return recorded_action(rec, n, seat, g)


# ------------------------------------------------------------------ every file


@pytest.mark.parametrize("path", JSON_LOGS + XML_LOGS, ids=lambda p: p.name)
def test_rare_log_imports_and_verifies_clean(path: Path) -> None:
    events = events_of(path)
    assert [str(d) for d in verify_events(events)] == []


def _engine_params() -> list[object]:
    # double_kakan_then_chankan and suukantsu_0 (real 鳳南 records) settle when an open
    # kan's dora is turned when another kan follows: only once that kan stands.
    return [pytest.param(p, id=p.name) for p in JSON_LOGS + XML_LOGS]


@pytest.mark.parametrize("path", _engine_params())
def test_engine_reproduces_the_rare_log(path: Path) -> None:
    engine_replay(events_of(path))


@pytest.mark.parametrize("path", XML_LOGS, ids=lambda p: p.name)
def test_mjlog_copy_gives_the_same_events_as_the_tenhou6_log(path: Path) -> None:
    # the synthetic mjlog files are the same games as the JSON files of the same name
    xml = events_of(path)
    js = events_of(path.with_suffix(".json"))
    assert xml[1:] == js[1:]


# ------------------------------------------------------------------ what each file shows


def _load(name: str) -> list[Event]:
    return events_of(DATA / f"{name}.json")


def _draws(events: list[Event]) -> list[HandDrawn]:
    return [e for e in events if isinstance(e, HandDrawn)]


def _starts(events: list[Event]) -> list[HandStarted]:
    return [e for e in events if isinstance(e, HandStarted)]


def _wins(events: list[Event]) -> list[Won]:
    return [e for e in events if isinstance(e, Won)]


def test_all_noten_draws_pass_the_deal_and_lead_into_the_west_round() -> None:
    ev = _load("synthetic_all_noten_west")
    draws = _draws(ev)
    assert len(draws) == 8
    assert all(d.kind == "exhaustive" and d.tenpai == (False,) * 4 and d.deltas == (0,) * 4
               for d in draws)
    starts = _starts(ev)
    # all noten: the deal passes, honba +1 (Tenhou: renchan only when the dealer is tenpai)
    assert [(s.round_wind, s.hand_number, s.honba) for s in starts] == [
        (r // 4, r % 4, r) for r in range(9)]
    # nobody has 30000 after South 4: West 1 (西入); a win to 35100 ends it (sudden death)
    end = ev[-1]
    assert isinstance(end, GameEnded)
    assert [(r.seat, r.points) for r in end.table][0] == (1, 35100)
    g = engine_replay(ev)
    assert g.over


def test_nagashi_mangan_pays_a_mangan_and_no_noten_payments() -> None:
    ev = _load("synthetic_nagashi_mangan")
    d = _draws(ev)[0]
    assert d.kind == "exhaustive" and d.nagashi == (2,)
    assert d.deltas == (-4000, -2000, 8000, -2000)  # 2000/4000 from a non-dealer, nothing else
    assert d.tenpai == (True, False, False, True)  # the hands show it; not written in the log
    nxt = _starts(ev)[1]
    # the dealer was tenpai: renchan, honba +1; the dealer's riichi stick stays on the table
    assert (nxt.dealer, nxt.honba, nxt.sticks) == (0, 1, 1)
    assert nxt.scores == (20000, 23000, 33000, 23000)


def test_dealer_nagashi_mangan_while_noten_passes_the_deal() -> None:
    ev = _load("synthetic_nagashi_mangan_dealer")
    d = _draws(ev)[0]
    assert d.nagashi == (0,) and d.deltas == (12000, -4000, -4000, -4000)
    nxt = _starts(ev)[1]
    assert (nxt.round_wind, nxt.hand_number, nxt.honba) == (0, 1, 1)


def test_a_wrong_renchan_after_nagashi_is_reported() -> None:
    ev = _load("synthetic_nagashi_mangan_dealer")
    i = next(i for i, e in enumerate(ev) if isinstance(e, HandStarted) and e.honba == 1)
    start = ev[i]
    assert isinstance(start, HandStarted)
    bad = list(ev)
    bad[i] = msgspec.structs.replace(start, hand_number=0, dealer=0)
    assert verify_events(bad) != []


def test_four_winds_abort_keeps_the_dealer() -> None:
    ev = _load("synthetic_four_winds")
    assert [d.kind for d in _draws(ev)] == ["four_winds", "four_winds"]
    assert [(s.dealer, s.honba) for s in _starts(ev)] == [(0, 0), (0, 1)]


def test_four_riichi_abort_takes_the_fourth_stick() -> None:
    ev = _load("synthetic_four_riichi")
    assert _draws(ev)[0].kind == "four_riichi"
    first_hand = ev[: ev.index(_draws(ev)[0])]
    assert len([e for e in first_hand if isinstance(e, RiichiAccepted)]) == 4
    nxt = _starts(ev)[1]
    assert (nxt.dealer, nxt.honba, nxt.sticks, nxt.scores) == (0, 1, 4, (24000,) * 4)


def test_triple_ron_is_an_abortive_draw() -> None:
    ev = _load("synthetic_triple_ron")
    assert _draws(ev)[0].kind == "triple_ron" and _wins(ev) == []
    assert [(s.dealer, s.honba, s.scores) for s in _starts(ev)][1] == (0, 1, (25000,) * 4)


def test_four_kans_by_two_players_abort_after_the_next_discard() -> None:
    ev = _load("synthetic_four_kans")
    assert _draws(ev)[0].kind == "four_kans"
    assert _starts(ev)[1].honba == 1


def test_chankan_robs_the_added_kan() -> None:
    (won,) = _wins(_load("synthetic_chankan"))
    (w,) = won.wins
    assert w.from_seat == 2 and dict(w.yaku) == {"chankan": 1} and w.points == 1300


def test_rinshan_on_a_daiminkan_gets_no_new_kan_dora() -> None:
    ev = _load("synthetic_rinshan_daiminkan")
    (won,) = _wins(ev)
    (w,) = won.wins
    assert dict(w.yaku) == {"rinshan": 1} and (w.han, w.fu) == (1, 40)
    assert won.deltas == (-700, 1500, -400, -400)


def test_haitei_and_houtei() -> None:
    (h,) = _wins(_load("synthetic_haitei"))
    assert dict(h.wins[0].yaku) == {"menzen_tsumo": 1, "haitei": 1}
    (r,) = _wins(_load("synthetic_houtei"))
    assert dict(r.wins[0].yaku) == {"houtei": 1} and r.wins[0].from_seat == 1


def test_riichi_with_four_tiles_left_is_allowed() -> None:
    ev = _load("synthetic_riichi_last_turn")
    assert any(isinstance(e, RiichiDeclared) and e.seat == 1 for e in ev)
    assert _draws(ev)[0].deltas == (-1000, 3000, -1000, -1000)


def test_riichi_with_three_tiles_left_is_refused_by_the_engine() -> None:
    """Tenhou: riichi needs 4 tiles left in the live wall after the draw (one more own draw).
    Move the recorded riichi one draw later (3 left): the engine must refuse it."""
    data = json.loads((DATA / "synthetic_riichi_last_turn.json").read_text(encoding="utf-8"))
    hand = data["log"][0]
    discards = [hand[6 + 3 * s] for s in range(4)]
    i = discards[1].index("r60")
    discards[1][i] = 60
    discards[2][i] = "r60"  # seat 2 draws next (3 tiles left) and declares
    data["log"][0][16] = ["流局", [-1000, -1000, 3000, -1000]]

    with pytest.raises(ConvertError, match="Too few tiles are left in the wall"):
        events_from_recorded(parse_tenhou6(json.dumps(data, ensure_ascii=False)))


def test_double_riichi_and_kazoe_yakuman() -> None:
    (d,) = _wins(_load("synthetic_double_riichi"))
    assert dict(d.wins[0].yaku) == {"menzen_tsumo": 1, "ippatsu": 1, "double_riichi": 2}
    (k,) = _wins(_load("synthetic_kazoe_yakuman"))
    assert k.wins[0].han == 13 and k.wins[0].points == 48000
    assert k.wins[0].limit == "kazoe_yakuman"


def test_a_player_below_zero_ends_the_game() -> None:
    ev = _load("synthetic_bust")
    end = ev[-1]
    assert isinstance(end, GameEnded) and end.reason == "bust"
    assert min(r.points for r in end.table) == -7000


def test_last_dealer_in_first_place_stops_after_a_win() -> None:
    ev = _load("synthetic_agariyame")
    end = ev[-1]
    assert isinstance(end, GameEnded) and end.reason == "agariyame"
    assert len(_starts(ev)) == 4


# ------------------------------------------------------------------ format details


def test_double_nagashi_deltas_are_summed() -> None:
    """Two nagashi mangan in one hand: mjlog writes one <RYUUKYOKU type="nm"> per player."""
    text = (DATA / "synthetic_nagashi_mangan_dealer.xml").read_text(encoding="utf-8")
    one = '<RYUUKYOKU type="nm" ba="0,0" sc="250,120,250,-40,250,-40,250,-40"/>'
    assert one in text
    two = ('<RYUUKYOKU type="nm" ba="0,0" sc="250,100,250,-60,250,-20,250,-20"/>'
           '<RYUUKYOKU type="nm" ba="0,0" sc="350,-20,190,100,230,-40,230,-40"/>')
    game = parse_mjlog(text.replace(one, two, 1))
    (draw,) = [a for a in game.kyokus[0].actions if type(a).__name__ == "Ryuukyoku"]
    assert isinstance(draw, Ryuukyoku)
    assert draw.kind == "nagashi_mangan"
    assert draw.deltas == (8000, 4000, -6000, -6000)


def test_abortive_results_with_zero_deltas_are_read() -> None:
    # Tenhou writes abortive draws without deltas; a converter that writes [0,0,0,0] reads too
    data = json.loads((DATA / "synthetic_four_winds.json").read_text(encoding="utf-8"))
    data["log"][0][16] = ["四風連打", [0, 0, 0, 0]]
    rec = parse_tenhou6(json.dumps(data, ensure_ascii=False))
    last = rec.kyokus[0].actions[-1]
    assert isinstance(last, Ryuukyoku)
    assert last.kind == "four_winds"


def test_unknown_result_name_is_a_plain_error() -> None:
    data = json.loads((DATA / "synthetic_four_winds.json").read_text(encoding="utf-8"))
    data["log"][0][16] = ["謎の流局"]
    with pytest.raises(LogFormatError, match="unknown result"):
        parse_tenhou6(json.dumps(data, ensure_ascii=False))


def test_double_nagashi_in_tenhou6_sums_the_delta_lists() -> None:
    data = json.loads((DATA / "synthetic_nagashi_mangan_dealer.json").read_text(encoding="utf-8"))
    data["log"][0][16] = ["流し満貫", [10000, -6000, -2000, -2000], [-2000, 10000, -4000, -4000]]
    rec = parse_tenhou6(json.dumps(data, ensure_ascii=False))
    last = rec.kyokus[0].actions[-1]
    assert isinstance(last, Ryuukyoku)
    assert last.deltas == (8000, 4000, -6000, -6000)


# ------------------------------------------------------------------ the real logs


def test_real_four_riichi_abort() -> None:
    ev = _load("real_mjai-reviewer_four_reach")
    (d,) = _draws(ev)
    assert d.kind == "four_riichi"
    assert len([e for e in ev if isinstance(e, RiichiAccepted)]) == 4


def test_real_chankan_after_two_kakan_and_plain_chankan() -> None:
    (won,) = _wins(_load("real_mjai-reviewer_chankan"))
    assert ("chankan", 1) in won.wins[0].yaku and won.deltas == (0, 0, 8000, -8000)
    (won,) = _wins(_load("real_mjai-reviewer_double_kakan_then_chankan"))
    assert dict(won.wins[0].yaku) == {"chankan": 1, "pinfu": 1}


def test_real_rinshan_after_riichi_and_ankan_busts_the_dealer() -> None:
    ev = _load("real_mjai-reviewer_rinshan")
    (won,) = _wins(ev)
    assert ("rinshan", 1) in won.wins[0].yaku
    start = _starts(ev)[0]
    assert min(a + b for a, b in zip(start.scores, won.deltas, strict=True)) < 0
    g = engine_replay(ev)
    assert g.over  # below zero: the game ends (Tenhou tobi)


def test_real_double_ron_with_suukantsu_busts_the_discarder() -> None:
    ev = _load("real_mjai-reviewer_suukantsu_1")
    won = _wins(ev)[-1]
    assert len(won.wins) == 2 and won.wins[0].yakuman_count == 1
    end = ev[-1]
    assert isinstance(end, GameEnded) and end.reason == "bust"


def test_east_only_uma_follows_the_records_final_points() -> None:
    """2009 East-only records pay uma 10-5, the 2020 one 20-10: the record's sc decides."""
    new = parse_tenhou6((DATA / "real_mjai-reviewer_suukantsu_1.json").read_text("utf-8"))
    assert tuple(ruleset_for(new).uma) == (20, 10, -10, -20)
    old_path = LOGS / "tenhou6" / "2009031702gm-00a1-0000-336ee82a.json"
    old = parse_tenhou6(old_path.read_text("utf-8"))
    assert tuple(ruleset_for(old).uma) == (10, 5, -5, -10)


def test_a_cut_out_hand_is_verified_from_its_own_scores() -> None:
    """One hand cut out of a game (E3 with 21000/28000/...) has nothing to check its start
    scores against; a whole game still has them checked (E1-0 must be 25000 each)."""
    ev = _load("real_mjai-reviewer_four_reach")
    assert verify_events(ev) == []
    whole = _load("synthetic_four_winds")
    i = next(i for i, e in enumerate(whole) if isinstance(e, HandStarted))
    start = whole[i]
    assert isinstance(start, HandStarted)
    bad = list(whole)
    bad[i] = msgspec.structs.replace(start, scores=(26000, 24000, 25000, 25000))
    assert any("scores at the start" in str(d) for d in verify_events(bad))


# ------------------------------------------------------------------ robustness


def _mutations(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Small damages a real log can carry (a converter's or a transfer's): each one must
    give a plain error or a verify report, never a traceback."""
    out = []
    for k in range(len(data["log"])):
        for change in range(8):
            d = json.loads(json.dumps(data))
            hand = d["log"][k]
            res = hand[16]
            if change == 0:
                hand[16] = [res[0]]
            elif change == 1:
                hand[16] = res + [[0, 0, 0, 0]]
            elif change == 2 and len(res) > 1 and isinstance(res[1], list):
                res[1] = [x * 2 for x in res[1]]
            elif change == 3:
                hand[16] = ["流局", [3000, -1000, -1000, -1000]]
            elif change == 4:
                hand[16] = ["全員聴牌"]
            elif change == 5:
                hand[2] = hand[2] + [41]
            elif change == 6:
                hand[1] = [x + 100 for x in hand[1]]
            elif change == 7:
                hand[0] = [hand[0][0], hand[0][1] + 1, hand[0][2] + 1]
            out.append(d)
    return out


@pytest.mark.parametrize("path", JSON_LOGS, ids=lambda p: p.name)
def test_damaged_rare_logs_never_crash(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    for d in _mutations(data):
        try:
            rec = parse_tenhou6(json.dumps(d, ensure_ascii=False))
            events = events_from_recorded(rec)
        except (LogFormatError, ConvertError) as e:
            assert str(e) and "Traceback" not in str(e)
            continue
        report = verify_events(events)
        assert all(isinstance(x.message, str) for x in report)


def test_pao_ron_splits_with_the_discarder_and_the_pao_player_pays_the_honba() -> None:
    (won,) = _wins(_load("synthetic_pao_ron"))
    (w,) = won.wins
    assert w.pao_seat == 1 and w.from_seat == 3 and w.points == 32000
    assert won.deltas == (0, -16300, 32300, -16000)


def test_pao_dealer_tsumo_is_paid_whole_by_the_pao_player() -> None:
    (won,) = _wins(_load("synthetic_pao_dealer_tsumo"))
    (w,) = won.wins
    assert w.pao_seat == 1 and w.from_seat is None and w.points == 48000
    assert won.deltas == (48300, -48300, 0, 0)


def test_all_tenpai_draw_keeps_the_dealer() -> None:
    ev = _load("synthetic_all_tenpai")
    d = _draws(ev)[0]
    assert d.kind == "exhaustive" and d.tenpai == (True,) * 4 and d.deltas == (0,) * 4
    assert [(s.dealer, s.honba) for s in _starts(ev)] == [(0, 0), (0, 1)]


def test_riichi_stick_left_at_the_end_goes_to_first_place() -> None:
    ev = _load("synthetic_sticks_to_top")
    end = ev[-1]
    assert isinstance(end, GameEnded) and end.leftover_sticks == 1
    top = end.table[0]
    assert (top.seat, top.points) == (1, 32700)  # 31700 after its noten payment + the stick
    assert end.reason != "bust"


@pytest.mark.parametrize("path", JSON_LOGS + XML_LOGS, ids=lambda p: p.name)
def test_cli_import_then_verify(path: Path, tmp_path: Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
    """The acceptance commands: ``hanchan import LOG --from tenhou6|mjlog -o x.jsonl`` and
    ``hanchan verify x.jsonl`` both succeed on every rare log."""
    out = tmp_path / "x.jsonl"
    fmt = "mjlog" if path.suffix == ".xml" else "tenhou6"
    assert main(["import", str(path), "--from", fmt, "-o", str(out)]) == 0
    assert main(["verify", str(out)]) == 0, capsys.readouterr()


def test_other_converters_names_for_abortive_draws_are_read() -> None:
    """Tenhou writes 四槓散了 / 三家和了; some converters write 四開槓 / 三家和."""
    for file, alias, kind in (("synthetic_four_kans", "四開槓", "four_kans"),
                              ("synthetic_triple_ron", "三家和", "triple_ron")):
        data = json.loads((DATA / f"{file}.json").read_text(encoding="utf-8"))
        data["log"][0][16] = [alias]
        rec = parse_tenhou6(json.dumps(data, ensure_ascii=False))
        last = rec.kyokus[0].actions[-1]
        assert isinstance(last, Ryuukyoku)
        assert last.kind == kind
        assert verify_events(events_from_recorded(rec)) == []


def test_real_hanchan_ends_when_a_player_goes_below_zero() -> None:
    ev = _load("real_mjai-reviewer_ranked_game")  # 特南, ends in E2-1 on a haneman ron
    end = ev[-1]
    assert isinstance(end, GameEnded) and end.reason == "bust"
    assert len(_starts(ev)) == 3 and min(r.points for r in end.table) == -4900
