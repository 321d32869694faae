"""Practice mode: a meld made wrongly (誤フーロ) and a false kan (錯カン・空カン), as each
club grades them (``Ruleset.false_meld``, ``false_call``)."""

from __future__ import annotations

import pytest

from hanchan.engine.actions import Chi, ClosedKan, Discard, OpenKan
from hanchan.engine.events import Called, DoraRevealed, Kan, Penalty
from hanchan.engine.facts import is_furiten
from hanchan.engine.game import Game, is_lead
from hanchan.engine.legal import IllegalAction
from hanchan.engine.tiles import kind_of, parse_tiles
from hanchan.rulesets import load_ruleset
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.verify import verify_events
from hanchan.words.hand_facts import hand_facts
from hanchan.words.penalties import facts, sentences
from tests.kit.game import build_wall, new_game, run
from tests.kit.play import play_until

KAN_HANDS = {0: "1112m3579p2468s1z", 1: "2468m13579p2468s", 2: "13579s123456z99p",
             3: "2468m2468p2468s7z"}
"""The dealer holds three 1m and a 2m: a closed kan of them is no kan (錯カン)."""
OPEN_KAN_HANDS = {0: "11m2m3579p2468s12z", 1: "2468m13579p2468s", 2: "13579s123456z99p",
                  3: "2468m2468p2468s7z"}
"""Seat 0 holds two 1m and a 2m: an open kan of North's 1m with them is no kan."""


def practice(club: str) -> Ruleset:
    """The club's preset, in practice mode."""
    return load_ruleset(club).replace(practice_mode=True)


def false_kan_game(club: str) -> tuple[Game, ClosedKan]:
    """The dealer's first turn, holding 1112m: the closed kan of those four."""
    g = new_game(practice(club), build_wall(KAN_HANDS, ["5z"], rinshan="9m"))
    ones = sorted(t for t in g.state.seats[0].hand if kind_of(t) in (0, 1))
    return g, ClosedKan((ones[0], ones[1], ones[2], ones[3]))


def test_a_false_closed_kan_stands_with_a_dead_hand_and_its_kan_dora_in_gpc() -> None:
    # gpc l.49: 誤フーロ ... アガリ放棄のまま続行: the kan is made as shown, its replacement
    # tile drawn and its kan dora turned as for any kan; the hand may no longer win
    g, kan = false_kan_game("gpc")
    g.act(0, kan)
    made = next(e for e in g.events if isinstance(e, Kan))
    assert made.meld.kind == "ankan" and made.meld.tiles == tuple(sorted(kan.tiles))
    pen = next(e for e in g.events if isinstance(e, Penalty))
    assert pen.kind == "false_meld" and pen.dead_hand and pen.deltas == (0, 0, 0, 0)
    assert g.events.index(pen) == g.events.index(made) - 1  # written with its kan
    assert g.state.seats[0].dead
    assert g.state.phase == "turn" and g.state.turn == 0
    assert g.state.drawn == parse_tiles("9m")[0]  # the replacement tile
    assert sum(isinstance(e, DoraRevealed) for e in g.events) == 1
    assert verify_events(g.events, practice_seats=(0,)) == []


def test_a_closed_kan_with_wrong_hidden_tiles_is_a_chombo_in_ako() -> None:
    # ako 7-05-03 a: 暗槓の伏せ牌の誤り ... 発覚時に錯和 (the kan is made, then found wrong)
    g, kan = false_kan_game("ako")
    g.act(0, kan)
    pen = next(e for e in g.events if isinstance(e, Penalty))
    assert pen.kind == "chombo" and pen.seat == 0
    assert not any(isinstance(e, (Kan, DoraRevealed)) for e in g.events)
    text = " ".join(sentences(facts(hand_facts(g.events, pen)), ["You", "S", "W", "N"]))
    assert text.startswith("Chombo: a false closed kan (暗槓の伏せ牌の誤り) — you made a "
                           "closed kan whose hidden tiles are not four of a kind."), text
    assert verify_events(g.events, practice_seats=(0,)) == []


def test_an_open_kan_of_unlike_tiles_leaves_a_dead_hand_in_ako() -> None:
    # ako 7-05-02 d: 誤った鳴き (順子・刻子・槓子になっていない) は発覚後和り放棄
    g = new_game(practice("ako"), build_wall(OPEN_KAN_HANDS, ["9m", "5z", "5z", "1m"],
                                             red_fives=2, rinshan="9m"))
    play_until(g, lambda g: g.state.phase == "claim" and g.state.last_discard is not None
               and g.state.last_discard[0] == 3)
    last = g.state.last_discard
    assert last is not None and kind_of(last[1]) == 0  # North throws a 1m
    mine = sorted(t for t in g.state.seats[0].hand if kind_of(t) in (0, 1))
    g.act(0, OpenKan((mine[0], mine[1], mine[2])))
    call = next(e for e in g.events if isinstance(e, Called))
    assert call.meld.kind == "minkan" and call.seat == 0
    pen = next(e for e in g.events if isinstance(e, Penalty))
    assert pen.kind == "false_meld" and pen.dead_hand and g.state.seats[0].dead
    assert g.events.index(pen) == g.events.index(call) - 1  # written with its meld
    assert verify_events(g.events, practice_seats=(0,)) == []


def test_a_false_kan_is_taken_back_with_no_kan_dora_in_yokoyoko() -> None:
    # yokoyoko (5): ポンチー及びカンのさらし間違えについては、訂正可; 誤発声 (空カン) は
    # ペナルティ無しで取り消せる; 錯カン、空カンの場合カンドラは増えない
    g, kan = false_kan_game("yokoyoko")
    hand = sorted(g.state.seats[0].hand)
    with pytest.raises(IllegalAction, match="four of the same tile"):
        g.act(0, kan)
    assert not any(isinstance(e, (Kan, DoraRevealed, Penalty)) for e in g.events)
    assert sorted(g.state.seats[0].hand) == hand and not g.state.seats[0].dead
    g.act(0, Discard(hand[-1]))  # the turn goes on as before


def test_a_false_kan_costs_1000_and_is_not_made_in_makura() -> None:
    # makura 38) a, b: チーポンカンを発声し...正当なものでないと判明した場合 (空行為):
    # 罰符1000点を場に供託; the kan is not made, so no replacement tile and no kan dora
    g, kan = false_kan_game("makura")
    g.act(0, kan)
    pen = next(e for e in g.events if isinstance(e, Penalty))
    assert pen.kind == "false_kan" and pen.to_table == 1000 and not pen.dead_hand
    assert not is_lead(pen)  # it ends its step: the turn is asked again, the penalty kept
    assert not any(isinstance(e, (Kan, DoraRevealed)) for e in g.events)
    assert g.state.phase == "turn" and g.state.turn == 0 and len(g.state.seats[0].hand) == 14
    g.act(0, Discard(sorted(g.state.seats[0].hand)[-1]))
    # makura 39): チーポンカンを取り消した場合、次の自分のツモまでは、ロンの発声ができない: the
    # own discard after the false kan does not lift it, the next draw (and discard) does
    for seat in (1, 2, 3):
        play_until(g, lambda g, seat=seat: g.state.phase == "claim"  # type: ignore[misc]
                   and g.state.last_discard is not None and g.state.last_discard[0] == seat)
        assert is_furiten(g.state, 0), seat
    play_until(g, lambda g: g.state.turn == 1 and g.state.phase == "turn")
    assert not is_furiten(g.state, 0)
    assert verify_events(g.events, practice_seats=(0,)) == []


def test_a_chi_that_is_no_run_stands_in_gpc_and_is_a_false_call_in_makura() -> None:
    # gpc l.49 (誤フーロ: アガリ放棄のまま続行) against makura 38) b (空行為: 1,000 to the
    # table, the call not made): West chis South's 5m with a 1m and a 9m
    hands = {0: "13579m2468p1357s", 1: "2468m13579p2468s", 2: "19m19p19s1234567z",
             3: "2468m2468p2468s7z"}
    for club, stands in (("gpc", True), ("makura", False)):
        g = Game(practice(club), seed=0, walls=[build_wall(hands, ["9p", "5m"])],
                 practice_seats=(2,))
        run(g, (0, "d 9p"), (1, "d 5m"))
        assert 2 in g.pending()
        wrong = sorted(t for t in g.state.seats[2].hand if kind_of(t) in (0, 8))
        g.act(2, Chi((wrong[0], wrong[1])))
        pen = next(e for e in g.events if isinstance(e, Penalty))
        made = [e for e in g.events if isinstance(e, Called)]
        assert (pen.kind, bool(made), pen.dead_hand, pen.to_table) == (
            ("false_meld", True, True, 0) if stands else ("false_call", False, False, 1000)
        ), club
        assert verify_events(g.events, practice_seats=(2,)) == []
