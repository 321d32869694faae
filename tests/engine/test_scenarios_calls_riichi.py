"""Calls and riichi (MATRIX.md sections 4 and 5) with scripted walls.

Unless a move is scripted every seat discards the tile it drew and passes claims.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from hanchan.engine.actions import Action, AddedKan, ClosedKan, Discard, Ron, Tsumo
from hanchan.engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Drew,
    GameStarted,
    HandDrawn,
    HandStarted,
    Kan,
    RiichiDeclared,
    Won,
)
from hanchan.engine.game import Game
from hanchan.engine.legal import IllegalAction, legal_actions
from hanchan.engine.state import fold
from hanchan.engine.tiles import format_tiles, is_red, kind_name, kind_of, parse_kinds
from hanchan.engine.visibility import view
from tests.kit.game import CLUBS, build_wall, default_action, last_result, new_game, run

KUIKAE = {0: "56789m2468p2468s", 1: "1234m13579p1357s", 2: "9m2468p2468s1234z",
          3: "5678m5678p56712z"}


def _after_chi(club: str) -> set[int]:
    g = new_game(CLUBS[club], build_wall(KUIKAE, ["1m"]))
    run(g, (0, "d 1m"), (1, "chi 23m"))
    assert g.state.turn == 1 and g.state.phase == "turn"
    return {a.tile >> 2 for a in g.pending()[1] if isinstance(a, Discard)}


def test_kuikae_forbidden_same_tile_and_suji() -> None:
    # gpc: 現物喰い替え、スジ喰い替え(両面喰い替え)ともに不可 (chi 1m with 23m: no 1m, no 4m)
    kinds = _after_chi("gpc")
    assert kinds and 0 not in kinds and 3 not in kinds


def test_kuikae_same_tile_only() -> None:
    # teireikai 12: 喰った牌と同じ牌を打牌することはできない (the suji partner is fine)
    kinds = _after_chi("teireikai")
    assert 0 not in kinds and 3 in kinds


def test_kuikae_allowed() -> None:
    # yokoyoko: 喰い替えは全てOK
    kinds = _after_chi("yokoyoko")
    assert {0, 3} <= kinds


def test_illegal_swap_discard_is_refused_with_a_reason() -> None:
    g = new_game(CLUBS["gpc"], build_wall(KUIKAE, ["1m"]))
    run(g, (0, "d 1m"), (1, "chi 23m"))
    one_m = next(t for t in g.state.seats[1].hand if t >> 2 == 0)
    before = len(g.events)
    with pytest.raises(IllegalAction) as refused:
        g.act(1, Discard(one_m))
    assert "Swap calling" in refused.value.reason
    assert len(g.events) == before


PONKAN = {0: "2468m2468p2468s3z", 1: "1111p55m13579s24z", 2: "13799m3579p1357z",
          3: "3579s35789p6789m"}


def test_kan_right_after_a_pon_only_where_allowed() -> None:
    # ako 5-11: ポンカン (a kan right after a pon) is allowed; makura 16: not after chi/pon
    for club, allowed in (("ako", True), ("makura", False)):
        g = new_game(CLUBS[club], build_wall(PONKAN, ["0m"], red_fives=2 if club == "ako"
                                              else 1))
        run(g, (0, "d 0m"), (1, "pon"))
        kan = any(isinstance(a, ClosedKan) for a in g.pending()[1])
        assert kan is allowed, club


RIICHI_KAN = {0: "1113444m123p456p", 1: "2468s2468p579s12z", 2: "13579s13579p344z",
              3: "6789p6789s6789m5z"}
RIICHI_KAN_DRAWS = ["9s", "1z", "1z", "2z", "1m"]


def _riichi_kan_offered(club: str) -> bool:
    g = new_game(CLUBS[club], build_wall(RIICHI_KAN, RIICHI_KAN_DRAWS))
    run(g, (0, "riichi 9s"))
    run(g, until_hand_end=False)
    while not (g.state.turn == 0 and g.state.phase == "turn"):
        seat, acts = next(iter(g.pending().items()))
        run(g)  # no scripted moves: nothing to do

        g.act(seat, default_action(g, seat, acts))
    assert g.state.drawn is not None and g.state.drawn >> 2 == 0
    return any(isinstance(a, ClosedKan) for a in g.pending()[0])


def test_riichi_closed_kan_when_the_waits_stay() -> None:
    # Tenhou: a closed kan in riichi with the drawn tile when the waits do not change
    # (1113444m: waits 2m 3m 5m before and after the kan of 1m).
    assert _riichi_kan_offered("tenhou")


def test_riichi_closed_kan_refused_when_the_composition_changes() -> None:
    # teireikai riichi 7: 一一一三四四四での一もメンツ構成が変わるため暗槓できない
    assert not _riichi_kan_offered("teireikai")


def test_riichi_needs_points_and_a_draw_left() -> None:
    # makura 20: riichi below 1,000 is allowed; Tenhou (riichi_needs_points) refuses it.
    hands = {0: "123m456m789m12p55s", 1: "2468m13579p2468s", 2: "13579s123456z99p",
             3: "2468m2468p2468s7z"}
    wall = build_wall(hands, ["9s"])
    for club, allowed in (("tenhou", False), ("makura", True)):
        rules = CLUBS[club]
        start = HandStarted(0, 0, 0, 0, 0, (500, 33000, 33000, 33500), (1, 1), wall)
        g = Game.from_events([GameStarted(rules, ("a", "b", "c", "d"), 0), start])
        riichi = any(isinstance(a, Discard) and a.riichi for a in g.pending()[0])
        assert riichi is allowed, club


def test_riichi_min_wall() -> None:
    # makura 21: 自分のツモがない(残り3牌以下)場合のリーチは不可能
    # teireikai riichi 3: ツモ順がなくてもリーチできる
    hands = {0: "123m456m789m12p55s", 1: "2468m13579p2468s", 2: "13579s123456z99p",
             3: "2468m2468p2468s7z"}
    for club, min_left in (("makura", 4), ("teireikai", 0)):
        g = new_game(CLUBS[club], build_wall(hands))
        seen: dict[int, bool] = {}
        while g.state.hands_started == 1 and not g.over:
            p = g.pending()
            seat, acts = next(iter(p.items()))
            if seat == 0 and g.state.phase == "turn":
                seen[g.state.live_remaining] = any(
                    isinstance(a, Discard) and a.riichi for a in acts)

            g.act(seat, default_action(g, seat, acts))
        assert seen, club
        for left, offered in seen.items():
            assert offered == (left >= min_left), (club, left)


FURITEN = {0: "123m456m789m12p55s", 1: "2468m13579p2468s", 2: "13579s123456z99p",
           3: "2468m2468p2468s7z"}


def test_permanent_furiten_after_discarding_a_winning_tile() -> None:
    # makura 25 and standard: a wait in the own river forbids ron
    g = new_game(CLUBS["makura"], build_wall(FURITEN, ["3p", "3p"]))
    run(g, (0, "d 3p"))
    assert g.view(0).furiten
    run(g, (1, "d 3p"))
    at = max(i for i, e in enumerate(g.events) if isinstance(e, Discarded) and e.seat == 1)
    thrown, after = g.events[at], g.events[at + 1]
    assert isinstance(thrown, Discarded) and kind_name(kind_of(thrown.tile)) == "3p"
    # seat 0 waits on 3p (test_temporary_furiten... is offered this ron) but threw one:
    # nobody is asked, South's 3p is followed at once by West's draw
    assert isinstance(after, Drew) and after.seat == 2


def test_temporary_furiten_until_the_own_discard() -> None:
    # makura 41: 同順フリテン ends when the own turn comes
    g = new_game(CLUBS["tenhou"], build_wall(FURITEN, ["9s", "3p", "3p", "1z", "1z", "3p"]))
    run(g, (1, "d 3p"))
    assert Ron() in g.pending()[0]
    run(g, (0, "pass"))
    run(g, (2, "d 3p"))
    assert 0 not in g.pending()  # passed the 3p of seat 1 this go-round
    run(g, (0, "d 1z"))
    run(g, (1, "d 3p"))
    assert Ron() in g.pending()[0]


def test_riichi_furiten_after_passing_a_winner() -> None:
    # makura 26: リーチ後のあがり拒否あり。ただし以後フリテン扱い (tsumo only)
    g = new_game(CLUBS["makura"], build_wall(FURITEN, ["9s", "3p", "1z", "1z", "1z", "3p",
                                                      "2z", "2z", "3p"]))
    run(g, (0, "riichi 9s"), (1, "d 3p"), (0, "pass"))
    run(g, (1, "d 3p"))
    assert 0 not in g.pending()
    run(g, until_hand_end=False)
    # the dealer still wins by tsumo on the last 3p
    for _ in range(10):
        p = g.pending()
        if 0 in p and Tsumo() in p[0]:
            break

        s, acts = next(iter(p.items()))
        g.act(s, default_action(g, s, acts))
    assert Tsumo() in g.pending()[0]


CHANKAN = {0: "2468m2468s1357z9p", 1: "33p1357m5789s246z", 2: "234m567m234s66s24p",
           3: "5678m5678p5678s1z"}


def test_chankan_robs_an_added_kan() -> None:
    # ako: robbing an added kan; the robbed kan turns no dora (teireikai 15)
    draws = ["3p", "1z", "2z", "3z", "3p"]
    for club in ("tenhou", "teireikai"):
        g = new_game(CLUBS[club], build_wall(CHANKAN, draws))
        run(g, (0, "d 3p"), (2, "pass"), (1, "pon"), (1, "d 1m"))
        run(g, (1, "kakan 3p"))
        assert Ron() in g.pending()[2]
        n_dora = sum(isinstance(e, DoraRevealed) for e in g.events)
        run(g, (2, "ron"))
        won = last_result(g)
        assert isinstance(won, Won) and won.wins[0].seat == 2
        assert ("chankan", 1) in won.wins[0].yaku
        assert sum(isinstance(e, DoraRevealed) for e in g.events[:g.events.index(won)]) == n_dora


MINKAN = {0: "0p2468m2468s1357z", 1: "555p1357m789s246z", 2: "13799p13579s455z",
          3: "2468m2468s8p667z3m"}


def _kan_events(club: str) -> list[str]:
    g = new_game(CLUBS[club], build_wall(MINKAN, ["9s"], rinshan="9m"))
    run(g, (0, "d 0p"), (1, "minkan"), (1, "d 9m"))
    out = []
    for e in g.events:
        if isinstance(e, Called):
            out.append("kan")
        elif isinstance(e, Drew) and e.rinshan:
            out.append("rinshan")
        elif isinstance(e, DoraRevealed):
            out.append("dora")
        elif isinstance(e, Discarded) and e.seat == 1:
            out.append("discard")
    return out


def test_open_kan_dora_after_the_replacement_draw() -> None:
    # makura 11: 明カンはカンツモ後牌を捨ててからめくる (Tenhou: turned as the discard goes)
    assert _kan_events("makura") == ["kan", "rinshan", "dora", "discard"]


def test_open_kan_dora_at_once() -> None:
    # teireikai 15: カンの成立時点で槓ドラを公開する
    assert _kan_events("teireikai") == ["kan", "dora", "rinshan", "discard"]


def test_closed_kan_dora_at_once() -> None:
    hands = {0: "1111m2468s1357z9p", 1: "2468p3579m79s246z", 2: "13579p13579s455z",
             3: "2468m2468s8p667z3m"}
    g = new_game(CLUBS["tenhou"], build_wall(hands, ["9s"], rinshan="9m"))
    run(g, (0, "ankan 1m"))
    kinds = [type(e).__name__ for e in g.events[2:6]]
    assert kinds == ["Drew", "Kan", "DoraRevealed", "Drew"]


PAO = {0: "2468m2468p2468s3z", 1: "55z66z77z123m4m9p9s1s"[:0] + "55z66z77z1234m9p9s1s",
       2: "13579p13579s2z3z3z", 3: "3579m5678p5678s1z"}
PAO_DRAWS = ["5z", "1z", "1z", "6z", "1z", "2z", "7z", "2z", "2z", "4z", "4m"]


def test_daisangen_pao_the_feeder_pays_a_tsumo() -> None:
    # teireikai 11: 大三元の3フーロ目をポンさせた時、ツモアガリは全額 (pao)
    g = new_game(CLUBS["tenhou"], build_wall(PAO, PAO_DRAWS))
    run(g, (0, "d 5z"), (1, "pon"), (1, "d 9p"), (0, "d 6z"), (1, "pon"), (1, "d 9s"),
        (0, "d 7z"), (1, "pon"), (1, "d 1s"), (1, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won)
    w = won.wins[0]
    assert w.seat == 1 and w.pao_seat == 0 and w.yakuman_count >= 1
    assert won.deltas[2] == 0 and won.deltas[3] == 0 and won.deltas[0] < 0


def test_yokoyoko_has_no_pao() -> None:
    g = new_game(CLUBS["yokoyoko"], build_wall(PAO, PAO_DRAWS))
    run(g, (0, "d 5z"), (1, "pon"), (1, "d 9p"), (0, "d 6z"), (1, "pon"), (1, "d 9s"),
        (0, "d 7z"), (1, "pon"), (1, "d 1s"), (1, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].pao_seat is None
    assert won.deltas[2] < 0 and won.deltas[3] < 0


def test_open_riichi_winning_tile_is_refused_to_others() -> None:
    # makura 18: オープンリーチに対し不注意で当たり牌を出した時は ... 出し直す
    g = new_game(CLUBS["makura"], build_wall(FURITEN, ["9s", "3p"]))
    run(g, (0, "open-riichi 9s"))
    assert g.view(1).seats[0].open_riichi and g.view(1).seats[0].shown_hand
    acts = g.pending()[1]
    three_p = g.state.drawn
    assert three_p is not None and three_p >> 2 == 11
    assert Discard(three_p) not in acts and any(isinstance(a, Discard) for a in acts)
    with pytest.raises(IllegalAction):
        g.act(1, Discard(three_p))


def _to_last_discard(club: str, last: str, **changes: object) -> Game:
    hands = {0: "123m456m789m12p55s", 1: "2468m13579p2468s", 2: "13579s123456z99p",
             3: "2468m2468p2468s7z"}
    # seat 1 draws the last live tile (wall[121]); the other 3p lie in the dead wall
    wall = build_wall(hands, at={121: last, 134: "3p", 133: "3p"})
    g = new_game(CLUBS[club].replace(**changes), wall)

    while not (g.state.phase == "claim" and g.state.live_remaining == 0):
        seat, acts = next(iter(g.pending().items()))
        g.act(seat, default_action(g, seat, acts))
    assert g.state.last_discard is not None and g.state.last_discard[0] == 1
    return g


def test_no_call_on_the_last_discard() -> None:
    # teireikai 19: 河底牌はポン・チー・カンできない
    g = _to_last_discard("teireikai", "9p")
    assert 2 not in g.pending()
    g = _to_last_discard("teireikai", "9p", call_on_last_discard=True)
    assert any(type(a).__name__ == "Pon" for a in g.pending()[2])


def test_houtei_ron_on_the_last_discard() -> None:
    g = _to_last_discard("tenhou", "3p")
    run(g, (0, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and ("houtei", 1) in won.wins[0].yaku


def test_pending_lists_exactly_the_legal_actions() -> None:
    g = new_game(CLUBS["tenhou"], build_wall(CHANKAN, ["3p", "1z", "2z", "3z", "3p"]))

    for seat, acts in g.pending().items():
        assert acts == legal_actions(g.state, seat)
    assert not any(isinstance(a, (AddedKan, Kan)) for a in g.pending()[0])


KOKUSHI_ANKAN = {0: "1111m2468s3579p5s", 1: "99m19p19s1234567z", 2: "2468m2468p3578s9s",
                 3: "3579m3579p46678s"}


def test_robbing_a_closed_kan_only_for_kokushi() -> None:
    # makura j) (290): 国士無双のみ暗槓に対する槍槓が認められる; gpc: none
    for club, robbed in (("makura", True), ("gpc", False)):
        g = new_game(CLUBS[club], build_wall(KOKUSHI_ANKAN, ["1z"], red_fives=0))
        run(g, (0, "ankan 1m"))
        p = g.pending()
        assert (Ron() in p.get(1, ())) is robbed, club
        if robbed:
            run(g, (1, "ron"))
            won = last_result(g)
            assert isinstance(won, Won) and won.wins[0].yakuman_count >= 1
            assert ("chankan", 1) not in won.wins[0].yaku or won.wins[0].yakuman_count


RIICHI_TILE = {0: "123m456m789m12p55s", 1: "234m567m234s66s45p", 2: "13579s123456z99p",
               3: "2468m2468p2468s7z"}


def test_the_riichi_stick_is_not_paid_when_the_declaration_tile_is_won_on() -> None:
    # makura 19: リーチ宣言牌で他家にアガられた場合、リーチ棒は供託しない
    for club, paid in (("makura", False), ("makura-stick", True)):
        rules = CLUBS["makura"]
        if club == "makura-stick":
            rules = rules.replace(riichi_stick_on_deal_in=True)
        g = new_game(rules, build_wall(RIICHI_TILE, ["1z", "3p"]))
        run(g, (1, "riichi 3p"), (0, "ron"))
        won = last_result(g)
        assert isinstance(won, Won)
        assert won.sticks_taken == (1 if paid else 0), club
        assert sum(g.state.scores) + 1000 * g.state.sticks == 100000


def default_action_pass(acts: Sequence[Action]) -> Action:
    return next(a for a in acts if type(a).__name__ == "Pass")


def test_resuming_inside_a_claim_window_asks_again() -> None:
    g = new_game(CLUBS["tenhou"], build_wall(CHANKAN, ["3p", "1z", "2z", "3z", "3p"]))
    run(g, (0, "d 3p"))
    asked = g.pending()
    assert set(asked) == {1, 2}
    g.act(2, default_action_pass(asked[2]))
    again = Game.from_events(list(g.events))
    assert again.pending() == asked  # answers are not events: everyone is asked again


RINSHAN = {0: "0p2468m2468s1357z", 1: "555p123m456m789s1z", 2: "13799p13579s455z",
           3: "2468m2468s8p667z3m"}


def test_kan_dora_on_a_rinshan_win_by_club() -> None:
    # makura 11: 嶺上開花でツモあがりしたときにもマーカーをめくる; Tenhou: not turned
    for club, turned in (("makura", True), ("tenhou", False)):
        g = new_game(CLUBS[club], build_wall(RINSHAN, ["9s"], rinshan="1z"))
        run(g, (0, "d 0p"), (1, "minkan"), (1, "tsumo"))
        won = last_result(g)
        assert isinstance(won, Won) and ("rinshan", 1) in won.wins[0].yaku
        i = g.events.index(won)
        assert isinstance(g.events[i - 1], DoraRevealed) is turned, club


DISCARD_RON = {0: "0p2468m2468s1357z", 1: "555p1357m79s246z8s", 2: "123s456s789s78m55z",
               3: "2468m2468s8p667z3m"}


def test_kan_dora_counts_when_the_discard_after_the_kan_is_won_on() -> None:
    # makura 11: めくった瞬間から有効 (捨て牌で放銃した場合も有効); off: not turned before the ron
    for on in (True, False):
        rules = CLUBS["tenhou"].replace(kan_dora_on_discard_ron=on)
        g = new_game(rules, build_wall(DISCARD_RON, ["9s"], rinshan="9m"))
        run(g, (0, "d 0p"), (1, "minkan"), (1, "d 9m"), (2, "ron"))
        won = last_result(g)
        assert isinstance(won, Won) and won.wins[0].seat == 2
        before = g.events[:g.events.index(won)]
        assert any(isinstance(e, DoraRevealed) for e in before) is on


FORCED = {0: "2345678m111p999p", 1: "222m055m88m11z22z9p", 2: "13579s23467p457z",
          3: "2468s34678p3467m"}


def test_a_forced_deal_in_to_an_open_riichi_pays_a_yakuman() -> None:
    # makura 18: リーチ者以外の人が不注意ではなく、手詰まりで振り込んだ場合は役満
    draws = ["3z", "4z", "1z", "2z", "3z", "3z", "6z", "8m"]
    g = new_game(CLUBS["makura"], build_wall(FORCED, draws))
    run(g, (2, "d 1z"), (1, "pon"), (1, "d 9p"), (0, "pass"), (2, "d 2z"), (1, "pon"),
        (1, "d 8m"), (0, "open-riichi 6z"))
    assert g.state.turn == 1 and g.state.phase == "turn"
    discards = [a for a in g.pending()[1] if isinstance(a, Discard)]
    assert len(discards) == len(g.state.seats[1].hand)  # every tile deals in: none refused
    run(g, (1, "d 8m"), (0, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].seat == 0 and won.wins[0].limit == "yakuman"
    assert won.deltas[1] == -48000


PRIORITY = {0: "5p2468m2468s1357z", 1: "46p1357m79s246z88s", 2: "55p13579m1357s99p",
            3: "234m567m234s66s46p"}


def test_claims_ron_beats_pon_beats_chi() -> None:
    # makura 13 / teireikai 13: ロンは全てに優先; ポン(カン)→チーの順
    draws = ["1z"]
    g = new_game(CLUBS["tenhou"], build_wall(PRIORITY, draws))
    run(g, (0, "d 5p"))
    assert set(g.pending()) == {1, 2, 3}
    run(g, (1, "chi 46p"), (2, "pon"), (3, "pass"))
    assert g.state.seats[2].melds and not g.state.seats[1].melds
    g = new_game(CLUBS["tenhou"], build_wall(PRIORITY, draws))
    run(g, (0, "d 5p"), (1, "chi 46p"), (2, "pon"), (3, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].seat == 3


# ------------------------------------------------------- what an open riichi shows

WAIT_PART = {0: "05567m23p123s789s", 1: "2468m13579p2468s", 2: "1357m2468p1357s1z",
             3: "2468m2468p2468s7z"}


def _open_riichi(shows: str, hands: dict[int, str] = WAIT_PART, draws: Sequence[str] = ("9p",),
                 rinshan: str = "") -> Game:
    g = new_game(CLUBS["makura"].replace(open_riichi_shows=shows),
                 build_wall(hands, list(draws), rinshan=rinshan))
    run(g, (0, "open-riichi " + draws[0]))
    return g


def test_open_riichi_shows_only_the_part_that_makes_its_wait() -> None:
    # makura 18): 部分さらし（アガリ手を示す部分だけ）: 55m23p waits on 1p-4p; the sets
    # 567m, 123s and 789s stay face down, and so does the red five among them
    g = _open_riichi("wait")
    for seat in range(4):
        info = g.view(seat).seats[0]
        assert info.open_riichi and info.hand_size == 13
        assert format_tiles(info.shown_hand) == "55m23p"
    assert sorted(kind_of(t) for t in g.view(1).seats[0].shown_hand) == parse_kinds("55m23p")
    # the whole hand is 05567m23p123s789s: a red five hidden
    assert any(is_red(t, 1) for t in g.state.seats[0].hand)
    assert not any(is_red(t, 1) for t in g.view(1).seats[0].shown_hand)


def test_open_riichi_shows_its_whole_hand_under_hand() -> None:
    g = _open_riichi("hand")
    info = g.view(1).seats[0]
    assert info.open_riichi and sorted(info.shown_hand) == sorted(g.state.seats[0].hand)
    assert format_tiles(info.shown_hand) == "05567m23p123789s"


def test_open_riichi_part_leaves_the_drawn_tile_and_the_declaration_face_down() -> None:
    # makura 18): the part is of the hand that waits: a tile just drawn is not in it, and
    # until the riichi discard there is no wait to show
    g = _open_riichi("wait", draws=("9p", "1z", "2z", "3z", "4z"))
    run(g, (1, "d 1z"), (2, "d 2z"), (3, "d 3z"))
    assert g.state.turn == 0 and g.state.phase == "turn" and g.state.drawn is not None
    info = g.view(2).seats[0]
    assert info.hand_size == 14 and format_tiles(info.shown_hand) == "55m23p"
    declared = next(i for i, e in enumerate(g.events) if isinstance(e, RiichiDeclared))
    assert view(fold(g.events[:declared + 1]), 1).seats[0].shown_hand == ()


def test_open_riichi_part_after_a_closed_kan() -> None:
    # makura 18), 29): the hand changes at a closed kan in riichi; the part is found again
    hands = {0: "123m456p999s11z45s", 1: "2468m13579p2468s", 2: "1357m2468p1357s2z",
             3: "2468m2468p1368s7z"}
    g = _open_riichi("wait", hands, draws=("9m", "1p", "2p", "3p", "9s"), rinshan="4z")
    assert format_tiles(g.view(1).seats[0].shown_hand) == "45s11z"
    run(g, (1, "d 1p"), (2, "d 2p"), (3, "d 3p"), (0, "ankan 9s"))
    info = g.view(1).seats[0]
    assert [m.kind for m in info.melds] == ["ankan"] and info.hand_size == 11
    assert format_tiles(info.shown_hand) == "45s11z"


def test_a_draw_shows_the_whole_hand_of_an_open_riichi() -> None:
    # makura 32): at the exhaustive draw a riichi hand is shown whole
    g = _open_riichi("wait")
    run(g, until_hand_end=True)
    end = next(i for i, e in enumerate(g.events) if isinstance(e, HandDrawn))
    st = fold(g.events[:end + 1])
    assert st.phase == "hand_over" and st.seats[0].open_riichi
    assert format_tiles(view(st, 1).seats[0].shown_hand) == "05567m23p123789s"
