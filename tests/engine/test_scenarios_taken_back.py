"""Practice mode: a false win taken back before the hand is shown, and a riichi taken back
before its discard, cost what each club's text says (``false_win_withdrawn``,
``riichi_withdrawn``), less than the chombo of a hand laid down."""

from __future__ import annotations

import pytest

from hanchan.engine.actions import Discard, Pass, Ron, TakeBack, Tsumo
from hanchan.engine.events import HandDrawn, HandStarted, Penalty, Won
from hanchan.engine.game import Game
from hanchan.engine.legal import IllegalAction
from hanchan.rulesets.loader import load_ruleset
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.verify import verify_events
from tests.kit.game import build_wall, default_action, new_game, run

NOTEN = {0: "13579m2468p1357s", 1: "2468m13579p2468s", 2: "13579s123456z99p",
         3: "2468m2468p2468s7z"}


def practice(club: str) -> Ruleset:
    return load_ruleset(club).replace(practice_mode=True)


def penalties(g: Game) -> list[Penalty]:
    return [e for e in g.events if isinstance(e, Penalty)]


def hands_started(g: Game) -> int:
    return sum(1 for e in g.events if isinstance(e, HandStarted))


def asked_about_a_discard(club: str) -> Game:
    """Seat 0 (noten) is asked about seat 1's discard, as practice mode asks it."""
    wall = build_wall(NOTEN)
    g = new_game(practice(club), wall, wall)
    g.act(0, default_action(g, 0, g.pending()[0]))
    g.act(1, default_action(g, 1, g.pending()[1]))
    assert g.pending() == {0: (Pass(),)}
    return g


def test_makura_a_false_ron_taken_back_costs_1000_and_the_hand() -> None:
    # makura 33 a): 倒牌前であれば取り消すことが出来る。この場合罰符千点を供託し、アガリ放棄
    g = asked_about_a_discard("makura")
    g.act(0, TakeBack("ron"))
    [pen] = penalties(g)
    assert (pen.kind, pen.deltas, pen.to_table, pen.dead_hand) == (
        "false_ron_withdrawn", (-1000, 0, 0, 0), 1000, True)
    assert g.state.seats[0].dead and g.state.sticks == 1
    assert hands_started(g) == 1 and 2 in g.pending()  # no chombo: the hand goes on


def test_makura_a_riichi_player_who_takes_back_a_false_tsumo_is_no_noten_chombo() -> None:
    # makura 33 a): 流局時はノーテン扱い…リーチ者の場合も同様とする。但しノーテンチョンボとはしない
    hands = {**NOTEN, 0: "123m456p789s1122z"}
    g = new_game(practice("makura"), build_wall(hands, ["5z", "9m", "9m", "9m", "9m"]))
    run(g, (0, "riichi 5z"))
    while g.state.turn != 0 or g.state.phase != "turn":
        seat, acts = next(iter(g.pending().items()))
        g.act(seat, default_action(g, seat, acts))
    g.act(0, TakeBack("tsumo"))
    assert [p.kind for p in penalties(g)] == ["false_tsumo_withdrawn"]
    assert g.state.seats[0].dead and g.state.seats[0].riichi
    run(g, until_hand_end=True)
    assert [p.kind for p in penalties(g)] == ["false_tsumo_withdrawn"]  # no chombo at the draw
    drawn = next(e for e in g.events if isinstance(e, HandDrawn))
    assert not drawn.tenpai[0]  # a dead hand is noten
    assert g.state.sticks == 2  # リーチ棒は供託: its riichi stick and the 1,000 stay on the table


def test_teireikai_a_false_tsumo_not_laid_down_is_a_dead_hand_only() -> None:
    # teireikai 罰則2: 誤ロン・誤ツモで倒牌していない場合、その局はアガリ放棄
    # (罰則1: 倒牌した時はチョンボ)
    wall = build_wall(NOTEN)
    g = new_game(practice("teireikai"), wall, wall)
    assert Tsumo() not in g.pending()[0]
    g.act(0, TakeBack("tsumo"))
    [pen] = penalties(g)
    assert pen.kind == "false_tsumo_withdrawn" and pen.dead_hand and pen.deltas == (0, 0, 0, 0)
    assert g.state.phase == "turn" and g.state.turn == 0  # the dealer still discards
    g.act(0, default_action(g, 0, g.pending()[0]))
    assert hands_started(g) == 1


def test_gpc_a_false_ron_by_voice_alone_is_a_dead_hand() -> None:
    # gpc l.42, l.51: 誤ロン(ツモ)…発声のみで手牌を公開していなければアガリ放棄
    g = asked_about_a_discard("gpc")
    g.act(0, TakeBack("ron"))
    [pen] = penalties(g)
    assert pen.dead_hand and pen.deltas == (0, 0, 0, 0) and g.state.seats[0].dead


@pytest.mark.parametrize("club", ["yokoyoko", "ako"])
def test_a_false_win_not_laid_down_goes_on_without_penalty(club: str) -> None:
    # yokoyoko (5): 誤ロンは手牌を倒して発覚したら錯和; 誤発声(空ロン)はペナルティ無しで取り消せる
    # ako 7-05-01 i: 誰かが手牌を倒したら錯和とするが、倒さなければそのまま続行する
    g = asked_about_a_discard(club)
    g.act(0, TakeBack("ron"))
    assert not penalties(g) and not g.state.seats[0].dead
    assert 0 not in g.pending() and hands_started(g) == 1  # the answer was a pass
    wall = build_wall(NOTEN)
    g = new_game(practice(club), wall, wall)
    assert g.act(0, TakeBack("tsumo")) == []
    assert g.state.turn == 0 and not g.state.seats[0].dead


@pytest.mark.parametrize(("club", "points", "dead"), [
    ("makura", 1000, False),  # makura 22), 38 e): リーチ取り消しは空発声 (千点供託)
    ("gpc", 1000, False),  # gpc l.57: リーチの発声の後…中止する場合、1,000点の罰符
    # teireikai 罰則3: リーチと発声したが、打牌する前に取り消した場合もアガリ放棄
    ("teireikai", 0, True),
])
def test_a_riichi_taken_back_before_its_discard(club: str, points: int, dead: bool) -> None:
    wall = build_wall({**NOTEN, 0: "123m456p789s1122z"}, ["5z"])
    g = new_game(practice(club), wall)
    g.act(0, TakeBack("riichi"))
    [pen] = penalties(g)
    assert (pen.kind, pen.to_table, pen.deltas[0], pen.dead_hand) == (
        "riichi_withdrawn", points, -points, dead)
    s = g.state.seats[0]
    assert not s.riichi and not s.riichi_pending and s.dead == dead
    silent = club == "makura"  # makura 40): 次の自分のツモまでは、一切の発声行為ができない
    assert (Discard(g.state.drawn or 0, riichi=True) in g.pending()[0]) == (not dead | silent)


def after_a_riichi_taken_back_west_discards_east(club: str) -> Game:
    """East (waiting on 1z, a yakuhai) takes riichi back and discards; West discards 1z."""
    hands = {**NOTEN, 0: "123m456p789s1122z"}
    g = new_game(practice(club), build_wall(hands, ["5z", "9m", "9m", "9m", "9m"]))
    g.act(0, TakeBack("riichi"))
    run(g, (0, "d 5z"), (2, "d 1z"))
    return g


def test_makura_after_a_riichi_taken_back_nothing_is_declared_until_the_next_draw() -> None:
    # makura 40): リーチを取り消した場合、次の自分のツモまでは、一切の発声行為ができない
    g = after_a_riichi_taken_back_west_discards_east("makura")
    assert not any(isinstance(e, Won) for e in g.events)  # East was not asked about 1z
    assert g.state.turn == 3 and g.state.seats[0].silent
    run(g, (3, "d 9m"))
    assert g.state.turn == 0 and not g.state.seats[0].silent  # its own draw lifts it
    assert any(isinstance(a, Discard) and a.riichi for a in g.pending()[0])


def test_gpc_after_a_riichi_taken_back_the_next_discard_may_be_won() -> None:
    # gpc l.57 names only the 1,000 penalty: East may ron West's 1z
    g = after_a_riichi_taken_back_west_discards_east("gpc")
    assert g.pending()[0][0] == Ron()


@pytest.mark.parametrize("club", ["ako", "yokoyoko"])
def test_a_riichi_taken_back_is_as_if_never_declared(club: str) -> None:
    # ako 7-05-12 f: 立直の発声がなかったものとしてそのまま続行する
    # yokoyoko (5): 誤発声(ちょっとまった)はペナルティ無しで取り消せる
    wall = build_wall({**NOTEN, 0: "123m456p789s1122z"}, ["5z"])
    g = new_game(practice(club), wall)
    assert g.act(0, TakeBack("riichi")) == []
    assert any(isinstance(a, Discard) and a.riichi for a in g.pending()[0])


def test_nothing_is_taken_back_that_is_no_mistake() -> None:
    hands = {**NOTEN, 0: "123m456p789s1122z"}
    g = new_game(practice("makura"), build_wall(hands, ["2z"]))
    assert Tsumo() in g.pending()[0]
    with pytest.raises(IllegalAction, match="is a win: there is nothing to take back"):
        g.act(0, TakeBack("tsumo"))
    with pytest.raises(IllegalAction, match="no discard to win on"):
        g.act(0, TakeBack("ron"))
    with pytest.raises(IllegalAction, match="nothing to decide"):
        g.act(1, TakeBack("riichi"))
    wall = build_wall(NOTEN)
    g = new_game(load_ruleset("makura"), wall, wall)  # no practice mode
    with pytest.raises(IllegalAction, match="Only practice mode"):
        g.act(0, TakeBack("tsumo"))
    assert not penalties(g) and not any(isinstance(e, Won) for e in g.events)


def test_a_game_with_declarations_taken_back_is_replayed_by_the_referee() -> None:
    # saves.verify reads each taken-back penalty as the TakeBack that made it
    wall = build_wall({**NOTEN, 0: "123m456p789s1122z"}, ["5z"])
    g = new_game(practice("makura"), wall, build_wall(NOTEN))
    g.act(0, TakeBack("riichi"))
    g.act(0, default_action(g, 0, g.pending()[0]))
    run(g, until_hand_end=True)
    while hands_started(g) < 2:
        seat, acts = next(iter(g.pending().items()))
        g.act(seat, default_action(g, seat, acts))
    g.act(0, TakeBack("tsumo"))
    g.act(0, default_action(g, 0, g.pending()[0]))
    g.act(1, default_action(g, 1, g.pending()[1]))
    assert [p.kind for p in penalties(g)] == ["riichi_withdrawn", "false_tsumo_withdrawn"]
    assert verify_events(g.events, practice_seats=(0,)) == []
