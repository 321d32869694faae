"""The makura preset played: scripted hands through ``Game`` under
``rulesets.load_ruleset("makura")``.

One test per rule of MATRIX.md sections 1-6 that the makura club sets and that shows in
play; each cites the club's rule number (000_ccaf4efb4f041008.txt, 枕倶楽部標準ルール 1.6版).
The makura-gp tournament differs in one rule only (飛びは無し): its test is at the end.
Unless a move is scripted, every seat discards the tile it drew and passes every call.
"""

from __future__ import annotations

import pytest

from hanchan.engine.actions import ClosedKan, Discard, EndGame, NineTerminals, Pon, Ron, ShowHand
from hanchan.engine.events import (
    DoraRevealed,
    Drew,
    HandDrawn,
    Kan,
    NotenDeclared,
    Won,
)
from hanchan.engine.game import Game
from hanchan.engine.legal import IllegalAction
from hanchan.rulesets.schema import Ruleset
from tests.kit.play import (
    BUST_HANDS,
    CHANKAN,
    DISCARD_RON,
    FIVE_YAKUMAN,
    FIVE_YAKUMAN_DRAWS,
    FORCED,
    FOUR_KANS,
    FOUR_RIICHI,
    FOUR_WINDS_HANDS,
    FURITEN,
    IPPATSU,
    KOKUSHI_ANKAN,
    KUIKAE,
    MINKAN,
    MULTI_RON_DRAWS,
    NOTEN,
    NOTEN_SOUTH4,
    OWN_FOUR,
    PONKAN,
    PRIORITY,
    RIICHI_KAN_111M,
    RIICHI_KAN_1113444M,
    RIICHI_ONLY,
    RIICHI_TILE,
    RINSHAN,
    SUUANKOU_DRAWS,
    SUUANKOU_TANKI,
    TENPAI_DEALER,
    WIN_HANDS,
    build_wall,
    check_double_wind_pair_is_two_fu,
    check_furiten_riichi_tsumo_only,
    check_kiriage_mangan,
    check_noten_dealer_passes_the_deal,
    check_riichi_needs_four_tiles,
    check_tenpai_dealer_keeps_the_deal,
    default_action,
    discard_kinds,
    ended,
    game,
    kan_order,
    last_result,
    nagashi_wall,
    pao_daisangen,
    play_hand,
    play_until,
    preset,
    riichi_kan_offered,
    riichi_offered,
    rotate,
    rows,
    run,
    south4,
    start_at,
    starts,
    three_han_sixty_fu,
    triple_wall,
)


@pytest.fixture(scope="module")
def makura() -> Ruleset:
    return preset("makura")


def yaku_of(won: Won, i: int = 0) -> dict[str, int]:
    return dict(won.wins[i].yaku)


# ---------------------------------------------------------------- 1. points and settlement


def test_final_table_oka_uma_rounding_and_sticks_to_top(makura: Ruleset) -> None:
    # makura 1): 25,000点持ちの30,000点返し (oka 20 to the top); トップ+20、2位+10、3位-10、
    # 4位-20; 端数はプラス者切り下げ、マイナス者切り上げ (the top takes the remainder);
    # makura 24): 半荘終了時はトップ取り (the stick left on the table goes to the top).
    # makura 4): the South-4 dealer noten ends the game.
    g = south4(makura, (41300, 31700, 16400, 9600), build_wall(NOTEN_SOUTH4, dealer=3),
               sticks=1)
    play_hand(g)
    end = ended(g)
    assert end.reason == "complete"
    t = rows(end)
    assert [r.seat for r in end.table] == [0, 1, 2, 3]
    assert t[0].points == 42300  # the leftover stick
    assert (t[0].oka, t[0].uma) == (20, 20)
    assert [t[s].uma for s in (1, 2, 3)] == [10, -10, -20]
    assert t[1].result == 1 + 10  # +1.7 rounded down
    assert t[2].result == -13 - 10  # -13.6 rounded up (toward zero)
    assert t[3].result == -20 - 20  # -20.4 rounded up
    assert t[0].result == 52  # 12.3 + 20 + 20 = 52.3: the top absorbs the difference
    assert sum(r.result for r in end.table) == 0


def test_equal_points_rank_by_seat_order_from_the_first_dealer(makura: Ruleset) -> None:
    # makura 1): 同得点の場合の順位は起家から見て上家優先
    g = south4(makura, (30000, 20000, 20000, 30000), build_wall(NOTEN_SOUTH4, dealer=3))
    play_hand(g)
    end = ended(g)
    assert [(r.seat, r.rank) for r in end.table] == [(0, 1), (3, 2), (1, 3), (2, 4)]


def test_bust_below_zero_ends_the_game_and_the_negative_points_count(makura: Ruleset) -> None:
    # makura 3): 局終了時に持ち点0点未満になったものがでた場合 (終了); makura 1): 箱下カウントあり
    g = start_at(makura, 0, 0, (33000, 33000, 33500, 500),
                 build_wall(BUST_HANDS, MULTI_RON_DRAWS))
    run(g, (3, "d 5p"), (0, "ron"))
    end = ended(g)
    assert end.reason == "bust"
    last = rows(end)[3]
    assert last.points < 0 and last.rank == 4
    assert last.result == -((30000 - last.points) // 1000) - 20  # below 0 counted in full


def test_exactly_zero_plays_on(makura: Ruleset) -> None:
    # makura 3): 0点丁度は続行 (a noten payment takes seat 3 from 1,000 to 0)
    g = start_at(makura, 0, 0, (25000, 25000, 49000, 1000), build_wall(TENPAI_DEALER))
    play_hand(g)
    assert not g.over
    assert starts(g)[-1].scores[3] == 0


def test_a_noten_payment_below_zero_busts(makura: Ruleset) -> None:
    # makura 3), 20): any fall below 0 at the end of a hand ends the game, noten payments too
    g = start_at(makura, 0, 0, (25000, 25000, 49500, 500), build_wall(TENPAI_DEALER))
    play_hand(g)
    assert ended(g).reason == "bust"


def test_honba_to_every_winner_of_a_triple_ron_sticks_to_the_nearest(makura: Ruleset) -> None:
    # makura 7): 三家和は全員成立、あがったものの中に親がいれば連荘
    # makura 24): 双家和/三家和の場合は上家取り (the stick to the winner nearest the discarder)
    # makura 45 g): 本場は1本につき300点、ダブロン・トリプルロン時には全員に払われる
    g = game(makura, triple_wall(), triple_wall())
    run(g, (1, "riichi 2z"), (3, "d 5p"), (0, "ron"), (1, "ron"), (2, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and [w.seat for w in won.wins] == [0, 1, 2]
    assert won.sticks_taken == 1
    assert [p.payee for w in won.wins for p in w.payments if p.reason == "sticks"] == [0]
    nxt = starts(g)[1]
    assert (nxt.dealer, nxt.honba) == (0, 1)
    run(g, (3, "d 5p"), (0, "ron"), (1, "ron"), (2, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and len(won.wins) == 3
    for w in won.wins:
        assert [(p.payer, p.amount) for p in w.payments if p.reason == "honba"] == [(3, 300)]


def test_riichi_below_1000_is_allowed_but_a_hand_without_income_busts(makura: Ruleset) -> None:
    # makura 20): 持ち点が1000点未満でもリーチをかけることはできる。ただし、その局に収入が
    # なかった場合は、箱割れで終了 (all four tenpai: no noten payment, the riichi player
    # ends the hand on -500)
    g = start_at(makura, 0, 0, (500, 33000, 33000, 33500), build_wall(FOUR_RIICHI, ["5z"]))
    assert riichi_offered(g, 0)
    run(g, (0, "riichi 5z"))
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.tenpai == (True,) * 4
    end = ended(g)
    assert end.reason == "bust" and rows(end)[0].points == -500


# ---------------------------------------------------------------- 2. length, dealer, ending


def test_dealer_tenpai_keeps_the_deal_noten_payment_3000(makura: Ruleset) -> None:
    # makura 5): 連荘条件は「親のあがり」と「流局時、親の聴牌」; makura 8): ノーテン罰符は場に3000点
    check_tenpai_dealer_keeps_the_deal(makura)


def test_dealer_noten_passes_the_deal(makura: Ruleset) -> None:
    # makura 5): only a dealer win or dealer tenpai keeps the deal (seat 1 alone is tenpai)
    res = check_noten_dealer_passes_the_deal(makura)
    assert res.deltas == (-1000, 3000, -1000, -1000)


def test_a_non_dealer_win_passes_the_deal(makura: Ruleset) -> None:
    # makura 5): the deal stays only on a dealer win (or dealer tenpai)
    g = game(makura, build_wall(RIICHI_TILE, ["1z", "3p"]))
    run(g, (1, "d 3p"), (0, "ron"))
    assert (starts(g)[1].dealer, starts(g)[1].honba) == (0, 1)
    g = game(makura, build_wall(rotate(RIICHI_TILE, 1), ["1z", "1z", "3p"]))
    run(g, (2, "d 3p"), (1, "ron"))
    assert (starts(g)[1].dealer, starts(g)[1].honba) == (1, 0)


def _south4_dealer_win(rules: Ruleset, scores: tuple[int, int, int, int]) -> Game:
    g = south4(rules, scores, build_wall(WIN_HANDS, ["1z", "3p"], dealer=3))
    run(g, (0, "d 3p"), (3, "ron"))
    return g


def test_last_dealer_may_stop_after_a_win_regardless_of_standing(makura: Ruleset) -> None:
    # makura 4): オーラスの親は持ち点や順位に関らずアガリやめを選択できる (here last before the win)
    g = _south4_dealer_win(makura, (45000, 20000, 20000, 15000))
    assert g.pending() == {3: (EndGame(True), EndGame(False))}
    g.act(3, EndGame(True))
    assert ended(g).reason == "agariyame"
    g = _south4_dealer_win(makura, (45000, 20000, 20000, 15000))
    g.act(3, EndGame(False))
    assert not g.over and (starts(g)[-1].dealer, starts(g)[-1].honba) == (3, 1)


def test_last_dealer_noten_ends_the_game_tenpai_plays_on(makura: Ruleset) -> None:
    # makura 4): オーラス親ノーテンは終局; makura 5): dealer tenpai is a renchan, and only
    # a win lets the last dealer stop (no tenpai-yame), even as the top
    g = south4(makura, (20000, 20000, 20000, 40000), build_wall(NOTEN_SOUTH4, dealer=3))
    play_hand(g)
    assert ended(g).reason == "complete"
    g = south4(makura, (20000, 20000, 20000, 40000),
               build_wall(rotate(TENPAI_DEALER, 3), dealer=3))
    play_hand(g)
    assert not g.over and (starts(g)[-1].dealer, starts(g)[-1].honba) == (3, 1)


def test_no_west_round_even_when_everyone_is_below_30000(makura: Ruleset) -> None:
    # makura 2): 西入なし (全員原点未満でも西入りしない)
    g = south4(makura, (26000, 25000, 25000, 24000), build_wall(NOTEN_SOUTH4, dealer=3))
    play_hand(g)
    assert ended(g).reason == "complete"


def test_abortive_draw_four_winds(makura: Ruleset) -> None:
    # makura 6): 開局時四風子連打
    g = game(makura, build_wall(FOUR_WINDS_HANDS, ["1z", "1z", "1z", "1z"]))
    run(g, until_hand_end=True)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "four_winds" and res.deltas == (0,) * 4


def test_abortive_draw_nine_terminals_dealer_on_the_deal(makura: Ruleset) -> None:
    # makura 6): 九種九牌 (親は配牌)
    g = game(makura, build_wall({**NOTEN, 0: "19m19p19s1234z246m"}))
    assert NineTerminals() in g.pending()[0]
    run(g, (0, "nine"))
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "nine_terminals"


def test_nine_terminals_for_the_others_only_on_a_first_draw_with_no_call(makura: Ruleset) -> None:
    # makura 6): 子はチー、ポン、カンのない第一ツモ
    hands = {0: "5z2468m2468p2468s", 1: "19m19p19s1234z246m", 2: "13579s23467z9p19m",
             3: "55z1357s2468m357p"}
    g = game(makura, build_wall(hands, ["5z"]))
    run(g, (0, "d 5z"), (3, "pass"))
    assert NineTerminals() in g.pending()[1]
    g = game(makura, build_wall(hands, ["5z"]))
    run(g, (0, "d 5z"), (3, "pon"), (3, "d 2m"))
    play_until(g, lambda g: g.state.turn == 1 and g.state.phase == "turn")
    assert NineTerminals() not in g.pending()[1]


def test_abortive_draw_four_riichi_sticks_stay(makura: Ruleset) -> None:
    # makura 6): ４人リーチ; makura 24): アガリがない場合は次局に供託
    g = game(makura, build_wall(FOUR_RIICHI, ["5z", "6z", "7z", "5z"]))
    run(g, (0, "riichi 5z"), (1, "riichi 6z"), (2, "riichi 7z"), (3, "riichi 5z"))
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "four_riichi"
    assert starts(g)[1].sticks == 4


def test_abortive_draw_four_kans_by_two_players(makura: Ruleset) -> None:
    # makura 6): 複数人数による四カン (4つ目のカンの打牌でロンがない場合)
    g = game(makura, build_wall(FOUR_KANS, ["5z", "6z"], rinshan="4z4z4z3z"))
    run(g, (0, "ankan 1m"), (0, "ankan 2m"), (0, "d 4z"), (1, "ankan 3m"), (1, "ankan 4m"))
    assert g.state.hands_started == 1 and 1 in g.pending()  # not before the discard
    run(g, (1, "d 3z"))
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "four_kans"


def test_four_kans_by_two_players_do_not_abort_when_the_discard_is_won_on(makura: Ruleset) -> None:
    # makura 6): 複数人の四カン目のフーロでロン和了がない場合 (seat 2 rons the 3z instead)
    hands = {**FOUR_KANS, 2: "123s456s789s234p3z"}
    g = game(makura, build_wall(hands, ["5z", "6z"], rinshan="4z4z4z3z"))
    run(g, (0, "ankan 1m"), (0, "ankan 2m"), (0, "d 4z"), (1, "ankan 3m"), (1, "ankan 4m"),
        (1, "d 3z"), (2, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].seat == 2
    assert not any(isinstance(e, HandDrawn) for e in g.events)


# One player's four kans (three closed, then an open kan on seat 0's 4p) do not abort:
# seat 1 wins on the replacement tile with suukantsu.
SUUKANTSU = {0: "4678m2678p2468s3z", 1: "111m222m333m444p5z", 2: "13579p13579s1z3z3z",
             3: "5799m5678p5678s1z"}


def test_four_kans_by_one_player_play_on_and_suukantsu_pao(makura: Ruleset) -> None:
    # makura 6): only four kans by several players abort; makura 16): カンは連続して行なえる;
    # makura 44 a): 四槓子: 4つ目の槓が大明槓の場合、その槓をさせた者 (pao: pays the tsumo)
    g = game(makura, build_wall(SUUKANTSU, ["9m", "1m", "6z", "6z", "4p"],
                                rinshan="2m3m9s5z"))
    run(g, (1, "ankan 1m"), (1, "ankan 2m"), (1, "ankan 3m"), (1, "d 9s"), (0, "d 4p"),
        (1, "minkan"), (1, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won)
    w = won.wins[0]
    assert w.seat == 1 and "suukantsu" in dict(w.yaku) and w.pao_seat == 0
    assert won.deltas == (-32000, 32000, 0, 0)


# ---------------------------------------------------------------- 3. wall and dora

CLOSED_KAN = {0: "1111m2468s1357z9p", 1: "2468p3579m79s246z", 2: "13579p13579s455z",
              3: "2468m2468s8p667z3m"}


def test_closed_kan_dora_at_once_and_the_dead_wall_stays_14(makura: Ruleset) -> None:
    # makura 10): ドラ表示牌は局の開始時に1牌; makura 11): 暗カンの場合カンした時点でめくる;
    # makura 14): 王牌は常に14枚残し
    g = game(makura, build_wall(CLOSED_KAN, ["9s"], rinshan="9m"))
    assert g.state.dora_count == 1 and g.state.live_end == 136 - 14
    run(g, (0, "ankan 1m"))
    kinds = [type(e) for e in g.events[2:6]]
    assert kinds == [Drew, Kan, DoraRevealed, Drew]
    assert g.state.live_end == 136 - 14 - 1  # the live wall gives one tile to the dead wall


def _openkan_order(rules: Ruleset) -> list[str]:
    g = game(rules, build_wall(MINKAN, ["9s"], rinshan="9m"))
    run(g, (0, "d 0p"), (1, "minkan"), (1, "d 9m"))
    return kan_order(g, 1)


def test_open_kan_dora_after_the_replacement_draw_and_its_discard(makura: Ruleset) -> None:
    # makura 11): 明カンの場合カンツモ後牌を捨ててからマーカーをめくる
    assert _openkan_order(makura) == ["kan", "rinshan", "dora", "discard"]


def test_added_kan_dora_after_the_replacement_draw_and_its_discard(makura: Ruleset) -> None:
    # makura 11): 明カン (an added kan too) の場合カンツモ後牌を捨ててからマーカーをめくる
    g = game(makura, build_wall(CHANKAN, ["3p", "1z", "2z", "3z", "3p"]))
    run(g, (0, "d 3p"), (2, "pass"), (1, "pon"), (1, "d 1m"), (1, "kakan 3p"), (2, "pass"))
    assert g.state.turn == 1 and g.state.phase == "turn"
    g.act(1, default_action(g, 1, g.pending()[1]))
    assert kan_order(g, 1)[-4:] == ["kan", "rinshan", "dora", "discard"]


def test_kan_dora_counts_when_the_discard_after_an_open_kan_is_won_on(makura: Ruleset) -> None:
    # makura 11): めくった瞬間から有効 (捨て牌で放銃した場合も有効)
    g = game(makura, build_wall(DISCARD_RON, ["9s"], rinshan="9m"))
    run(g, (0, "d 0p"), (1, "minkan"), (1, "d 9m"), (2, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].seat == 2
    assert any(isinstance(e, DoraRevealed) for e in g.events[:g.events.index(won)])


def test_kan_dora_turned_on_a_rinshan_win(makura: Ruleset) -> None:
    # makura 11): 嶺上開花でツモあがりしたときにもマーカーをめくる
    g = game(makura, build_wall(RINSHAN, ["9s"], rinshan="1z"))
    run(g, (0, "d 0p"), (1, "minkan"), (1, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and "rinshan" in yaku_of(won)
    assert isinstance(g.events[g.events.index(won) - 1], DoraRevealed)


def test_red_fives_count_as_dora(makura: Ruleset) -> None:
    # makura 9): 赤牌は五万・５筒・５索が各１枚 (常時ドラ扱い); makura 28): 一発あり
    hands = {**IPPATSU, 0: "123m456m789m12p05s"}
    g = game(makura, build_wall(hands, ["9s", "5z", "6z", "3p", "3p"]))
    run(g, (0, "riichi 9s"), (3, "d 3p"), (0, "pass"), (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won)
    y = yaku_of(won)
    assert y.get("aka_dora") == 1 and y.get("ippatsu") == 1


# ---------------------------------------------------------------- 4. calls


def test_no_swap_calling_same_tile_or_suji(makura: Ruleset) -> None:
    # makura 17): 順子の喰い変えなし (現物、筋とも)、鳴いた牌と同じ牌を切るのは禁止
    g = game(makura, build_wall(KUIKAE, ["1m"]))
    run(g, (0, "d 1m"), (1, "chi 23m"))
    kinds = discard_kinds(g, 1)
    assert kinds and 0 not in kinds and 3 not in kinds  # neither 1m nor 4m
    four_m = next(t for t in g.state.seats[1].hand if t >> 2 == 3)
    with pytest.raises(IllegalAction):
        g.act(1, Discard(four_m))


def test_no_kan_right_after_a_pon(makura: Ruleset) -> None:
    # makura 16): チー、ポンに連続してカンは出来ない (seat 1 holds 1111p)
    g = game(makura, build_wall(PONKAN, ["0m"]))
    run(g, (0, "d 0m"), (1, "pon"))
    assert g.state.turn == 1 and not any(isinstance(a, ClosedKan) for a in g.pending()[1])


def test_call_priority_ron_then_pon_then_chi(makura: Ruleset) -> None:
    # makura 13): ポン・カン優先 (over chi); ロンは発声順位に関わらず全てに優先する
    g = game(makura, build_wall(PRIORITY, ["1z"]))
    run(g, (0, "d 5p"), (1, "chi 46p"), (2, "pon"), (3, "pass"))
    assert g.state.seats[2].melds and not g.state.seats[1].melds
    g = game(makura, build_wall(PRIORITY, ["1z"]))
    run(g, (0, "d 5p"), (1, "chi 46p"), (2, "pon"), (3, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].seat == 3


# ---------------------------------------------------------------- 5. riichi


def test_riichi_needs_four_tiles_left_in_the_wall(makura: Ruleset) -> None:
    # makura 21): 自分のツモがない(残り3牌以下)場合のリーチは不可能
    check_riichi_needs_four_tiles(makura)


def test_open_riichi_is_two_han(makura: Ruleset) -> None:
    # makura 18): オープンリーチあり（二翻）; makura 44 d): リーチとは複合しない
    g = game(makura, build_wall(FURITEN, ["1z", "2z", "2z", "2z", "9s", "5z", "6z", "7z",
                                          "3p"]))
    run(g, (0, "open-riichi 9s"), (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won)
    y = yaku_of(won)
    assert y["open_riichi"] == 2 and "riichi" not in y and "double_riichi" not in y


def test_open_double_riichi_is_three_han(makura: Ruleset) -> None:
    # makura 23): ダブルリーチはオープンリーチとの複合を認める。合計で３翻役
    g = game(makura, build_wall(FURITEN, ["9s", "5z", "6z", "7z", "3p"]))
    run(g, (0, "open-riichi 9s"), (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won)
    y = yaku_of(won)
    assert y["open_riichi"] == 3 and "double_riichi" not in y


def test_open_riichi_careless_winning_tile_is_refused(makura: Ruleset) -> None:
    # makura 18): 不注意で当たり牌を出した時は、その牌を手の中に戻し、改めて他の牌を出し直す
    g = game(makura, build_wall(FURITEN, ["9s", "3p"]))
    run(g, (0, "open-riichi 9s"))
    drawn = g.state.drawn
    assert g.state.turn == 1 and drawn is not None and drawn >> 2 == 11  # seat 1 drew 3p
    acts = g.pending()[1]
    assert Discard(drawn) not in acts and any(isinstance(a, Discard) for a in acts)
    with pytest.raises(IllegalAction):
        g.act(1, Discard(drawn))


def test_open_riichi_forced_deal_in_pays_a_yakuman(makura: Ruleset) -> None:
    # makura 18): リーチ者以外の人が不注意ではなく、手詰まりで振り込んだ場合は役満
    draws = ["3z", "4z", "1z", "2z", "3z", "3z", "6z", "8m"]
    g = game(makura, build_wall(FORCED, draws))
    run(g, (2, "d 1z"), (1, "pon"), (1, "d 9p"), (0, "pass"), (2, "d 2z"), (1, "pon"),
        (1, "d 8m"), (0, "open-riichi 6z"))
    assert len(discard_kinds(g, 1)) == len({t >> 2 for t in g.state.seats[1].hand})
    run(g, (1, "d 8m"), (0, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].limit == "yakuman"
    assert won.deltas[1] == -48000


def test_a_riichi_player_dealing_in_to_an_open_riichi_pays_the_plain_value(makura: Ruleset) -> None:
    # makura 18): the yakuman is for リーチ者以外の人 only: seat 1, in riichi, must discard
    # the 3p it draws into seat 0's open riichi and pays a plain mangan
    hands = {0: "123m456m789m12p55s", 1: "234m567m234s66s78p", 2: "13579s123456z99p",
             3: "2468m2468p2468s7z"}
    g = game(makura, build_wall(hands, ["1z", "1z", "2z", "2z", "9s", "3p"]))
    run(g, (1, "riichi 1z"), (0, "open-riichi 9s"), (1, "d 3p"), (0, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].limit == "mangan"
    assert won.wins[0].yakuman_count == 0 and won.deltas[1] == -12000


def test_double_riichi_is_voided_for_everybody_by_a_call(makura: Ruleset) -> None:
    # makura 23): ダブルリーチは２翻役。チー、ポン、カンがあった場合は、全員がダブルリーチの
    # 権利を失う (seat 2 pons the dealer's first discard; seat 3's first discard is then a
    # plain riichi)
    hands = {0: "13579m2468p1357s", 1: "2468m13579p2468s", 2: "13579s1234z55z99p",
             3: "123m456m789p12p99s"}
    g = game(makura, build_wall(hands, ["5z", "1z", "1z", "2z", "3p"]))
    run(g, (0, "d 5z"), (2, "pass"), (3, "riichi 2z"), (0, "d 3p"), (3, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and yaku_of(won).get("double_riichi") == 2
    g = game(makura, build_wall(hands, ["5z", "2z", "3p"]))
    run(g, (0, "d 5z"), (2, "pon"), (2, "d 1z"), (3, "riichi 2z"), (0, "d 3p"), (3, "ron"))
    won = last_result(g)
    assert isinstance(won, Won)
    assert yaku_of(won).get("riichi") == 1 and "double_riichi" not in yaku_of(won)


def test_ippatsu_ends_with_a_call(makura: Ruleset) -> None:
    # makura 28): 一発は正当なポン、チー、カンの宣言があった時点で失効する
    g = game(makura, build_wall(IPPATSU, ["9s", "5z", "6z", "3p", "3p"]))
    run(g, (0, "riichi 9s"), (1, "d 5z"), (2, "pon"), (2, "d 1z"), (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and "ippatsu" not in yaku_of(won)


def test_riichi_closed_kan_only_when_the_melds_stay(makura: Ruleset) -> None:
    # makura 29): a) ツモ牌が暗刻と同一牌 b) テンパイの形が変わらない c) メンツが移動しない
    # 111m + a 5z single wait: allowed.  1113444m (waits 2m 3m 5m): the kan of 1m keeps
    # the waits but moves the melds (123m 11m ... ) -- refused.
    assert riichi_kan_offered(makura, RIICHI_KAN_111M, ["1z", "1z", "3z", "2z", "1m"],
                               "riichi 1z")
    assert not riichi_kan_offered(makura, RIICHI_KAN_1113444M,
                                   ["9s", "1z", "1z", "2z", "1m"], "riichi 9s")


def test_furiten_riichi_wins_by_tsumo_only(makura: Ruleset) -> None:
    # makura 25): フリテンリーチあり、ただしツモアガリのみ; makura 26): 見送り後はフリテン扱い
    check_furiten_riichi_tsumo_only(makura)


def test_the_riichi_stick_is_not_paid_when_the_declaration_tile_deals_in(makura: Ruleset) -> None:
    # makura 19): リーチ宣言牌で他家にアガられた場合、リーチ棒は供託しない
    g = game(makura, build_wall(RIICHI_TILE, ["1z", "3p"]))
    run(g, (1, "riichi 3p"), (0, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.sticks_taken == 0
    assert sum(starts(g)[1].scores) == 100000 and starts(g)[1].sticks == 0


# ---------------------------------------------------------------- 2 (tenpai) and 6. yaku


def test_formal_tenpai_without_yaku_but_not_on_the_own_fifth_tile(makura: Ruleset) -> None:
    # makura 8): どのような状況でも形式テンパイあり; ただし同一種の牌を4枚使っており、
    # その牌の5枚目のみがアガリ牌である場合はテンパイと認めない
    g = game(makura, build_wall(RIICHI_ONLY))  # 123m456m789p12p99s: no yaku on a ron
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.tenpai[0]
    g = game(makura, build_wall(OWN_FOUR))  # 1111m 234p 567p 789p: waits only on a 5th 1m
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and not res.tenpai[0]


def test_a_tenpai_player_may_keep_the_hand_closed(makura: Ruleset) -> None:
    # makura 32): リーチ者、およびテンパイ宣言する者は、流局時に手牌を公開する
    g = game(makura, build_wall(TENPAI_DEALER))
    play_until(g, lambda g: ShowHand(False) in g.pending().get(0, ()))
    g.act(0, ShowHand(False))
    play_hand(g)
    assert any(isinstance(e, NotenDeclared) and e.seat == 0 for e in g.events)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.tenpai == (False,) * 4
    assert starts(g)[1].dealer == 1


def test_renhou_is_a_yakuman_alone(makura: Ruleset) -> None:
    # makura 44 m): 人和は自分のツモ順が回ってくる前にロンアガリ; n): 役満、他の役とは複合しない
    hands = {1: "234m567m234s66s46p", 0: "2468m13789p2468s", 2: "13579s123456z99p",
             3: "2468m2468p2468s7z"}
    g = game(makura, build_wall(hands, ["5p"]))
    run(g, (0, "d 5p"), (1, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].yakuman_count == 1
    assert [y for y, _ in won.wins[0].yaku] == ["renhou"]  # no tanyao beside it
    assert won.deltas[1] == 32000


def test_renhou_is_lost_for_everybody_after_a_call(makura: Ruleset) -> None:
    # makura 44 m): チー、ポン、カンがあった時点で、全員その局における人和の権利を失う
    # (seat 2 pons the dealer's 5z; seat 3's 5p then deals in before seat 1's first draw)
    hands = {0: "2468m1379p2468s5z", 1: "234m567m234s66s46p", 2: "13579s1234z55z99p",
             3: "2468m2468p2468s7z"}
    g = game(makura, build_wall(hands, ["9s", "5p"]))
    run(g, (0, "d 5z"), (2, "pon"), (2, "d 1z"), (3, "d 5p"), (1, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].seat == 1
    assert "renhou" not in yaku_of(won) and won.wins[0].yakuman_count == 0


def test_tenhou_and_chiihou_are_yakuman(makura: Ruleset) -> None:
    # makura 43): 偶発役 天和 地和 (役満); makura 44 l): 地和は自分の第1ツモでツモアガリ
    tanyao = "234m567m234s66s46p"
    g = game(makura, build_wall({**NOTEN, 0: tanyao}, ["5p"]))
    run(g, (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and "tenhou" in yaku_of(won)
    assert won.deltas == (48000, -16000, -16000, -16000)
    g = game(makura, build_wall({**NOTEN, 1: tanyao}, ["9s", "5p"]))
    run(g, (1, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and "chiihou" in yaku_of(won)
    assert won.deltas == (-16000, 32000, -8000, -8000)


def test_paarenchan_from_the_eighth_dealer_win(makura: Ruleset) -> None:
    # makura 44 f): 八連荘は連続した親のアガリの８回目以降を役満
    wall = build_wall(TENPAI_DEALER, ["1z", "2z", "3z", "4z", "3p"])
    g = game(makura, *([wall] * 8))
    for n in range(8):
        run(g, (0, "tsumo"))
        won = last_result(g)
        assert isinstance(won, Won) and won.wins[0].seat == 0
        assert ("paarenchan" in yaku_of(won)) is (n == 7), n
    assert isinstance(won, Won) and won.wins[0].yakuman_count >= 1


def test_nagashi_mangan_is_a_mangan_tsumo_at_the_draw(makura: Ruleset) -> None:
    # makura 44 e): 流し満貫は流局時に成立する満貫相当のツモあがり役扱い
    g = game(makura, nagashi_wall(2))
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "exhaustive" and res.nagashi == (2,)
    assert res.deltas == (-4000, -2000, 8000, -2000)


def test_robbing_a_closed_kan_for_kokushi_only(makura: Ruleset) -> None:
    # makura 44 j): 国士無双のみ暗槓に対する槍槓が認められる
    g = game(makura, build_wall(KOKUSHI_ANKAN, ["1z"]))
    run(g, (0, "ankan 1m"))
    assert Ron() in g.pending()[1]
    run(g, (1, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].yakuman_count == 1
    assert won.deltas[0] == -32000 - 0 and won.deltas[1] == 32000


def test_pao_daisangen_the_feeder_of_the_third_dragon_pays(makura: Ruleset) -> None:
    # makura 44 a): 大三元：三種目の三元牌を鳴かせた者 (tsumo: all; ron: half, the preset's
    # common default)
    won = last_result(pao_daisangen(makura, ron=False))
    assert isinstance(won, Won) and won.wins[0].pao_seat == 0
    assert won.deltas == (-32000, 32000, 0, 0)
    won = last_result(pao_daisangen(makura, ron=True))
    assert isinstance(won, Won) and won.deltas == (-16000, 32000, 0, -16000)


def test_suuankou_tanki_is_a_double_yakuman(makura: Ruleset) -> None:
    # makura 43): ダブル役満 (八倍満): 四暗刻単騎
    g = game(makura, build_wall(SUUANKOU_TANKI, SUUANKOU_DRAWS))
    run(g, (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].yakuman_count == 2
    assert won.deltas == (96000, -32000, -32000, -32000)


# Hands with no tiles of the suit the dealer's yakuman uses.
CHUUREN = {0: "1112345678999p", 1: "2468m2468s1234z5z", 2: "13579m13579s666z",
           3: "2468m2468s777z15z"}
RYUUIISOU = {0: "2223344666888s", 1: "2468m13579p1234z", 2: "13579m2468p5566z",
             3: "2468m13579p7771z"}


def test_pinzu_junsei_chuuren_is_a_double_yakuman(makura: Ruleset) -> None:
    # makura 44 i): 萬子以外の九連宝燈も認める; makura 43): 純正九連宝燈はダブル役満
    g = game(makura, build_wall(CHUUREN, ["9s", "1s", "1s", "1s", "5p"]))
    run(g, (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and "junsei_chuuren" in yaku_of(won)
    assert won.wins[0].yakuman_count == 2


def test_ryuuiisou_without_hatsu(makura: Ruleset) -> None:
    # makura 44 g): 緑一色は発を使用しなくてもよい (234s 234s 666s 888s 22s)
    g = game(makura, build_wall(RYUUIISOU, ["9p", "1s", "1s", "1s", "2s"]))
    run(g, (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and "ryuuiisou" in yaku_of(won)
    assert won.deltas == (48000, -16000, -16000, -16000)


def test_yakuman_stacking_capped_at_triple(makura: Ruleset) -> None:
    # makura 43): 役満の複合手 (トリプル役満); makura 45 h): 役満の複合はトリプル役満を上限
    # (daisuushii 2 + tsuuiisou 1 + suuankou tanki 2 = 5, paid as 3)
    g = game(makura, build_wall(FIVE_YAKUMAN, FIVE_YAKUMAN_DRAWS))
    run(g, (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won)
    assert {"daisuushii", "tsuuiisou", "suuankou_tanki"} <= set(yaku_of(won))
    assert won.wins[0].yakuman_count == 3
    assert won.deltas == (144000, -48000, -48000, -48000)


def test_tenhou_does_not_stack_with_other_yakuman(makura: Ruleset) -> None:
    # makura 43): 但し、天和 地和 人和 十三不塔との複合はなし (dealt suuankou tanki, won on
    # the first draw: the double yakuman alone, not three)
    g = game(makura, build_wall(SUUANKOU_TANKI, ["5z"]))
    run(g, (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].yakuman_count == 2
    assert len([y for y, h in won.wins[0].yaku if h >= 13]) == 1


def test_kiriage_mangan(makura: Ruleset) -> None:
    # makura 45 f): 4翻30符以上、3翻60符以上で満貫 (切り上げ満貫)
    check_kiriage_mangan(makura)


def test_three_han_sixty_fu_is_mangan(makura: Ruleset) -> None:
    # makura 45 f): 3翻60符以上で満貫 (kiriage_3han_60fu = true): 8,000, not 7,700
    won = three_han_sixty_fu(makura)
    assert won.wins[0].limit == "mangan" and won.deltas == (-8000, 8000, 0, 0)


def test_pinfu_tsumo_is_20_fu(makura: Ruleset) -> None:
    # makura 45 a): 平和にツモの２符は付かない
    g = game(makura, build_wall({**NOTEN, 0: "234m567m234s66s45p"},
                                ["8m", "1z", "1z", "1z", "3p"]))
    run(g, (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and "pinfu" in yaku_of(won) and won.wins[0].fu == 20


def test_chiitoitsu_is_25_fu(makura: Ruleset) -> None:
    # makura 45 c): 七対子は常に25符２翻
    g = game(makura, build_wall({**NOTEN, 0: "1133m5577p99s224z"},
                                ["8m", "1z", "1z", "1z", "4z"]))
    run(g, (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and yaku_of(won)["chiitoitsu"] == 2
    assert won.wins[0].fu == 25


def test_a_rinshan_win_is_a_tsumo_with_its_2_fu(makura: Ruleset) -> None:
    # makura 45 d): 嶺上開花は常にツモアガリ扱い。ツモの２符も付く (after an open kan too)
    g = game(makura, build_wall(RINSHAN, ["9s"], rinshan="1z"))
    run(g, (0, "d 0p"), (1, "minkan"), (1, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].from_seat is None
    assert ("tsumo", 2) in won.wins[0].fu_parts
    assert all(won.deltas[s] < 0 for s in (0, 2, 3))


def test_double_wind_pair_is_two_fu(makura: Ruleset) -> None:
    # makura 45 e): 連風牌（ダブ東、ダブ南など）も２符 (40 fu here, not 50)
    check_double_wind_pair_is_two_fu(makura)


# ---------------------------------------------------------------- makura-gp


def test_makura_gp_plays_on_below_zero() -> None:
    # makura-gp ■麻雀GP大会ルール: 飛びは無し (the same hand that busts under makura 3))
    gp = preset("makura-gp")
    g = start_at(gp, 0, 0, (33000, 33000, 33500, 500), build_wall(BUST_HANDS, MULTI_RON_DRAWS))
    run(g, (3, "d 5p"), (0, "ron"))
    assert not g.over
    nxt = starts(g)[-1]
    assert nxt.scores[3] < 0 and (nxt.dealer, nxt.honba) == (0, 1)


def test_makura_gp_differs_from_makura_only_in_the_bust_rule() -> None:
    # makura-gp ■麻雀GP大会ルール: その他は枕倶楽部標準ルール準拠
    gp, std = preset("makura-gp"), preset("makura")
    assert gp.bust == "none" and std.bust == "below_zero"
    assert gp.replace(bust=std.bust, name=std.name) == std


# ---------------------------------------------------------------- practice-mode penalties

# Seat 0 (the dealer, the practice seat) waits on 5p with tanyao; seat 1 throws 1z, seat 0
# calls a false pon on it, and seat 2 then throws 5p.
AFTER_FALSE_CALL = {0: "234m567m234s66s46p", 1: "2468m13579p2468s", 2: "13579s123456z99p",
                    3: "2468m2468p2468s7z"}


def test_no_ron_after_a_withdrawn_call_until_the_own_next_draw(makura: Ruleset) -> None:
    # makura 38) a): a withdrawn call puts 1,000 on the table; 39): チーポンカンを取り消した
    # 場合、次の自分のツモまでは、ロンの発声ができない - seat 2's 5p may not be won on, the
    # next one (after seat 0's own draw) may
    rules = makura.replace(practice_mode=True)
    g = game(rules, build_wall(AFTER_FALSE_CALL, ["6z", "1z", "5p", "7z", "9s", "9s", "5p"]))
    run(g, (0, "d 6z"), (1, "d 1z"))
    sixes = [t for t in g.state.seats[0].hand if t >> 2 == 23]  # the pair of 6s
    g.act(0, Pon((sixes[0], sixes[1])))
    assert g.state.sticks == 1  # 38): 罰符1000点を場に供託
    run(g, (2, "d 5p"))
    assert Ron() not in g.pending().get(0, ())
    run(g, (0, "d 9s"), (1, "d 9s"), (2, "d 5p"))
    assert Ron() in g.pending()[0]


# Seat 1 waits on 1p-4p and declares open riichi by throwing the 1p it draws: furiten (its
# own river holds a winning tile), it can never ron.  Seat 0, not in riichi, holds a 4p.
OPEN_FURITEN = {0: "13579m2468s135z4p", 1: "123m456m789m2355p", 2: "2468m2368p2468s6z",
                3: "13579p13579s246z"}


def test_a_tile_an_open_riichi_furiten_cannot_win_on_may_be_discarded(makura: Ruleset) -> None:
    # makura 18): オープンリーチに対し不注意で当たり牌を出した時は、ノーカウント - only a
    # 当たり牌 (a tile the open riichi can win on) is refused; a furiten open riichi
    # (25): フリテンリーチ, ツモアガリのみ) cannot ron the 4p, so seat 0 may throw it
    g = game(makura, build_wall(OPEN_FURITEN, ["9s", "1p", "5z", "9s", "9s"]))
    run(g, (0, "d 9s"), (1, "open-riichi 1p"))
    play_until(g, lambda g: g.state.turn == 0 and g.state.phase == "turn")
    assert 12 in discard_kinds(g, 0)  # the 4p
    fresh = game(makura, build_wall(OPEN_FURITEN, ["9s", "7z", "5z", "9s", "9s"]))
    run(fresh, (0, "d 9s"), (1, "open-riichi 7z"))
    play_until(fresh, lambda g: g.state.turn == 0 and g.state.phase == "turn")
    assert 12 not in discard_kinds(fresh, 0)  # not furiten: the 4p is a 当たり牌
