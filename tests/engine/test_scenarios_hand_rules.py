"""Rules inside a hand: tenpai at a draw, showing hands, minimum han, first-turn yaku,
ippatsu, paarenchan, the dead wall after a kan (MATRIX.md sections 2, 3 and 5)."""

from __future__ import annotations

from hanchan.engine.actions import Ron, ShowHand, Tsumo
from hanchan.engine.events import Event, GameStarted, HandDrawn, HandStarted, NotenDeclared, Won
from hanchan.engine.game import Game
from hanchan.rulesets.schema import Ruleset
from tests.kit.game import CLUBS, build_wall, default_action, last_result, new_game, run

TENPAI_DEALER = {0: "123m456m789m12p55s", 1: "2468m13579p2468s", 2: "13579s123456z99p",
                 3: "2468m2468p2468s7z"}


def play_hand(g: Game) -> None:
    start = g.state.hands_started
    while not g.over and g.state.hands_started == start:
        p = g.pending()
        seat, acts = next(iter(p.items()))
        if ShowHand(False) in acts and seat == 0:
            g.act(seat, ShowHand(False))
            continue
        g.act(seat, default_action(g, seat, acts))


def test_a_tenpai_player_may_declare_noten_where_allowed() -> None:
    # makura (MATRIX 2): declaring noten while tenpai is allowed (only riichi players must show)
    g = new_game(CLUBS["makura"], build_wall(TENPAI_DEALER))
    play_hand(g)
    assert any(isinstance(e, NotenDeclared) and e.seat == 0 for e in g.events)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.tenpai == (False,) * 4 and not res.hands[0]
    # the noten dealer passes the deal
    assert [e for e in g.events if isinstance(e, HandStarted)][1].dealer == 1


def test_tenhou_shows_tenpai_hands_without_asking() -> None:
    g = new_game(CLUBS["tenhou"], build_wall(TENPAI_DEALER))
    play_hand(g)
    assert not any(isinstance(e, NotenDeclared) for e in g.events)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.tenpai[0] and res.hands[0]


OWN_FOUR = {0: "1111m234p567p789p", 1: "2468m13579p2468s", 2: "13579s123456z99p",
            3: "2468m2468p2468s7z"}


def test_a_wait_on_the_own_fifth_copy_is_noten_or_tenpai_by_club() -> None:
    # makura 8: 同一種の牌を4枚使っており、その牌の5枚目のみがアガリ牌 -> not tenpai;
    # ako 6-03-02: 空聴牌 counts as tenpai.
    for club, tenpai in (("makura", False), ("ako", True)):
        g = new_game(CLUBS[club].replace(noten_declaration="not_allowed"),
                     build_wall(OWN_FOUR, red_fives=CLUBS[club].red_fives))
        play_hand(g)
        res = last_result(g)
        assert isinstance(res, HandDrawn) and res.tenpai[0] is tenpai, club


TANYAO = {0: "234m567m234s66s46p", 1: "2468m13789p2468s", 2: "13579s123456z99p",
          3: "2468m2468p2468s7z"}


def _ron_offered(rules: Ruleset, honba: int) -> bool:
    wall = build_wall(TANYAO, ["1z", "5p"], red_fives=rules.red_fives)
    events: list[Event] = [GameStarted(rules, ("a", "b", "c", "d"), 0),
              HandStarted(0, 0, honba, 0, 0, (25000,) * 4, (1, 1), wall)]
    g = Game.from_events(events)
    run(g, (1, "d 5p"))
    return Ron() in g.pending().get(0, ())


def test_two_han_minimum_from_the_fifth_honba() -> None:
    # ako 6-01: 1 han always, 2 han from the 5th honba on
    assert _ron_offered(CLUBS["ako"], 4)
    assert not _ron_offered(CLUBS["ako"], 5)
    assert _ron_offered(CLUBS["tenhou"], 5)


def test_renhou_before_the_own_first_draw() -> None:
    # makura (MATRIX 6): renhou is a yakuman, ron before the own first draw, no call before
    hands = {1: "234m567m234s66s46p", 0: "2468m13789p2468s", 2: "13579s123456z99p",
             3: "2468m2468p2468s7z"}
    g = new_game(CLUBS["makura"], build_wall(hands, ["5p"]))
    run(g, (0, "d 5p"), (1, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and any(y == "renhou" for y, _ in won.wins[0].yaku)
    g = new_game(CLUBS["tenhou"], build_wall(hands, ["5p"]))
    run(g, (0, "d 5p"), (1, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and not any(y == "renhou" for y, _ in won.wins[0].yaku)


IPPATSU = {0: "123m456m789m12p55s", 1: "2468m13579p2468s", 2: "13579s1234z55z99p",
           3: "2468m2468p2468s7z"}


def test_ippatsu_and_a_call_that_ends_it() -> None:
    # makura 28: 一発は次巡自分のツモまで有効で、正当なポン、チー、カンの宣言があった時点で失効
    draws = ["9s", "5z", "6z", "3p", "3p"]
    g = new_game(CLUBS["makura"], build_wall(IPPATSU, draws))
    run(g, (0, "riichi 9s"), (3, "d 3p"), (0, "pass"), (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and ("ippatsu", 1) in won.wins[0].yaku
    g = new_game(CLUBS["makura"], build_wall(IPPATSU, draws))
    run(g, (0, "riichi 9s"), (1, "d 5z"), (2, "pon"), (2, "d 1z"), (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and not any(y == "ippatsu" for y, _ in won.wins[0].yaku)


def test_double_riichi_on_the_first_discard() -> None:
    g = new_game(CLUBS["tenhou"], build_wall(IPPATSU, ["9s", "5z", "6z", "3p", "3p"]))
    run(g, (0, "riichi 9s"), (3, "d 3p"), (0, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and ("double_riichi", 2) in won.wins[0].yaku


def test_paarenchan_on_the_eighth_dealer_win() -> None:
    # makura (MATRIX 6): 八連荘 from the 8th consecutive dealer win
    wall = build_wall(TENPAI_DEALER, ["1z", "2z", "3z", "4z", "3p"])
    g = new_game(CLUBS["makura"], *([wall] * 8))
    for n in range(8):
        run(g, (0, "tsumo"))
        won = last_result(g)
        assert isinstance(won, Won) and won.wins[0].seat == 0
        assert any(y == "paarenchan" for y, _ in won.wins[0].yaku) is (n == 7), n
        assert Tsumo() not in g.pending().get(0, ())  # the next hand has begun


def test_ako_dead_wall_keeps_the_last_live_tile_after_a_kan() -> None:
    # ako 5-20: each kan takes one from the dead wall; the last live tile stays the same.
    # Tenhou (dead_wall_replenish): the live wall gives one tile to the dead wall per kan.
    hands = {0: "1111m2468s1357z9p", 1: "2468p3579m79s246z", 2: "13799p13579s455z",
             3: "2468m2468s8p667z3m"}
    for club, shrink in (("ako", 0), ("tenhou", 1)):
        g = new_game(CLUBS[club], build_wall(hands, ["9s"], rinshan="9m",
                                             red_fives=CLUBS[club].red_fives))
        before = g.state.live_end
        run(g, (0, "ankan 1m"))
        assert g.state.live_end == before - shrink, club


RIICHI_ONLY = {0: "123m456m789p12p99s", 1: "2468m13579p2468s", 2: "13579s123456z99p",
               3: "2468m2468p2468s7z"}


def test_ippatsu_does_not_meet_the_two_han_minimum_in_ako() -> None:
    # ako 3-02-01-03: riichi and ippatsu alone do not make the 2 han needed from 5 honba
    for counts, offered in ((False, False), (True, True)):
        rules = CLUBS["ako"].replace(ippatsu_counts_for_min_han=counts)
        wall = build_wall(RIICHI_ONLY, ["1z", "2z", "3z", "4z", "9s", "3p"], red_fives=2)
        events: list[Event] = [GameStarted(rules, ("a", "b", "c", "d"), 0),
                  HandStarted(0, 0, 5, 0, 0, (25000,) * 4, (1, 1), wall)]
        g = Game.from_events(events)
        run(g, (0, "d 1z"), (0, "riichi 9s"), (1, "d 3p"))
        assert (Ron() in g.pending().get(0, ())) is offered, counts
