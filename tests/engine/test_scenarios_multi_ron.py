"""Multiple ron under each club's rules (MATRIX.md section 2), with scripted walls.

Seat 3 discards 5p; seats 0 (the dealer), 1 and 2 all wait on it with tanyao hands.
"""

from __future__ import annotations

from typing import Literal

import pytest

from hanchan.engine.events import HandDrawn, HandStarted, Won
from hanchan.engine.flow import ron_winners
from hanchan.engine.game import Game
from hanchan.rulesets.schema import Ruleset
from tests.kit.game import CLUBS, build_wall, last_result, new_game, run

HANDS = {
    0: "234m567m234s66s46p",   # kanchan 5p, tanyao
    1: "345m678m345s88s55p",   # shanpon 5p/8s, tanyao
    2: "678m456s678s22m34p",   # ryanmen 2p/5p, tanyao
    3: "5p19m19s9p1234567z",   # the discarder
}
DRAWS = ["1z", "2z", "3z", "4z"]  # nobody can call these; seat 3 then throws 5p


def triple_wall() -> tuple[int, ...]:
    return build_wall(HANDS, DRAWS)


def double_wall() -> tuple[int, ...]:
    hands = dict(HANDS)
    hands[2] = "678m456s678s22m38p"  # no longer waits on 5p
    return build_wall(hands, DRAWS)


def play_first_hand(club: str, wall: tuple[int, ...], riichi_seat: int | None = None,
                    walls: int = 1) -> Game:
    g = new_game(CLUBS[club], *([wall] * walls))
    moves = []
    if riichi_seat is not None:
        moves.append((riichi_seat, f"riichi {DRAWS[riichi_seat]}"))
    moves += [(3, "d 5p"), (0, "ron"), (1, "ron"), (2, "ron")]
    run(g, *moves)
    return g


def hand_starts(g: Game) -> list[HandStarted]:
    return [e for e in g.events if isinstance(e, HandStarted)]


def test_makura_triple_ron_all_win_and_the_dealer_keeps_the_deal() -> None:
    # makura 7: double and triple ron all win; a dealer among the winners keeps the deal.
    g = play_first_hand("makura", triple_wall(), riichi_seat=1)
    won = last_result(g)
    assert isinstance(won, Won)
    assert [w.seat for w in won.wins] == [0, 1, 2]  # nearest to the discarder's right first
    # makura 24: the riichi stick goes to the winner nearest the discarder (上家取り)
    assert won.sticks_taken == 1
    assert [p.payee for w in won.wins for p in w.payments if p.reason == "sticks"] == [0]
    nxt = hand_starts(g)[1]
    assert nxt.dealer == 0 and nxt.honba == 1


def test_makura_honba_go_to_every_winner() -> None:
    # makura g) (324): 300 per honba, paid to every winner of a double/triple ron.
    g = new_game(CLUBS["makura"], triple_wall(), triple_wall())
    run(g, (3, "d 5p"), (0, "ron"), (1, "ron"), (2, "ron"))
    assert hand_starts(g)[-1].honba == 1
    run(g, (3, "d 5p"), (0, "ron"), (1, "ron"), (2, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and len(won.wins) == 3
    for w in won.wins:
        honba = [p for p in w.payments if p.reason == "honba"]
        assert [(p.payer, p.amount) for p in honba] == [(3, 300)]


def test_tenhou_double_ron_honba_and_sticks_go_to_the_nearest_only() -> None:
    # Tenhou (tests/data/logs): honba and sticks only to the winner nearest the discarder.
    g = new_game(CLUBS["tenhou"], double_wall(), double_wall())
    run(g, (3, "d 5p"), (0, "ron"), (1, "ron"))
    run(g, (1, "riichi 2z"), (3, "d 5p"), (0, "ron"), (1, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and [w.seat for w in won.wins] == [0, 1]
    reasons = {w.seat: sorted(p.reason for p in w.payments) for w in won.wins}
    assert reasons[0] == ["hand", "honba", "sticks"]
    assert reasons[1] == ["hand"]
    assert won.deltas[3] == -sum(p.amount for w in won.wins for p in w.payments
                                 if p.payer == 3)


def test_tenhou_triple_ron_is_an_abortive_draw() -> None:
    g = play_first_hand("tenhou", triple_wall())
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "triple_ron"
    assert res.deltas == (0, 0, 0, 0)


def test_yokoyoko_triple_ron_aborts_and_the_dealer_keeps() -> None:
    # yokoyoko: ダブロンなし。トリプルロン流局。
    g = play_first_hand("yokoyoko", triple_wall())
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "triple_ron"
    nxt = hand_starts(g)[1]
    assert nxt.dealer == 0 and nxt.honba == 1


def test_yokoyoko_double_ron_head_bump() -> None:
    # yokoyoko: ダブロンなし (head bump: the nearest to the discarder's right wins)
    g = new_game(CLUBS["yokoyoko"], double_wall())
    run(g, (3, "d 5p"), (0, "ron"), (1, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and [w.seat for w in won.wins] == [0]


def test_teireikai_single_winner_head_bump() -> None:
    # teireikai 8: アガリ者は常に一人 (同時アガリは上家のアガリ)
    g = play_first_hand("teireikai", triple_wall())
    won = last_result(g)
    assert isinstance(won, Won) and [w.seat for w in won.wins] == [0]
    assert won.deltas[1] == 0 and won.deltas[2] == 0


def test_gpc_head_bump_when_the_dealer_is_not_nearest() -> None:
    # gpc: ダブロン、トリプルロンなし。頭ハネ制度。Seat 1 discards: seat 2 is nearest.
    hands = {0: "234m567m234s66s46p", 1: "5p19m19s9p1234567z", 2: "345m678m345s88s55p",
             3: "678m456s678s22m34p"}
    g = new_game(CLUBS["gpc"], build_wall(hands, DRAWS))
    run(g, (1, "d 5p"), (0, "ron"), (2, "ron"), (3, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and [w.seat for w in won.wins] == [2]
    # the dealer did not win: the deal passes
    assert hand_starts(g)[1].dealer == 1


@pytest.mark.parametrize("double", ["allowed", "head_bump"])
@pytest.mark.parametrize("triple", ["allowed", "abort", "head_bump"])
def test_one_rule_for_every_multiple_ron(double: Literal["allowed", "head_bump"],
                                         triple: Literal["allowed", "abort", "head_bump"],
                                         ) -> None:
    """flow.ron_winners, which the discard and the robbed kan both ask."""
    r = Ruleset(double_ron=double, triple_ron=triple)
    assert ron_winners(r, [3]) == (3,)
    assert ron_winners(r, [2, 0]) == ((2,) if double == "head_bump" else (2, 0))
    want = {"allowed": (1, 2, 3), "abort": None, "head_bump": (1,)}[triple]
    assert ron_winners(r, [1, 2, 3]) == want
