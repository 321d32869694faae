"""ako's hand-level rules of issue 22, played on scripted walls under the real preset.

7-01 (a chombo pays each tenpai player the best its hand could have won), 4-07 with
6-03-02 (a riichi waiting only on an own fifth copy) and 1-07 / 1-14 (chips in the final
settlement at 5,000 points each).  The chombo's best values are checked against the
``mahjong`` package, an outside scorer, over the same waits.
"""

from __future__ import annotations

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig

from hanchan.engine.actions import Tsumo
from hanchan.engine.events import HandDrawn, Penalty, Won
from hanchan.engine.game import Game
from hanchan.engine.settlement import final_table, result_with_chips
from hanchan.engine.tiles import parse_tiles
from hanchan.rulesets.schema import Ruleset
from tests.kit.mahjong_ref import optional_rules
from tests.kit.play import preset
from tests.kit.play_ako import (
    build_wall,
    default_action,
    dice_for,
    last_result,
    match,
    play_hand,
    run,
    start_at,
    starts,
)

AKO = preset("ako").replace(practice_mode=True)
NOTEN = {0: "13579m2468p1357s", 1: "2468m13579p2468s", 3: "13579m13579p123z"}

# Seat 2 waits 6s-9s with pinfu (and tanyao on 6s); the first dora indicator 5s makes
# 6s a dora, the second (1z) points at 2z, which nobody holds.
TENPAI_2 = {**NOTEN, 2: "234m678p234s78s44s"}


def _oracle_best(hand: str, waits: str, dora: str, seat_wind: int) -> int:
    """The best value by the ``mahjong`` package over ``waits``, tsumo or ron."""
    concealed = parse_tiles(hand)
    best = 0
    for win in parse_tiles(waits, used=concealed):
        for tsumo in (True, False):
            config = HandConfig(is_tsumo=tsumo, player_wind=27 + seat_wind, round_wind=27,
                                options=optional_rules(AKO))
            r = HandCalculator.estimate_hand_value(
                [*concealed, win], win, dora_indicators=parse_tiles(dora, used=concealed),
                config=config)
            assert r.error is None and r.cost is not None
            total = r.cost["main"] + 2 * r.cost["additional"] if tsumo else r.cost["main"]
            best = max(best, total)
    return best


def test_ako_7_01_a_tenpai_player_receives_its_best_value() -> None:
    # ako 7-01: 満貫払い、ただしその後和る可能性があった聴牌者に対しては、和った場合の
    # 最高の点数(偶然役は除く).  Seat 1 (not the dealer) makes a false tsumo on its first
    # turn.  Seat 2's best win is a tsumo on 6s: pinfu, tsumo, tanyao, dora = 4 han 20 fu,
    # 1,300/2,600 = 5,200 (a ron on 6s is 3,900; 9s gives 1,500 / 1,000) - paid instead
    # of its 2,000 mangan share.  The dealer gets 4,000; seat 3 is the wareme seat (8-01-01:
    # 錯和料も倍) and gets its 2,000 doubled.
    dice = dice_for(0, 3)
    wall = build_wall(TENPAI_2, dora="5s1z", red_fives=2)
    g = Game(AKO, seed=0, walls=[(wall, dice)], practice_seats=(1,))
    while not (g.state.phase == "turn" and g.state.turn == 1):
        seat, acts = next(iter(g.pending().items()))
        g.act(seat, default_action(g, seat, acts))
    g.act(1, Tsumo())
    pen = next(e for e in g.events if isinstance(e, Penalty))
    best = _oracle_best(TENPAI_2[2], "6s9s", "5s1z", 2)
    assert best == 5200
    assert pen.deltas == (4000, -(4000 + best + 4000), best, 4000)
    # ako 7-02: 子の錯和は連荘; 1-11-03 with 7-03: the chombo hand is a 流局, one honba
    nxt = starts(g)[-1]
    assert (nxt.round_wind, nxt.dealer, nxt.honba, nxt.sticks) == (0, 0, 1, 0)
    assert nxt.scores == (29000, 25000 - 13200, 30200, 29000)


def test_ako_7_01_without_tenpai_best_the_share_is_a_mangan() -> None:
    # the same hand with chombo_tenpai_best off: seat 2 gets its plain 2,000 share
    rules = AKO.replace(chombo_tenpai_best=False)
    wall = build_wall(TENPAI_2, dora="5s1z", red_fives=2)
    g = Game(rules, seed=0, walls=[(wall, dice_for(0, 3))], practice_seats=(1,))
    while not (g.state.phase == "turn" and g.state.turn == 1):
        seat, acts = next(iter(g.pending().items()))
        g.act(seat, default_action(g, seat, acts))
    g.act(1, Tsumo())
    pen = next(e for e in g.events if isinstance(e, Penalty))
    assert pen.deltas == (4000, -10000, 2000, 4000)


# The dealer holds all four 1m: 1111m 234p 567p 789s waits only on a fifth 1m.
OWN_FOUR = {0: "1111m234p567p789s", 1: "2468m13579p2468s", 2: "13579s123456z99p",
            3: "2468m2468p2468s7z"}


def test_ako_4_07_riichi_on_the_own_fifth_copy_is_allowed_and_no_chombo() -> None:
    # ako 4-07: 和り目なしの立直 a和れないが錯和とはならない; 6-03-02: 空聴牌あり.  The dealer
    # draws 6z and may declare riichi with it (makura, where such a hand is noten, 8),
    # may not: there it may only riichi by giving up a 1m to wait on 6z).
    wall = build_wall(OWN_FOUR, ["6z"])
    g = Game(AKO, seed=0, walls=[wall], practice_seats=(0,))
    assert match("riichi 6z", g.pending()[0]) is not None
    makura = Game(preset("makura"), seed=0, walls=[wall])
    assert match("riichi 6z", makura.pending()[0]) is None
    assert match("riichi 1m", makura.pending()[0]) is not None
    run(g, (0, "riichi 6z"))
    play_hand(g)
    drawn = next(e for e in g.events if isinstance(e, HandDrawn))
    assert not any(isinstance(e, Penalty) for e in g.events)  # not a chombo
    # 6-03-02: tenpai at the draw: 1,000 from each noten player, double from seat 1 where
    # the wall is broken (dice 1+1; wareme, 8-01); the riichi stick stays
    assert drawn.tenpai == (True, False, False, False)
    assert drawn.deltas == (4000, -2000, -1000, -1000)
    nxt = starts(g)[-1]
    assert (nxt.round_wind, nxt.dealer, nxt.honba, nxt.sticks) == (0, 0, 1, 1)
    assert nxt.scores == (28000, 23000, 24000, 24000)


def test_ako_1_07_a_chip_is_worth_5000_in_the_final_table() -> None:
    # ako 1-07: チップ g1枚5000点相当; 1-14: the settlement counts the chips
    rules = preset("ako")
    assert rules.chip_points == 5000
    rows = final_table((41000, 30000, 19000, 10000), 0, rules, chips=(4, -1, -1, -2))
    by_seat = {r.seat: r for r in rows}
    # 1-05: two at 30,000+ -> +30/+10/-10/-30; oka +20 to the top (+11 + 20 + 30)
    assert [by_seat[s].result for s in range(4)] == [61.0, 10.0, -21.0, -50.0]
    # each chip 5 (thousand) more or less: +20, -5, -5, -10; still zero-sum
    assert [result_with_chips(by_seat[s], rules) for s in range(4)] == [81.0, 5.0, -26.0,
                                                                        -60.0]


# Seat 1 pons 6m (from the dealer), 7m and 8m (from seat 2), then 9m: seat 2 throws the
# first 9m and seat 1 lets it pass, seat 3 throws the second and seat 1 pons it - four
# consecutive triplets, 四連刻 (3-11-02) - and draws its 5z to win by tsumo.  The wall
# breaks at seat 3 (8-01 wareme: what seat 3 pays is doubled).
RENKOU = {0: "1357m2468p1357s1z", 1: "66m77m88m99m19p567z", 2: "13579s123456z99p",
          3: "2468m2468p2468s7z"}
RENKOU_DRAWS = ["6m", "7m", "8m", "9m", "9m", "2p", "3p", "4p", "5z"]
RENKOU_SCRIPT = ((0, "d 6m"), (1, "pon"), (1, "d 9p"), (2, "d 7m"), (1, "pon"), (1, "d 1p"),
                 (2, "d 8m"), (1, "pon"), (1, "d 7z"), (2, "d 9m"), (3, "d 9m"), (1, "pon"),
                 (1, "d 6z"), (1, "tsumo"))


def _renkou_win(rules: Ruleset) -> Won:
    wall = build_wall(RENKOU, RENKOU_DRAWS, red_fives=2)
    # 70,000 each, so that paying the whole (doubled) yakuman busts nobody (1-09)
    g = start_at(rules, wall, scores=(70000,) * 4, dice=dice_for(0, 3), walls_after=[wall])
    run(g, *RENKOU_SCRIPT)
    won = last_result(g)
    assert isinstance(won, Won) and dict(won.wins[0].yaku) == {"suurenkou": 13}
    nxt = starts(g)[1]  # a non-dealer win: the deal passes, no honba
    assert (nxt.round_wind, nxt.dealer, nxt.honba, nxt.sticks) == (0, 1, 0, 0)
    return won


def test_ako_8_08_01_08_and_8_08_05_pao_on_the_first_discarder_of_the_go_round() -> None:
    # ako 8-08-01-08: 上記以外で、鳴かせて役満が確定した場合 a包とする - the 4th triplet
    # of 四連刻 called; 8-08-05: 同巡内で2個目以降を鳴いたことにより包となった場合の包者
    # b同巡内で最初にその牌を捨てた人 - seat 2, not seat 3 whose 9m was called; 8-08-03:
    # on a tsumo the pao player pays it all: a non-dealer yakuman, 32,000
    won = _renkou_win(preset("ako"))
    assert won.wins[0].pao_seat == 2
    assert won.deltas == (0, 32000, -32000, 0)


def test_ako_pao_without_the_first_discarder_rule_is_on_the_discarder() -> None:
    # the same hand with pao_first_discarder off: seat 3, whose 9m was called, pays it
    # all - doubled, as seat 3 is the wareme seat (8-01)
    won = _renkou_win(preset("ako").replace(pao_first_discarder=False))
    assert won.wins[0].pao_seat == 3
    assert won.deltas == (0, 64000, 0, -64000)


def test_suurenkou_is_no_pao_yaku_by_default() -> None:
    # without suurenkou among pao_yaku every other player pays its share of the tsumo
    # (16,000 from the dealer, 8,000 from seat 2, 8,000 doubled from the wareme seat 3)
    won = _renkou_win(preset("ako").replace(pao_yaku=("daisangen", "daisuushii")))
    assert won.wins[0].pao_seat is None
    assert won.deltas == (-16000, 40000, -8000, -16000)


# Seat 1 holds 555z 666z 77z 111m: it draws the fourth 5z and declares a closed kan, makes
# an open kan of seat 2's 6z, then of the dealer's 1m - its third kan, so the dealer is pao
# for 三槓子 (a yakuman in ako, 3-01-14; 8-08-02 三槓子は包とする) - and pons seat 3's 7z,
# the third dragon set, so seat 3 is pao for 大三元 (8-08-01-01).  It waits on 4p.
TWO_PAO = {0: "3579m2468p1357s1z", 1: "111m49p555z666z77z", 2: "13579s12346z899p",
           3: "2468m268p2468s9s7z"}
TWO_PAO_SCRIPT = ((1, "ankan 5z"), (1, "d 2s"), (2, "d 6z"), (1, "minkan"), (1, "d 4s"),
                  (0, "d 1m"), (1, "minkan"), (1, "d 6s"), (3, "d 7z"), (1, "pon"),
                  (1, "d 9p"))


def _two_pao_win(last: tuple[tuple[int, str], ...], d8: str) -> Won:
    draws = ["2m", "5z", "3p", "5p", "7p", "1m", "8s", "3p", d8, "8m", "7m", "4p"]
    if d8 == "4p":  # seat 2 draws and deals in the winning tile instead
        draws[-1] = "9m"
    wall = build_wall(TWO_PAO, draws, rinshan="2s4s6s", red_fives=2)
    g = start_at(preset("ako"), wall, scores=(70000,) * 4, dice=dice_for(0, 2),
                 walls_after=[wall])
    run(g, *TWO_PAO_SCRIPT, *last)
    won = last_result(g)
    assert isinstance(won, Won) and dict(won.wins[0].yaku) == {"daisangen": 13,
                                                               "sankantsu": 13}
    nxt = starts(g)[1]  # a non-dealer win: the deal passes, no honba
    assert (nxt.round_wind, nxt.dealer, nxt.honba, nxt.sticks) == (0, 1, 0, 0)
    return won


def test_ako_8_08_06_two_pao_players_pay_their_own_yakuman_on_a_tsumo() -> None:
    # ako 8-08-06: 1回の和了に包者が2人以上の場合 aダブル役満となるならば確定させた役満毎に
    # 計算し; 8-08-03 自摸和は包者が全額: a non-dealer double yakuman tsumo, 64,000 -
    # 32,000 from the dealer for 三槓子 and 32,000 from seat 3 for 大三元
    won = _two_pao_win(((1, "tsumo"),), "7p")
    assert won.deltas == (-32000, 64000, 0, -32000)
    pao = {p.payer: p.amount for p in won.wins[0].payments if p.reason == "pao"}
    assert pao == {0: 32000, 3: 32000}


def test_ako_8_08_06_two_pao_players_on_a_ron_pay_a_quarter_each() -> None:
    # ako 8-08-04: 栄和は放銃者と包者で折半, per yakuman (8-08-06): seat 2 deals in the 4p -
    # 放銃者が1/2、包者が1/4ずつ: 32,000 from seat 2 (doubled: the wall broke at seat 2,
    # 8-01), 16,000 each from seats 0 and 3
    won = _two_pao_win(((2, "d 4p"), (1, "ron")), "4p")
    assert won.deltas == (-16000, 96000, -64000, -16000)
    pao = {p.payer: p.amount for p in won.wins[0].payments if p.reason == "pao"}
    assert pao == {0: 16000, 3: 16000}
