"""The ``yokoyoko`` preset played through the engine: one scripted scenario per rule row.

Every game here runs on ``rulesets.load_ruleset("yokoyoko")`` itself (横横分科会ルール V1.1,
H12.8.13 改正); each test cites the section of the club's text.  Walls are
scripted tile by tile (``tests.kit.game.build_wall``); unless a move is scripted
every seat discards the tile it drew, passes every claim and shows its hand at a draw.
"""

from __future__ import annotations

import pytest

from hanchan import rulesets
from hanchan.engine.actions import ClosedKan, Discard, EndGame, NineTerminals
from hanchan.engine.events import DoraRevealed, HandDrawn, Won
from hanchan.engine.game import Game
from tests.kit.play_ako import (
    build_wall,
    default_action,
    final,
    last_result,
    nagashi_draws,
    play_hand,
    rotate,
    run,
    start_at,
    starts,
)

YOKO = rulesets.load_ruleset("yokoyoko")


def new(*walls: tuple[int, ...]) -> Game:
    """A game from East 1 on the preset, its first walls scripted (dice 1+1)."""
    return Game(YOKO, seed=0, walls=list(walls))


NOTEN = {0: "13579m2468p1357s", 1: "2468m13579p2468s", 2: "13579s123456z99p",
         3: "2468m2468p2468s7z"}
TENPAI_DEALER = {**NOTEN, 0: "123m456m789m12p99s"}  # waits 3p


# ------------------------------------------------------------------ (1) points


@pytest.mark.parametrize(("scores", "expected"), [
    # only the top floats: ラス -15, 沈み3着 -10, 沈み2着 -5, the top the rest (3コロ +30).
    # 400点未満切り捨て、500点以上切り上げ, each player as written (the top absorbs nothing):
    # 42,500 -> 43, 21,400 -> 21, 18,500 -> 19, 17,600 -> 18 (the results sum to +1)
    ((42500, 21400, 18500, 17600), {0: 13 + 20 + 30, 1: -9 - 5, 2: -11 - 10, 3: -12 - 15}),
    # two float: 浮き2着 +5, the top +20 (2コロ); 30,400 -> 30, 17,500 -> 18
    ((36000, 30400, 17500, 16100), {0: 6 + 20 + 20, 1: 0 + 5, 2: -12 - 10, 3: -14 - 15}),
    # three float (30,000 itself floats): 浮き3着 0, the top +10 (1コロ); 30,500 -> 31,
    # 31,000 -> 31 as well (the results sum to +1)
    ((31000, 30500, 30000, 8500), {0: 1 + 20 + 10, 1: 1 + 5, 2: 0 + 0, 3: -21 - 15}),
    # equal points: 上荘優先 (seat order from the first dealer)
    ((40000, 20000, 20000, 20000), {0: 10 + 20 + 30, 1: -10 - 5, 2: -10 - 10, 3: -10 - 15}),
])
def test_float_sink_uma_oka_and_rounding(scores: tuple[int, int, int, int],
                                         expected: dict[int, int]) -> None:
    # (1) 25,000点持ち・30,000点返し(オカ20P), オカはトップ取り; (2) ノーテン親流れ: South 4
    # ends in a draw with everybody noten, so the game is over with these points.
    g = start_at(YOKO, build_wall(rotate(NOTEN, 3), dealer=3), round_wind=1, dealer=3,
                 scores=scores)
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.deltas == (0, 0, 0, 0)
    end = final(g)
    assert end.reason == "complete"
    got = {row.seat: row.result for row in end.table}
    assert got == {s: float(v) for s, v in expected.items()}
    assert [row.seat for row in end.table] == [0, 1, 2, 3]


BUST = {0: "234m567m234s66s46p", 1: "2468m13579p2468s", 2: "13579s123456z99p",
        3: "5p19m19s9p1234567z"}
BUST_DRAWS = ["1z", "7m", "3z", "4z"]  # then seat 3 throws its 5p into the dealer's kanchan


def test_a_bust_ends_the_game_and_pays_the_bust_bonus() -> None:
    # (1) ブットビ有り; 飛ばした人は一人飛ばす毎に+10point、飛ばされた人は-10point
    g = start_at(YOKO, build_wall(BUST, BUST_DRAWS, dora="1z"),
                 scores=(33000, 33000, 33500, 500))
    run(g, (3, "d 5p"), (0, "ron"))
    assert g.events[-2] == last_result(g) and g.state.scores[3] < 0
    end = final(g)
    assert end.reason == "bust"
    assert {r.seat: r.bonus for r in end.table} == {0: 10.0, 1: 0.0, 2: 0.0, 3: -10.0}


def test_exactly_zero_is_no_bust() -> None:
    # (1) 0点は飛びではない: the 2,000 dealer ron leaves seat 3 at exactly 0
    g = start_at(YOKO, build_wall(BUST, BUST_DRAWS, dora="1z"),
                 scores=(33000, 32000, 33000, 2000))
    run(g, (3, "d 5p"), (0, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.deltas[3] == -2000
    assert not g.over and starts(g)[-1].scores[3] == 0


def test_a_tsumo_that_busts_two_players_pays_the_bonus_twice() -> None:
    # (1) 一人飛ばす毎に+10point: the dealer's tsumo (2,000 all) busts seats 2 and 3
    hands = {**TENPAI_DEALER, 3: "2468m2468p2468s6z"}
    g = start_at(YOKO, build_wall(hands, ["1z", "2z", "3z", "4z", "3p"], dora="7z"),
                 scores=(48500, 48500, 1500, 1500))
    run(g, (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].seat == 0
    assert g.state.scores[2] < 0 and g.state.scores[3] < 0
    end = final(g)
    assert end.reason == "bust"
    assert {r.seat: r.bonus for r in end.table} == {0: 20.0, 1: 0.0, 2: -10.0, 3: -10.0}


def test_a_bust_by_noten_payments_ends_the_game_without_a_bonus() -> None:
    # (1) ノーテン罰符 ... により飛んだ者があった場合は、飛ばし馬は誰にも与えない
    g = start_at(YOKO, build_wall(TENPAI_DEALER), scores=(25000, 25000, 49500, 500))
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.deltas == (3000, -1000, -1000, -1000)
    end = final(g)
    assert end.reason == "bust"
    assert all(r.bonus == 0 for r in end.table)


# Seat 1 makes daisangen with three pons from seat 0 (S4, seat 3 deals).
DAISANGEN = {0: "2468m2468p2468s3z", 1: "55z66z77z1234m9p9s1s", 2: "13579p13579s2z3z3z",
             3: "3579m5678p5678s1z"}
DAISANGEN_DRAWS = ["1z", "5z", "1z", "1z", "6z", "2z", "2z", "7z", "2z", "4z", "4z", "4m"]
DAISANGEN_CALLS = [(0, "d 5z"), (1, "pon"), (1, "d 9p"), (0, "d 6z"), (1, "pon"),
                   (1, "d 9s"), (0, "d 7z"), (1, "pon"), (1, "d 1s")]


def test_yakuman_tsumo_bonus_10_from_each_and_no_pao() -> None:
    # (1) 役満御祝儀: ツモの場合は全員が10pointずつ; (2) 役満の包 (パオ) なし: the feeder of
    # the third dragon pays like the others
    g = start_at(YOKO, build_wall(DAISANGEN, DAISANGEN_DRAWS, dealer=3), round_wind=1,
                 dealer=3, scores=(30000, 25000, 25000, 20000))
    run(g, *DAISANGEN_CALLS, (1, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].pao_seat is None
    assert won.deltas == (-8000, 32000, -8000, -16000)
    end = final(g)
    assert end.reason == "complete"
    assert {r.seat: r.bonus for r in end.table} == {0: -10.0, 1: 30.0, 2: -10.0, 3: -10.0}


def test_yakuman_ron_bonus_20_from_the_discarder() -> None:
    # (1) 振り込みの場合は振り込んだ者が20pointを和了者に支払う
    draws = DAISANGEN_DRAWS[:8] + ["4m"]
    g = start_at(YOKO, build_wall(DAISANGEN, draws, dealer=3), round_wind=1, dealer=3,
                 scores=(30000, 25000, 40000, 5000))
    run(g, *DAISANGEN_CALLS, (2, "d 4m"), (1, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.deltas == (0, 32000, -32000, 0)
    end = final(g)
    assert end.reason == "complete"
    assert {r.seat: r.bonus for r in end.table} == {0: 0.0, 1: 20.0, 2: -20.0, 3: 0.0}


SUUANKOU = {0: "111m333p555s777s9p", 1: "2468m13579p2468s", 2: "13579m2468p1346z",
            3: "2468m2468s2467z9s"}


def test_a_double_yakuman_pays_the_same_flat_bonus() -> None:
    # (1) 役満御祝儀は役満の複合に関係なく一律; (4) 四暗刻タンキはダブル役満
    draws = ["1z", "2z", "3z", "4z", "5z", "9p"]
    g = start_at(YOKO, build_wall(SUUANKOU, draws, dealer=3, dora="6z"), round_wind=1,
                 dealer=3, scores=(4000, 30000, 30000, 36000))
    run(g, (0, "d 2z"), (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].yakuman_count == 2
    assert won.deltas == (64000, -16000, -16000, -32000)
    end = final(g)
    assert {r.seat: r.bonus for r in end.table} == {0: 30.0, 1: -10.0, 2: -10.0, 3: -10.0}


KIRIAGE = {0: "13579m2468p1357s", 1: "223344m567p66s78s", 2: "13579s123456z99p",
           3: "2468m2468p2468s7z"}


def test_kiriage_mangan() -> None:
    # (1) 30符4ハン相当の上がり点は満貫切り上げ: tanyao pinfu iipeikou + 1 dora -> 8,000
    w = build_wall(KIRIAGE, ["6z", "7z", "6z", "7z", "6s"], dora="4p")
    g = new(w)
    run(g, (0, "d 6s"), (1, "ron"))
    won = last_result(g)
    assert isinstance(won, Won)
    w0 = won.wins[0]
    assert (w0.han, w0.fu, w0.points) == (4, 30, 8000)


# ------------------------------------------------------------------ (2) game rules


@pytest.mark.parametrize(("round_wind", "hands", "keeps"), [
    (0, NOTEN, False), (0, TENPAI_DEALER, True), (1, NOTEN, False)])
def test_noten_dealer_passes(round_wind: int, hands: dict[int, str], keeps: bool) -> None:
    # (2) ノーテン親流れ (テンパイなら連荘), in every round
    g = start_at(YOKO, build_wall(hands), round_wind=round_wind,
                 scores=(30000, 25000, 25000, 20000))
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "exhaustive"
    nxt = starts(g)[-1]
    assert (nxt.dealer, nxt.honba) == (0 if keeps else 1, 1)


def _south4_dealer_win(scores: tuple[int, int, int, int]) -> Game:
    hands = rotate(TENPAI_DEALER, 3)  # the dealer (seat 3) waits on 3p
    g = start_at(YOKO, build_wall(hands, ["1z", "3p"], dealer=3, dora="7z"), round_wind=1,
                 dealer=3, scores=scores)
    run(g, (0, "d 3p"), (3, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].seat == 3
    return g


def test_the_last_dealer_may_stop_after_a_win() -> None:
    # (2) オーラス親の上がり止め有り: the dealer, now top, may end the game
    g = _south4_dealer_win((20000, 20000, 20000, 40000))
    assert g.pending() == {3: (EndGame(True), EndGame(False))}
    g.act(3, EndGame(True))
    assert final(g).reason == "agariyame"
    g = _south4_dealer_win((20000, 20000, 20000, 40000))
    g.act(3, EndGame(False))
    assert not g.over and starts(g)[-1].honba == 1


def test_sudden_death_when_nobody_floats() -> None:
    # (2) 浮き者がいない場合は、サドンデスに突入: South 4 ends with nobody at 30,000 ...
    g = start_at(YOKO, build_wall(rotate(NOTEN, 3), dealer=3), round_wind=1, dealer=3,
                 scores=(27000, 25000, 25000, 23000))
    play_hand(g)
    assert not g.over
    nxt = starts(g)[-1]
    assert (nxt.round_wind, nxt.dealer) == (2, 0)
    # ... and the first hand that leaves somebody floating ends it, even inside the round
    w = build_wall({1: "234m567m234s66s46p", 0: "13579m2468p1357s", 2: "13579s123456z99p",
                    3: "2468m2468p2468s7z"}, ["6z", "7z", "6z", "7z", "5p"], dora="1z")
    g = start_at(YOKO, w, round_wind=2, dealer=0, scores=(27000, 29000, 23000, 21000))
    run(g, (0, "d 5p"), (1, "ron"))
    assert g.over and final(g).reason == "extension"
    assert final(g).table[0].seat == 1


DOUBLE = {0: "234m567m234s66s46p", 1: "345m678m345s88s55p", 2: "678m456s678s22m38p",
          3: "5p19m19s9p1234567z"}


def test_no_double_ron_head_bump() -> None:
    # (2) ダブロンなし: the winner nearest the discarder takes it alone
    g = new(build_wall(DOUBLE, ["1z", "2z", "3z", "4z"]))
    run(g, (3, "d 5p"), (0, "ron"), (1, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and [w.seat for w in won.wins] == [0]
    assert won.deltas[1] == 0


def test_triple_ron_is_an_abortive_draw() -> None:
    # (2) トリプルロン流局: nobody pays; the dealer keeps the deal with a honba
    hands = {**DOUBLE, 2: "678m456s678s22m34p"}
    g = new(build_wall(hands, ["1z", "2z", "3z", "4z"]))
    run(g, (3, "d 5p"), (0, "ron"), (1, "ron"), (2, "ron"))
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "triple_ron"
    assert res.deltas == (0, 0, 0, 0)
    nxt = starts(g)[-1]
    assert (nxt.dealer, nxt.honba) == (0, 1)


@pytest.mark.parametrize(("points", "offered"), [(900, False), (1000, True)])
def test_riichi_needs_1000_points(points: int, offered: bool) -> None:
    # (2) 立直は持ち点が1000点未満ではかけることができない
    g = start_at(YOKO, build_wall(TENPAI_DEALER, ["9s"]),
                 scores=(points, 33000, 33000, 34000 - points))
    assert any(isinstance(a, Discard) and a.riichi for a in g.pending()[0]) is offered


KUIKAE = {0: "56789m2468p2468s", 1: "1234m13579p1357s", 2: "9m2468p2468s1234z",
          3: "5678m5678p56712z"}


def test_swap_calling_all_allowed() -> None:
    # (2) 喰い替えは全てOK: after chi 1m with 23m, 1m (the same tile) and 4m (suji) may go
    g = new(build_wall(KUIKAE, ["1m"]))
    run(g, (0, "d 1m"), (1, "chi 23m"))
    kinds = {a.tile >> 2 for a in g.pending()[1] if isinstance(a, Discard)}
    assert {0, 3} <= kinds


FOUR_WINDS = {0: "13579m2468p1357s", 1: "2468m13579p2468s", 2: "13579s23456z9p99m",
              3: "2468m2468p2468s7z"}
FOUR_RIICHI = {0: "123m456m789m123p4p", 1: "123s456s789s123m5p", 2: "456p789p123s456m7s",
               3: "789s789p123p789m9s"}
FOUR_KANS = {0: "1111m2222m9p19s11z", 1: "3333m4444m8p19s22z", 2: "13579s2468p3577z",
             3: "5678m5678p567s66z"}


def test_abortive_draws_four_winds_four_riichi_four_kans() -> None:
    # (2) 途中流局 (四風子連打、四家立直、四槓散了) あり
    g = new(build_wall(FOUR_WINDS, ["1z", "1z", "1z", "1z"]))
    run(g, until_hand_end=True)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "four_winds"

    g = new(build_wall(FOUR_RIICHI, ["5z", "6z", "7z", "5z"]))
    run(g, (0, "riichi 5z"), (1, "riichi 6z"), (2, "riichi 7z"), (3, "riichi 5z"))
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "four_riichi"
    assert starts(g)[-1].sticks == 4

    g = new(build_wall(FOUR_KANS, ["5z", "6z"], rinshan="4z4z4z3z"))
    run(g, (0, "ankan 1m"), (0, "ankan 2m"), (0, "d 4z"), (1, "ankan 3m"), (1, "ankan 4m"),
        (1, "d 3z"))
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "four_kans"
    assert (starts(g)[-1].dealer, starts(g)[-1].honba) == (0, 1)


def test_nine_terminals_is_not_an_abortive_draw() -> None:
    # (2) the abortive draws are the three named: no 九種九牌
    g = new(build_wall({**NOTEN, 0: "19m19p19s1234z246m", 1: "13579m2468p1357s"}))
    assert NineTerminals() not in g.pending()[0]


# ------------------------------------------------------------------ (3) dora

RINSHAN = {0: "0p2468m2468s1357z", 1: "555p123m456m789s1z", 2: "13799p13579s455z",
           3: "2468m2468s8p667z3m"}


def test_kan_dora_turned_on_a_rinshan_win() -> None:
    # (3) 嶺上開花による和了の場合には、当該カンによるドラが増える
    g = new(build_wall(RINSHAN, ["9s"], rinshan="1z"))
    run(g, (0, "d 0p"), (1, "minkan"), (1, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and ("rinshan", 1) in won.wins[0].yaku
    assert isinstance(g.events[g.events.index(won) - 1], DoraRevealed)


IPPATSU = {0: "123m406m789m12p55s", 1: "2468m13579p2468s", 2: "13579s1234z55z99p",
           3: "2468m2468p2468s7z"}


def test_ippatsu_ura_dora_and_a_red_five() -> None:
    # (3) 赤5あり (萬子、筒子、索子各1枚) 全てドラ扱い; 一発裏ドラ有り (ura indicator 1p:
    # the 2p counts once); no chips in this club
    w = build_wall(IPPATSU, ["9s", "6z", "7z", "3z", "3p"], dora="1z", ura="1p")
    g = new(w)
    run(g, (0, "riichi 9s"), (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won)
    yaku = dict(won.wins[0].yaku)
    assert yaku["ippatsu"] == 1 and yaku["ura_dora"] == 1 and yaku["aka_dora"] == 1
    assert won.wins[0].chips == (0, 0, 0, 0)


# ------------------------------------------------------------------ (4) yaku

KOKUSHI = {0: "13579m2468p1357s", 1: "19m19p19s1234567z", 2: "13579s123456z99p",
           3: "2468m2468p2468s7z"}


def test_kokushi_on_a_13_sided_wait_is_a_double_yakuman() -> None:
    # (4) 国士無双 (13面待) はダブル役満; the 64,000 busts the dealer: bust bonus (1) and
    # the ron yakuman bonus (1) go to the winner
    g = new(build_wall(KOKUSHI, ["1m"], dora="2p"))
    run(g, (0, "d 1m"), (1, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].yakuman_count == 2
    assert won.deltas == (-64000, 64000, 0, 0)
    end = final(g)
    assert end.reason == "bust"
    assert {r.seat: r.bonus for r in end.table} == {0: -30.0, 1: 30.0, 2: 0.0, 3: 0.0}


NAGASHI = {0: "2346m2346p2346s8m", 1: "3478m3478p3478s6m", 2: "22m6m8m2468p2678s9s",
           3: "3467m3467p3467s8s"}


def test_nagashi_mangan() -> None:
    # (4) 流し満貫あり: seat 2 throws only terminals and honours, none called: a mangan
    # paid like a tsumo (4,000 from the dealer, 2,000 from each child)
    lucky = {i for i in range(70) if i % 4 == 2}
    g = new(build_wall(NAGASHI, nagashi_draws(NAGASHI, lucky, 70)))
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "exhaustive" and res.nagashi == (2,)
    assert res.deltas == (-4000, -2000, 8000, -2000)


RIICHI_KAN = {0: "111m234p567p789s5z", 1: "2468s2468p579s12z", 2: "13579s13579p344z",
              3: "6789p6789s6789m5z"}
RIICHI_KAN_SHAPE = {**RIICHI_KAN, 0: "1113444m123p456p"}


@pytest.mark.parametrize(("hands", "first", "offered"), [
    # 111m + a 5z single wait: the kan of the drawn 1m keeps the wait shape
    (RIICHI_KAN, "1z", True),
    # 1113444m waits 2m 3m 5m with a 13m kanchan among its shapes; the kan of 1m leaves
    # 3444m, whose shapes differ: refused
    (RIICHI_KAN_SHAPE, "9s", False),
])
def test_closed_kan_after_riichi_only_when_the_wait_shape_stays(
        hands: dict[int, str], first: str, offered: bool) -> None:
    # (2) 待ちの形が変わらない場合に限り、立直後の暗カンを認める; (5) ツモ牌現物を含むカン子のみ
    g = new(build_wall(hands, [first, "1z", "3z", "2z", "1m"]))
    run(g, (0, f"riichi {first}"))
    while not (g.state.turn == 0 and g.state.phase == "turn"):
        seat, acts = next(iter(g.pending().items()))
        g.act(seat, default_action(g, seat, acts))
    assert g.state.drawn is not None and g.state.drawn >> 2 == 0
    assert any(isinstance(a, ClosedKan) for a in g.pending()[0]) is offered


KAZOE = {0: "2233445667888p", 1: "2468m13579p2468s", 2: "13579s123456z99p",
         3: "2468m2468p2468s7z"}


@pytest.mark.parametrize("kazoe_bonus", [True, False])
def test_a_counted_yakuman_is_a_yakuman_win_for_the_bonus(kazoe_bonus: bool) -> None:
    # (4) 13ハン以上の和了点は四倍満貫とする。更に、これを役満役(数え役満)の和了と認める;
    # (1) 役満御祝儀: ツモの場合は全員が10pointずつ.  South 4: seat 0's double riichi,
    # ippatsu, tsumo, pinfu, tanyao, iipeikou, chinitsu and two dora (15 han) end the game.
    # (A club without yakuman_bonus_kazoe pays no bonus for the same counted yakuman.)
    assert YOKO.yakuman_bonus_kazoe
    rules = YOKO.replace(yakuman_bonus_kazoe=kazoe_bonus)
    w = build_wall(KAZOE, ["6z", "9s", "6z", "6z", "7z", "7p"], dealer=3, dora="1p",
                   ura="1z")
    g = start_at(rules, w, round_wind=1, dealer=3, scores=(20000, 30000, 30000, 20000))
    run(g, (0, "riichi 9s"), (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won)
    x = won.wins[0]
    assert x.limit == "kazoe_yakuman" and x.points == 32000
    end = final(g)
    assert end.reason == "complete"
    bonus = {0: 30.0, 1: -10.0, 2: -10.0, 3: -10.0} if kazoe_bonus else dict.fromkeys(
        range(4), 0.0)
    assert {r.seat: r.bonus for r in end.table} == bonus


def test_yakuman_stack_and_a_triple_bust() -> None:
    # (4) 役満役同士の複合を認め / 大四喜和はダブル役満: daisuushii (2) and suuankou (1) on
    # the dealer's tsumo: 48,000 from each child, all three below 0.  (1) the buster gets
    # +10 per player busted, and the yakuman 御祝儀 is the flat 10 from each.
    g = new(build_wall({0: "111z222z333z44z99m"}, ["7z", "5z", "5z", "6z", "4z"]))
    run(g, (0, "d 7z"), (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].yakuman_count == 3
    assert won.deltas == (144000, -48000, -48000, -48000)
    end = final(g)
    assert end.reason == "bust"
    assert {r.seat: r.bonus for r in end.table} == {0: 60.0, 1: -20.0, 2: -20.0, 3: -20.0}
