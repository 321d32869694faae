"""The ``ako`` preset played through the engine: one scripted scenario per rule row.

Every game here runs on ``rulesets.load("ako")`` itself (雀荘あこ詳細ルール, source
shared/rules/sources/002_*.txt); each test cites the club's item number.  Walls are
scripted tile by tile (``tests/engine/game_kit.build_wall``); unless a move is scripted
every seat discards the tile it drew, passes every claim and shows its hand at a draw.

Two things of the preset shape every scenario: ako plays wareme (8-01), so the dice are
chosen to put the broken wall where the test wants it, and ako has two red copies of each
five (8-02-01), so a plain "5" in a hand takes one of the two plain copies.
"""

from __future__ import annotations

import pytest
from play_kit_ako import (
    build_wall,
    default_action,
    dice_for,
    final,
    last_result,
    play_hand,
    rotate,
    run,
    start_at,
    starts,
)

import rulesets
from engine.actions import ClosedKan, Discard, NineTerminals, Ron, ShowHand, Tsumo
from engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Drew,
    HandDrawn,
    Kan,
    NotenDeclared,
    Won,
)
from engine.game import Game

AKO = rulesets.load("ako")
RED = AKO.red_fives  # 2


def wall(hands: dict[int, str], draws: str | list[str] = "", **kw: object) -> tuple[int, ...]:
    """A scripted wall with ako's red fives."""
    return build_wall(hands, draws, red_fives=RED, **kw)  # type: ignore[arg-type]


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
    assert g.state.scores[1] == 30300 or starts(g)[-1].scores[1] == 30300
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
    assert res.tenpai[0] is keeps or round_wind > 0
    nxt = starts(g)[-1]
    assert (nxt.round_wind, nxt.dealer, nxt.honba) == (round_wind, 0 if keeps else 1, 1)


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
    assert res.deltas == (3000, -1000, -1000, -1000)  # 1-06: 3,000 in all


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
