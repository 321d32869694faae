"""Each rule once: the rules that refuse an action (``engine.refusals``) and the listing
(``engine.legal.legal_actions``) agree on every position.

On the positions of whole games (several clubs; kuikae, open riichi and calls at the end
of the wall on and off; practice mode with false calls, which make dead hands), every
action a seat could name (each held tile discarded plain, as riichi and as open riichi;
a tsumo, a ron, nine terminals; every kan and every call its tiles could make) is legal
by the rules (``refusal`` gives None) exactly when the listing has it, or has a call of
the same look (other copies of the tiles, which ``Game.act`` takes).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanchan.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    NineTerminals,
    OpenKan,
    Pon,
    Ron,
    ShowHand,
    Tsumo,
)
from hanchan.engine.game import Game
from hanchan.engine.legal import IllegalAction, legal_actions, listed, why_illegal
from hanchan.engine.refusals import refusal
from hanchan.engine.state import GameState
from hanchan.engine.tiles import is_red
from hanchan.rulesets.schema import Ruleset
from tests.kit.game import CLUBS, build_wall, new_game, run, smart_choice, uniform_choice


def _candidates(st_: GameState, seat: int) -> list[Action]:
    """Every action ``seat`` could name now from its tiles, legal or not."""
    s = st_.seats[seat]
    hand = sorted(s.hand)
    out: list[Action] = [Tsumo(), Ron(), NineTerminals()]
    for t in (*hand, 135 if 135 not in hand else 0):
        out += [Discard(t), Discard(t, riichi=True), Discard(t, riichi=True, open=True),
                Discard(t, open=True)]
    out += [AddedKan(t) for t in hand]
    out += [ClosedKan((a, b, c, d)) for a, b, c, d in combinations(hand, 4)
            if a >> 2 == d >> 2]
    if len(hand) >= 4:
        out.append(ClosedKan((hand[0], hand[1], hand[2], hand[3])))
    if st_.last_discard is not None:
        kind = st_.last_discard[1] >> 2
        near = [t for t in hand if abs((t >> 2) - kind) <= 2]
        for a, b in combinations(near, 2):
            out += [Pon((a, b)), Chi((a, b))]
        out += [OpenKan(three) for three in combinations(near, 3)]
    return out


def _alike(st_: GameState, seat: int, action: Action, legal: tuple[Action, ...]) -> bool:
    """A call with other copies of a listed call's tiles (as ``Game.act`` takes it)."""
    if not isinstance(action, (Chi, Pon, OpenKan)):
        return False
    hand = list(st_.seats[seat].hand)
    for t in action.tiles:
        if t not in hand:
            return False
        hand.remove(t)
    red = st_.rules.red_fives

    def look(a: Chi | Pon | OpenKan) -> list[tuple[int, bool]]:
        return sorted((t >> 2, is_red(t, red)) for t in a.tiles)

    return any(type(a) is type(action) and look(a) == look(action)
               for a in legal)


def _check(st_: GameState, seen: Counter[str]) -> None:
    for seat in range(4):
        legal = legal_actions(st_, seat)
        for a in _candidates(st_, seat):
            why = refusal(st_, seat, a)
            expected = listed(a, legal) or _alike(st_, seat, a, legal)
            assert (why is None) == expected, (st_.phase, seat, a, why, legal)
            if why is not None:
                assert why_illegal(st_, seat, a) == why
                seen[why] += 1
            else:
                seen[type(a).__name__] += 1


def _play(rules: Ruleset, seed: int, seen: Counter[str], *, smart: bool = True,
          false_calls: float = 0.0, every: int = 1) -> None:
    rng = random.Random(seed)
    g = Game(rules, seed=seed)
    steps = 0
    while not g.over and steps < 1500:
        if steps % every == 0:
            _check(g.state, seen)
        seat, acts = next(iter(g.pending().items()))
        action: Action
        if (seat == 0 and g.state.phase == "claim" and type(acts[0]) is not ShowHand
                and rng.random() < false_calls):
            action = Chi((0, 0))  # a false call: in practice mode the hand goes dead
        elif smart:
            action = smart_choice(rng, acts, g, seat)
        else:
            action = uniform_choice(rng, acts)
        g.act(seat, action)
        steps += 1


@pytest.mark.slow
def test_the_rules_refuse_exactly_what_the_listing_leaves_out() -> None:
    seen: Counter[str] = Counter()
    for club, seed in (("tenhou", 1), ("makura", 2), ("gpc", 3), ("ako", 4)):
        _play(CLUBS[club], seed, seen, every=2)
    _play(CLUBS["makura"].replace(practice_mode=True, false_call="dead_hand",
                                  call_on_last_discard=True, call_without_draws_left=True),
          5, seen, false_calls=0.05, every=2)
    # the rules met on the way, each refusing at least once
    for words in ("Swap calling", "open riichi;", "tenpai (one tile", "already in riichi",
                  "closed hand", "In riichi you may not call", "After riichi you must",
                  "false call", "furiten", "Only the next player", "not complete",
                  "not your turn", "In riichi you may only declare a closed kan",
                  "A pon needs", "Those tiles do not make a set"):
        assert any(words in why for why in seen), (words, seen)
    assert all(seen[k] > 0 for k in ("Ron", "Tsumo", "Chi", "Pon", "OpenKan", "ClosedKan")), seen


@settings(max_examples=6, deadline=None)
@given(club=st.sampled_from(sorted(CLUBS)), seed=st.integers(0, 1_000_000),
       smart=st.booleans(), open_riichi=st.booleans(),
       kuikae=st.sampled_from(["allowed", "forbidden", "same_tile_forbidden"]),
       practice=st.booleans(), last_calls=st.booleans())
def test_made_up_positions_agree(club: str, seed: int, smart: bool, open_riichi: bool,
                                 kuikae: str, practice: bool, last_calls: bool) -> None:
    rules = CLUBS[club].replace(open_riichi=open_riichi, kuikae=kuikae, practice_mode=practice,
                                false_call="dead_hand", call_on_last_discard=last_calls,
                                call_without_draws_left=last_calls)
    _play(rules, seed, Counter(), smart=smart, false_calls=0.03 if practice else 0.0,
          every=7)


# ------------------------------------------------------------------ sentences

PONKAN = {0: "2468m2468p2468s3z", 1: "1111p55m13579s24z", 2: "13799m3579p1357z",
          3: "3579s35789p6789m"}


def test_a_pon_of_other_tiles_is_no_set_not_swap_calling() -> None:
    # makura (kuikae forbidden): a pon of 5m named with two 1p is refused for its tiles;
    # kuikae (喰い替え) is not what is wrong with it
    g = new_game(CLUBS["makura"], build_wall(PONKAN, ["0m"]))
    run(g, (0, "d 0m"))
    ones = tuple(sorted(t for t in g.state.seats[1].hand if t >> 2 == 9))[:2]
    with pytest.raises(IllegalAction) as refused:
        g.act(1, Pon((ones[0], ones[1])))
    assert refused.value.reason == "Those tiles do not make a set with that discard."


def test_an_own_discard_is_neither_called_nor_won() -> None:
    g = new_game(CLUBS["tenhou"], build_wall(PONKAN, ["0m"]))
    run(g, (0, "d 0m"))
    st_ = g.state
    assert refusal(st_, 0, Ron()) == "You may not win on your own discard or kan."
    h = sorted(st_.seats[0].hand)
    assert refusal(st_, 0, Pon((h[0], h[1]))) == "You may not call your own discard."
