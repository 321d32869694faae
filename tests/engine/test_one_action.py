"""One action checked alone gives the answer of the listing, on every state.

``Game.act`` takes a discard or a riichi discard before ``pending()`` has listed the
turn, and ``Game.asked()`` names the seats that must decide without listing a turn:
``engine.legal.may_discard`` and ``may_riichi`` must answer what ``turn_actions`` lists,
and a game played without listing must be the game played with it.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanchan.engine.actions import Action, Chi, Discard, ShowHand
from hanchan.engine.events import Event
from hanchan.engine.game import Game
from hanchan.engine.legal import IllegalAction, legal_actions, may_discard, may_riichi, why_illegal
from hanchan.engine.state import GameState, snapshot
from hanchan.rulesets.schema import Ruleset
from tests.kit.budget import examples
from tests.kit.game import CLUBS, smart_choice, uniform_choice

_TILES = range(-1, 137)  # every tile, and two that are none


def _check_alone(st_: GameState, seen: Counter[str]) -> None:
    """For every seat: ``may_discard`` and ``may_riichi`` for every tile (plain and open
    riichi) equal ``Discard(tile, ...)`` being listed."""
    for seat in range(4):
        acts = legal_actions(st_, seat)
        listed = {(a.tile, a.riichi, a.open) for a in acts if type(a) is Discard}
        for t in _TILES:
            for riichi, open_ in ((False, False), (True, False), (True, True)):
                alone = may_riichi(st_, seat, t, open_) if riichi else may_discard(st_, seat, t)
                assert alone == ((t, riichi, open_) in listed), (seat, t, riichi, open_)
        s = st_.seats[seat]
        if st_.phase == "turn" and seat == st_.turn:
            seen["turns"] += 1
            if any(riichi for _, riichi, _ in listed):
                seen["riichi listed"] += 1
            held = set(s.hand)
            plain = {t for t, riichi, _ in listed if not riichi}
            if s.dead:
                seen["dead hand"] += 1
            elif s.riichi:
                seen["riichi"] += 1
            elif plain != held:
                seen["kuikae" if s.kuikae else "open riichi's danger"] += 1


def _play(rules: Ruleset, seed: int, chooser: str, seen: Counter[str],
          false_calls: float = 0.0) -> None:
    """A whole game, the checks made at every decision before ``pending()`` lists it
    (``asked()`` must name its seats); with ``false_calls`` seat 0 (the practice seat)
    now and then calls what it cannot."""
    rng = random.Random(seed)
    g = Game(rules, seed=seed)
    steps = 0
    while not g.over and steps < 2500:  # (uniform choices may call for a long time)
        _check_alone(g.state, seen)
        asked = g.asked()
        assert asked == tuple(g.pending())
        seat, acts = next(iter(g.pending().items()))
        action: Action
        if (seat == 0 and g.state.phase == "claim" and type(acts[0]) is not ShowHand
                and rng.random() < false_calls):
            action = Chi((0, 0))  # a false call: in practice mode the hand goes dead
        elif chooser == "smart":
            action = smart_choice(rng, acts, g, seat)
        else:
            action = uniform_choice(rng, acts)
        g.act(seat, action)
        steps += 1


def test_one_action_checked_alone_is_legal_exactly_when_listed() -> None:
    seen: Counter[str] = Counter()
    for club, seed in (("tenhou", 41), ("makura", 42), ("teireikai", 43), ("ako", 44)):
        _play(CLUBS[club], seed, "smart", seen)
    dead = CLUBS["tenhou"].replace(practice_mode=True, false_call="dead_hand")
    _play(dead, 45, "smart", seen, false_calls=0.05)
    _play(CLUBS["makura"].replace(practice_mode=True, false_call="dead_hand"), 46, "uniform",
          seen, false_calls=0.05)
    # every way a held tile may not go was met, and riichi was listed
    assert seen["turns"] > 2000
    assert all(seen[k] > 5 for k in ("dead hand", "riichi", "kuikae", "riichi listed")), seen
    assert seen["open riichi's danger"] > 0, seen


@settings(max_examples=examples(10), deadline=None)
@given(club=st.sampled_from(sorted(CLUBS)), seed=st.integers(0, 1_000_000),
       chooser=st.sampled_from(["smart", "uniform"]), open_riichi=st.booleans(),
       kuikae=st.sampled_from(["allowed", "forbidden", "same_tile_forbidden"]),
       practice=st.booleans(), last_calls=st.booleans())
def test_made_up_games_agree_too(club: str, seed: int, chooser: str, open_riichi: bool,
                                 kuikae: str, practice: bool, last_calls: bool) -> None:
    rules = CLUBS[club].replace(open_riichi=open_riichi, kuikae=kuikae, practice_mode=practice,
                                false_call="dead_hand", call_on_last_discard=last_calls,
                                call_without_draws_left=last_calls)
    _play(rules, seed, chooser, Counter(), false_calls=0.03 if practice else 0.0)


@pytest.mark.parametrize("club", ["tenhou", "makura"])
def test_acting_without_listing_plays_and_refuses_as_after_listing(club: str) -> None:
    """Two games with the same choices: one lists every decision first (``pending()``),
    the other chooses from the seat's legal actions (a query) and acts at once, so that a
    discard and a riichi are checked alone.  They make the same events, and a
    refused discard or riichi gives the listing's reason (``why_illegal``) and changes
    nothing."""
    def play(list_first: bool) -> tuple[list[Event], Counter[str]]:
        rng = random.Random(7)
        g = Game(CLUBS[club], seed=17)
        reasons: Counter[str] = Counter()
        while not g.over:
            st_ = g.state
            if list_first or st_.live_remaining <= 0 or st_.phase not in ("turn", "claim"):
                seat, acts = next(iter(g.pending().items()))
            else:
                seat = g.asked()[0]
                acts = legal_actions(st_, seat)  # a query: pending() is not asked
                s = st_.seats[seat]
                bad = [a for t in (*sorted(s.hand), 135, 0)
                       for a in (Discard(t), Discard(t, riichi=True)) if a not in acts]
                if st_.phase == "turn" and bad and len(g.events) % 3 == 0:
                    wrong = bad[len(g.events) % len(bad)]
                    before = (len(g.events), snapshot(st_))
                    with pytest.raises(IllegalAction) as info:
                        g.act(seat, wrong)
                    assert info.value.reason == why_illegal(st_, seat, wrong)
                    reasons[info.value.reason] += 1
                    assert (len(g.events), snapshot(g.state)) == before
            action = smart_choice(rng, acts, g, seat)
            reasons[type(action).__name__ + (" riichi" if getattr(action, "riichi", 0) else "")
                    ] += 0 if list_first else 1
            g.act(seat, action)
        return g.events, reasons

    listed_first, _ = play(True)
    alone, reasons = play(False)
    assert alone == listed_first
    assert reasons["Discard riichi"] > 0 and reasons["Pass"] > 20, reasons
    assert sum(n for r, n in reasons.items() if r.endswith(".")) > 50, reasons
    assert len([r for r in reasons if r.endswith(".")]) >= 2, reasons
