"""Property tests of the game engine: many seeded games with random legal choices.

Under every club's rule variant (tests.kit.game.CLUBS): the 136 tiles are all accounted
for at every event, points plus riichi sticks stay constant, the fold of the events
equals the live state, every chosen action was legal, resuming from the events
continues identically, and every game ends.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanchan.engine.actions import Action
from hanchan.engine.events import Event, GameEnded, HandStarted
from hanchan.engine.game import Game
from hanchan.engine.legal import legal_actions
from hanchan.engine.state import GameState, fold, snapshot
from hanchan.rulesets.loader import list_presets, load_ruleset
from hanchan.rulesets.schema import Ruleset, allowed_literals, option_types
from tests.kit.budget import examples
from tests.kit.game import CLUBS, eager_choice, smart_choice, uniform_choice

MAX_STEPS = 200_000  # ako extends without limit until somebody has 30,000


def tiles_accounted(s: GameState) -> None:
    """Every physical tile is in exactly one place: a hand, a meld, a river, or the wall."""
    seen: list[int] = []
    for seat in s.seats:
        seen.extend(seat.hand)
        for m in seat.melds:
            seen.extend(m.tiles)
        for r in seat.river:
            if r.called_by is None:
                seen.append(r.tile)
    # the undrawn wall: live tiles not drawn, and the dead wall less the replacement draws
    seen.extend(s.wall[s.live_pos:136 - s.rinshan_taken])
    assert len(seen) == 136, f"{len(seen)} tiles accounted for"
    assert sorted(seen) == list(range(136))


def play(rules_name: str, seed: int, chooser: str, check_every: int = 1,
         resume_at: int | None = None) -> Game:
    rules = CLUBS[rules_name]
    rng = random.Random(seed * 7919 + 1)
    simple = eager_choice if chooser == "eager" else uniform_choice

    def choose(acts: Sequence[Action], seat: int) -> Action:
        if chooser == "smart":
            return smart_choice(rng, acts, g, seat)
        return simple(rng, acts)

    log: list[Event] = []
    g = Game(rules, seed=seed, listeners=[log.append])
    total = rules.start_points * 4
    steps = 0
    while not g.over:
        pending = g.pending()
        assert pending, "the game is stuck: nobody to act and not over"
        for seat, acts in sorted(pending.items()):
            st_ = g.state
            if st_.phase in ("turn", "claim", "chankan"):
                if g._show is None:
                    assert acts == legal_actions(st_, seat)
            action = choose(acts, seat)
            assert action in acts
            g.act(seat, action)
            steps += 1
            if g.state.phase != "over":
                break
        s = g.state
        if steps % check_every == 0:
            tiles_accounted(s)
        assert sum(s.scores) + 1000 * s.sticks == total
        if resume_at is not None and steps == resume_at:
            g2 = Game.from_events(list(g.events))
            assert snapshot(g2.state) == snapshot(g.state)
            g = g2
            g.add_listener(log.append)
        assert steps < MAX_STEPS, "the game did not end"
    assert isinstance(g.events[-1], GameEnded)
    assert log == g.events[1:] or log == g.events  # listeners saw every event after start
    assert snapshot(fold(g.events)) == snapshot(g.state)
    return g


@pytest.mark.parametrize("club", sorted(CLUBS))
@settings(max_examples=2)
@given(seed=st.integers(0, 10_000))
def test_random_games_keep_the_invariants(club: str, seed: int) -> None:
    g = play(club, seed, "smart", check_every=1)
    end = g.events[-1]
    assert isinstance(end, GameEnded)
    table = end.table
    assert sorted(r.rank for r in table) == [1, 2, 3, 4] or CLUBS[club].tie_break == "split"


@pytest.mark.parametrize("club", ["tenhou", "teireikai"])
def test_uniform_random_games_end(club: str) -> None:
    for seed in range(2):
        play(club, seed, "uniform", check_every=7)


@pytest.mark.parametrize("club", ["tenhou", "makura"])
def test_resume_from_events_continues_identically(club: str) -> None:
    seed = 11
    a = play(club, seed, "smart")
    b = play(club, seed, "smart", resume_at=150)
    assert a.events == b.events


def test_fold_equals_live_state_at_every_hand_start() -> None:
    g = play("tenhou", 3, "eager")
    for i, ev in enumerate(g.events):
        if isinstance(ev, HandStarted):
            live = fold(g.events[: i + 1])
            assert live.hand_index == sum(isinstance(e, HandStarted) for e in g.events[: i + 1]) - 1


@pytest.mark.slow
@pytest.mark.parametrize("club", sorted(CLUBS))
@settings(max_examples=examples(5))
@given(seed=st.integers(0, 1_000_000), chooser=st.sampled_from(["smart", "eager", "uniform"]))
def test_many_random_games(club: str, seed: int, chooser: str) -> None:
    if club == "ako":
        # ako extends round after round until somebody has 30,000 (1-04); uniform random
        # players almost never win, so such a game may go on for hundreds of hands.
        chooser = "eager"
    play(club, seed, chooser, check_every=3)


@pytest.mark.parametrize("preset", list_presets())
def test_every_preset_plays_a_whole_game(preset: str) -> None:
    CLUBS[f"preset:{preset}"] = load_ruleset(preset)
    try:
        play(f"preset:{preset}", 5, "smart", check_every=2)
    finally:
        del CLUBS[f"preset:{preset}"]


# ------------------------------------------------------------------ any combination of options

_INT_CHOICES = {
    "dead_wall": (14, 16), "initial_dora": (1, 2), "red_fives": (0, 1, 2), "min_han": (1, 2),
    "two_han_from_honba": (0, 2), "max_kans": (0, 2, 4), "riichi_min_wall": (0, 4),
    "extension_target": (30000, 40000), "noten_payment": (0, 3000),
}
_TUPLE_CHOICES = {"pao_yaku": ("daisangen", "daisuushii", "suukantsu", "sankantsu")}
_SKIP = {"name", "start_points", "return_points", "oka", "uma", "uma_by_floaters", "uma_sink",
         "uma_float", "double_yakuman", "honba_points", "chombo_points", "bust_bonus",
         "yakuman_bonus_tsumo", "yakuman_bonus_ron", "chip_ippatsu", "chip_ura", "chip_red",
         "chip_yakuman", "chip_bust", "yakitori_chips", "yakuman_cap", "chiitoitsu_fu",
         "open_pinfu_ron_fu", "double_wind_fu", "sanrenkou_han", "practice_mode"}


@st.composite
def rulesets(draw: st.DrawFn) -> object:
    """A Ruleset with every engine option drawn from its allowed values."""
    types = option_types()
    changes: dict[str, object] = {}
    for f in dataclasses.fields(Ruleset):
        name = f.name
        if name in _SKIP:
            continue
        lits = allowed_literals(name)
        if lits:
            changes[name] = draw(st.sampled_from(lits))
        elif types[name] is bool:
            changes[name] = draw(st.booleans())
        elif name in _INT_CHOICES:
            changes[name] = draw(st.sampled_from(_INT_CHOICES[name]))
        elif name in _TUPLE_CHOICES:
            picks = draw(st.lists(st.sampled_from(_TUPLE_CHOICES[name]), unique=True))
            changes[name] = tuple(picks)
    if changes.get("extension") != "none":
        changes["extension_last_round"] = draw(st.sampled_from(["west", "north"]))
    return Ruleset().replace(**changes)


@settings(max_examples=6)
@given(rules=rulesets(), seed=st.integers(0, 10_000))
def test_any_combination_of_options_plays_to_the_end(rules: Ruleset, seed: int) -> None:
    CLUBS["any"] = rules
    try:
        play("any", seed, "smart", check_every=4)
    finally:
        del CLUBS["any"]


@pytest.mark.slow
@settings(max_examples=examples(20))
@given(rules=rulesets(), seed=st.integers(0, 1_000_000))
def test_many_combinations_of_options(rules: Ruleset, seed: int) -> None:
    CLUBS["any"] = rules
    try:
        play("any", seed, "smart", check_every=5)
    finally:
        del CLUBS["any"]
