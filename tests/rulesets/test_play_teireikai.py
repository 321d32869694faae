"""The teireikai preset played: scripted hands through ``Game`` under the real preset.

One test per rule of MATRIX.md sections 1-6 that the club sets and that shows in play;
each cites the rule of 001_ffa6775f146a77c2.txt (定例会ルール: 'ルールN', 'リーチN').
Unless a move is scripted, every seat discards the tile it drew and passes every call.
"""

from __future__ import annotations

import pytest

from hanchan.engine.actions import ClosedKan, EndGame, Ron
from hanchan.engine.events import Discarded, DoraRevealed, HandDrawn, Won
from hanchan.engine.game import Game
from hanchan.rulesets.schema import Ruleset
from tests.kit.play import (
    CHANKAN,
    FIVE_YAKUMAN,
    FIVE_YAKUMAN_DRAWS,
    IPPATSU,
    KUIKAE,
    MINKAN,
    NOTEN,
    NOTEN_SOUTH4,
    PONKAN,
    PRIORITY,
    RIICHI_KAN_111M,
    RIICHI_KAN_1113444M,
    SUUANKOU_DRAWS,
    SUUANKOU_TANKI,
    TENPAI_DEALER,
    WIN_HANDS,
    build_wall,
    check_formal_tenpai_not_on_the_own_fifth_tile,
    check_furiten_riichi_tsumo_only,
    check_kiriage_mangan,
    check_no_four_kans_abort_and_no_fifth_kan,
    check_no_four_winds_abort,
    check_no_nagashi_mangan,
    check_no_nine_terminals,
    check_noten_dealer_passes_the_deal,
    check_pao_daisangen_tsumo_in_full_ron_half,
    check_tenpai_dealer_keeps_the_deal,
    discard_kinds,
    ended,
    four_riichi_played_on,
    game,
    kan_order,
    last_result,
    pao_by_open_kan,
    play_hand,
    play_until,
    preset,
    riichi_kan_offered,
    riichi_offered,
    riichi_offers_by_tiles_left,
    rotate,
    rows,
    run,
    south4,
    start_at,
    starts,
    triple_wall,
)


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return preset("teireikai")


def yaku_of(won: Won) -> dict[str, int]:
    return dict(won.wins[0].yaku)


# ---------------------------------------------------------------- 1. points and settlement


def test_thirty_thousand_start(rules: Ruleset) -> None:
    # teireikai ルール2: 3万点持ち
    g = game(rules, build_wall(NOTEN))
    assert starts(g)[0].scores == (30000,) * 4


def test_final_table_half_up_no_oka_uma_10_5(rules: Ruleset) -> None:
    # teireikai ルール2: 3万点返し、千点未満を四捨五入 (32,500点は「+3」); no oka
    # teireikai ルール3: トップ+10・2位+5・3位-5・4位-10
    # teireikai ルール4: 親がノーテンならば親流れでオーラスならゲーム終了
    g = south4(rules, (42400, 32500, 27400, 17700), build_wall(NOTEN_SOUTH4, dealer=3))
    play_hand(g)
    end = ended(g)
    assert end.reason == "complete"
    t = rows(end)
    assert all(r.oka == 0 for r in end.table)
    assert [t[s].uma for s in range(4)] == [10, 5, -5, -10]
    assert [t[s].result for s in range(4)] == [12 + 10, 3 + 5, -3 - 5, -12 - 10]


def test_last_dealer_tenpai_and_top_plays_on(rules: Ruleset) -> None:
    # teireikai ルール4: 連荘(聴牌連荘あり); 親がノーテンならば親流れでオーラスならゲーム
    # 終了 - only a noten dealer ends South 4: a tenpai dealer keeps the deal even when top
    # (no テンパイやめ), and is not asked to stop
    g = south4(rules, (25000, 25000, 25000, 45000), build_wall(rotate(TENPAI_DEALER, 3),
                                                                  dealer=3))
    play_hand(g)
    assert not g.over
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.tenpai[3]
    h = starts(g)[-1]
    assert (h.round_wind, h.dealer, h.honba) == (1, 3, 1)


def test_last_dealer_win_while_top_plays_on(rules: Ruleset) -> None:
    # teireikai ルール4: 連荘 - a last-dealer win keeps the deal; no アガリやめ is written,
    # so the game neither ends by itself nor asks the dealer
    g = south4(rules, (25000, 25000, 25000, 45000), build_wall(WIN_HANDS, ["1z", "3p"],
                                                                  dealer=3))
    run(g, (0, "d 3p"), (3, "ron"))
    assert not g.over and not any(isinstance(a, EndGame) for a in g.pending().get(3, ()))
    h = starts(g)[-1]
    assert (h.round_wind, h.dealer, h.honba) == (1, 3, 1)


def test_equal_points_rank_by_seat_order(rules: Ruleset) -> None:
    # teireikai ルール3: 百点まで同じ場合は起家基準で上家が上位
    g = south4(rules, (35000, 25000, 25000, 35000), build_wall(NOTEN_SOUTH4, dealer=3))
    play_hand(g)
    assert [(r.seat, r.rank) for r in ended(g).table] == [(0, 1), (3, 2), (1, 3), (2, 4)]


def test_sticks_left_at_the_end_stay_on_the_table(rules: Ruleset) -> None:
    # teireikai ルール4: オーラスならゲーム終了で供託棒はそのままにする
    g = south4(rules, (40000, 30000, 30000, 18000), build_wall(NOTEN_SOUTH4, dealer=3),
               sticks=2)
    play_hand(g)
    end = ended(g)
    assert end.leftover_sticks == 2
    t = rows(end)
    assert t[0].points == 40000  # the top does not take them
    assert [t[s].result for s in range(4)] == [10 + 10, 0 + 5, 0 - 5, -12 - 10]


def test_no_bust_ending(rules: Ruleset) -> None:
    # not stated in the club's rules: no bust ending (the game plays on below 0)
    # (seat 3 pays 1,000 for noten from 0)
    g = start_at(rules, 0, 0, (30000, 30000, 60000, 0), build_wall(TENPAI_DEALER))
    play_hand(g)
    assert not g.over and starts(g)[-1].scores[3] == -1000


def test_head_bump_single_winner_takes_honba_and_sticks(rules: Ruleset) -> None:
    # teireikai ルール8: アガリ者は常に一人 (同時アガリは上家のアガリ); ルール4: 一本場300点
    g = game(rules, triple_wall(), triple_wall())
    run(g, (1, "riichi 2z"), (3, "d 5p"), (0, "ron"), (1, "ron"), (2, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and [w.seat for w in won.wins] == [0]
    assert won.sticks_taken == 1 and won.deltas[1] == 0 and won.deltas[2] == 0
    assert (starts(g)[1].dealer, starts(g)[1].honba) == (0, 1)
    run(g, (3, "d 5p"), (0, "ron"), (1, "ron"), (2, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and [w.seat for w in won.wins] == [0]
    assert [(p.payer, p.amount) for p in won.wins[0].payments if p.reason == "honba"] == [
        (3, 300)]


# ---------------------------------------------------------------- 2. length, dealer, ending


def test_tenpai_renchan_noten_payment_3000(rules: Ruleset) -> None:
    # teireikai ルール4: ノーテン罰符は場に3千点、聴牌連荘あり
    check_tenpai_dealer_keeps_the_deal(rules)


def test_noten_dealer_passes_the_deal(rules: Ruleset) -> None:
    # teireikai ルール4: 親がノーテンならば親流れ
    res = check_noten_dealer_passes_the_deal(rules)
    assert res.tenpai == (False, True, False, False)


def test_no_nine_terminals(rules: Ruleset) -> None:
    # teireikai ルール7: 途中流局なし (九種倒牌)
    check_no_nine_terminals(rules)


def test_no_four_winds_abort(rules: Ruleset) -> None:
    # teireikai ルール7: 途中流局なし (四風連打)
    check_no_four_winds_abort(rules)


def test_no_four_riichi_abort(rules: Ruleset) -> None:
    # teireikai ルール7: 途中流局なし (4人リーチ)
    g = four_riichi_played_on(rules)
    assert g.state.phase == "turn"


def test_no_four_kans_abort_and_no_fifth_kan(rules: Ruleset) -> None:
    # teireikai ルール7: 途中流局なし; ルール17: カンは1局の間、合計4回まで
    check_no_four_kans_abort_and_no_fifth_kan(rules)


def test_no_nagashi_mangan(rules: Ruleset) -> None:
    # teireikai ルール7: 流し満貫なし
    check_no_nagashi_mangan(rules)


def test_formal_tenpai_but_not_on_the_own_fifth_tile(rules: Ruleset) -> None:
    # teireikai ルール6: 形式テンパイあり (役がなくても聴牌)。但し、自らの手牌の中でアガリ牌を
    # 全て使っている時はノーテン
    check_formal_tenpai_not_on_the_own_fifth_tile(rules)


# ---------------------------------------------------------------- 3. wall and dora


def test_open_kan_dora_at_once(rules: Ruleset) -> None:
    # teireikai ルール15: カンの成立時点で槓ドラを公開する (明カンはロンがなければ発声時点で成立)
    g = game(rules, build_wall(MINKAN, ["9s"], rinshan="9m"))
    run(g, (0, "d 0p"), (1, "minkan"), (1, "d 9m"))
    assert kan_order(g, 1) == ["kan", "dora", "rinshan", "discard"]


def test_closed_kan_dora_at_once_dead_wall_14(rules: Ruleset) -> None:
    # teireikai ルール15: カンの成立時点で槓ドラを公開; ルール18: 王牌は必ず14枚残す
    hands = {0: "1111m2468s1357z9p", 1: "2468p3579m79s246z", 2: "13579p13579s455z",
             3: "2468m2468s8p667z3m"}
    g = game(rules, build_wall(hands, ["9s"], rinshan="9m"))
    assert g.state.live_end == 136 - 14
    run(g, (0, "ankan 1m"), (0, "d 9m"))
    assert kan_order(g, 0) == ["kan", "dora", "rinshan", "discard"]
    assert g.state.live_end == 136 - 14 - 1


def test_added_kan_dora_at_once_when_nobody_robs_it(rules: Ruleset) -> None:
    # teireikai ルール15: カンの成立時点で槓ドラを公開する (加カンはロンがなければ成立)
    g = game(rules, build_wall(CHANKAN, ["3p", "1z", "2z", "3z", "3p"]))
    run(g, (0, "d 3p"), (2, "pass"), (1, "pon"), (1, "d 1m"), (1, "kakan 3p"), (2, "pass"))
    assert kan_order(g, 1)[-3:] == ["kan", "dora", "rinshan"]


def test_a_robbed_added_kan_reveals_no_dora(rules: Ruleset) -> None:
    # teireikai ルール15: 搶槓の場合は、カンが成立しないので槓ドラは開かない
    g = game(rules, build_wall(CHANKAN, ["3p", "1z", "2z", "3z", "3p"]))
    run(g, (0, "d 3p"), (2, "pass"), (1, "pon"), (1, "d 1m"), (1, "kakan 3p"))
    assert Ron() in g.pending()[2]
    run(g, (2, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and "chankan" in yaku_of(won)
    assert not any(isinstance(e, DoraRevealed) for e in g.events)


# ---------------------------------------------------------------- 4. calls


def test_swap_calling_only_the_same_tile_is_forbidden(rules: Ruleset) -> None:
    # teireikai ルール12: 喰い換えあり。但し、喰った牌と同じ牌を打牌することはできない
    # (例 234の面子から、1をチーして4を打牌して123の面子にすることができる)
    g = game(rules, build_wall(KUIKAE, ["1m"]))
    run(g, (0, "d 1m"), (1, "chi 23m"))
    kinds = discard_kinds(g, 1)
    assert 0 not in kinds and 3 in kinds
    run(g, (1, "d 4m"))
    assert any(isinstance(e, Discarded) and e.seat == 1 and e.tile >> 2 == 3 for e in g.events)


def test_no_kan_right_after_a_pon(rules: Ruleset) -> None:
    # teireikai ルール16: ポン・チーに続けて暗カン・加カンできない
    g = game(rules, build_wall(PONKAN, ["0m"]))
    run(g, (0, "d 0m"), (1, "pon"))
    assert g.state.turn == 1 and not any(isinstance(a, ClosedKan) for a in g.pending()[1])


def test_call_priority(rules: Ruleset) -> None:
    # teireikai ルール13: 同時発声の場合はポン(カン)→チーの順 (and a ron comes first)
    g = game(rules, build_wall(PRIORITY, ["1z"]))
    run(g, (0, "d 5p"), (1, "chi 46p"), (2, "pon"), (3, "pass"))
    assert g.state.seats[2].melds and not g.state.seats[1].melds


def _to_last_tile(rules: Ruleset, last: str) -> Game:
    """Seat 1 draws the last live tile ``last`` (wall[121]); the other 3p are dead."""
    hands = {0: "123m456m789m12p55s", 1: "2468m13579p2468s", 2: "13579s123456z99p",
             3: "2468m2468p2468s7z"}
    if last == "9m":
        hands = {**NOTEN, 0: "13578m2468p1357s", 1: "2468m357p246s999m"}
    g = game(rules, build_wall(hands, at={121: last, 134: "3p", 133: "3p"}))
    play_until(g, lambda g: g.state.turn == 1 and g.state.live_remaining == 0)
    return g


def test_no_kan_on_the_last_tile(rules: Ruleset) -> None:
    # teireikai ルール19: 海底牌はカン(暗カン・加カン共)できない (seat 1 holds 999m)
    g = _to_last_tile(rules, "9m")
    assert g.state.phase == "turn" and g.state.drawn is not None and g.state.drawn >> 2 == 8
    assert not any(isinstance(a, ClosedKan) for a in g.pending()[1])


def test_no_call_on_the_last_discard_but_ron(rules: Ruleset) -> None:
    # teireikai ルール19: 河底牌はポン・チー・カンできない (seat 2 holds 99p)
    g = _to_last_tile(rules, "9p")
    run(g, (1, "d 9p"))
    assert 2 not in g.pending()
    g = _to_last_tile(rules, "3p")
    run(g, (1, "d 3p"), (0, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and "houtei" in yaku_of(won)


# ---------------------------------------------------------------- 5. riichi


def test_riichi_without_points(rules: Ruleset) -> None:
    # teireikai リーチ8: 持ち点がマイナスになっても点棒を借りてリーチをかけることが出来る
    g = start_at(rules, 0, 0, (-2000, 40000, 40000, 42000), build_wall(TENPAI_DEALER, ["9s"]))
    assert riichi_offered(g, 0)
    run(g, (0, "riichi 9s"))
    assert g.state.scores[0] == -3000 and g.state.seats[0].riichi


def test_riichi_with_no_draw_left(rules: Ruleset) -> None:
    # teireikai リーチ3: ツモ順がなくてもリーチできる
    seen = riichi_offers_by_tiles_left(rules)
    assert min(seen) < 4 and all(seen.values())


def test_ippatsu_ends_with_a_closed_kan(rules: Ruleset) -> None:
    # teireikai リーチ5: 一発は、ポン・チー・カン(暗カン・加カンを含む)があれば成立しない
    hands = {**IPPATSU, 1: "2468m13579p2333z", 2: "13579s1244z55z99p"}
    g = game(rules, build_wall(hands, ["9s", "3z", "6z", "3p", "3p"]))
    run(g, (0, "riichi 9s"), (1, "ankan 3z"), (3, "d 3p"), (0, "pass"), (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and "ippatsu" not in yaku_of(won)
    g = game(rules, build_wall(hands, ["9s", "3z", "6z", "3p", "3p"]))
    run(g, (0, "riichi 9s"), (3, "d 3p"), (0, "pass"), (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and yaku_of(won).get("ippatsu") == 1


def test_ippatsu_combines_with_robbing_an_added_kan(rules: Ruleset) -> None:
    # teireikai リーチ5: 一発は…搶槓…と複合する; ルール15: 搶槓の場合は、カンが成立しない
    # (seat 1 pons seat 0's 3p, seat 2 declares riichi, seat 1 adds the 4th 3p: seat 2 robs it)
    g = game(rules, build_wall(CHANKAN, ["3p", "1z", "2z", "3z", "3p"]))
    run(g, (0, "d 3p"), (2, "pass"), (1, "pon"), (1, "d 1m"), (2, "riichi 1z"),
        (1, "kakan 3p"), (2, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].seat == 2 and "chankan" in yaku_of(won)
    assert yaku_of(won).get("ippatsu") == 1


def test_no_ippatsu_on_a_rinshan_win(rules: Ruleset) -> None:
    # teireikai リーチ5: 一発は嶺上開花と複合しない (riichi, then a closed kan of the drawn 1m
    # and a win on the replacement tile); ルール20: 嶺上開花と門前清自摸は複合する
    g = game(rules, build_wall(RIICHI_KAN_111M, ["1z", "1z", "3z", "2z", "1m"], rinshan="5z"))
    run(g, (0, "riichi 1z"), (0, "ankan 1m"), (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and "rinshan" in yaku_of(won) and "ippatsu" not in yaku_of(won)
    assert "menzen_tsumo" in yaku_of(won)


def test_haitei_and_rinshan_do_not_combine(rules: Ruleset) -> None:
    # teireikai ルール21: 海底牌の直前のツモで暗カンし、その嶺上牌でツモアガリした場合、
    # 海底撈月とならない (the dealer draws the last-but-one live tile, wall[120], a 4th 1m)
    g = game(rules, build_wall(RIICHI_KAN_111M, at={120: "1m"}, rinshan="5z"))
    play_until(g, lambda g: g.state.turn == 0 and g.state.live_remaining == 1)
    assert g.state.drawn is not None and g.state.drawn >> 2 == 0
    run(g, (0, "ankan 1m"))
    assert g.state.live_remaining == 0
    run(g, (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and "rinshan" in yaku_of(won) and "haitei" not in yaku_of(won)


def test_the_discard_after_a_kan_on_the_last_but_one_draw_is_the_last(rules: Ruleset) -> None:
    # teireikai ルール21: なお、打牌は河底牌となる; ルール19: 河底牌はポン・チー・カンできない
    hands = {**RIICHI_KAN_111M, 1: "2468s2468p579s11z"}  # seat 1 could pon a 1z
    g = game(rules, build_wall(hands, at={120: "1m"}, rinshan="1z"))
    play_until(g, lambda g: g.state.turn == 0 and g.state.live_remaining == 1)
    run(g, (0, "ankan 1m"), (0, "d 1z"))
    assert 1 not in g.pending()
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "exhaustive"


def test_riichi_closed_kan_only_when_the_melds_stay(rules: Ruleset) -> None:
    # teireikai リーチ7: リーチ後の暗槓はメンツ構成が変わらない場合のみ。
    # 例) 一一一三四四四での一もメンツ構成が変わるため暗槓できない
    assert not riichi_kan_offered(rules, RIICHI_KAN_1113444M,
                                   ["9s", "1z", "1z", "2z", "1m"], "riichi 9s")
    assert riichi_kan_offered(rules, RIICHI_KAN_111M, ["1z", "1z", "3z", "2z", "1m"],
                               "riichi 1z")


def test_furiten_riichi_tsumo_only(rules: Ruleset) -> None:
    # teireikai リーチ1: フリテンリーチはツモアガリのみ; リーチ2: 見逃しツモアガリあり
    check_furiten_riichi_tsumo_only(rules)


# ---------------------------------------------------------------- 6. yaku and hand values


def test_kiriage_mangan(rules: Ruleset) -> None:
    # teireikai ルール5: 30符4翻は満貫
    check_kiriage_mangan(rules)


def test_no_renhou(rules: Ruleset) -> None:
    # teireikai ルール9: 人和なし (seat 1 rons the dealer's first discard: tanyao only)
    hands = {1: "234m567m234s66s46p", 0: "2468m13789p2468s", 2: "13579s123456z99p",
             3: "2468m2468p2468s7z"}
    g = game(rules, build_wall(hands, ["5p"]))
    run(g, (0, "d 5p"), (1, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and "renhou" not in yaku_of(won)
    assert won.wins[0].yakuman_count == 0 and "tanyao" in yaku_of(won)


def test_no_paarenchan(rules: Ruleset) -> None:
    # teireikai ルール9: …などなし (no 八連荘: the 8th dealer win is a plain hand)
    wall = build_wall(TENPAI_DEALER, ["1z", "2z", "3z", "4z", "3p"])
    g = game(rules, *([wall] * 8))
    for _ in range(8):
        run(g, (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].seat == 0 and starts(g)[-1].honba == 8
    assert "paarenchan" not in yaku_of(won) and won.wins[0].yakuman_count == 0


def test_no_daisharin(rules: Ruleset) -> None:
    # teireikai ルール9: 大車輪なし (22334455667788p is ryanpeikou chinitsu, no yakuman)
    hands = {0: "2233445566778p", 1: "2468m2468s1234z5z", 2: "13579m13579s666z",
             3: "2468m2468s777z15z"}
    g = game(rules, build_wall(hands, ["9s", "1s", "1s", "1s", "8p"], dora="1z"))
    run(g, (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and "daisharin" not in yaku_of(won)
    assert "chinitsu" in yaku_of(won) and won.wins[0].yakuman_count == 0


def test_no_double_yakuman(rules: Ruleset) -> None:
    # teireikai ルール10: 役満の特例なし (ダブル役満の倍点数は認めない): suuankou tanki is one
    g = game(rules, build_wall(SUUANKOU_TANKI, SUUANKOU_DRAWS))
    run(g, (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].yakuman_count == 1
    assert won.deltas == (48000, -16000, -16000, -16000)


def test_no_yakuman_stacking(rules: Ruleset) -> None:
    # teireikai ルール10: 役満の特例なし (daisuushii, tsuuiisou and suuankou tanki together
    # are one yakuman)
    g = game(rules, build_wall(FIVE_YAKUMAN, FIVE_YAKUMAN_DRAWS))
    run(g, (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].yakuman_count == 1
    assert won.deltas == (48000, -16000, -16000, -16000)


def test_pao_when_the_third_dragon_is_an_open_kan(rules: Ruleset) -> None:
    # teireikai ルール11: 大三元の3フーロ目をポン或いは大明槓させた時 (tsumo: all)
    won = last_result(pao_by_open_kan(rules))
    assert isinstance(won, Won) and won.wins[0].pao_seat == 0
    assert won.deltas == (-32000, 32000, 0, 0)


def test_pao_daisangen_tsumo_in_full_ron_half(rules: Ruleset) -> None:
    # teireikai ルール11: 大三元の3フーロ目をポンさせた時、ツモアガリは全額・ロンアガリは半額負担
    check_pao_daisangen_tsumo_in_full_ron_half(rules)

