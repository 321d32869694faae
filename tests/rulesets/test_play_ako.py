"""The ``ako`` preset played through the engine: one scripted scenario per rule row.

Every game here runs on ``rulesets.load_ruleset("ako")`` itself (雀荘あこ詳細ルール, numbered
as in 麻雀ルール全集 41st ed.); each test cites the club's item number.  Walls are
scripted tile by tile (``tests.kit.game.build_wall``); unless a move is scripted
every seat discards the tile it drew, passes every claim and shows its hand at a draw.

Two things of the preset shape every scenario: ako plays wareme (8-01), so the dice are
chosen to put the broken wall where the test wants it, and ako has two red copies of each
five (8-02-01), so a plain "5" in a hand takes one of the two plain copies.
"""

from __future__ import annotations

import pytest

from hanchan import rulesets
from hanchan.engine.actions import (
    ClosedKan,
    Discard,
    EndGame,
    NineTerminals,
    Pon,
    Ron,
    ShowHand,
    Tsumo,
)
from hanchan.engine.events import (
    Discarded,
    DoraRevealed,
    Drew,
    HandDrawn,
    NotenDeclared,
    Won,
)
from hanchan.engine.game import Game
from tests.kit.play import kan_order
from tests.kit.play_ako import (
    build_wall,
    default_action,
    dice_for,
    final,
    last_result,
    nagashi_draws,
    play_hand,
    rotate,
    run,
    start_at,
    starts,
)

AKO = rulesets.load_ruleset("ako")
RED = AKO.red_fives  # 2


def wall(hands: dict[int, str], draws: str | list[str] = "", *, dealer: int = 0,
         dora: str = "", ura: str = "", rinshan: str = "",
         at: dict[int, str] | None = None) -> tuple[int, ...]:
    """A scripted wall with ako's red fives."""
    return build_wall(hands, draws, red_fives=RED, dealer=dealer, dora=dora, ura=ura,
                      rinshan=rinshan, at=at)


def new(w: tuple[int, ...], *more: tuple[int, ...], dice: tuple[int, int] = (1, 1)) -> Game:
    """A game from East 1 on the preset, its first walls scripted."""
    return Game(AKO, seed=0, walls=[(x, dice) for x in (w, *more)])


# Seat 1 (dealer + 1) waits on 5p (kanchan, tanyao only: 1 han 40 fu, 1,300); after one
# go-round the dealer draws 5p and throws it (a ron on the dealer's very first discard would
# be renhou, 3-15-01-01).  Dora indicators 1z/1z (dora 2z) touch nobody's hand.
RON_HANDS = {1: "234m567m234s66s46p", 0: "13579m2468p1357s", 2: "13579s123456z99p",
             3: "2468m2468p2468s7z"}
RON_DRAWS = ["6z", "7z", "6z", "7z", "5p"]


def ron_wall(dealer: int) -> tuple[tuple[int, ...], tuple[int, int]]:
    """The dealer deals in 1,300 to the next seat; wareme falls on the seat opposite."""
    w = wall(rotate(RON_HANDS, dealer), RON_DRAWS, dealer=dealer, dora="1z1z")
    return w, dice_for(dealer, (dealer + 2) % 4)


def pass_the_deal(g: Game) -> None:
    """Play the current hand: the dealer discards 5p and the next seat wins by ron."""
    dealer = g.state.dealer
    run(g, (dealer, "d 5p"), ((dealer + 1) % 4, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].seat == (dealer + 1) % 4
    assert won.wins[0].points == 1300


# ------------------------------------------------------------------ 1. points and settlement


@pytest.mark.parametrize(("before", "expected"), [
    # (the figures in the comments are the points after seat 3 paid seat 0 1,300)
    # one player at 30,000 or more: +60/-10/-20/-30 (ako 1-05).  Rounding 五捨六入 (1-03-01,
    # 1-03-02): 21,800 -> 22, 18,500 -> 18 (500 rounds down), 17,200 -> 17; the top takes
    # what makes the total exact (1-03): -20 - (-8 - 12 - 13) = 13.
    ((41200, 21800, 18500, 18500), {0: 13 + 20 + 60, 1: -8 - 10, 2: -12 - 20, 3: -13 - 30}),
    # two at 30,000 or more: +30/+10/-10/-30; 30,600 -> 31 (600 rounds up), 15,700 -> 16
    ((35000, 30600, 17400, 17000), {0: 6 + 20 + 30, 1: 1 + 10, 2: -13 - 10, 3: -14 - 30}),
    # three at 30,000 or more (30,000 itself floats): +20/+10/0/-30; 30,500 -> 30
    ((31000, 30500, 30000, 8500), {0: 3 + 20 + 20, 1: 0 + 10, 2: 0 + 0, 3: -23 - 30}),
    # equal points rank by seat order from the first dealer (1-05-01): 1, then 2, then 3
    ((38700, 20000, 20000, 21300), {0: 10 + 20 + 60, 1: -10 - 10, 2: -10 - 20, 3: -10 - 30}),
])
def test_uma_by_floaters_rounding_and_the_top_absorbing(
        before: tuple[int, int, int, int], expected: dict[int, int]) -> None:
    # South 4: the dealer (seat 3) deals in 1,300 to seat 0; the deal passes: the game ends.
    w = wall(rotate(RON_HANDS, 3), RON_DRAWS, dealer=3, dora="1z1z")  # seat 0 waits on 5p
    g = start_at(AKO, w, round_wind=1, dealer=3, scores=before, dice=dice_for(3, 2))
    run(g, (3, "d 5p"), (0, "ron"))
    end = final(g)
    assert end.reason == "complete"
    got = {row.seat: row.result for row in end.table}
    assert got == {s: float(v) for s, v in expected.items()}
    assert sum(got.values()) == 0
    assert [row.seat for row in end.table][0] == 0
    if before[1] == before[2] == 20000:
        assert [row.seat for row in end.table] == [0, 1, 2, 3]  # 1-05-01: 上家が上位


def test_renhou_yakuman_chips_bust_and_yakitori() -> None:
    # The dealer's very first discard is won on: renhou, a yakuman (3-15-01, 3-15-01-01).
    # Wareme falls on seat 2, who is not involved.
    g = new(wall(RON_HANDS, ["5p"], dora="1z1z"), dice=dice_for(0, 2))
    run(g, (0, "d 5p"), (1, "ron"))
    won = last_result(g)
    assert isinstance(won, Won)
    w = won.wins[0]
    assert ("renhou", 13) in w.yaku and w.limit == "yakuman" and w.points == 32000
    # 8-07-11: a yakuman's 24 chips come from the payers (the discarder alone on a ron)
    assert w.chips == (-24, 24, 0, 0)
    # 1-09: below 0 points the game ends at once
    end = final(g)
    assert end.reason == "bust"
    rows = {r.seat: r for r in end.table}
    # 1-09-03: the shortfall counts: -7,000 settles as -37 before uma
    assert rows[0].points == -7000 and rows[0].result == -7 - 30 - 30
    # chips (8-07): yakuman 24, bust 3 from the busted to the buster (8-07-18), yakitori:
    # every player without a win puts 3 chips out and the winners share them (8-07-17)
    assert {s: r.chips for s, r in rows.items()} == {0: -24 - 3 - 3, 1: 24 + 3 + 9, 2: -3,
                                                      3: -3}


def test_wareme_doubles_the_broken_wall_seat_but_not_the_honba() -> None:
    # 8-01: the seat where the wall is broken pays and receives double; 8-01-02: honba not.
    for wareme, hand_paid in ((0, 2600), (1, 2600), (2, 1300)):
        w = wall(RON_HANDS, RON_DRAWS, dora="1z1z")
        g = start_at(AKO, w, honba=2, dice=dice_for(0, wareme))
        run(g, (0, "d 5p"), (1, "ron"))
        won = last_result(g)
        assert isinstance(won, Won)
        pays = {(p.reason, p.payer, p.payee): p.amount for p in won.wins[0].payments}
        assert pays == {("hand", 0, 1): hand_paid, ("honba", 0, 1): 600}, wareme


# ------------------------------------------------------------------ 2. length and dealer


def test_west_round_when_the_top_is_below_30000_after_south_4() -> None:
    # 1-04, 1-04-01: 延長戦 (West, North, East ...) when the top is below 30,000
    w, dice = ron_wall(3)
    g = start_at(AKO, w, round_wind=1, dealer=3, scores=(27000, 25000, 25000, 23000),
                 dice=dice)
    pass_the_deal(g)
    assert not g.over and max(g.state.scores) < 30000
    nxt = starts(g)[-1]
    assert (nxt.round_wind, nxt.dealer) == (2, 0)


def test_no_early_stop_inside_an_extension_round() -> None:
    # 1-04-03: 延長戦の途中終了なし -- seat 1 reaches 30,000 in West 1, the round goes on
    w, dice = ron_wall(0)
    g = start_at(AKO, w, round_wind=2, dealer=0, scores=(27000, 29000, 23000, 21000),
                 dice=dice)
    pass_the_deal(g)
    assert starts(g)[-1].scores[1] == 30300
    assert not g.over
    nxt = starts(g)[-1]
    assert (nxt.round_wind, nxt.dealer) == (2, 1)


@pytest.mark.parametrize(("round_wind", "scores", "then"), [
    (2, (29000, 26000, 24000, 21000), "end"),   # West 4 ends with a top at 30,300
    (2, (27000, 26000, 25000, 22000), (3, 0)),  # top below 30,000: North 1 follows
    (3, (27000, 26000, 25000, 22000), (0, 0)),  # after North 4: East again (西場、北場、東場…)
])
def test_an_extension_round_ends_at_its_last_hand(
        round_wind: int, scores: tuple[int, int, int, int],
        then: str | tuple[int, int]) -> None:
    # 1-04, 1-04-01: the extension goes on round by round while the top is below 30,000
    w, dice = ron_wall(3)
    g = start_at(AKO, w, round_wind=round_wind, dealer=3, scores=scores, dice=dice)
    pass_the_deal(g)
    if then == "end":
        assert final(g).reason == "extension"
    else:
        assert not g.over
        nxt = starts(g)[-1]
        assert (nxt.round_wind, nxt.dealer, nxt.hand_number) == (*then, 0)


NOTEN = {0: "13579m2468p1357s", 1: "2468m13579p2468s", 2: "13579s123456z99p",
         3: "2468m2468p2468s7z"}
TENPAI_DEALER = {**NOTEN, 0: "123m456m789m12p99s"}  # waits 3p


@pytest.mark.parametrize(("round_wind", "hands", "keeps"), [
    (0, NOTEN, False),          # 8-15-01-01: noten passes in the East round
    (0, TENPAI_DEALER, True),   # 8-15-01: a tenpai dealer keeps the deal
    (1, NOTEN, True),           # 8-15-01-01: noten keeps in the South round (最終場)
    (2, NOTEN, True),           # 8-15-01-01: ... and in the extension rounds
])
def test_dealer_at_an_exhaustive_draw(round_wind: int, hands: dict[int, str],
                                      keeps: bool) -> None:
    g = start_at(AKO, wall(hands), round_wind=round_wind, dice=dice_for(0, 2))
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "exhaustive" and not res.nagashi
    assert res.tenpai[0] is (hands is TENPAI_DEALER)
    nxt = starts(g)[-1]
    assert (nxt.round_wind, nxt.dealer, nxt.honba) == (round_wind, 0 if keeps else 1, 1)


@pytest.mark.parametrize(("wareme", "deltas"), [
    (2, (4000, -1000, -2000, -1000)),  # the noten wareme seat pays double
    (0, (6000, -2000, -2000, -2000)),  # the tenpai wareme seat receives double
])
def test_wareme_doubles_noten_payments(wareme: int, deltas: tuple[int, ...]) -> None:
    # ako 8-01: 割れ目の人は払うのも貰うのも倍; the written exceptions are 錯和料 (doubled
    # too, 8-01-01) and 積み棒 (not doubled, 8-01-02), none for ノー聴罰符 (1-06)
    g = start_at(AKO, wall(TENPAI_DEALER), dice=dice_for(0, wareme))
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.tenpai == (True, False, False, False)
    assert res.deltas == deltas


# ------------------------------------------------------------------ abortive draws

NINE_CHILD = {0: "123m456m789m12p99s", 1: "19m19p19s1234z246m", 2: "13579s23456z9p99m",
              3: "2468m2468p2468s7z"}


def test_nine_terminals_by_the_dealer_keeps_the_deal() -> None:
    # 8-09-01: the dealer on the deal; 8-15-04: the dealer's nine terminals keep the deal
    hands = {**NOTEN, 0: "19m19p19s1234z246m", 1: "13579m2468p1357s"}
    g = new(wall(hands), dice=dice_for(0, 2))
    assert NineTerminals() in g.pending()[0]
    run(g, (0, "nine"))
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "nine_terminals"
    nxt = starts(g)[-1]
    assert (nxt.dealer, nxt.honba) == (0, 1)


def test_nine_terminals_after_a_double_riichi_keeps_the_stick_on_the_table() -> None:
    # 8-09-02: a child on its first draw; 8-09-03: also after a double riichi, whose stick
    # is not returned (8-09-03-01); 8-15-03: a child's nine terminals keep the deal
    g = new(wall(NINE_CHILD, ["1z", "5z"]), dice=dice_for(0, 2))
    run(g, (0, "riichi 1z"))
    assert NineTerminals() in g.pending()[1]
    run(g, (1, "nine"))
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "nine_terminals"
    nxt = starts(g)[-1]
    assert (nxt.dealer, nxt.honba, nxt.sticks) == (0, 1, 1)
    assert nxt.scores == (24000, 25000, 25000, 25000)


def test_nine_terminals_on_a_first_draw_even_after_another_players_call() -> None:
    # ako 8-09-02: a child may abort 「第1自摸時」, with no condition on calls (where the
    # same text means "no call before" it says so: 3-16-01 「鳴きのない第1自摸時」).
    # Seat 3 pons the dealer's 5z before seat 1 has drawn.
    hands = {0: "5z2468m2468p2468s", 1: "19m19p19s1234z246m", 2: "13579s23467z9p19m",
             3: "55z1357s2468m357p"}
    g = new(wall(hands, ["5z"]), dice=dice_for(0, 2))
    run(g, (0, "d 5z"), (3, "pon"), (3, "d 2m"))
    while not (g.state.turn == 1 and g.state.phase == "turn"):
        seat, acts = next(iter(g.pending().items()))
        g.act(seat, default_action(g, seat, acts))
    assert g.state.seats[1].discards == 0 and g.state.calls_made
    assert NineTerminals() in g.pending()[1]
    run(g, (1, "nine"))
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "nine_terminals"


FOUR_WINDS = {0: "123m456m789m12p99s", 1: "2468m13579p2468s", 2: "13579s23456z9p99m",
              3: "2468m2468p2468s7z"}


def test_four_winds_aborts_after_a_double_riichi_and_keeps_the_deal() -> None:
    # 8-11: 四風子連打 aborts; 8-11-01: also with a double riichi, its stick not returned
    # (8-11-01-01); 8-15-02: the dealer keeps the deal
    g = new(wall(FOUR_WINDS, ["1z", "1z", "1z", "1z"]), dice=dice_for(0, 2))
    run(g, (0, "riichi 1z"), until_hand_end=True)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "four_winds"
    nxt = starts(g)[-1]
    assert (nxt.dealer, nxt.honba, nxt.sticks) == (0, 1, 1)


FOUR_KANS = {0: "1111m2222m9p19s11z", 1: "3333m4444m8p19s22z", 2: "13579s2468p3577z",
             3: "5678m5678p567s66z"}


def test_four_kans_by_two_players_abort_after_the_discard_and_keep_the_deal() -> None:
    # 5-13, 5-13-01: four kans by two players abort once the 4th kan's discard is not won
    # on; 8-15-02: the dealer keeps the deal
    g = new(wall(FOUR_KANS, ["5z", "6z"], rinshan="4z4z4z3z"), dice=dice_for(0, 2))
    run(g, (0, "ankan 1m"), (0, "ankan 2m"), (0, "d 4z"), (1, "ankan 3m"), (1, "ankan 4m"),
        (1, "d 3z"))
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "four_kans"
    nxt = starts(g)[-1]
    assert (nxt.dealer, nxt.honba) == (0, 1)


FOUR_RIICHI = {0: "123m456m789m123p4p", 1: "123s456s789s123m5p", 2: "456p789p123s456m7s",
               3: "789s789p123p789m9s"}


def test_four_riichi_does_not_abort() -> None:
    # 4-08: 4人全員の立直で流局とならない
    g = new(wall(FOUR_RIICHI, ["5z", "6z", "7z", "5z"]), dice=dice_for(0, 2))
    run(g, (0, "riichi 5z"), (1, "riichi 6z"), (2, "riichi 7z"), (3, "riichi 5z"))
    assert all(s.riichi for s in g.state.seats)
    assert g.state.hands_started == 1 and g.state.phase == "turn" and g.state.turn == 0
    assert not any(isinstance(e, HandDrawn) for e in g.events)


# ------------------------------------------------------------------ minimum han, tenpai

TANYAO = {0: "234m567m234s66s46p", 1: "2468m13789p2468s", 2: "13579s123456z99p",
          3: "2468m2468p2468s7z"}


@pytest.mark.parametrize(("honba", "offered"), [(4, True), (5, False)])
def test_two_han_minimum_from_the_fifth_honba(honba: int, offered: bool) -> None:
    # 6-01: 通常は一飜縛り、5本場以上で二飜縛り (tanyao alone: 1 han)
    g = start_at(AKO, wall(TANYAO, ["1z", "5p"], dora="1z1z"), honba=honba)
    run(g, (1, "d 5p"))
    assert (Ron() in g.pending().get(0, ())) is offered


RIICHI_ONLY = {0: "123m456m789p12p99s", 1: "2468m13579p2468s", 2: "13579s123456z99p",
               3: "2468m2468p2468s7z"}


def test_riichi_and_ippatsu_alone_do_not_make_two_han() -> None:
    # 3-02-01-03: 二飜縛りの時、立直一発のみで和れない
    w = wall(RIICHI_ONLY, ["1z", "2z", "3z", "4z", "9s", "3p"], dora="1z1z")
    g = start_at(AKO, w, honba=5)
    run(g, (0, "d 1z"), (0, "riichi 9s"), (1, "d 3p"))
    assert Ron() not in g.pending().get(0, ())


OWN_FOUR = {0: "1111m234p567p789p", 1: "2468m13579p2468s", 2: "13579s123456z99p",
            3: "2468m2468p2468s7z"}


def test_a_wait_on_the_own_fifth_copy_is_tenpai() -> None:
    # 6-03-02: 空聴牌あり -- 自分の手牌で全ての和り牌を使い切っていても聴牌
    g = start_at(AKO, wall(OWN_FOUR), dice=dice_for(0, 2))
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.tenpai == (True, False, False, False)
    # 1-06: 3,000 in all; 8-01: seat 2, where the wall is broken, pays double
    assert res.deltas == (4000, -1000, -2000, -1000)


BARE_TANKI = {0: "13579m68p13579s7z", 1: "11223344p5z6z7z9m1s", 2: "2468m13579s1234z",
              3: "123m456m789m12p99s"}


def test_no_noten_declaration_with_a_bare_single_wait() -> None:
    # 6-03-04: 聴牌時のノー聴宣言は裸単騎でなければあり.  Seat 1 pons 1p 2p 3p 4p and
    # waits on 1s alone; seat 3 is tenpai with a closed hand.
    g = start_at(AKO, wall(BARE_TANKI, ["1p", "2p", "3p", "4p"]), dice=dice_for(0, 2))
    run(g, (0, "d 1p"), (1, "pon"), (1, "d 5z"), (2, "d 2p"), (1, "pon"), (1, "d 6z"),
        (2, "d 3p"), (1, "pon"), (1, "d 7z"), (2, "d 4p"), (1, "pon"), (1, "d 9m"))
    assert len(g.state.seats[1].hand) == 1 and len(g.state.seats[1].melds) == 4
    while not any(ShowHand(False) in acts for acts in g.pending().values()):
        seat, acts = next(iter(g.pending().items()))
        g.act(seat, default_action(g, seat, acts))
    asked = g.pending()
    assert set(asked) == {3}  # the closed tenpai may declare noten; the bare tanki may not
    g.act(3, ShowHand(False))
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.tenpai == (False, True, False, False)
    assert any(isinstance(e, NotenDeclared) and e.seat == 3 for e in g.events)


@pytest.mark.parametrize("next_hand", ["ron between others", "noten payment"])
def test_a_player_below_zero_by_noten_payments_busts_only_when_it_pays_a_hand(
        next_hand: str) -> None:
    # 1-09-01: ノー聴罰符で飛ばない.  The text is silent on what follows; the preset's
    # reading: such a player plays on below zero and busts at the end of a hand it pays
    # for (a win, a nagashi, a chombo), never by a further noten payment nor by a hand it
    # takes no part in (which would give a bust with no buster, 1-09-02-01).
    scores = (25000, 25000, 50500, -500)
    if next_hand == "ron between others":  # the dealer deals in to seat 1
        w, dice = ron_wall(0)
        g = start_at(AKO, w, scores=scores, dice=dice)
        pass_the_deal(g)
    else:  # the dealer alone tenpai: seat 3 pays 1,000 more
        g = start_at(AKO, wall({**NOTEN, 0: "123m456m789m12p99s"}), scores=scores,
                     dice=dice_for(0, 2))
        play_hand(g)
    assert not g.over
    assert starts(g)[-1].scores[3] < 0


def test_noten_payments_never_bust() -> None:
    # 1-09-01: ノー聴罰符で飛ばない -- seat 3 falls to -500 by the noten payment and plays on
    hands = {**NOTEN, 0: "123m456m789m12p99s"}  # the dealer alone is tenpai
    # (the wall is broken in front of seat 2, who pays double: 8-01)
    g = start_at(AKO, wall(hands), scores=(25000, 25000, 49500, 500), dice=dice_for(0, 2))
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.deltas == (4000, -1000, -2000, -1000)
    assert not g.over
    assert starts(g)[-1].scores == (29000, 24000, 47500, -500)


# ------------------------------------------------------------------ 3. wall and dora


def _live_draws(g: Game) -> list[int]:
    """The live draws of the first hand."""
    end = next(i for i, e in enumerate(g.events) if isinstance(e, (HandDrawn, Won)))
    return [e.tile for e in g.events[:end] if isinstance(e, Drew) and not e.rinshan]


@pytest.mark.parametrize("kan", [False, True])
def test_two_dora_indicators_and_the_sixteen_tile_dead_wall(kan: bool) -> None:
    # 5-01: two dora indicators at the start (wall[131] and wall[129]); 5-19: 16 tiles in
    # the dead wall, so 136 - 52 - 16 = 68 live draws, the last one wall[119]; 5-20: a kan
    # takes its replacement from the dead wall and the last live tile stays the same.
    hands = {**NOTEN, 0: "1111m2468s1357z9p" if kan else NOTEN[0]}
    w = wall(hands, dora="3z4z", at={119: "7p", 120: "8p"})
    g = new(w, dice=dice_for(0, 2))
    assert g.view(1).dora_indicators == (w[131], w[129])
    if kan:
        run(g, (0, "ankan 1m"))
        assert len(g.view(1).dora_indicators) == 3  # 5-03: a kan dora
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "exhaustive"
    live = _live_draws(g)
    assert len(live) == 68 and live[-1] == w[119]
    assert w[120] not in live


PONKAN = {0: "2468m2468p2468s3z", 1: "1111p55m13579s24z", 2: "13799m3579p1357z",
          3: "3579s35789p6789m"}


def test_kan_right_after_a_pon() -> None:
    # 5-11: ポン槓、チー槓あり -- after the pon of 5m, a closed kan before the discard
    g = new(wall(PONKAN, ["0m"]), dice=dice_for(0, 2))
    run(g, (0, "d 0m"), (1, "pon"))
    assert g.state.turn == 1 and any(isinstance(a, ClosedKan) for a in g.pending()[1])
    run(g, (1, "ankan 1p"))
    assert [m.kind for m in g.state.seats[1].melds] == ["pon", "ankan"]


KUIKAE = {0: "56789m2468p2468s", 1: "1234m13579p1357s", 2: "9m2468p2468s1234z",
          3: "5678m5678p56712z"}


def test_swap_calling_allowed_even_the_same_tile() -> None:
    # 8-12: 食い換えは現物でも可 -- after chi 1m with 23m, both 1m and 4m may go out
    g = new(wall(KUIKAE, ["1m"]), dice=dice_for(0, 2))
    run(g, (0, "d 1m"), (1, "chi 23m"))
    kinds = {a.tile >> 2 for a in g.pending()[1] if isinstance(a, Discard)}
    assert {0, 3} <= kinds
    run(g, (1, "d 1m"))
    assert isinstance(g.events[-1], (Discarded, Drew))


RIICHI_READY = {0: "123m456m789m12p99s", 1: "2468m13579p2468s", 2: "13579s123456z99p",
                3: "2468m2468p2468s7z"}


@pytest.mark.parametrize(("points", "offered"), [(900, False), (1000, True)])
def test_riichi_needs_1000_points(points: int, offered: bool) -> None:
    # 4-03: 持ち点が1000点未満の時は立直を掛けられない
    scores = (points, 33000, 33000, 34000 - points)
    g = start_at(AKO, wall(RIICHI_READY, ["9s"]), scores=scores)
    riichi = any(isinstance(a, Discard) and a.riichi for a in g.pending()[0])
    assert riichi is offered


def test_closed_kan_dora_before_the_replacement_draw() -> None:
    # 5-16: 暗槓の場合は嶺上牌を自摸る前
    hands = {**NOTEN, 0: "1111m2468s1357z9p"}
    g = new(wall(hands, ["9s"], rinshan="9m"), dice=dice_for(0, 2))
    run(g, (0, "ankan 1m"), (0, "d 9m"))
    assert kan_order(g, 0, wins=True) == ["kan", "dora", "rinshan", "discard"]


MINKAN = {0: "0p2468m2468s1357z", 1: "055p1357m789s246z", 2: "13799p13579s455z",
          3: "2468m2468s8p667z3m"}


def test_open_kan_dora_after_the_replacement_draw_and_its_discard() -> None:
    # 5-16: 明槓の場合は嶺上牌を自摸って牌を捨てた後 (turned as that discard goes out:
    # nothing happens between the two)
    g = new(wall(MINKAN, ["9s"], rinshan="9m"), dice=dice_for(0, 3))
    run(g, (0, "d 0p"), (1, "minkan"), (1, "d 9m"))
    assert kan_order(g, 1, wins=True) == ["kan", "rinshan", "dora", "discard"]


def test_open_kan_then_closed_kan_turn_two_dora_before_the_next_replacement() -> None:
    # 5-16: 明槓で自摸った嶺上牌を暗槓した時は次の嶺上牌を自摸る前 (2枚同時にめくる)
    hands = {**MINKAN, 1: "055p111m3m79s246z8s"}
    g = new(wall(hands, ["9s"], rinshan="1m9m"), dice=dice_for(0, 3))
    run(g, (0, "d 0p"), (1, "minkan"), (1, "ankan 1m"))
    assert kan_order(g, 1, wins=True) == ["kan", "rinshan", "dora", "kan", "dora", "rinshan"]


RINSHAN = {0: "0p2468m2468s1357z", 1: "055p123m456m789s1z", 2: "13799p13579s455z",
           3: "2468m2468s8p667z3m"}


def test_open_kan_dora_turned_on_a_rinshan_win() -> None:
    # 5-16-01: 明槓して自摸った嶺上牌で和った時、槓ドラをめくる
    g = new(wall(RINSHAN, ["9s"], rinshan="1z"), dice=dice_for(0, 3))
    run(g, (0, "d 0p"), (1, "minkan"), (1, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and ("rinshan", 1) in won.wins[0].yaku
    assert kan_order(g, 1, wins=True) == ["kan", "rinshan", "dora", "won"]


DISCARD_RON = {0: "0p2468m2468s1357z", 1: "055p1357m79s246z8s", 2: "123s456s789s78m55z",
               3: "2468m2468s8p667z3m"}


def test_open_kan_dora_turned_when_the_discard_after_it_is_won_on() -> None:
    # 5-16-02: 明槓して嶺上牌を自摸ってから捨てた牌で他家が栄和した時、槓ドラをめくる
    g = new(wall(DISCARD_RON, ["9s"], rinshan="9m"), dice=dice_for(0, 3))
    run(g, (0, "d 0p"), (1, "minkan"), (1, "d 9m"), (2, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].seat == 2
    assert kan_order(g, 1, wins=True) == ["kan", "rinshan", "dora", "discard", "won"]


CHANKAN = {0: "2468m2468s1357z9p", 1: "33p1357m5789s246z", 2: "234m567m234s66s24p",
           3: "0678m5678p0678s1z"}


def test_a_robbed_added_kan_turns_no_dora() -> None:
    # 5-17: 搶槓の時に槓ドラをめくらない
    g = new(wall(CHANKAN, ["3p", "1z", "2z", "3z", "3p"]), dice=dice_for(0, 3))
    run(g, (0, "d 3p"), (2, "pass"), (1, "pon"), (1, "d 1m"), (1, "kakan 3p"), (2, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and ("chankan", 1) in won.wins[0].yaku
    assert not any(isinstance(e, DoraRevealed) for e in g.events)
    assert len(g.view(0).dora_indicators) == 2


# ------------------------------------------------------------------ chips

IPPATSU = {0: "123m456m789m12p05s", 1: "2468m13579p2468s", 2: "13579s1234z55z99p",
           3: "2468m2468p2468s7z"}


def test_chips_for_ippatsu_ura_dora_and_red_fives_from_each_on_a_tsumo() -> None:
    # 8-07-01: on a tsumo the other three pay; 8-07-02: ippatsu 1 chip; 8-07-13: 1 chip per
    # ura dora (both ura indicators 1p: the 2p counts twice); 8-07-16: 1 per red five (0s)
    w = wall(IPPATSU, ["9s", "6z", "7z", "3z", "3p"], dora="1z1z", ura="1p1p")
    g = new(w, dice=dice_for(0, 2))
    run(g, (0, "riichi 9s"), (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won)
    yaku = dict(won.wins[0].yaku)
    assert yaku["ippatsu"] == 1 and yaku["ura_dora"] == 2 and yaku["aka_dora"] == 1
    each = 1 + 2 + 1
    assert won.wins[0].chips == (3 * each, -each, -each, -each)


DAISHARIN = {0: "1122334455667p", 1: "2468m13579s2468s", 2: "13579m123456z99s",
             3: "2468m2468s34677z"}


def test_daisharin_is_a_yakuman_with_24_chips_from_the_payers() -> None:
    # 3-09-01: 清一色七対子 (大車輪) is a yakuman, 1 to 7 (3-09-01-01-02) in pinzu (3-09-01-02);
    # 8-07-11: a yakuman's 24 chips are paid equally by the payers (8 each on a tsumo)
    g = new(wall(DAISHARIN, ["1z", "6z", "6z", "1z", "7p"]), dice=dice_for(0, 2))
    run(g, (0, "d 1z"), (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won)
    w = won.wins[0]
    assert ("daisharin", 13) in w.yaku and w.yakuman_count == 1
    assert w.chips == (24, -8, -8, -8)


def test_a_yakuman_earns_its_ippatsu_ura_and_red_five_chips_too() -> None:
    # ako 8-07-02 (ippatsu 1), 8-07-13 (1 per ura dora), 8-07-16 (1 per red five) stand
    # alone: the only yakuman exception written is 8-07-11-02 (a counted yakuman earns no
    # yakuman chips).  The dealer's 大車輪 holds both red 5p, double riichi on the first
    # discard, tsumo on the next draw (ippatsu); ura indicators 6p and 1z: 77p = 2 ura.
    hand = {**DAISHARIN, 0: "1122334400667p"}
    g = new(wall(hand, ["1z", "6z", "6z", "1z", "7p"], dora="3z3z", ura="6p2z"),
            dice=dice_for(0, 2))
    run(g, (0, "riichi 1z"), (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won)
    w = won.wins[0]
    assert ("daisharin", 13) in w.yaku and w.yakuman_count == 1
    each = 1 + 2 + 2 + 24 // 3  # ippatsu, 2 ura, 2 red fives from each; 24 shared
    assert w.chips == (3 * each, -each, -each, -each)


PUNG_OTHERS = {1: "13579p2468s1357z", 2: "15689m1357s2467z", 3: "2468p79m3579s345z"}


@pytest.mark.parametrize(("hand", "draw", "yaku"), [
    # 3-11-01: 三連刻 (three consecutive pungs in one suit) 4 han
    ("222333444m678p9s", "9s", ("sanrenkou", 4)),
    # 3-11-02: 四連刻 (four consecutive pungs) a yakuman, any pair (3-11-02-01)
    ("6667778889991p", "1p", ("suurenkou", 13)),
])
def test_consecutive_pungs(hand: str, draw: str, yaku: tuple[str, int]) -> None:
    g = new(wall({0: hand, **PUNG_OTHERS}, ["1z", "6z", "6z", "1z", draw]),
            dice=dice_for(0, 2))
    run(g, (0, "d 1z"), (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and yaku in won.wins[0].yaku


SHIISANPUTAA = "147m258p369s123z5z"


@pytest.mark.parametrize("seat", [0, 1])
def test_shiisanputaa_on_the_deal_or_the_first_draw(seat: int) -> None:
    # 3-16-01: 十三不搭 (no partial set, exactly one pair) is a yakuman: the dealer on the
    # deal, a child on its first draw with no call before (子でも有効, 3-16-01-02)
    others = ["2468m2468s34677z", "2468m13579p2468s", "13579s2468p66z99m"]
    hands = {seat: SHIISANPUTAA}
    for s in range(4):
        if s != seat:
            hands[s] = others.pop()
    draws = ["5z"] if seat == 0 else ["6z", "5z"]
    g = new(wall(hands, draws), dice=dice_for(0, 2))
    if seat == 1:
        run(g, (0, "d 6z"))
    run(g, (seat, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and ("shiisanputaa", 13) in won.wins[0].yaku


def test_no_shiisanputaa_after_a_call() -> None:
    # 3-16-01: 子は鳴きのない第1自摸時 -- a pon before the child's first draw voids it
    hands = {0: "2468m2468s34677z", 1: SHIISANPUTAA, 2: "13579s2468p66z99m",
             3: "2468m13579p2468s"}
    g = new(wall(hands, ["6z", "7s", "8s", "5z"]), dice=dice_for(0, 2))
    run(g, (0, "d 6z"), (2, "pon"), (2, "d 9m"))
    while not (g.state.turn == 1 and g.state.phase == "turn"):
        seat, acts = next(iter(g.pending().items()))
        g.act(seat, default_action(g, seat, acts))
    assert g.state.drawn is not None and g.state.drawn >> 2 == 31  # the 5z
    assert Tsumo() not in g.pending()[1]


# ------------------------------------------------------------------ hand values

KIRIAGE = {0: "13579m2468p1357s", 1: "223344m567p66s78s", 2: "13579s123456z99p",
           3: "2468m2468p2468s7z"}


def test_no_kiriage_mangan() -> None:
    # 2-02-01: 4飜30符は子7700点 -- tanyao pinfu iipeikou and one dora (indicator 4p)
    w = wall(KIRIAGE, ["6z", "7z", "6z", "7z", "6s"], dora="4p1z")
    g = start_at(AKO, w, dice=dice_for(0, 3))
    run(g, (0, "d 6s"), (1, "ron"))
    won = last_result(g)
    assert isinstance(won, Won)
    w0 = won.wins[0]
    assert (w0.han, w0.fu, w0.limit, w0.points) == (4, 30, None, 7700)


DOUBLE_WIND = {0: "111p234m678s11z45m", 1: "2468p13579s2468s", 2: "13579m2468p2467z",
               3: "2468m3579p357s56z"}


def test_double_wind_pair_is_4_fu() -> None:
    # 2-01-02: 連風牌の対子の符は4符 -- the East dealer's 1z pair in the East round:
    # 20 + 10 (closed ron) + 8 (111p concealed) + 4 = 42 -> 50 fu (with 2 fu: 40)
    g = start_at(AKO, wall(DOUBLE_WIND, ["9s", "6m"], dora="3z3z"), dice=dice_for(0, 2))
    run(g, (0, "riichi 9s"), (1, "d 6m"), (0, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].seat == 0
    assert won.wins[0].fu == 50


OPEN_PINFU = {0: "13579m2468p1357s", 1: "34m567p234s88s67s9p", 2: "13579s123456z99p",
              3: "2468m2468p2468s7z"}


def test_open_hand_without_fu_wins_by_ron_at_20_fu() -> None:
    # 2-01-07: 鳴きがあって符がない栄和は20符 (open tanyao, ryanmen 67s on a red 5s)
    g = start_at(AKO, wall(OPEN_PINFU, ["2m", "0s"], dora="1z1z"), dice=dice_for(0, 3))
    run(g, (0, "d 2m"), (1, "chi 34m"), (1, "d 9p"), (2, "d 0s"), (1, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].seat == 1
    assert won.wins[0].fu == 20 and won.wins[0].fu_parts == (("base", 20),)
    assert dict(won.wins[0].yaku) == {"tanyao": 1, "aka_dora": 1}


# ------------------------------------------------------------------ pao

PAO = {0: "2468m2468p2468s3z", 1: "55z66z77z1234m9p9s1s", 2: "13579p13579s2z3z3z",
       3: "3579m5678p5678s1z"}
PAO_TSUMO = ["5z", "1z", "1z", "6z", "1z", "2z", "7z", "2z", "2z", "4z", "4m"]
PAO_RON = ["5z", "1z", "1z", "6z", "1z", "2z", "7z", "4m"]
PAO_CALLS = [(0, "d 5z"), (1, "pon"), (1, "d 9p"), (0, "d 6z"), (1, "pon"), (1, "d 9s"),
             (0, "d 7z"), (1, "pon"), (1, "d 1s")]


def test_daisangen_pao_pays_all_of_a_tsumo() -> None:
    # 8-08-01-01: 大三元の3つ目の三元牌を鳴かせた場合は包; 8-08-03: 自摸和は包者が全額
    g = new(wall(PAO, PAO_TSUMO), dice=dice_for(0, 2))
    run(g, *PAO_CALLS, (1, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won)
    w = won.wins[0]
    assert w.pao_seat == 0 and ("daisangen", 13) in w.yaku
    assert won.deltas[2] == won.deltas[3] == 0 and won.deltas[0] == -won.deltas[1] < 0
    assert {(p.payer, p.payee) for p in w.payments} == {(0, 1)}


def test_pao_tsumo_with_wareme_on_an_uninvolved_seat_is_not_doubled() -> None:
    # 8-01 (the wareme seat pays and receives double) with 8-08-03 (pao pays all): seat 2
    # at the broken wall pays nothing, so the pao player pays the plain 32,000
    g = new(wall(PAO, PAO_TSUMO), dice=dice_for(0, 2))
    run(g, *PAO_CALLS, (1, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and won.deltas == (-32000, 32000, 0, 0)


@pytest.mark.parametrize("wareme", [0, 1])
def test_pao_tsumo_is_doubled_when_the_pao_player_or_the_winner_is_at_wareme(
        wareme: int) -> None:
    # 8-01: 割れ目の人は払うのも貰うのも倍 -- the pao player (seat 0) at the broken wall pays
    # double, and so does whoever pays a winner (seat 1) at the broken wall (8-08-03)
    g = new(wall(PAO, PAO_TSUMO), dice=dice_for(0, wareme))
    run(g, *PAO_CALLS, (1, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and won.deltas == (-64000, 64000, 0, 0)


def test_daisangen_pao_halves_a_ron_and_the_discarder_pays_the_honba() -> None:
    # 8-08-04: 栄和は放銃者と包者で折半; 8-08-04-01: 積み棒は放銃者が支払う
    g = start_at(AKO, wall(PAO, PAO_RON), honba=1, dice=dice_for(0, 3))
    run(g, *PAO_CALLS, (2, "d 4m"), (1, "ron"))
    won = last_result(g)
    assert isinstance(won, Won)
    w = won.wins[0]
    assert w.pao_seat == 0 and w.from_seat == 2
    assert won.deltas == (-16000, 32300, -16300, 0)


def test_yakuman_chips_come_from_the_pao_player_on_a_tsumo() -> None:
    # 8-07-11: 全24枚を点数支払者が均等に支払う -- the pao player pays every point (8-08-03)
    g = new(wall(PAO, PAO_TSUMO), dice=dice_for(0, 2))
    run(g, *PAO_CALLS, (1, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].chips == (-24, 24, 0, 0)


def test_yakuman_chips_are_shared_by_the_discarder_and_the_pao_player_on_a_ron() -> None:
    g = start_at(AKO, wall(PAO, PAO_RON), dice=dice_for(0, 3))
    run(g, *PAO_CALLS, (2, "d 4m"), (1, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].chips == (-12, 24, -12, 0)


# ------------------------------------------------------------------ multiple ron

MULTI = {0: "234m567m234s66s46p", 1: "345m678m345s88s55p", 2: "678m456s678s22m34p",
         3: "0p19m19s9p1234567z"}


@pytest.mark.parametrize("triple", [False, True])
def test_double_and_triple_ron_each_winner_gets_the_honba(triple: bool) -> None:
    # 8-10-01 / 8-10-02: two and three winners; 8-10-0x-04: each gets the honba;
    # 8-10-0x-03 and 4-10: the riichi stick to the winner nearest the discarder (上家取り);
    # 8-10-0x-02: the dealer among the winners keeps the deal
    hands = MULTI if triple else {**MULTI, 2: "678m456s678s22m38p"}
    w = wall(hands, ["1z", "2z", "3z", "4z"], dora="7p7p")
    g = start_at(AKO, w, honba=1, sticks=1, dice=dice_for(0, 2))
    run(g, (3, "d 0p"), (0, "ron"), (1, "ron"), *([(2, "ron")] if triple else []))
    won = last_result(g)
    assert isinstance(won, Won)
    winners = [0, 1, 2] if triple else [0, 1]
    assert [x.seat for x in won.wins] == winners
    for x in won.wins:
        honba = [(p.payer, p.amount) for p in x.payments if p.reason == "honba"]
        assert honba == [(3, 300)], x.seat
    sticks = {x.seat: sum(p.amount for p in x.payments if p.reason == "sticks")
              for x in won.wins}
    assert sticks == {s: 1000 if s == 0 else 0 for s in winners}
    nxt = starts(g)[-1]
    assert (nxt.dealer, nxt.honba, nxt.sticks) == (0, 2, 0)


# ------------------------------------------------------------------ more hand rules

NAGASHI = {0: "2346m2346p2346s8m", 1: "3478m3478p3478s6m", 3: "3467m3467p3467s8s",
           2: "22m6m8m2468p2678s9s"}


def test_nagashi_mangan_is_a_yakuman_even_with_own_calls() -> None:
    # 3-17-01: 流し満貫は役満; 3-17-01-02: 自分が鳴いていても成立する.  Seat 2 pons the
    # 2m seat 1 draws and throws, discards 9s, then draws only terminals and honours.
    lucky = {i for i in range(5, 68) if i % 4 == 1}
    draws = nagashi_draws(NAGASHI, lucky, 68, prefix=["8p", "2m"])
    g = new(wall(NAGASHI, draws), dice=dice_for(0, 3))
    run(g, (1, "d 2m"), (2, "pon"), (2, "d 9s"))
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "exhaustive" and res.nagashi == (2,)
    # a child's yakuman by tsumo: 16,000 from the dealer, 8,000 from each child; seat 3 at
    # the broken wall pays double (8-01)
    assert res.deltas == (-16000, -8000, 40000, -16000)


def test_double_riichi_not_after_a_first_turn_closed_kan() -> None:
    # 3-01-09-02: 第1自摸時に暗槓してから立直を掛けた時はダブル立直とならない
    hands = {**NOTEN, 0: "1111m234p567p789s"}
    g = new(wall(hands, ["5z", "5z"], rinshan="6z"), dice=dice_for(0, 2))
    run(g, (0, "ankan 1m"), (0, "riichi 6z"), (1, "d 5z"), (0, "ron"))
    won = last_result(g)
    assert isinstance(won, Won)
    yaku = dict(won.wins[0].yaku)
    assert yaku.get("riichi") == 1 and "double_riichi" not in yaku


def test_robbing_an_added_kan_counts_ippatsu() -> None:
    # 3-02-01-02: 加槓した牌で搶槓の栄和は一発となる
    g = new(wall(CHANKAN, ["3p", "9m", "1z", "2z", "3p"]), dice=dice_for(0, 3))
    run(g, (0, "d 3p"), (2, "pass"), (1, "pon"), (1, "d 1m"), (2, "riichi 9m"),
        (1, "kakan 3p"), (2, "ron"))
    won = last_result(g)
    assert isinstance(won, Won)
    yaku = dict(won.wins[0].yaku)
    assert yaku.get("chankan") == 1 and yaku.get("ippatsu") == 1


KOKUSHI_ANKAN = {0: "1111m2468s3579p5s", 1: "99m19p19s1234567z", 2: "2468m2468p3578s9s",
                 3: "3579m3579p46678s"}


def test_kokushi_robs_a_closed_kan_as_a_double_yakuman() -> None:
    # 5-24: 暗槓の牌で栄和は国士無双の場合を除き出来ない; 3-01-26-01: 暗槓の搶槓で和った
    # 場合はダブル役満
    g = new(wall(KOKUSHI_ANKAN, ["1z"]), dice=dice_for(0, 3))
    run(g, (0, "ankan 1m"))
    assert set(g.pending()) == {1}
    run(g, (1, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].yakuman_count == 2
    # 8-07-11-01: a double yakuman's chips are doubled (48), here all from the kan's owner
    assert won.wins[0].chips == (-48, 48, 0, 0)


SANKANTSU = {0: "1111m4444p9999s5z", 1: "2468m13579p2468s", 2: "1357s12347z2789p",
             3: "2358m2358p2358s6z"}


def test_sankantsu_is_a_yakuman() -> None:
    # 3-01-14: 三槓子は役満; 5-10: 槓の連続あり
    g = new(wall(SANKANTSU, ["7z", "6z"], rinshan="6z6z5z"), dice=dice_for(0, 3))
    run(g, (0, "ankan 1m"), (0, "ankan 4p"), (0, "ankan 9s"), (0, "d 7z"), (1, "d 6z"),
        (0, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and ("sankantsu", 13) in won.wins[0].yaku


def test_tenhou_counts_suuankou_as_a_single_wait() -> None:
    # 3-01-21-01: 天和は他の役満と複合する; 3-01-21-01-02: 四暗刻は単騎待ち扱い (a double
    # yakuman, 3-01-25) although the dealt hand waited on 9s or 2p
    hands = {**NOTEN, 0: "111m333p777s99s22p", 2: "13579s123456z88p"}
    g = new(wall(hands, ["2p"]), dice=dice_for(0, 3))
    run(g, (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won)
    yaku = dict(won.wins[0].yaku)
    assert yaku.get("tenhou") == 13 and won.wins[0].yakuman_count == 3


LAST_TILE = {0: "1357m2468p1357s9p", 1: "2468m13579p77z24s", 2: "13579s123456z99p",
             3: "999m2468p2468s17z"}


def test_no_kan_on_the_last_tile_and_no_call_on_the_last_discard() -> None:
    # 5-12: 海底牌は槓は出来ない; 8-20: 河底牌のポン・チーは出来ない.  Seat 3 draws the last
    # live tile (wall[119], a 9m to its 999m) and throws 7z, which seat 1 holds a pair of.
    g = new(wall(LAST_TILE, at={119: "9m"}), dice=dice_for(0, 2))
    while not (g.state.turn == 3 and g.state.phase == "turn" and g.state.live_remaining == 0):
        seat, acts = next(iter(g.pending().items()))
        g.act(seat, default_action(g, seat, acts))
    assert g.state.drawn is not None and g.state.drawn >> 2 == 8
    assert not any(isinstance(a, ClosedKan) for a in g.pending()[3])
    run(g, (3, "d 7z"))
    assert not any(isinstance(a, Pon) for a in g.pending().get(1, ()))


def test_no_agariyame_at_the_last_hand() -> None:
    # 8-16: 最終局の和了やめなし -- the South 4 dealer wins as top and simply plays on
    w = wall(rotate(RIICHI_READY, 3), ["6z", "3p"], dealer=3, dora="1z1z")
    g = start_at(AKO, w, round_wind=1, dealer=3, scores=(20000, 20000, 20000, 40000),
                 dice=dice_for(3, 1))
    run(g, (0, "d 3p"), (3, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].seat == 3
    assert not any(isinstance(a, EndGame) for acts in g.pending().values() for a in acts)
    assert not g.over
    nxt = starts(g)[-1]
    assert (nxt.round_wind, nxt.dealer, nxt.honba) == (1, 3, 1)


RIICHI_TILE = {0: "123m456m789m12p99s", 1: "234m678m234s66s45p", 2: "13579s123456z99p",
               3: "2468m2468p2468s7z"}


def test_the_riichi_stick_is_not_paid_when_the_declaration_tile_is_won_on() -> None:
    # 4-11: 立直を掛けた牌で誰かが和った場合、立直棒は出さなくて良い
    g = new(wall(RIICHI_TILE, ["1z", "3p"], dora="1z1z"), dice=dice_for(0, 3))
    run(g, (1, "riichi 3p"), (0, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].from_seat == 1
    assert won.sticks_taken == 0 and g.state.sticks == 0
    assert sum(g.state.scores) == 100000


KAZOE = {0: "2233445667888p", 1: "2468m13579p2468s", 2: "13579s123456z99p",
         3: "2468m2468p2468s7z"}


def test_counted_yakuman_pays_no_yakuman_chips() -> None:
    # 2-02-03: 13 han and more is a counted yakuman; 8-07-11-02: 数え役満のチップなし --
    # double riichi, ippatsu, tsumo, pinfu, tanyao, iipeikou, chinitsu and two dora (2p)
    w = wall(KAZOE, ["9s", "6z", "6z", "6z", "7p"], dora="1p1z", ura="1z1z")
    g = new(w, dice=dice_for(0, 2))
    run(g, (0, "riichi 9s"), (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won)
    x = won.wins[0]
    assert x.han >= 13 and x.limit == "kazoe_yakuman" and x.points == 48000
    assert dict(x.yaku)["ippatsu"] == 1 and "ura_dora" not in dict(x.yaku)
    assert x.chips == (3, -1, -1, -1)  # the ippatsu chip alone (8-07-02)


@pytest.mark.parametrize(("hand", "draws", "yaku", "count", "total"), [
    # 3-01-20-01: 緑一色 without hatsu is a yakuman
    ("2233444466688s", ["1z", "2z", "3z", "4z", "8s"], "ryuuiisou", 1, 1),
    # 3-01-27: 九蓮宝燈 on the 9-sided wait (not furiten) is a double yakuman, in pinzu too
    # (3-01-27-01)
    ("1112345678999p", ["1z", "2z", "3z", "4z", "5p"], "junsei_chuuren", 2, 2),
    # 3-01-28: 大四喜 is a double yakuman; with the suuankou of this tsumo (shanpon: single)
    # the yakuman add up (2-07, 2-07-01: 単純に加算)
    ("111z222z333z44z99m", ["7z", "5z", "5z", "6z", "4z"], "daisuushii", 2, 3),
    # 3-01-26: 国士無双 on the 13-sided wait (not furiten) is a double yakuman
    ("19m19p19s1234567z", ["5p", "5s", "5s", "5p", "1m"], "kokushi_13", 2, 2),
])
def test_yakuman_hands(hand: str, draws: list[str], yaku: str, count: int,
                       total: int) -> None:
    g = new(wall({0: hand}, draws), dice=dice_for(0, 2))
    run(g, (0, f"d {draws[0]}"), (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won)
    assert dict(won.wins[0].yaku).get(yaku) == 13 * count
    assert won.wins[0].yakuman_count == total
    # the dealer's yakuman tsumo: 16,000 per yakuman from each child (wareme: seat 2 x2)
    assert won.deltas[1] == won.deltas[3] == -16000 * total


SANKAN_PAO = {0: "3579m2468p1357s9p", 1: "1111m2222m333p5z6z", 2: "13579s2468p1234z",
              3: "4678m5678p4678s7z"}


def test_sankantsu_pao_on_the_open_kan_that_made_it() -> None:
    # 8-08-02: 大明槓の包は四槓子以外では取らないが、三槓子は包とする -- seat 0's 3p is
    # open-kanned for seat 1's third kan; the ron on seat 2's 5z is halved (8-08-04)
    draws = ["9p", "7z", "1s", "1s", "3p", "5z"]
    g = new(wall(SANKAN_PAO, draws, rinshan="5z6z9s"), dice=dice_for(0, 3))
    run(g, (0, "d 9p"), (1, "ankan 1m"), (1, "ankan 2m"), (1, "d 7z"), (0, "d 3p"),
        (1, "minkan"), (1, "d 9s"), (2, "d 5z"), (1, "ron"))
    won = last_result(g)
    assert isinstance(won, Won)
    w = won.wins[0]
    assert ("sankantsu", 13) in w.yaku and w.pao_seat == 0
    assert won.deltas == (-16000, 32000, -16000, 0)


# ------------------------------------------------------------------ riichi details


def test_riichi_needs_a_draw_left() -> None:
    # 4-01: 自分の自摸が残り1回以上ある間(残り4枚以上)
    g = start_at(AKO, wall(RIICHI_READY, dora="1z1z"), dice=dice_for(0, 2))
    seen: dict[int, bool] = {}
    while g.state.hands_started == 1 and not g.over:
        seat, acts = next(iter(g.pending().items()))
        if seat == 0 and g.state.phase == "turn":
            seen[g.state.live_remaining] = any(
                isinstance(a, Discard) and a.riichi for a in acts)
        g.act(seat, default_action(g, seat, acts))
    assert min(seen) < 4 <= max(seen)
    assert all(offered is (left >= 4) for left, offered in seen.items())


RIICHI_KAN = {0: "111m234p567p789s5z", 1: "2468s2468p579s12z", 2: "13579s13579p344z",
              3: "6789p6789s6789m5z"}


@pytest.mark.parametrize(("closed", "first", "offered"), [
    ("111m234p567p789s5z", "1z", True),   # 111m beside a 5z single wait: composition kept
    ("1113444m123p456p", "9s", False),    # the 1m may also make 123m: refused
])
def test_closed_kan_after_riichi_only_when_the_composition_stays(
        closed: str, first: str, offered: bool) -> None:
    # 4-13: 面子の構成が変わらなければ (和了形で順子を構成する可能性がある牌でなければ) 出来る
    g = new(wall({**RIICHI_KAN, 0: closed}, [first, "1z", "3z", "2z", "1m"]),
            dice=dice_for(0, 2))
    run(g, (0, f"riichi {first}"))
    while not (g.state.turn == 0 and g.state.phase == "turn"):
        seat, acts = next(iter(g.pending().items()))
        g.act(seat, default_action(g, seat, acts))
    assert g.state.drawn is not None and g.state.drawn >> 2 == 0
    assert any(isinstance(a, ClosedKan) for a in g.pending()[0]) is offered


def test_passing_a_winning_tile_in_riichi_leaves_tsumo_only() -> None:
    # 4-06: 立直後の和り牌の見逃しは振り聴立直と同じ扱い; 4-12: 振り聴時は栄和出来ない
    g = new(wall(RIICHI_READY, ["1z", "3p", "3p", "2z", "3p"], dora="4z4z"),
            dice=dice_for(0, 2))
    run(g, (0, "riichi 1z"), (1, "d 3p"))
    assert Ron() in g.pending()[0]
    run(g, (0, "pass"), (2, "d 3p"))
    assert Ron() not in g.pending().get(0, ())
    while not (g.state.turn == 0 and g.state.phase == "turn"):
        seat, acts = next(iter(g.pending().items()))
        g.act(seat, default_action(g, seat, acts))
    assert Tsumo() in g.pending()[0]


OPEN_NO_YAKU = {0: "13579m2468p1357s", 1: "34m567p234s99s67s1p", 2: "13579s123456z99p",
                3: "2468m2468p2468s7z"}


def test_formal_tenpai_of_an_open_hand_without_yaku() -> None:
    # 6-03-01: 形式聴牌あり (門前に限らず、役がなくても聴牌) -- after chi 234m seat 1 waits
    # on 5s-8s with no yaku (the 9s pair rules out tanyao) and is tenpai at the draw
    g = start_at(AKO, wall(OPEN_NO_YAKU, ["2m"], dora="1z1z"), dice=dice_for(0, 2))
    run(g, (0, "d 2m"), (1, "chi 34m"), (1, "d 1p"))
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "exhaustive"
    assert res.tenpai == (False, True, False, False)
    assert res.deltas == (-1000, 4000, -2000, -1000)  # seat 2 pays double (wareme, 8-01)


# ------------------------------------------------------------------ yakitori and multiple ron

YAKITORI = {0: "234m567m234s66s46p", 1: "345m678m345s88s55p", 2: "678m456s678s22m38p",
            3: "0p19m19s9p1234567z"}


def _double_ron_at_south_4() -> Game:
    """South 4 (the game resumes there): the dealer's red 5p is won on by seats 0 and 1,
    2,600 each (tanyao, a red five); the game ends with seats 2 and 3 never having won."""
    w = wall(YAKITORI, ["1z", "2z", "3z", "4z", "5z"], dealer=3, dora="7p7p")
    g = start_at(AKO, w, round_wind=1, dealer=3, scores=(30000, 25000, 25000, 20000),
                 dice=dice_for(3, 2))
    run(g, (3, "d 1z"), (3, "d 0p"), (0, "ron"), (1, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and [x.seat for x in won.wins] == [0, 1]
    assert [x.points for x in won.wins] == [2600, 2600]
    return g


def test_yakitori_is_lifted_for_every_winner_of_a_double_ron() -> None:
    # 8-10-01-05: 二家和の焼き鳥は和了者全員の焼き鳥が解除; 8-07-17: each bird puts 3 chips
    # out; 8-07-16: a red five's chip from the discarder to each winner
    end = final(_double_ron_at_south_4())
    assert end.reason == "complete"
    chips = {r.seat: r.chips for r in end.table}
    assert chips[2] == -3 and chips[3] == -2 - 3
    assert chips[0] > 1 and chips[1] > 1 and chips[0] + chips[1] == 2 + 6


def test_yakitori_chips_are_pooled_and_shared_equally() -> None:
    # 8-07-17: 焼き鳥の人全員がチップ3枚ずつを場に出し、それ以外の人で等分する
    end = final(_double_ron_at_south_4())
    chips = {r.seat: r.chips for r in end.table}
    assert chips[0] == chips[1] == 1 + 3
