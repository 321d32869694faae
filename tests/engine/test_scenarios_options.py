"""Single options beside the clubs' values: each one changes exactly what it says."""

from __future__ import annotations

from hanchan.engine.actions import ClosedKan, EndGame
from hanchan.engine.events import GameEnded, GameStarted, HandDrawn, HandStarted, Won
from hanchan.engine.game import Game
from tests.kit.game import CLUBS, build_wall, default_action, last_result, new_game, run

TENHOU = CLUBS["tenhou"]
NOTEN = {0: "13579m2468p1357s", 1: "2468m13579p2468s", 2: "13579s123456z99p",
         3: "2468m2468p2468s7z"}
TENPAI_DEALER = {**NOTEN, 0: "123m456m789m12p55s"}


def play_hand(g: Game) -> None:
    start = g.state.hands_started
    while not g.over and g.state.hands_started == start:
        p = g.pending()
        if not p or any(isinstance(a, EndGame) for acts in p.values() for a in acts):
            break
        seat, acts = next(iter(p.items()))
        g.act(seat, default_action(g, seat, acts))


def next_start(g: Game) -> HandStarted:
    return [e for e in g.events if isinstance(e, HandStarted)][-1]


def test_renchan_at_draw_always_and_never() -> None:
    g = new_game(TENHOU.replace(renchan_at_draw="always"), build_wall(NOTEN))
    play_hand(g)
    assert next_start(g).dealer == 0
    g = new_game(TENHOU.replace(renchan_at_draw="never"), build_wall(TENPAI_DEALER))
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.tenpai[0]
    assert next_start(g).dealer == 1


def test_renchan_at_abort_off_passes_the_deal() -> None:
    hands = {**NOTEN, 0: "19m19p19s1234z246m"}
    for keep in (True, False):
        g = new_game(TENHOU.replace(renchan_at_abort=keep), build_wall(hands))
        run(g, (0, "nine"))
        assert (next_start(g).dealer == 0) is keep
        assert next_start(g).honba == 1


def test_tenpaiyame_if_top_asks_the_dealer() -> None:
    hands = {(s + 3) % 4: h for s, h in TENPAI_DEALER.items()}
    wall = build_wall(hands, dealer=3)
    rules = TENHOU.replace(tenpaiyame="if_top")
    g = Game.from_events([GameStarted(rules, ("a", "b", "c", "d"), 0),
                          HandStarted(1, 3, 0, 0, 3, (20000, 20000, 20000, 40000), (1, 1),
                                      wall)])
    play_hand(g)
    assert g.pending() == {3: (EndGame(True), EndGame(False))}
    g.act(3, EndGame(True))
    end = g.events[-1]
    assert g.over and isinstance(end, GameEnded) and end.reason == "tenpaiyame"


RIICHI_KAN = {0: "111m234p567p789s5z", 1: "2468s2468p579s12z", 2: "13579s13579p344z",
              3: "6789p6789s6789m5z"}


def test_riichi_ankan_never() -> None:
    # 111m + a 5z single wait: the kan of the drawn 1m keeps the wait -- allowed unless "never"
    for rule, offered in (("waits_unchanged", True), ("never", False)):
        g = new_game(TENHOU.replace(riichi_ankan=rule),
                     build_wall(RIICHI_KAN, ["1z", "1z", "3z", "2z", "1m"]))
        run(g, (0, "riichi 1z"))
        while not (g.state.turn == 0 and g.state.phase == "turn"):
            seat, acts = next(iter(g.pending().items()))
            g.act(seat, default_action(g, seat, acts))
        assert any(isinstance(a, ClosedKan) for a in g.pending()[0]) is offered, rule


def test_kan_on_the_last_tile() -> None:
    # seat 1 draws the last live tile (wall[121] when the dead wall keeps its end)
    hands = {**NOTEN, 0: "13578m2468p1357s", 1: "2468m357p246s999m"}
    for allowed in (False, True):
        rules = TENHOU.replace(dead_wall_replenish=False, kan_on_last_tile=allowed)
        g = new_game(rules, build_wall(hands, at={121: "9m"}))
        while not (g.state.turn == 1 and g.state.phase == "turn"
                   and g.state.live_remaining == 0):
            seat, acts = next(iter(g.pending().items()))
            g.act(seat, default_action(g, seat, acts))
        assert g.state.drawn is not None and g.state.drawn >> 2 == 8
        kan = any(isinstance(a, ClosedKan) for a in g.pending()[1])
        assert kan is allowed


DOUBLE = {0: "234m567m234s66s46p", 1: "345m678m345s88s55p", 2: "678m456s678s22m38p",
          3: "5p19m19s9p1234567z"}


def test_multi_ron_sticks_each_own() -> None:
    # each_own: the farther winner takes back the stick it put down this hand
    for rule, farther_gets in (("nearest", 0), ("each_own", 1)):
        rules = TENHOU.replace(multi_ron_sticks=rule)
        g = new_game(rules, build_wall(DOUBLE, ["1z", "2z", "3z", "4z"]))
        run(g, (1, "riichi 2z"), (3, "d 5p"), (0, "ron"), (1, "ron"))
        won = last_result(g)
        assert isinstance(won, Won) and [w.seat for w in won.wins] == [0, 1]
        sticks = {w.seat: sum(p.amount for p in w.payments if p.reason == "sticks")
                  for w in won.wins}
        assert sticks[1] == 1000 * farther_gets and sticks[0] == 1000 * (1 - farther_gets)
        assert won.sticks_taken == 1
