"""Points the engine hands to the settlement (MATRIX.md section 1): chips, wareme, yakuman
bonuses, honba."""

from __future__ import annotations

from hanchan.engine.events import Event, GameEnded, GameStarted, HandStarted, Won
from hanchan.engine.game import Game
from tests.kit.game import CLUBS, build_wall, last_result, new_game, run

IPPATSU = {0: "123m456m789m12p55s", 1: "2468m13579p2468s", 2: "13579s1234z55z99p",
           3: "2468m2468p2468s7z"}


def _ippatsu_tsumo(club: str) -> Won:
    hands = IPPATSU
    if CLUBS[club].red_fives == 2:  # both plain 5s copies are taken: the pair holds a red
        hands = {**IPPATSU, 0: "123m456m789m12p05s"}
    g = new_game(CLUBS[club], build_wall(hands, ["9s", "5z", "6z", "3p", "3p"],
                                         red_fives=CLUBS[club].red_fives))
    run(g, (0, "riichi 9s"), (3, "d 3p"), (0, "pass"), (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won)
    return won


def test_ako_chips_for_ippatsu_and_ura_from_each_player() -> None:
    # ako 8-07: ippatsu 1 chip, each ura dora and red five 1 chip, from each on a tsumo
    w = _ippatsu_tsumo("ako").wins[0]
    each = 1 + dict(w.yaku).get("ura_dora", 0) + dict(w.yaku).get("aka_dora", 0)
    assert each >= 2
    assert w.chips[0] == 3 * each
    assert w.chips[1] == w.chips[2] == w.chips[3] == -each
    assert _ippatsu_tsumo("tenhou").wins[0].chips == (0, 0, 0, 0)


def test_ako_wareme_doubles_what_the_broken_wall_seat_pays() -> None:
    # ako 8-01: the dice 1+1 break the wall in front of seat 1, who pays double (honba not)
    w = _ippatsu_tsumo("ako").wins[0]
    hand = {p.payer: p.amount for p in w.payments if p.reason == "hand"}
    assert hand[1] == 2 * hand[2] == 2 * hand[3]


PAO = {0: "2468m2468p2468s3z", 1: "55z66z77z1234m9p9s1s", 2: "13579p13579s2z3z3z",
       3: "3579m5678p5678s1z"}
DRAWS = ["1z", "5z", "1z", "1z", "6z", "2z", "2z", "7z", "2z", "4z", "4z", "4m"]


def test_yokoyoko_yakuman_bonus_in_the_final_table() -> None:
    # yokoyoko: yakuman tsumo, 10 (thousand) from each other player in the settlement
    rules = CLUBS["yokoyoko"]
    wall = build_wall(PAO, DRAWS, dealer=3)
    events: list[Event] = [GameStarted(rules, ("a", "b", "c", "d"), 0),
              HandStarted(1, 3, 0, 0, 3, (30000, 25000, 25000, 20000), (1, 1), wall)]
    g = Game.from_events(events)
    run(g, (0, "d 5z"), (1, "pon"), (1, "d 9p"), (0, "d 6z"), (1, "pon"), (1, "d 9s"),
        (0, "d 7z"), (1, "pon"), (1, "d 1s"), (1, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].yakuman_count == 1
    end = g.events[-1]
    assert isinstance(end, GameEnded) and end.reason == "complete"
    bonus = {r.seat: r.bonus for r in end.table}
    assert bonus[1] == 30 and bonus[0] == bonus[2] == bonus[3] == -10
