"""The gpc preset played: scripted hands through ``Game`` under ``rulesets.load_ruleset("gpc")``.

One test per rule of MATRIX.md sections 1-6 that the club sets and that shows in play.
The club's text (004_12688f724c295d35.txt) has no rule numbers: tests cite its lines
(``gpc l.22``).  Unless a move is scripted, every seat discards the tile it drew and
passes every call.
"""

from __future__ import annotations

import pytest

from hanchan.engine.actions import Discard, EndGame, Pon, Ron
from hanchan.engine.events import Penalty, Won
from hanchan.engine.legal import IllegalAction
from hanchan.rulesets.schema import Ruleset
from tests.kit.play import (
    BUST_HANDS,
    KOKUSHI_ANKAN,
    KUIKAE,
    MULTI_RON_DRAWS,
    NOTEN_SOUTH4,
    RIICHI_TILE,
    RINSHAN,
    TENPAI_DEALER,
    WIN_HANDS,
    build_wall,
    check_double_wind_pair_is_two_fu,
    check_formal_tenpai_not_on_the_own_fifth_tile,
    check_furiten_riichi_tsumo_only,
    check_kiriage_mangan,
    check_no_four_kans_abort_and_no_fifth_kan,
    check_no_four_winds_abort,
    check_no_nagashi_mangan,
    check_no_nine_terminals,
    check_noten_dealer_passes_the_deal,
    check_pao_daisangen_tsumo_in_full_ron_half,
    check_riichi_needs_four_tiles,
    check_tenpai_dealer_keeps_the_deal,
    discard_kinds,
    ended,
    four_riichi_played_on,
    game,
    last_result,
    play_hand,
    play_until,
    preset,
    riichi_offered,
    rotate,
    rows,
    run,
    south4,
    start_at,
    starts,
    three_han_sixty_fu,
)


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return preset("gpc")


def _table(rules: Ruleset, scores: tuple[int, int, int, int], sticks: int = 0) -> list[float]:
    """The final results by seat after a South 4 that the noten dealer ends."""
    g = south4(rules, scores, build_wall(NOTEN_SOUTH4, dealer=3), sticks=sticks)
    play_hand(g)
    end = ended(g)
    assert end.reason == "complete"
    t = rows(end)
    return [t[s].result for s in range(4)]


# ---------------------------------------------------------------- 1. points and settlement


def test_final_table_uma_30_10_oka_exact_sticks_to_top(rules: Ruleset) -> None:
    # gpc l.9: 25,000点持ちの30,000点返し (oka 20); l.12-15: +30/+10/▲10/▲30;
    # no rounding stated: kept exact; l.7, l.30: 終了時、供託リーチ棒はトップ者が取得
    assert _table(rules, (40300, 31700, 16400, 10600), sticks=1) == pytest.approx(
        [11.3 + 20 + 30, 1.7 + 10, -13.6 - 10, -19.4 - 30], abs=1e-9)


def test_tied_players_split_their_uma(rules: Ruleset) -> None:
    # gpc l.18: 順位は上家優先なし。同得点の場合は順位点を折半とする
    assert _table(rules, (40000, 25000, 25000, 10000)) == [10 + 20 + 30, -5 + 0, -5 + 0,
                                                            -20 - 30]
    # a tie for the top: uma (30 + 10) / 2 each, and the oka split too (MATRIX.md)
    assert _table(rules, (35000, 35000, 15000, 15000)) == [5 + 10 + 20, 5 + 10 + 20,
                                                            -15 - 20, -15 - 20]


def test_no_bust_ending(rules: Ruleset) -> None:
    # gpc l.21: ハコ割れ終了なし
    g = start_at(rules, 0, 0, (33000, 33000, 33500, 500),
                 build_wall(BUST_HANDS, MULTI_RON_DRAWS))
    run(g, (3, "d 5p"), (0, "ron"))
    assert not g.over and starts(g)[-1].scores[3] < 0


def test_head_bump_single_winner_takes_honba_and_sticks(rules: Ruleset) -> None:
    # gpc l.22: ダブロン、トリプルロンなし。頭ハネ制度 (seat 1 discards: seat 2 is nearest);
    # l.25: 本場は1本につき300点; l.30: リーチ棒は、その局のアガった者のもの
    hands = {0: "234m567m234s66s46p", 1: "5p19m19s9p1234567z", 2: "345m678m345s88s55p",
             3: "678m456s678s22m34p"}
    g = start_at(rules, 0, 0, (25000, 25000, 25000, 24000),
                 build_wall(hands, MULTI_RON_DRAWS), honba=1, sticks=1)
    run(g, (1, "d 5p"), (0, "ron"), (2, "ron"), (3, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and [w.seat for w in won.wins] == [2]
    pays = {p.reason: (p.payer, p.amount) for p in won.wins[0].payments}
    assert pays["honba"] == (1, 300) and pays["sticks"] == (None, 1000)
    assert won.deltas[0] == 0 and won.deltas[3] == 0
    assert starts(g)[-1].dealer == 1  # the dealer did not win: the deal passes


# ---------------------------------------------------------------- 2. length, dealer, ending


def test_tenpai_dealer_keeps_noten_payment_3000(rules: Ruleset) -> None:
    # gpc l.23: ノーテン罰符は場3,000点; l.26: 親がノーテン…なら次局へ (a tenpai dealer stays)
    check_tenpai_dealer_keeps_the_deal(rules)


def test_noten_dealer_passes(rules: Ruleset) -> None:
    # gpc l.26: 流局時、親がノーテン…ならば、次局へ移る
    check_noten_dealer_passes_the_deal(rules)


def test_a_non_dealer_win_at_the_last_hand_ends_the_game(rules: Ruleset) -> None:
    # gpc l.26: 子のアガリがあれば、次局へ移る (オーラスの場合は終局)
    g = south4(rules, (25000, 25000, 25000, 25000), build_wall(RIICHI_TILE, ["1z", "1z", "3p"],
                                                               dealer=3))
    run(g, (1, "d 3p"), (0, "ron"))
    assert ended(g).reason == "complete"


def test_last_dealer_noten_ends_the_game(rules: Ruleset) -> None:
    # gpc l.26: 親がノーテン (オーラスの場合は終局)
    g = south4(rules, (20000, 30000, 30000, 20000), build_wall(NOTEN_SOUTH4, dealer=3))
    play_hand(g)
    assert ended(g).reason == "complete"


def test_no_stop_after_the_last_dealer_wins(rules: Ruleset) -> None:
    # gpc l.6: オーラスのアガリ止めは無し→続行する; l.21: オーラスの親のアガリ止めなし
    g = south4(rules, (20000, 20000, 20000, 40000), build_wall(WIN_HANDS, ["1z", "3p"],
                                                               dealer=3))
    run(g, (0, "d 3p"), (3, "ron"))
    assert not g.over
    assert not any(isinstance(a, EndGame) for acts in g.pending().values() for a in acts)
    assert (starts(g)[-1].dealer, starts(g)[-1].honba) == (3, 1)


def test_no_stop_for_the_last_dealer_tenpai(rules: Ruleset) -> None:
    # gpc l.21: テンパイヤメなし (the top dealer tenpai at South 4 plays on)
    g = south4(rules, (20000, 20000, 20000, 40000),
               build_wall(rotate(TENPAI_DEALER, 3), dealer=3))
    play_hand(g)
    assert not g.over and (starts(g)[-1].dealer, starts(g)[-1].honba) == (3, 1)


def test_no_nine_terminals(rules: Ruleset) -> None:
    # gpc l.20: 途中流局なし (九種九牌)
    check_no_nine_terminals(rules)


def test_no_four_winds_abort(rules: Ruleset) -> None:
    # gpc l.20: 途中流局なし (四風連打)
    check_no_four_winds_abort(rules)


def test_no_four_riichi_abort(rules: Ruleset) -> None:
    # gpc l.20: 途中流局なし (4人リーチ)
    four_riichi_played_on(rules)


def test_no_four_kans_abort_and_no_fifth_kan(rules: Ruleset) -> None:
    # gpc l.20: 途中流局なし (…等); l.33: 4回のカン行為が行われていた場合、5回目のカンは出来ない
    check_no_four_kans_abort_and_no_fifth_kan(rules)


def test_formal_tenpai_but_not_on_the_own_fifth_tile(rules: Ruleset) -> None:
    # gpc l.24: 形式テンパイで良い。但し自分の手牌でアガリ牌が消去されている場合はテンパイではない
    check_formal_tenpai_not_on_the_own_fifth_tile(rules)


# ---------------------------------------------------------------- 4. calls


def test_no_swap_calling_same_tile_or_suji(rules: Ruleset) -> None:
    # gpc l.28: 喰い替えは出来ない。現物喰い替え、スジ喰い替え(両面喰い替え)ともに不可
    g = game(rules, build_wall(KUIKAE, ["1m"]))
    run(g, (0, "d 1m"), (1, "chi 23m"))
    kinds = discard_kinds(g, 1)
    assert kinds and 0 not in kinds and 3 not in kinds
    one_m = next(t for t in g.state.seats[1].hand if t >> 2 == 0)
    with pytest.raises(IllegalAction):
        g.act(1, Discard(one_m))


# ---------------------------------------------------------------- 5. riichi


def test_riichi_needs_an_own_draw_left(rules: Ruleset) -> None:
    # gpc l.53: 自分のツモ山がないのにリーチ宣言した (→ アガリ放棄: the software refuses it)
    check_riichi_needs_four_tiles(rules)


def test_furiten_riichi_tsumo_only(rules: Ruleset) -> None:
    # gpc l.31: フリテンリーチあり。但しツモアガリのみ
    check_furiten_riichi_tsumo_only(rules)


# ---------------------------------------------------------------- 6. yaku and hand values


def test_kiriage_mangan(rules: Ruleset) -> None:
    # gpc l.27: 30符4翻は切り上げて満貫とする
    check_kiriage_mangan(rules)


def test_three_han_sixty_fu_is_not_rounded_up(rules: Ruleset) -> None:
    # gpc l.27: only 30符4翻 (=場ゾロ込みの6翻) is rounded up to mangan: 3 han 60 fu,
    # the same 1,920 base points, is a plain 7,700 (kiriage_3han_60fu = false)
    won = three_han_sixty_fu(rules)
    assert won.wins[0].limit is None and won.wins[0].points == 7700
    assert won.deltas == (-7700, 7700, 0, 0)


def test_double_wind_pair_is_two_fu(rules: Ruleset) -> None:
    # gpc l.29: 連風牌のトイツは2符 (20 + 10 closed ron + 8 for 999m + 2 = 40 fu, not 50)
    check_double_wind_pair_is_two_fu(rules)


def test_a_rinshan_win_is_a_tsumo(rules: Ruleset) -> None:
    # gpc l.32: 嶺上開花によるアガリは全てツモアガリとする (after an open kan too: all pay)
    g = game(rules, build_wall(RINSHAN, ["9s"], rinshan="1z"))
    run(g, (0, "d 0p"), (1, "minkan"), (1, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].from_seat is None
    assert "rinshan" in dict(won.wins[0].yaku)
    assert all(won.deltas[s] < 0 for s in (0, 2, 3))


def test_no_robbing_a_closed_kan_even_for_kokushi(rules: Ruleset) -> None:
    # gpc l.34: 暗カンにチャンカンは該当しない。国士の特例なし
    g = game(rules, build_wall(KOKUSHI_ANKAN, ["1z"]))
    run(g, (0, "ankan 1m"))
    assert Ron() not in g.pending().get(1, ())


def test_pao_daisangen_tsumo_in_full_ron_split(rules: Ruleset) -> None:
    # gpc l.35-37: パオは大三元と大四喜; ツモアガリならパオが適用された者が全部を支払い、
    # 別の放銃者がいたら折半払い
    check_pao_daisangen_tsumo_in_full_ron_half(rules)


def test_no_nagashi_mangan(rules: Ruleset) -> None:
    # MATRIX.md: nagashi mangan none (not among gpc's rules)
    check_no_nagashi_mangan(rules)


# ---------------------------------------------------------------- practice-mode penalties


def test_a_false_pon_costs_nothing_since_2020(rules: Ruleset) -> None:
    # gpc l.54-57: the 1,000 for a withdrawn pon/chi/kan was abolished in 2020 (※2020年度
    # より廃止); since 2022 only a withdrawn riichi costs 1,000 (※2022年度より更新).  l.4 is
    # the older summary.  A pon said without the tiles for it is refused: no penalty, no
    # stick, the hand plays on.
    g = game(rules.replace(practice_mode=True), build_wall(TENPAI_DEALER))
    play_until(g, lambda g: g.state.phase == "claim" and g.state.last_discard is not None
               and g.state.last_discard[0] == 1 and 0 in g.pending())
    missing = [t for t in range(136) if t not in g.state.seats[0].hand][:2]
    with pytest.raises(IllegalAction):
        g.act(0, Pon((missing[0], missing[1])))
    assert not any(isinstance(e, Penalty) for e in g.events)
    assert g.state.sticks == 0 and g.state.scores == [25000] * 4


def test_a_meld_made_wrongly_stands_and_the_hand_is_dead(rules: Ruleset) -> None:
    # gpc l.49: 誤フーロ (自分が打牌を完了した後は訂正出来ずアガリ放棄のまま続行): a pon of
    # two tiles unlike the discard is made as it was shown, costs no points, and the hand
    # plays on dead: no win, no call, noten at the draw
    g = game(rules.replace(practice_mode=True), build_wall(TENPAI_DEALER))
    play_until(g, lambda g: g.state.phase == "claim" and g.state.last_discard is not None
               and g.state.last_discard[0] == 1 and 0 in g.pending())
    assert g.state.last_discard is not None
    discard = g.state.last_discard[1]
    wrong = [t for t in sorted(g.state.seats[0].hand) if t >> 2 != discard >> 2][:2]
    g.act(0, Pon((wrong[0], wrong[1])))
    meld = g.state.seats[0].melds[-1]
    assert meld.kind == "pon" and sorted(meld.tiles) == sorted((*wrong, discard))
    pen = g.events[-2]  # (written with its meld, before it)
    assert isinstance(pen, Penalty) and pen.kind == "false_meld" and pen.dead_hand
    assert pen.deltas == (0, 0, 0, 0) and g.state.seats[0].dead
    assert g.state.phase == "turn" and g.state.turn == 0  # it discards, as after any pon
    play_until(g, lambda g: g.state.phase == "claim" and g.state.last_discard is not None
               and g.state.last_discard[0] != 0)
    assert 0 not in g.pending()  # a dead hand is not asked about discards any more


def test_riichi_below_1000_points(rules: Ruleset) -> None:
    # gpc l.21: ハコ割れ終了なし - the game plays on below zero, and the text never says a
    # player needs 1,000 points to declare riichi: the preset lets a player at 500 declare
    # it (as teireikai リーチ8, the other club without a bust, writes), or a player once
    # under 1,000 could never declare riichi again in the game
    g = start_at(rules, 0, 0, (500, 33000, 33000, 33500), build_wall(TENPAI_DEALER))
    assert riichi_offered(g, 0)
