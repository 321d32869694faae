"""The end of the game (MATRIX.md sections 1 and 2): last hand, dealer's stop, bust, extension.

Games are resumed from a crafted ``HandStarted`` (``Game.from_events``), so a test can
begin at South 4 with chosen scores.
"""

from __future__ import annotations

from collections.abc import Sequence

from hanchan.engine.actions import EndGame
from hanchan.engine.events import Event, GameEnded, GameStarted, HandStarted, Won
from hanchan.engine.game import Game
from hanchan.rulesets.schema import Ruleset
from tests.kit.game import CLUBS, build_wall, default_action, last_result, run

WIN_HANDS = {3: "123m456m789m12p55s", 0: "2468m13579p2468s", 1: "13579s123456z99p",
             2: "2468m2468p2468s7z"}  # the South-4 dealer (seat 3) waits 3p with ittsu
NOTEN = {3: "13579m2468p1357s", 0: "2468m13579p2468s", 1: "13579s123456z99p",
         2: "2468m2468p2468s7z"}


def start_at(rules: Ruleset, round_wind: int, dealer: int, scores: tuple[int, int, int, int],
             wall: tuple[int, ...], walls_after: Sequence[tuple[int, ...]] = (),
             honba: int = 0, sticks: int = 0) -> Game:
    events: list[Event] = [
        GameStarted(rules, ("a", "b", "c", "d"), 0),
        HandStarted(round_wind, dealer, honba, sticks, dealer, scores, (1, 1), wall),
    ]
    walls = [wall] + list(walls_after)  # index 0 is the hand already started
    return Game.from_events(events, walls=walls)


def south4_dealer_win(club: str, scores: tuple[int, int, int, int]) -> Game:
    wall = build_wall(WIN_HANDS, ["1z", "3p"], dealer=3)
    g = start_at(CLUBS[club], 1, 3, scores, wall)
    run(g, (0, "d 3p"), (3, "ron"))
    return g


def hands(g: Game) -> list[HandStarted]:
    return [e for e in g.events if isinstance(e, HandStarted)]


def test_tenhou_dealer_top_after_the_last_win_ends_the_game() -> None:
    # Tenhou: agari-yame is automatic for a dealer who is top (and has 30,000)
    g = south4_dealer_win("tenhou", (20000, 20000, 20000, 40000))
    assert g.over
    end = g.events[-1]
    assert isinstance(end, GameEnded) and end.reason == "agariyame"
    assert end.table[0].seat == 3


def test_tenhou_dealer_not_top_plays_on() -> None:
    g = south4_dealer_win("tenhou", (45000, 20000, 20000, 15000))
    assert not g.over
    nxt = hands(g)[-1]
    assert (nxt.round_wind, nxt.dealer, nxt.honba) == (1, 3, 1)


def test_makura_dealer_may_stop_regardless_of_standing() -> None:
    # makura 4: オーラスの親は持ち点や順位に関らずアガリやめを選択できる
    g = south4_dealer_win("makura", (45000, 20000, 20000, 15000))
    assert g.pending() == {3: (EndGame(True), EndGame(False))}
    g.act(3, EndGame(True))
    end = g.events[-1]
    assert g.over and isinstance(end, GameEnded) and end.reason == "agariyame"
    g = south4_dealer_win("makura", (45000, 20000, 20000, 15000))
    g.act(3, EndGame(False))
    assert not g.over and hands(g)[-1].honba == 1


def test_gpc_no_stop_at_the_last_hand() -> None:
    # gpc: no stop (アガリやめなし)
    g = south4_dealer_win("gpc", (20000, 20000, 20000, 40000))
    assert not g.over and 3 not in g.pending() or g.state.phase != "hand_over"
    assert hands(g)[-1].honba == 1


def play_hand(g: Game) -> None:
    start = g.state.hands_started
    while not g.over and g.state.hands_started == start:
        seat, acts = next(iter(g.pending().items()))
        g.act(seat, default_action(g, seat, acts))


def test_last_hand_dealer_noten_ends_the_game() -> None:
    # makura 4: オーラス親ノーテンは終局
    g = start_at(CLUBS["makura"], 1, 3, (26000, 25000, 25000, 24000),
                 build_wall(NOTEN, dealer=3))
    play_hand(g)
    end = g.events[-1]
    assert g.over and isinstance(end, GameEnded) and end.reason == "complete"


def _noten_wall(dealer: int) -> tuple[int, ...]:
    return build_wall({(s - 3 + dealer) % 4: h for s, h in NOTEN.items()}, dealer=dealer)


def test_tenhou_west_round_when_nobody_has_30000() -> None:
    # Tenhou: 西入 (sudden death) when nobody has the 30,000 return after South 4
    g = start_at(CLUBS["tenhou"], 1, 3, (26000, 25000, 25000, 24000), _noten_wall(3),
                 walls_after=[_noten_wall(0)])
    play_hand(g)
    assert not g.over
    nxt = hands(g)[-1]
    assert (nxt.round_wind, nxt.dealer) == (2, 0)


def test_tenhou_sudden_death_ends_once_somebody_has_30000() -> None:
    wall = build_wall({0: "123m456m789m12p55s", 1: "2468m13579p2468s",
                       2: "13579s123456z99p", 3: "2468m2468p2468s7z"}, ["1z", "3p"])
    g = start_at(CLUBS["tenhou"], 2, 0, (27000, 25000, 25000, 23000), wall)
    run(g, (1, "d 3p"), (0, "ron"))
    assert isinstance(last_result(g), Won) and g.state.scores[0] >= 30000
    # the West 1 dealer won and is first with 30,000: it ends as South 4 would (agari-yame)
    end = g.events[-1]
    assert g.over and isinstance(end, GameEnded) and end.reason == "agariyame"


def test_the_west_round_is_the_last() -> None:
    # extension_last_round = west: the game ends after West 4 whatever the points
    g = start_at(CLUBS["tenhou"], 2, 3, (26000, 25000, 25000, 24000), _noten_wall(3))
    play_hand(g)
    assert g.over


def test_makura_never_extends() -> None:
    # makura: west/extension never (even if all below 30,000)
    g = start_at(CLUBS["makura"], 1, 3, (26000, 25000, 25000, 24000), _noten_wall(3))
    play_hand(g)
    end = g.events[-1]
    assert g.over and isinstance(end, GameEnded) and end.reason == "complete"


def test_ako_full_rounds_do_not_stop_inside_the_round() -> None:
    # ako 1-04-03: no early stop inside an extension round
    wall = build_wall({0: "123m456m789m12p05s", 1: "2468m13579p2468s",
                       2: "13579s123456z99p", 3: "2468m2468p2468s7z"}, ["1z", "3p"],
                      red_fives=2)
    g = start_at(CLUBS["ako"], 2, 0, (27000, 25000, 25000, 23000), wall)
    run(g, (1, "d 3p"), (0, "ron"))
    assert g.state.scores[0] >= 30000 or hands(g)[-1].scores[0] >= 30000
    assert not g.over


def test_east_only_game_ends_after_east_4() -> None:
    g = start_at(CLUBS["tenhou-east"], 0, 3, (36000, 25000, 25000, 14000), _noten_wall(3))
    play_hand(g)
    end = g.events[-1]
    assert g.over and isinstance(end, GameEnded) and end.reason == "complete"


BUST_HANDS = {
    0: "234m567m234s66s46p", 1: "345m678m345s88s55p", 2: "678m456s678s22m34p",
    3: "5p19m19s9p1234567z",
}


def test_bust_below_zero_ends_the_game() -> None:
    # makura 3: 局終了時に持ち点 0点未満になったものがでた場合 (exactly 0 continues)
    wall = build_wall(BUST_HANDS, ["1z", "2z", "3z", "4z"])
    for club, ends in (("makura", True), ("gpc", False)):
        g = start_at(CLUBS[club], 0, 0, (33000, 33000, 33500, 500), wall)
        run(g, (3, "d 5p"), (0, "ron"))
        assert g.state.scores[3] < 0 or hands(g)[-1].scores[3] < 0
        assert g.over is ends, club
        if ends:
            end = g.events[-1]
            assert isinstance(end, GameEnded) and end.reason == "bust"


def test_leftover_sticks_go_to_the_top_or_stay() -> None:
    # teireikai 4: 供託棒はそのままにする; Tenhou: to the top
    for club, to_top in (("tenhou", True), ("teireikai", False)):
        rules = CLUBS[club]
        g = start_at(rules, 1, 3, (40000, 25000, 24000, 9000 + rules.start_points * 4 - 100000),
                     _noten_wall(3), sticks=2)
        play_hand(g)
        end = g.events[-1]
        assert isinstance(end, GameEnded) and end.leftover_sticks == 2
        top = end.table[0]
        assert top.seat == 0
        assert (top.points == g.state.scores[0] + 2000) is to_top


def test_noten_payments_alone_bust_only_where_the_rules_say() -> None:
    # ako 1-09-01: noten payments alone never bust; Tenhou: they do
    hands = {0: "123m456m789m12p55s", 1: "2468m13579p2468s", 2: "13579s123456z99p",
             3: "2468m2468p2468s7z"}  # the dealer is tenpai, the others noten
    for club, busts in (("ako", False), ("tenhou", True)):
        rules = CLUBS[club]
        if rules.red_fives == 2:  # the plain 5s copies run out: one of the pair is red
            hands = {**hands, 0: "123m456m789m12p05s"}
        wall = build_wall(hands, red_fives=rules.red_fives)
        g = start_at(rules, 0, 0, (25000, 25000, 49500, 500), wall)
        play_hand(g)
        assert any(isinstance(e, HandStarted) for e in g.events[2:]) is not busts, club
        assert g.over is busts, club
