"""Practice mode: 「ポン→ロン」, a call said where the seat could win (``call_meant_ron``)."""

from __future__ import annotations

from hanchan.engine.actions import Chi, Pon, Ron
from hanchan.engine.events import Called, Penalty, Won
from hanchan.engine.game import Game
from hanchan.rulesets.loader import load_ruleset
from hanchan.rulesets.schema import Ruleset
from tests.kit.game import build_wall, default_action, new_game

# East (seat 0) waits on 1p-4p with tanyao on 4p, which South discards; East has one 4p
# and cannot pon it.
HANDS = {0: "234m456p678s23p55s", 1: "2468m13579p2468s", 2: "13579s1234z11m99p",
         3: "2468m2468p2468s7z"}


def south_discards_4p(rules: Ruleset, hands: dict[int, str] = HANDS) -> Game:
    g = new_game(rules.replace(practice_mode=True), build_wall(hands, ["9m", "4p"]))
    g.act(0, default_action(g, 0, g.pending()[0]))
    g.act(1, default_action(g, 1, g.pending()[1]))
    assert g.state.last_discard is not None and g.state.last_discard[1] >> 2 == 12  # 4p
    assert Ron() in g.pending()[0] and not any(isinstance(a, Pon) for a in g.pending()[0])
    return g


def pon_23p(g: Game) -> Pon:
    two, three = (next(t for t in g.state.seats[0].hand if t >> 2 == k) for k in (10, 11))
    return Pon((two, three))


def test_teireikai_a_pon_said_for_a_ron_wins_when_nobody_else_claims() -> None:
    # teireikai 罰則5: 「ポン→ロン」は、他にロン・ポン・チー・カンがなければそのアガリを認める
    g = south_discards_4p(load_ruleset("teireikai"))
    g.act(0, pon_23p(g))
    won = next(e for e in g.events if isinstance(e, Won))
    assert [(w.seat, w.from_seat) for w in won.wins] == [(0, 1)]
    assert not any(isinstance(e, Penalty) for e in g.events)


def test_teireikai_a_pon_said_for_a_ron_beside_a_chi_is_a_false_call() -> None:
    # teireikai 罰則5 (another claim: no win) and 罰則3 (空ポン: アガリ放棄)
    hands = {**HANDS, 2: "13579s1234z56p11m"}
    g = south_discards_4p(load_ruleset("teireikai"), hands)
    g.act(0, pon_23p(g))
    chi = next(a for a in g.pending()[2] if isinstance(a, Chi))
    g.act(2, chi)
    assert not any(isinstance(e, Won) for e in g.events)
    [pen] = [e for e in g.events if isinstance(e, Penalty)]
    assert pen.seat == 0 and pen.kind == "false_call" and pen.dead_hand
    assert any(isinstance(e, Called) and e.seat == 2 for e in g.events)


def test_makura_a_pon_said_for_a_ron_is_a_false_call() -> None:
    # makura 38 a): 発声種類を間違った場合も空行為 (罰符1000点)
    g = south_discards_4p(load_ruleset("makura"))
    g.act(0, pon_23p(g))
    assert not any(isinstance(e, Won) for e in g.events)
    [pen] = [e for e in g.events if isinstance(e, Penalty)]
    assert pen.kind == "false_call" and pen.to_table == 1000
