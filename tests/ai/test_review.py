"""The review of a game's decisions against strong (ai.review), on scripted and real games."""

from __future__ import annotations

import math

import pytest

from hanchan.ai.club import ClubBot
from hanchan.ai.club.bot import row_key
from hanchan.ai.review import MISTAKE_POINTS, decision_points, review_game
from hanchan.coach.review import why
from hanchan.engine.actions import Chi, Discard
from hanchan.engine.events import Discarded, Event, HandStarted, RiichiAccepted
from hanchan.engine.tiles import kind_of, parse_kinds
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.convert import events_from_recorded
from hanchan.saves.logs.tenhou6 import parse_tenhou6
from tests.kit.game import build_wall, run
from tests.kit.play import game, preset, start_at
from tests.kit.real_logs import TENHOU6
from tests.kit.saved_games import played_game


def _one(hand: str, draw: str, move: str) -> list[Event]:
    """Seat 0 (dealer) is dealt ``hand``, draws ``draw`` and makes ``move``; the hand ends."""
    g = game(Ruleset(), build_wall({0: hand}, [draw]))
    run(g, (0, move), until_hand_end=True)
    return g.events


def test_a_bad_discard_is_the_largest_mistake() -> None:
    # 123m 456p 789s 23s 55s + 1z: the 1z keeps tenpai on 1-4s; the 5s breaks the pair
    events = _one("123m456p789s2355s", "1z", "d 5s")
    r = review_game(events, 0)
    worst = r.mistakes()[0]
    assert isinstance(worst.played.action, Discard) and kind_of(worst.played.action.tile) \
        == parse_kinds("5s")[0]
    assert isinstance(worst.best.action, Discard) and kind_of(worst.best.action.tile) \
        == parse_kinds("1z")[0]
    assert worst.position == r.decisions[0].position  # the first decision of the game
    assert worst.played.shanten == 1 and worst.best.shanten == 0
    assert worst.cost > 5 * MISTAKE_POINTS
    assert worst.kind == "efficiency"


def test_a_choice_that_differs_by_a_tiny_margin_is_not_a_mistake() -> None:
    # 13m 456p 468s 11p 99p 3z + 4z: strong throws a lone honour; a 4s keeps the hand
    # 2-shanten with 12 tiles in place of 16: a difference, not a mistake
    events = _one("13m456p468s1199p3z", "4z", "d 4s")
    first = review_game(events, 0).decisions[0]
    assert not first.agrees
    assert first.played.shanten == first.best.shanten == 2
    assert first.best.ukeire is not None and first.played.ukeire is not None
    assert first.best.ukeire - first.played.ukeire == 4
    assert 0 < first.cost < MISTAKE_POINTS
    assert not first.mistake


def test_the_same_choice_costs_nothing() -> None:
    events = _one("123m456p789s2355s", "1z", "d 1z")
    first = review_game(events, 0).decisions[0]
    # strong declares riichi on the 1z; the plain 1z is dama on the same wait
    assert first.kind == "riichi/dama"
    # two lone guest winds: strong throws the one just drawn, as top players do among
    # equals (ai.club.prefs "drawn")
    events = _one("13m456p468s1199p3z", "4z", "d 4z")
    first = review_game(events, 0).decisions[0]
    assert first.agrees and first.cost == 0.0 and not first.mistake


def test_a_choice_the_models_cannot_tell_from_strongs_agrees() -> None:
    # 13m 456p 468s 11p 99p 3z + 4z: two lone guest winds; strong throws the 4z just
    # drawn, the 3z leaves the same shanten, acceptance, worth and danger: a tie
    d = review_game(_one("13m456p468s1199p3z", "4z", "d 3z"), 0).decisions[0]
    assert not d.same and d.tie and d.agrees and not d.mistake
    assert (d.played.shanten, d.played.ukeire) == (d.best.shanten, d.best.ukeire)
    # a 4s keeps the same shanten with 4 tiles fewer: measured apart, no tie
    d = review_game(_one("13m456p468s1199p3z", "4z", "d 4s"), 0).decisions[0]
    assert not d.tie and not d.agrees


def _tanyao_chi(rules: str) -> list[Event]:
    # seat 1: 234m 567p 23s 66s 88m 5p; the dealer's 4s completes 234s for tanyao tenpai
    wall = build_wall({1: "234m567p23s66s88m5p"}, ["4s"])
    g = start_at(preset(rules), 0, 0, (25000,) * 4, wall, honba=5)
    run(g, (0, "d 4s"), (1, "chi 23s"), (1, "d 5p"))
    return g.events


def test_the_ruleset_is_named_when_it_makes_the_mistake() -> None:
    # ako 6-01: from 5 honba two han are needed; an open tanyao alone is one
    ako = review_game(_tanyao_chi("ako"), 1).decisions[0]
    assert isinstance(ako.played.action, Chi) and ako.mistake
    assert ako.rule_note.startswith("two_han_from_honba = 5 (under tenhou: 0)")
    tenhou = review_game(_tanyao_chi("tenhou"), 1).decisions[0]
    assert tenhou.agrees and not tenhou.rule_note


def test_every_decision_was_offered_and_measured() -> None:
    events = played_game(3, "normal")
    for seat in range(4):
        r = review_game(events, seat)
        assert r.decisions
        assert sum(h.decisions for h in r.hands) == len(r.decisions)
        for d in r.decisions:
            assert d.cost >= 0.0
            assert not d.same or (d.cost == 0.0 and d.played == d.best)
            assert d.agrees == (d.same or d.tie)
            assert d.mistake == (not d.agrees and d.cost >= MISTAKE_POINTS)


def test_bots_that_are_strong_agree_with_strong() -> None:
    strong = review_game(played_game(2, "strong"), 0)
    easy = review_game(played_game(2, "easy"), 0)
    assert strong.agreement > 0.97  # the same bot (its fold watch saw the same views)
    assert easy.agreement < strong.agreement
    assert len(easy.mistakes()) > len(strong.mistakes())


@pytest.mark.parametrize("seat", range(4))
def test_a_real_phoenix_game_is_reviewed_from_each_seat(seat: int) -> None:
    log = TENHOU6[12]  # 2019021004gm-00a9: a Phoenix (鳳凰) hanchan
    events = events_from_recorded(parse_tenhou6(log.read_text(encoding="utf-8")))
    r = review_game(events, seat)
    discards = [d for d in r.decisions if isinstance(d.played.action, Discard)
                and d.view is not None and not d.view.me.riichi]
    # every discard made before the seat's riichi was a choice among several
    free = 0
    in_riichi = False
    for ev in events:
        if isinstance(ev, RiichiAccepted) and ev.seat == seat:
            in_riichi = True
        elif isinstance(ev, Discarded) and ev.seat == seat and not in_riichi:
            free += 1
        elif isinstance(ev, HandStarted):
            in_riichi = False
    assert len(discards) == free
    assert 0.3 < r.agreement < 0.95
    assert r.hands and all(h.name for h in r.hands)


def _one_judge_games() -> list[tuple[str, list[Event]]]:
    log = TENHOU6[12]
    return [("strong 2", list(played_game(2, "strong"))),
            ("normal 3", list(played_game(3, "normal"))),
            (log.stem, events_from_recorded(parse_tenhou6(log.read_text(encoding="utf-8"))))]


@pytest.mark.parametrize("which", range(3))
def test_the_reviews_strong_is_the_bots_own_choice_and_measure(which: int) -> None:
    """One judge (issue 38): at every decision the review's strong choice is what the bot
    chooses (``choose``, from the same views seen in the same order) and both choices
    carry the very measures of the bot's ``judge``; the cost is their scores' difference."""
    name, events = _one_judge_games()[which]
    for seat in (0, 1, 2, 3) if which < 2 else (0, 3):
        chooser, judge = ClubBot("strong", seed=0), ClubBot("strong", seed=0)
        points = decision_points(events, seat)
        r = review_game(events, seat)
        assert len(points) == len(r.decisions) > 20
        for p, d in zip(points, r.decisions, strict=True):
            assert d.position == p.position
            assert d.best.action == chooser.choose(p.view, p.legal), (name, seat, p.position)
            rows = {row_key(j.action): j for j in
                    judge.judge(p.view, p.legal, win_points=p.win_points).choices}
            for c in (d.best, d.played):
                j = rows[row_key(c.action)]
                assert (c.shanten, c.ukeire, c.win, c.value, c.danger) == \
                    (j.shanten, j.ukeire, j.win, j.value, j.danger), (name, p.position)
                if d.kind != "kan":
                    assert c.ev == (j.score if j.score is not None else -math.inf)
            if not d.same and d.kind != "kan" and math.isfinite(d.played.ev):
                assert d.cost == max(0.0, d.best.ev - d.played.ev)


def test_a_beginners_push_is_still_a_mistake_and_says_safety() -> None:
    """A hopeless hand throws a live 5m into the dealer's riichi while holding its
    genbutsu 1z: a push/fold mistake, its why about safety."""
    wall = build_wall({0: "123m456p789s2355s", 1: "1357m2468p159s1z3z"}, ["1z", "7z"])
    g = game(Ruleset(), wall)
    run(g, (0, "riichi 1z"), (1, "d 5m"), until_hand_end=True)
    d = review_game(g.events, 1).decisions[0]
    assert d.kind == "push/fold" and d.mistake and not d.tie and not d.unsure
    assert d.best.text == "discard 1z" and (d.played.danger or 0) > 500 > (d.best.danger or 0)
    assert "safety: deal-in risk" in why(d)


def test_a_missed_ron_is_still_a_mistake() -> None:
    g = game(Ruleset(), build_wall({0: "123m456p789s2355s"}, ["1z", "4s"]))
    run(g, (0, "d 1z"), (1, "d 4s"), (0, "pass"), until_hand_end=True)
    missed = next(d for d in review_game(g.events, 0).decisions if d.kind == "win")
    assert missed.mistake and missed.played.text == "pass"
    assert missed.best.text == "ron" and missed.best.value is not None
    assert why(missed).startswith("a win of ")
