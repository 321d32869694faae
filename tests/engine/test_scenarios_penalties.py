"""Practice mode (MATRIX.md section 7): the human seat may err and pays the club's penalty."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from hanchan.engine.actions import Discard, Pass, Pon, Ron, Tsumo
from hanchan.engine.events import HandDrawn, HandStarted, Penalty
from hanchan.engine.game import Game
from hanchan.engine.legal import IllegalAction
from hanchan.rulesets.schema import Ruleset
from tests.kit.game import CLUBS, build_wall, default_action, new_game, run
from tests.kit.play import play_until

NOTEN = {0: "13579m2468p1357s", 1: "2468m13579p2468s", 2: "13579s123456z99p",
         3: "2468m2468p2468s7z"}
MAKURA_PRACTICE = CLUBS["makura"].replace(practice_mode=True, chombo="each_fixed",
                                          chombo_points=4000, chombo_replay=True)


def starts(g: Game) -> list[HandStarted]:
    return [e for e in g.events if isinstance(e, HandStarted)]


def test_false_tsumo_is_a_chombo_and_the_hand_is_replayed() -> None:
    # makura 33: 4,000 to each other player; the hand is replayed with no honba
    wall = build_wall(NOTEN)
    g = new_game(MAKURA_PRACTICE, wall, wall)
    assert Tsumo() not in g.pending()[0]
    g.act(0, Tsumo())
    pen = next(e for e in g.events if isinstance(e, Penalty))
    assert pen.kind == "chombo" and pen.seat == 0 and pen.deltas == (-12000, 4000, 4000, 4000)
    again = starts(g)[1]
    assert (again.dealer, again.honba, again.scores) == (0, 0, (13000, 29000, 29000, 29000))


def test_mistakes_are_refused_outside_practice_mode_and_for_bots() -> None:
    g = new_game(CLUBS["makura"], build_wall(NOTEN))
    with pytest.raises(IllegalAction):
        g.act(0, Tsumo())
    g = new_practice(MAKURA_PRACTICE, build_wall(NOTEN), practice_seats=())
    with pytest.raises(IllegalAction):
        g.act(0, Tsumo())
    assert not any(isinstance(e, Penalty) for e in g.events)


def new_practice(rules: Ruleset, *walls: tuple[int, ...],
                 practice_seats: Iterable[int] = (0,)) -> Game:
    return Game(rules, seed=0, walls=list(walls), practice_seats=practice_seats)


def test_noten_riichi_is_a_chombo_at_the_draw_and_the_stick_comes_back() -> None:
    # makura 27: ノーテンリーチは流局後チョンボ
    wall = build_wall(NOTEN)
    g = new_game(MAKURA_PRACTICE, wall, wall)
    drawn = g.state.drawn
    assert drawn is not None and Discard(drawn, riichi=True) not in g.pending()[0]
    g.act(0, Discard(drawn, riichi=True))
    assert g.state.seats[0].riichi
    while len(starts(g)) == 1:
        seat, acts = next(iter(g.pending().items()))
        g.act(seat, default_action(g, seat, acts))
    assert not any(isinstance(e, HandDrawn) for e in g.events)
    pen = next(e for e in g.events if isinstance(e, Penalty))
    assert pen.seat == 0 and pen.kind == "chombo"
    again = starts(g)[1]
    assert again.sticks == 0 and again.scores[0] == 25000 - 12000


def test_a_noten_riichi_the_riichi_rules_forbid_is_refused_not_played() -> None:
    # A riichi needs 1,000 points to put down where the rules say so (makura 20 says the
    # opposite, hence the option): below it no riichi is declared at all, so a noten one is
    # refused with that reason instead of being played as a noten-riichi chombo (makura 27)
    rules = MAKURA_PRACTICE.replace(riichi_needs_points=True, start_points=900,
                                    return_points=900)
    wall = build_wall(NOTEN)
    g = new_game(rules, wall, wall)
    drawn = g.state.drawn
    assert drawn is not None
    with pytest.raises(IllegalAction, match="Riichi needs 1,000 points to put down"):
        g.act(0, Discard(drawn, riichi=True))
    assert not g.state.seats[0].riichi and not g.state.seats[0].riichi_pending
    g.act(0, Discard(drawn))  # the plain discard stays open


CALL_HANDS = {0: "55z13579m2468p13s", 1: "2468m13579p2468s", 2: "13579s123467z9p9m",
              3: "2468m2468p2468s7z"}
"""Seat 0 may call South's 5z (its pair of 5z) and ron nothing: the practice calls' hands."""


def false_pon_in_teireikai() -> Game:
    """teireikai with false calls making a dead hand: seat 0 pons South's 5z naming two 1m,
    which are not like the discard (a false call)."""
    rules = CLUBS["teireikai"].replace(practice_mode=True, false_call="dead_hand")
    g = new_game(rules, build_wall(CALL_HANDS, ["1z", "5z", "5z"]))
    run(g, (1, "d 5z"))
    assert 0 in g.pending()
    wrong = tuple(sorted(t for t in g.state.seats[0].hand if t >> 2 == 0))[:1] * 2
    g.act(0, Pon((wrong[0], wrong[0] + 1)))
    return g


def test_a_dead_hand_cannot_declare_a_noten_riichi() -> None:
    # teireikai 罰則3: after a false call the hand is dead (アガリ放棄): it never declares
    # riichi, so a noten riichi from it is refused, not played as a second penalty
    g = false_pon_in_teireikai()
    assert g.state.seats[0].dead
    play_until(g, lambda g: g.state.turn == 0 and g.state.phase == "turn")
    drawn = g.state.drawn
    assert drawn is not None
    with pytest.raises(IllegalAction) as refused:
        g.act(0, Discard(drawn, riichi=True))
    assert refused.value.reason == "After your false call this hand may only discard; it cannot " \
        "win or call."
    assert not g.state.seats[0].riichi_pending
    assert sum(isinstance(e, Penalty) for e in g.events) == 1


def test_false_ron_by_a_seat_asked_about_a_discard() -> None:
    g = new_game(MAKURA_PRACTICE, build_wall(CALL_HANDS, ["1z", "5z"]))
    run(g, (1, "d 5z"))
    assert Ron() not in g.pending()[0]
    g.act(0, Ron())
    assert any(isinstance(e, Penalty) and e.kind == "chombo" for e in g.events)


def test_false_call_makes_a_dead_hand_in_teireikai() -> None:
    # teireikai 罰則3: 空チー・空ポン -> アガリ放棄 (the hand may no longer win or call)
    g = false_pon_in_teireikai()
    pen = next(e for e in g.events if isinstance(e, Penalty))
    assert pen.kind == "false_call" and pen.dead_hand and g.state.seats[0].dead
    assert not g.state.seats[0].melds  # the call was not made
    run(g, (2, "d 5z"))
    assert 0 not in g.pending()  # a dead hand is not asked about calls any more


def test_false_call_without_a_penalty_is_just_refused() -> None:
    # ako: false calls are not penalised (the call is taken back)
    rules = CLUBS["ako"].replace(practice_mode=True, false_call="none")
    g = new_game(rules, build_wall(CALL_HANDS, ["1z", "5z"], red_fives=2))
    run(g, (1, "d 5z"))
    with pytest.raises(IllegalAction):
        g.act(0, Pon((0, 1)))
    assert not any(isinstance(e, Penalty) for e in g.events)


def test_a_practice_seat_is_asked_about_every_discard_and_may_ron_falsely() -> None:
    # makura 33 (誤ロン): a false ron is possible on any discard, not only on a winning tile
    wall = build_wall(NOTEN)
    g = new_game(MAKURA_PRACTICE, wall, wall)
    g.act(0, default_action(g, 0, g.pending()[0]))  # seat 0 discards; seat 1 draws
    g.act(1, default_action(g, 1, g.pending()[1]))  # seat 1 discards: seat 0 cannot win
    assert g.pending() == {0: (Pass(),)}  # ...but practice mode asks it anyway
    g.act(0, Ron())
    pen = next(e for e in g.events if isinstance(e, Penalty))
    assert pen.kind == "chombo" and pen.seat == 0


def test_without_practice_nobody_is_asked_about_a_discard_they_cannot_claim() -> None:
    wall = build_wall(NOTEN)
    g = new_game(CLUBS["makura"], wall, wall)
    g.act(0, default_action(g, 0, g.pending()[0]))
    g.act(1, default_action(g, 1, g.pending()[1]))
    assert 0 not in g.pending()
