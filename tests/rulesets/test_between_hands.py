"""What happens between hands under each club's own text (issue 22): the deal, honba and
sticks after abortive draws, chombo and nagashi, tenpai-yame and the extension, and the
rounding of the final table.

Every game is played on scripted walls under the real preset (``rulesets.load_ruleset``); each test
cites the rule it checks and asserts the points, sticks, honba and who deals next.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hanchan.engine.actions import Discard, EndGame, Pass, Pon, Ron, Tsumo
from hanchan.engine.events import (
    Discarded,
    Event,
    GameEnded,
    GameStarted,
    HandDrawn,
    HandStarted,
    Penalty,
    Won,
)
from hanchan.engine.game import Game
from hanchan.engine.settlement import final_table, table_balance
from hanchan.engine.state import fold
from hanchan.engine.tiles import is_yaochuu, kind_name, parse_kinds
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.convert import events_from_recorded, ruleset_for
from hanchan.saves.logs.tenhou6 import parse_tenhou6
from hanchan.tui.screens.game_end import balance_note
from hanchan.words.hand_facts import hand_facts
from hanchan.words.penalties import facts, sentences
from tests.kit.play import (
    FOUR_RIICHI,
    NOTEN,
    NOTEN_SOUTH4,
    TENPAI_DEALER,
    build_wall,
    default_action,
    last_result,
    play_hand,
    preset,
    rotate,
    run,
    start_at,
    starts,
)
from tests.kit.tenhou_replay import drive

DATA = Path(__file__).resolve().parents[1] / "data" / "logs" / "tenhou6"
LOG_2009 = DATA / "2009022022gm-00a9-0000-cd94aac8.json"
# Tenhou as the 2009-02-20 record (2009022022gm-00a9-0000-cd94aac8) shows it: no tenpai-yame
TENHOU_2009_02_20 = preset("tenhou").replace(tenpaiyame="none")


def end_of(g: Game) -> GameEnded:
    assert g.over
    ev = g.events[-1]
    assert isinstance(ev, GameEnded)
    return ev


def next_hand(g: Game) -> tuple[int, int, int, int]:
    """(round wind, dealer, honba, sticks) of the latest hand started."""
    h = starts(g)[-1]
    return h.round_wind, h.dealer, h.honba, h.sticks


# ----------------------------------------------------------------- tenhou: tenpai-yame

S4_TENPAI = rotate(TENPAI_DEALER, 3)  # the South-4 dealer (seat 3) waits 3p, the rest noten


def test_tenhou_tenpai_yame_ends_the_game_for_a_first_dealer_with_30000() -> None:
    # Tenhou today: the last dealer tenpai at the exhaustive draw, first with 30,000 or more
    g = start_at(preset("tenhou"), 1, 3, (25000, 24000, 22000, 29000),
                 build_wall(S4_TENPAI, dealer=3))
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.deltas == (-1000, -1000, -1000, 3000)
    end = end_of(g)
    assert end.reason == "tenpaiyame" and g.state.scores == [24000, 23000, 21000, 32000]


def test_tenhou_2009_rule_plays_on_after_the_tenpai_draw() -> None:
    # the same draw under the 2009-02-20 rule: the dealer keeps the deal, one honba added
    g = start_at(TENHOU_2009_02_20, 1, 3, (25000, 24000, 22000, 29000),
                 build_wall(S4_TENPAI, dealer=3), [build_wall(S4_TENPAI, dealer=3)])
    play_hand(g)
    assert not g.over and next_hand(g) == (1, 3, 1, 0)


def test_tenhou_tenpai_dealer_below_30000_plays_on() -> None:
    # first but below 30,000 (29,000 after the draw): no stop, S4-1
    g = start_at(preset("tenhou"), 1, 3, (25000, 25000, 24000, 26000),
                 build_wall(S4_TENPAI, dealer=3), [build_wall(S4_TENPAI, dealer=3)])
    play_hand(g)
    assert not g.over and next_hand(g) == (1, 3, 1, 0)


def _replay_2009(rules: Ruleset | None) -> tuple[Game, int]:
    # the log as recorded, unchecked: under today's rules the engine parts from it
    rec = events_from_recorded(parse_tenhou6(LOG_2009.read_text(encoding="utf-8")), rules,
                               check=False)
    first = rec[0]
    assert isinstance(first, GameStarted)
    walls = [(h.wall, h.dice) for h in rec if isinstance(h, HandStarted)]
    g = Game(first.ruleset, first.players, seed=first.seed, walls=walls)
    drive(g, rec)
    return g, len(rec)


def test_the_2009_log_is_read_with_the_rule_of_its_date() -> None:
    # 2009022022gm-00a9-0000-cd94aac8 (2009-02-20): S4-1 drawn, the dealer tenpai and first
    # with 30,000 or more, and the game goes on to S4-2; the import sees it and reads the
    # record without tenpai-yame, and the engine replays every event of it
    game = parse_tenhou6(LOG_2009.read_text(encoding="utf-8"))
    assert ruleset_for(game).tenpaiyame == "none"
    g, n = _replay_2009(None)
    assert g.over and len(g.events) == n
    assert preset("tenhou").tenpaiyame == "auto_if_top"


def test_the_2009_log_under_todays_tenhou_ends_at_the_tenpai_draw() -> None:
    # today's rule on the same walls and choices: the game ends by tenpai-yame where the
    # 2009 record played on
    g, n = _replay_2009(preset("tenhou"))
    end = end_of(g)
    assert end.reason == "tenpaiyame" and len(g.events) < n
    assert (g.state.round_index, g.state.hand_number, g.state.honba) == (1, 3, 1)


# ----------------------------------------------------------------- tenhou: the West round

def test_tenhou_west_dealer_keeps_the_deal_though_another_player_has_30000() -> None:
    # a 2022 鳳南 game: West 1 drawn, the dealer tenpai, another player on 30,900: West 1-1
    wall = build_wall(TENPAI_DEALER)
    g = start_at(preset("tenhou"), 2, 0, (25000, 31900, 22000, 21100), wall, [wall])
    play_hand(g)
    assert not g.over and next_hand(g) == (2, 0, 1, 0)
    assert starts(g)[-1].scores == (28000, 30900, 21000, 20100)


def test_mahjongsoul_preset_keeps_ending_once_somebody_has_30000() -> None:
    # extension_dealer_keeps = target_ends: the same draw ends the game
    wall = build_wall(TENPAI_DEALER)
    g = start_at(preset("mahjongsoul"), 2, 0, (25000, 31900, 22000, 21100), wall, [wall])
    play_hand(g)
    assert end_of(g).reason == "extension"


def test_tenhou_west_ends_when_the_deal_passes_and_somebody_has_30000() -> None:
    wall = build_wall(NOTEN)
    g = start_at(preset("tenhou"), 2, 0, (25000, 31900, 22000, 21100), wall, [wall])
    play_hand(g)
    assert end_of(g).reason == "extension" and g.state.scores[1] == 31900


def test_tenhou_west_dealer_first_with_30000_stops_by_tenpai_yame() -> None:
    # West 2: the dealer (seat 1) tenpai and first with 30,000 after the draw: as in South 4
    wall = build_wall(rotate(TENPAI_DEALER, 1), dealer=1)
    g = start_at(preset("tenhou"), 2, 1, (25000, 28000, 24000, 23000), wall, [wall])
    play_hand(g)
    assert end_of(g).reason == "tenpaiyame" and g.state.scores[1] == 31000


# ----------------------------------------------------------------- makura

def test_makura_5_dealer_nine_terminals_passes_the_deal() -> None:
    # makura 5): 連荘条件は「親のあがり」と「流局時、親の聴牌」のみ; the dealer who
    # declares nine terminals holds 14 tiles, not tenpai: the deal passes, one honba
    hands = {**NOTEN, 0: "19m19p19s1234z246m"}
    g = Game(preset("makura"), seed=0, walls=[build_wall(hands)])
    run(g, (0, "nine"))
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "nine_terminals" and res.deltas == (0,) * 4
    assert next_hand(g) == (0, 1, 1, 0)


def test_makura_5_tenpai_dealer_keeps_the_deal_at_nine_terminals() -> None:
    # makura 5): a tenpai dealer (rule 8: judged on its 13 tiles) keeps it, one honba
    hands = {**NOTEN, 0: "123m456m789m12p55s", 1: "19m19p19s1234z246m"}
    g = Game(preset("makura"), seed=0, walls=[build_wall(hands, ["5z", "6z"])])
    run(g, (0, "d 5z"), (1, "nine"))
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "nine_terminals"
    assert res.tenpai == (True, False, False, False)
    assert next_hand(g) == (0, 0, 1, 0)


def test_makura_5_four_riichi_keeps_the_deal_of_a_tenpai_dealer() -> None:
    # makura 6) ４人リーチ: every hand is tenpai, so the dealer keeps the deal (rule 5)
    g = Game(preset("makura"), seed=0,
             walls=[build_wall(FOUR_RIICHI, ["5z", "6z", "7z", "5z"])])
    run(g, (0, "riichi 5z"), (1, "riichi 6z"), (2, "riichi 7z"), (3, "riichi 5z"))
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "four_riichi"
    assert next_hand(g) == (0, 0, 1, 4)


def test_makura_27_a_noten_riichi_is_a_chombo_at_the_four_riichi_abort() -> None:
    # makura 27): ノーテンリーチは流局後チョンボ, and 6): ４人リーチ is a 途中流局 - the
    # practice seat's noten riichi is found when the fourth riichi aborts the hand: a
    # chombo (33): 4,000 to each), the hand replayed (35); not an abort passing the deal
    hands = {**FOUR_RIICHI, 0: "123m456m789m19p56z"}
    rules = preset("makura").replace(practice_mode=True)
    wall = build_wall(hands, ["5z", "6z", "7z", "5z"])
    g = Game(rules, seed=0, walls=[wall, wall])
    g.act(0, Discard(wall[52], riichi=True))
    run(g, (1, "riichi 6z"), (2, "riichi 7z"), (3, "riichi 5z"), (0, "pass"))
    pen = [e for e in g.events if isinstance(e, Penalty)]
    assert [(p.seat, p.kind) for p in pen] == [(0, "chombo")]
    assert not any(isinstance(e, HandDrawn) for e in g.events)
    h = starts(g)[-1]
    assert (h.dealer, h.honba) == (0, 0)


def test_makura_27_a_nagashi_win_excuses_a_noten_riichi() -> None:
    # makura 27): ノーテンリーチは流局後チョンボ。ただし他にアガった者がいればペナルティー
    # なし; 44 e): nagashi is a tsumo win at the draw - seat 2's nagashi stands, seat 0's
    # noten riichi costs nothing but its stick, which the nagashi winner takes (24))
    wall = nagashi_wall_at(2)
    rules = preset("makura").replace(practice_mode=True)
    g = Game(rules, seed=0, walls=[wall, wall])
    g.act(0, Discard(wall[52], riichi=True))
    play_hand(g)
    assert not any(isinstance(e, Penalty) for e in g.events)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.nagashi == (2,) and res.sticks_taken == 1
    assert res.deltas == (-4000, -2000, 8000 + 1000, -2000)


def test_makura_5_noten_dealer_passes_the_deal_at_four_winds() -> None:
    # makura 6) 開局時四風子連打 with a noten dealer: the deal passes (rule 5), one honba
    hands = {0: "13579m2468p1357s", 1: "2468m13579p2468s", 2: "13579s23456z9p99m",
             3: "2468m2468p2468s7z"}
    g = Game(preset("makura"), seed=0, walls=[build_wall(hands, ["1z", "1z", "1z", "1z"])])
    run(g, until_hand_end=True)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "four_winds" and res.tenpai[0] is False
    assert next_hand(g) == (0, 1, 1, 0)


RIICHI_CHOMBO = {0: "13579m2468p1357s", 1: "123s456s789s123m5p", 2: "13579s123456z99p",
                 3: "2468m2468p2468s7z"}  # seat 0 noten, seat 1 tenpai (5p)


def _riichi_then_false_tsumo(rules: Ruleset, *, false_pon: bool = False) -> Game:
    """Seat 0 (the practice seat) declares a noten riichi, seat 1 a real one; seat 0 then
    calls a false pon on seat 2's discard (with ``false_pon``) and claims a false tsumo."""
    wall = build_wall(RIICHI_CHOMBO, ["5z", "6z", "7z", "1z", "5z"], red_fives=rules.red_fives)
    g = Game(rules.replace(practice_mode=True), seed=0, walls=[wall, wall])
    drawn = g.state.drawn
    assert drawn is not None
    g.act(0, Discard(drawn, riichi=True))
    run(g, (1, "riichi 6z"))
    if false_pon:
        while not (g.state.phase == "claim" and g.state.last_discard is not None
                   and g.state.last_discard[0] == 2):
            seat, acts = next(iter(g.pending().items()))
            g.act(seat, default_action(g, seat, acts))
        hand = sorted(g.state.seats[0].hand)
        g.act(0, Pon((hand[0], hand[1])))
    while not (g.state.phase == "turn" and g.state.turn == 0):
        seat, acts = next(iter(g.pending().items()))
        g.act(seat, default_action(g, seat, acts))
    g.act(0, Tsumo())
    assert any(isinstance(e, Penalty) and e.kind == "chombo" for e in g.events)
    return g


def test_makura_31_35_the_chombo_players_own_riichi_stick_stays() -> None:
    # makura 31), 35): リーチ棒はリーチ者に戻る。リーチ者のチョンボは供託 - seat 1's stick
    # goes back, seat 0's (the chombo player, in riichi) stays on the table; 33) 4,000 each;
    # 35) the hand is replayed, same dealer, no honba
    g = _riichi_then_false_tsumo(preset("makura"))
    h = starts(g)[-1]
    assert (h.dealer, h.honba, h.sticks) == (0, 0, 1)
    assert h.scores == (25000 - 1000 - 12000, 25000 + 4000, 29000, 29000)
    # the penalty screen says so
    pen = next(e for e in g.events if isinstance(e, Penalty))
    words = sentences(facts(hand_facts(g.events, pen)), ["You", "B", "C", "D"])
    assert "Sticks put down this hand go back: 1,000 to B." in words
    assert "Your own riichi stick stays on the table for the next winner." in words


def test_makura_35_a_busting_chombo_gives_the_riichi_sticks_back_first() -> None:
    # makura 35): リーチ棒はリーチ者に戻る。リーチ者のチョンボは供託。ただしそのチョンボに
    # よって持ち点が0点を切った者が出た場合は半荘終了 - the sticks go back the moment the
    # chombo is found, then the game ends; seat 0's own stick stays (31) and goes to the top
    # (24). Seat 1, given its stick back, ties seat 3 at 29,000 and ranks 2nd by seat
    # (上家優先, 1)): +10 uma, where the top taking both sticks left it 3rd (-10).
    wall = build_wall(RIICHI_CHOMBO, ["5z", "6z", "7z", "1z", "5z"])
    rules = preset("makura").replace(practice_mode=True)
    g = start_at(rules, 0, 0, (12000, 25000, 38000, 25000), wall, [wall])
    drawn = g.state.drawn
    assert drawn is not None
    g.act(0, Discard(drawn, riichi=True))
    run(g, (1, "riichi 6z"))
    while not (g.state.phase == "turn" and g.state.turn == 0):
        seat, acts = next(iter(g.pending().items()))
        g.act(seat, default_action(g, seat, acts))
    g.act(0, Tsumo())
    assert g.over
    end = g.events[-1]
    assert isinstance(end, GameEnded) and end.reason == "bust"
    table = {r.seat: r for r in end.table}
    assert {s: r.points for s, r in table.items()} == {0: -1000, 1: 29000, 2: 43000, 3: 29000}
    assert (table[1].rank, table[1].uma) == (2, 10.0) and table[3].rank == 3


# Seat 1 waits on 5p with tanyao; seat 3 discards 5p on the first go-round; seat 0 (the
# practice seat) is noten and calls ron on it too.
FALSE_AND_REAL_RON = {0: "13579m2468p1357s", 1: "234m567m234s66s46p", 2: "13579s123456z99p",
                      3: "2468m2468p2468s7z"}


def _false_ron_beside_a_real_one(name: str, false_first: bool) -> Game:
    rules = preset(name).replace(practice_mode=True)
    wall = build_wall(FALSE_AND_REAL_RON, ["6z", "7z", "6z", "5p"], red_fives=rules.red_fives)
    g = Game(rules, seed=0, walls=[wall, wall])
    run(g, (0, "d 6z"), (1, "d 7z"), (2, "d 6z"), (3, "d 5p"))
    assert Ron() in g.pending()[1] and Ron() not in g.pending()[0]
    for seat in ((0, 1) if false_first else (1, 0)):
        g.act(seat, Ron())
    return g


@pytest.mark.parametrize("false_first", [True, False])
@pytest.mark.parametrize("name", ["makura", "ako", "teireikai", "gpc", "yokoyoko"])
def test_a_false_ron_beside_a_legal_ron_is_excused(name: str, false_first: bool) -> None:
    # makura 34): チョンボが他の正当なアガリと同時に発生した場合は、アガリが優先され、チョン
    # ボは免除される; ako 7-05-01-01: 他家の正当な栄和のみを有効とし、錯和は免れる.  The
    # texts of teireikai, gpc and yokoyoko are silent: the presets do the same
    # (chombo_excused_by_win).  Whichever declares first, seat 1's win stands.
    g = _false_ron_beside_a_real_one(name, false_first)
    assert not any(isinstance(e, Penalty) for e in g.events)
    won = last_result(g)
    assert isinstance(won, Won) and [w.seat for w in won.wins] == [1]


def test_a_false_ron_alone_is_a_chombo_at_once() -> None:
    # makura 33) a): 正当なアガリでもないのにアガリを宣言した - with no legal win beside it
    rules = preset("makura").replace(practice_mode=True)
    wall = build_wall(FALSE_AND_REAL_RON, ["6z", "7z", "6z", "5p"])
    g = Game(rules, seed=0, walls=[wall, wall])
    run(g, (0, "d 6z"), (1, "d 7z"), (2, "d 6z"), (3, "d 5p"))
    g.act(0, Ron())
    g.act(1, Pass())
    pen = [e for e in g.events if isinstance(e, Penalty)]
    assert [(p.seat, p.kind) for p in pen] == [(0, "chombo")]


def test_gpc_40_false_call_and_riichi_sticks_go_back() -> None:
    # gpc l.40: チョンボが発生した局に出されたリーチ棒、1,000点罰符棒は出した本人に戻る;
    # a false pon (under a false_call that costs 1,000, as gpc's before 2020, l.55) put
    # 1,000 on the table; l.38 12,000 lost to nobody; l.39 replayed
    g = _riichi_then_false_tsumo(preset("gpc").replace(false_call="table_1000"),
                                 false_pon=True)
    h = starts(g)[-1]
    assert (h.dealer, h.honba, h.sticks) == (0, 0, 0)
    assert h.scores == (25000 - 12000, 25000, 25000, 25000)


def nagashi_wall_at(seat: int, dealer: int = 0) -> tuple[int, ...]:
    """Noten hands of simples; ``seat`` draws only terminals and honours (dealer ``dealer``)."""
    base = {0: "2345m2345p2345s2m", 1: "6782m6783p6784s3m", 2: "2468m2468p34678s",
            3: "3567m3567p5678s7s"}
    hands = rotate(base, dealer)
    counts = [4] * 34
    for k in parse_kinds("".join(hands.values())):
        counts[k] -= 1
    yao = [k for k in range(34) for _ in range(counts[k]) if is_yaochuu(k)]
    simple = [k for k in range(34) for _ in range(counts[k]) if not is_yaochuu(k)]
    draws = []
    red_left = {4, 13, 22}
    for i in range(70):
        pool = yao if (dealer + i) % 4 == seat else (simple if simple else yao)
        k = pool.pop()
        name = kind_name(k)
        if k in red_left:
            red_left.discard(k)
            name = "0" + name[1]
        draws.append(name)
    return build_wall(hands, draws, dealer=dealer)


def test_makura_44e_nagashi_is_a_tsumo_win() -> None:
    # makura 44 e): 流し満貫は流局時に成立する満貫相当のツモあがり役扱い: a mangan tsumo
    # by seat 2 (4,000 / 2,000), the honba paid as on a tsumo (100 each), the two riichi
    # sticks taken; the deal passes (a non-dealer won) and the honba go back to 0
    wall = nagashi_wall_at(2)
    g = start_at(preset("makura"), 0, 0, (24000, 25000, 25000, 24000), wall, [wall],
                 honba=1, sticks=2)
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.nagashi == (2,) and res.sticks_taken == 2
    assert res.deltas == (-4100, -2100, 8000 + 300 + 2000, -2100)
    assert next_hand(g) == (0, 1, 0, 0)


def test_makura_44e_dealer_nagashi_keeps_the_deal() -> None:
    # makura 5), 44 e): the dealer's nagashi is a dealer win: renchan, one honba more
    wall = nagashi_wall_at(0)
    g = start_at(preset("makura"), 0, 0, (25000,) * 4, wall, [wall])
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.nagashi == (0,)
    assert res.deltas == (12000, -4000, -4000, -4000)
    assert next_hand(g) == (0, 0, 1, 0)


def test_tenhou_nagashi_stays_a_draw() -> None:
    # Tenhou: nagashi mangan is paid, but the hand is a draw: the honba goes up, the sticks
    # stay, the noten dealer passes the deal
    wall = nagashi_wall_at(2)
    g = start_at(preset("tenhou"), 0, 0, (24000, 25000, 25000, 24000), wall, [wall],
                 honba=1, sticks=2)
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.deltas == (-4000, -2000, 8000, -2000)
    assert next_hand(g) == (0, 1, 2, 2)


def test_makura_1_each_player_rounded_as_written() -> None:
    # makura 1): プラス者切り下げ。マイナス者切り上げ - 38,200 -> +8 (not +7); the results
    # sum to +1 and the end screen says where the difference comes from
    rules = preset("makura")
    g = start_at(rules, 1, 3, (38200, 31200, 21400, 9200), build_wall(NOTEN_SOUTH4, dealer=3))
    play_hand(g)
    end = end_of(g)
    got = {r.seat: r.result for r in end.table}
    assert got == {0: 8 + 20 + 20, 1: 1 + 10, 2: -8 - 10, 3: -20 - 20}
    assert table_balance(end.table, rules) == (1.0, 0.0)
    assert balance_note(end, rules).startswith("The final results sum to +1.0, not 0: +1.0 "
                                               "from rounding")


# ----------------------------------------------------------------- teireikai, yokoyoko, gpc

def test_teireikai_2_32500_top_records_plus_3() -> None:
    # teireikai ルール2: 千点未満を四捨五入 … 32,500点の場合は「+3」; ルール3 uma +10
    rows = {r.seat: r for r in final_table((32500, 30000, 29000, 28500), 0,
                                           preset("teireikai"))}
    assert rows[0].result == 3 + 10
    assert [rows[s].result for s in (1, 2, 3)] == [0 + 5, -1 - 5, -1 - 10]  # 28,500 -> 29


def test_yokoyoko_1_rounding_each_player_half_up() -> None:
    # yokoyoko (1): 400点未満切り捨て、500点以上切り上げ; nobody absorbs: 40,500 -> +11
    rows = {r.seat: r for r in final_table((40500, 30000, 20000, 9500), 0, preset("yokoyoko"))}
    assert rows[0].result == 11 + 20 + 20  # oka 20, the top's uma with two floating: +20


YOKO_S4_WIN = {3: "123m456m789m12p55s", 0: "2468m13579p2468s", 1: "13579s123456z99p",
               2: "2468m2468p2468s7z"}  # the South-4 dealer (seat 3) waits 3p


def test_yokoyoko_2_agariyame_without_a_top_condition() -> None:
    # yokoyoko (2): オーラス親の上がり止め有り - the dealer may stop though not first
    g = start_at(preset("yokoyoko"), 1, 3, (40000, 25000, 20000, 15000),
                 build_wall(YOKO_S4_WIN, ["1z", "3p"], dealer=3))
    run(g, (0, "d 3p"), (3, "ron"))
    assert g.state.scores[3] < g.state.scores[0]
    assert EndGame(stop=True) in g.pending()[3]
    g.act(3, EndGame(stop=True))
    assert end_of(g).reason == "agariyame"


def test_yokoyoko_2_no_stop_while_nobody_floats() -> None:
    # yokoyoko (2): 浮き者がいない場合は、サドンデスに突入 - the dealer's win leaves everyone
    # below 30,000: no stop is offered, the dealer plays on
    wall = build_wall(YOKO_S4_WIN, ["1z", "3p"], dealer=3)
    g = start_at(preset("yokoyoko"), 1, 3, (27000, 26000, 25000, 22000), wall, [wall])
    run(g, (0, "d 3p"), (3, "ron"))
    assert max(g.state.scores) < 30000
    assert not any(isinstance(a, EndGame) for acts in g.pending().values() for a in acts)
    assert not g.over and next_hand(g) == (1, 3, 1, 0)


def test_gpc_18_tied_top_split_uma_and_oka() -> None:
    # gpc l.18: 上家優先なし、同得点の場合は順位点を折半; the oka (+20) of the tied top is
    # shared the same way: (+30 + +10) / 2 + 20 / 2 each, on exact points (no rounding)
    rows = {r.seat: r for r in final_table((35000, 35000, 20000, 10000), 0, preset("gpc"))}
    assert rows[0].result == rows[1].result == 5 + 20 + 10
    assert rows[0].rank == rows[1].rank == 1


# ----------------------------------------------------------------- ako

AKO = preset("ako").replace(practice_mode=True)


def ako_at(round_wind: int, scores: tuple[int, int, int, int], wall: tuple[int, ...], *,
           sticks: int = 0) -> Game:
    """An ako game resumed at ``round_wind`` 4 (seat 3 deals), seat 3 the practice seat."""
    events: list[Event] = [GameStarted(AKO, ("a", "b", "c", "d"), 0),
                           HandStarted(round_wind, 3, 0, sticks, 3, scores, (1, 1), wall)]
    return Game.from_events(events, walls=[wall, wall], practice_seats=(3,))


def test_ako_7_02_01_dealer_chombo_in_the_last_hand_keeps_the_deal() -> None:
    # ako 7-02-01: 最終局でも親が流れるかどうか a流れない; 1-11-03 with 7-03: the chombo hand
    # is a 流局, one honba added; 7-01 the dealer pays a mangan, 4,000 each, doubled to the
    # wareme seat (8-01: dice 1+1 from seat 3 break the wall at seat 0)
    wall = build_wall(rotate(NOTEN, 3), dealer=3)
    g = ako_at(1, (34000, 25000, 21000, 20000), wall, sticks=1)
    g.act(3, Tsumo())
    pen = next(e for e in g.events if isinstance(e, Penalty))
    assert pen.deltas == (8000, 4000, 4000, -16000)
    assert not g.over and next_hand(g) == (1, 3, 1, 1)  # 7-03: the stick carries over


def test_ako_7_02_dealer_chombo_before_the_last_hand_passes_the_deal() -> None:
    # ako 7-02 b: 親の錯和は親流れ (East 4: the deal goes to South 1), one honba (1-11-03)
    wall = build_wall(rotate(NOTEN, 3), dealer=3)
    g = ako_at(0, (25000,) * 4, wall)
    g.act(3, Tsumo())
    assert next_hand(g) == (1, 0, 1, 0)


def test_ako_7_02_non_dealer_chombo_keeps_the_deal_with_a_honba() -> None:
    # ako 7-02 b: 子の錯和は連荘; 1-11-03: 流局 adds one honba
    wall = build_wall(NOTEN)
    g = Game(AKO, seed=0, walls=[wall, wall], practice_seats=(1,))
    while not (g.state.phase == "turn" and g.state.turn == 1):
        seat, acts = next(iter(g.pending().items()))
        g.act(seat, default_action(g, seat, acts))
    g.act(1, Tsumo())
    assert next_hand(g) == (0, 0, 1, 0)


def test_ako_3_17_nagashi_is_a_win_complete_at_the_last_discard() -> None:
    # ako 3-17-01-01: 流し満貫を和り役とする (a yakuman here: 3-17-01 e); 3-17-01-06 b: it is
    # complete when the player's last discard (3 tiles or fewer left) is neither called nor
    # won on - the hand ends there, the last draws are not made.  As a win: the riichi stick
    # and the honba (100 each) go to seat 2, 8-07-11 24 chips from the three payers, and the
    # deal passes with the honba back to 0.  8-01 wareme (seat 1) pays double.
    wall = nagashi_wall_at(2)
    g = start_at(preset("ako"), 0, 0, (25000, 25000, 25000, 24000), wall, [wall],
                 honba=1, sticks=1)
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.nagashi == (2,)
    i = g.events.index(res)
    last = g.events[i - 1]
    assert isinstance(last, Discarded) and last.seat == 2
    assert res.deltas == (-16100, -16100, 40000 + 300 + 1000, -8100)
    assert res.sticks_taken == 1 and res.chips == (-8, -8, 24, -8)
    assert g.state.wins_by_seat[2] == 1  # 1-08: seat 2 won a hand, no yakitori
    assert next_hand(g) == (0, 1, 0, 0)


def test_ako_1_09_02_a_nagashi_win_that_busts_earns_the_bust_chips() -> None:
    # ako 3-17-01-01: nagashi is a win (a yakuman, 3-17-01 e); 1-09-02-01 and 8-07-18: the
    # busted player pays the player who busted it 3 chips.  Seat 3 (8,000, paying 8,000)
    # and seat 1 (16,000, paying 16,000 as the wareme seat) both fall below 0.
    wall = nagashi_wall_at(2)
    g = start_at(preset("ako"), 0, 0, (60000, 15000, 18000, 7000), wall, [wall])
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.nagashi == (2,)
    assert g.over
    end = g.events[-1]
    assert isinstance(end, GameEnded) and end.reason == "bust"
    chips = {r.seat: r.chips for r in end.table}
    # nagashi 24 chips from the three payers (8-07-11); 3 bust chips from each busted
    # seat (8-07-18); yakitori (8-07-17): the three without a win put 3 chips each into a
    # pool that seat 2, the only winner, takes
    assert chips == {0: -8 - 3, 1: -8 - 3 - 3, 2: 24 + 3 + 3 + 9, 3: -8 - 3 - 3}


def test_ako_nagashi_ends_the_hand_with_tiles_still_in_the_wall() -> None:
    # ako 3-17-01-06 b (残り牌が3枚以下): seat 2's last discard comes with 3 tiles or fewer
    # left; seat 3, 0 and 1 would draw them, but the win ends the hand first
    wall = nagashi_wall_at(2)
    g = start_at(preset("ako"), 0, 0, (25000,) * 4, wall, [wall])
    play_hand(g)
    res = last_result(g)
    i = g.events.index(res)
    before = fold(g.events[:i])
    assert 0 < before.live_remaining <= 3
    tenhou_like = start_at(preset("ako").replace(nagashi_at_last_discard=False), 0, 0,
                           (25000,) * 4, wall, [wall])
    play_hand(tenhou_like)
    res2 = last_result(tenhou_like)
    j = tenhou_like.events.index(res2)
    assert fold(tenhou_like.events[:j]).live_remaining == 0
    assert res2.deltas == res.deltas
