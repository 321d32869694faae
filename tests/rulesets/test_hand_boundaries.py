"""Every hand boundary of seeded games under every preset, checked against the rules.

The checks here are written from the clubs' rules (issue 22), not from ``engine/flow.py``:

- points plus sticks on the table are conserved across each hand boundary, except what a
  penalty loses to nobody; the sticks and scores of the next hand follow from the hand's
  own events (riichi sticks, false-call sticks, sticks a win takes, a chombo's returns);
- the next hand's round, dealer and honba follow from the result by the ruleset's
  options, and the game ends exactly when the rules end it (or when the dealer, offered
  the choice, stops);
- the final table sums to what each player's rounding, the oka and the points that left
  the players' hands make (zero where the preset's top absorbs the rounding and nothing
  left the table).

The seat 0 player is a practice seat that now and then claims a false tsumo or a false
call, so chombo and false-call sticks cross hand boundaries too.  The quick part plays a
few games per preset; the ``slow`` part takes its number of games from the hypothesis
profile (tests/kit/budget.py): 25 a preset in CI, and ``HYPOTHESIS_PROFILE=thorough pytest
-m slow tests/rulesets/test_hand_boundaries.py`` plays 500 a preset.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanchan.engine.actions import Action, Discard, EndGame, NineTerminals, Pon, Tsumo
from hanchan.engine.events import (
    Event,
    GameEnded,
    HandDrawn,
    HandStarted,
    Penalty,
    RiichiAccepted,
    Won,
)
from hanchan.engine.game import Game
from hanchan.engine.legal import IllegalAction
from hanchan.engine.tiles import is_yaochuu
from hanchan.rulesets.loader import list_presets, load_ruleset
from hanchan.rulesets.schema import Ruleset
from tests.kit.budget import examples
from tests.kit.game import smart_choice

PRESETS = list_presets()
MISTAKE = 1 / 400  # chance that seat 0 makes a practice-mode mistake at a decision


@dataclass
class Hand:
    """One hand's events, from its ``HandStarted`` to the next one (or the end)."""

    start: HandStarted
    round: int  # 0 East, 1 South, 2 West ... (counted on, past North)
    events: list[Event]
    after: HandStarted | GameEnded
    next_round: int
    chose_stop: bool | None  # the dealer's answer when offered to stop, else None

    @property
    def result(self) -> Won | HandDrawn | Penalty:
        for ev in reversed(self.events):
            if isinstance(ev, (Won, HandDrawn)) or (isinstance(ev, Penalty)
                                                    and ev.kind == "chombo"):
                return ev
        raise AssertionError("a hand without a result")


def play(rules: Ruleset, seed: int) -> tuple[Game, dict[int, bool]]:
    """A whole game of smart random choices, seat 0 erring now and then; the dealer's
    answer to each offer to stop, by the number of the hand that offered it."""
    rng = random.Random(seed)
    g = Game(rules.replace(practice_mode=True), seed=seed, practice_seats=(0,))
    answers: dict[int, bool] = {}
    for _ in range(200_000):
        if g.over:
            return g, answers
        pending = g.pending()
        seat, acts = sorted(pending.items())[0]
        if any(isinstance(a, EndGame) for a in acts):
            stop = rng.random() < 0.5
            answers[g.state.hands_started - 1] = stop
            g.act(seat, EndGame(stop=stop))
            continue
        if 0 in pending and rng.random() < MISTAKE and _mistake(g, rng):
            continue
        g.act(seat, _choice(g, rng, seat, acts, nagashi_seat=seed % 4))
    raise AssertionError("the game did not end")


def _choice(g: Game, rng: random.Random, seat: int, acts: tuple[Action, ...], *,
            nagashi_seat: int) -> Action:
    """Smart random play, except that nine terminals are always declared and one seat
    throws terminals and honours first (so nagashi and abortive draws happen)."""
    if NineTerminals() in acts:
        return NineTerminals()
    if seat == nagashi_seat and g.state.phase == "turn":
        yao = [a for a in acts if isinstance(a, Discard) and not a.riichi
               and is_yaochuu(a.tile >> 2)]
        if yao:
            return rng.choice(yao)
    return smart_choice(rng, acts, g, seat)


def _mistake(g: Game, rng: random.Random) -> bool:
    """Seat 0 claims a false tsumo on its turn or a false pon on a discard."""
    s = g.state
    acts = g.pending()[0]
    try:
        if s.phase == "turn" and s.turn == 0 and Tsumo() not in acts:
            g.act(0, Tsumo())
            return True
        if s.phase == "claim" and len(s.seats[0].hand) >= 2 and not any(
                isinstance(a, Pon) for a in acts):
            hand = sorted(s.seats[0].hand)
            g.act(0, Pon((hand[0], hand[1])))
            return True
    except IllegalAction:
        return False
    return False


def hands_of(events: list[Event], answers: dict[int, bool]) -> list[Hand]:
    """The game cut into hands, each with its round counted from the start."""
    marks = [i for i, e in enumerate(events) if isinstance(e, (HandStarted, GameEnded))]
    rounds: list[int] = []
    for i in marks:
        ev = events[i]
        if isinstance(ev, HandStarted):
            prev = events[marks[len(rounds) - 1]] if rounds else None
            step = (ev.round_wind - prev.round_wind) % 4 if isinstance(prev, HandStarted) else 0
            rounds.append((rounds[-1] if rounds else ev.round_wind) + step)
        else:
            rounds.append(rounds[-1])
    out = []
    for n, (a, b) in enumerate(zip(marks, marks[1:], strict=False)):
        start, after = events[a], events[b]
        assert isinstance(start, HandStarted) and isinstance(after, (HandStarted, GameEnded))
        out.append(Hand(start, rounds[n], events[a + 1:b], after, rounds[n + 1],
                        answers.get(n)))
    return out


# ------------------------------------------------------------------ the rules, restated

def regular_rounds(r: Ruleset) -> int:
    return 1 if r.length == "east" else 2


def last_round(r: Ruleset) -> int:
    if r.extension == "none":
        return regular_rounds(r) - 1
    return {"west": regular_rounds(r), "north": regular_rounds(r) + 1}.get(
        r.extension_last_round, 10**6)


def dealer_keeps(r: Ruleset, h: Hand) -> tuple[bool, int, bool]:
    """(dealer keeps the deal, next honba, the hand counts as the dealer's win)."""
    d, honba, res = h.start.dealer, h.start.honba, h.result
    if isinstance(res, Won):
        win = d in [w.seat for w in res.wins]
        return win, honba + 1 if win else 0, True
    if isinstance(res, Penalty):
        last = h.start.hand_number == 3 and h.round >= regular_rounds(r) - 1
        passes = r.chombo_dealer_passes and res.seat == d and not (
            r.chombo_last_dealer_keeps and last)
        return not passes, honba + (1 if r.chombo_adds_honba else 0), False
    if res.nagashi and r.nagashi_as_win:  # makura 44 e, ako 3-17-01-01: a tsumo win
        win = d in res.nagashi
        return win, honba + 1 if win else 0, True
    if res.kind == "exhaustive":
        ten = res.tenpai[d]
        keeps = {"tenpai": ten, "always": True, "never": False,
                 "tenpai_or_after_east": ten or h.round >= 1}[r.renchan_at_draw]
        return keeps, honba + 1, False
    keeps = r.renchan_at_abort and (not r.renchan_at_abort_tenpai or res.tenpai[d])
    return keeps, honba + 1, False


def scores_after(h: Hand) -> list[int]:
    sc = list(h.start.scores)
    for ev in h.events:
        if isinstance(ev, RiichiAccepted):
            sc[ev.seat] -= 1000
        elif isinstance(ev, (Won, HandDrawn, Penalty)):
            for i in range(4):
                sc[i] += ev.deltas[i]
    return sc


def sticks_back(r: Ruleset, h: Hand) -> list[int]:
    """Sticks a chombo hand gives back to each seat, whether the game goes on or ends
    (makura 31, 35; gpc l.40; teireikai 罰則1; yokoyoko (1): the moment it is found)."""
    back = [0, 0, 0, 0]
    res = h.result
    if not (isinstance(res, Penalty) and r.chombo_sticks_returned):
        return back
    for ev in h.events:
        if isinstance(ev, RiichiAccepted) and not (
                r.chombo_own_stick_stays and ev.seat == res.seat):
            back[ev.seat] += 1
        elif isinstance(ev, Penalty) and r.chombo_penalty_sticks_returned:
            back[ev.seat] += ev.to_table // 1000
    return back


def check_sticks_and_points(r: Ruleset, h: Hand) -> None:
    sticks = h.start.sticks
    lost = 0
    for ev in h.events:
        if isinstance(ev, RiichiAccepted):
            sticks += 1
        elif isinstance(ev, Penalty):
            sticks += ev.to_table // 1000
            lost += sum(ev.deltas) + ev.to_table  # what went to nobody
        elif isinstance(ev, (Won, HandDrawn)):
            sticks -= ev.sticks_taken
            paid_in = sum(ev.deltas)
            assert paid_in == 1000 * ev.sticks_taken  # only the sticks come from the table
    sc = scores_after(h)
    back = sticks_back(r, h)
    for s in range(4):
        sc[s] += 1000 * back[s]
        sticks -= back[s]
    total_before = sum(h.start.scores) + 1000 * h.start.sticks
    if isinstance(h.after, HandStarted):
        assert list(h.after.scores) == sc and h.after.sticks == sticks
        assert sum(h.after.scores) + 1000 * h.after.sticks == total_before + lost
    else:
        assert h.after.leftover_sticks == sticks


def busted(r: Ruleset, h: Hand, sc: list[int]) -> bool:
    if r.bust != "below_zero" or min(sc) >= 0:
        return False
    res = h.result
    if not r.noten_payment_can_bust:
        # ako 1-09-01: noten payments never bust; a player below zero busts at the end of
        # a hand it pays for, not of one it takes no part in
        if isinstance(res, HandDrawn) and res.kind == "exhaustive" and not res.nagashi:
            return False
        return any(sc[i] < 0 and (res.deltas[i] < 0 or sc[i] - res.deltas[i] >= 0)
                   for i in range(4))
    return True


def expected_after(r: Ruleset, h: Hand) -> set[tuple[object, ...]]:
    """What may follow the hand: ("end",) and/or ("next", round, dealer, honba)."""
    sc = [p + 1000 * b for p, b in zip(scores_after(h), sticks_back(r, h), strict=True)]
    d, rnd, res = h.start.dealer, h.round, h.result
    if busted(r, h, sc):
        return {("end",)}
    if isinstance(res, Penalty) and res.replay_hand:
        return {("next", rnd, d, h.start.honba)}
    keeps, honba, win = dealer_keeps(r, h)
    target = r.extension_target
    reg = regular_rounds(r)
    ext = rnd >= reg
    fourth = h.start.hand_number == 3
    top = min(range(4), key=lambda s: (-sc[s], s))
    anyone = max(sc) >= target
    stay: set[tuple[object, ...]] = {("next", rnd, d, honba)}
    if ext and r.extension == "sudden_death" and anyone and not (
            keeps and r.extension_dealer_keeps == "as_last_hand"):
        return {("end",)}
    if keeps:
        last_like = (rnd == reg - 1 and fourth) or (ext and (
            fourth or (r.extension == "sudden_death"
                       and r.extension_dealer_keeps == "as_last_hand")))
        if not last_like or isinstance(res, Penalty):
            return stay
        exhaustive_tenpai = (isinstance(res, HandDrawn) and not win
                             and res.kind == "exhaustive" and res.tenpai[d])
        mode = r.agariyame if win else (r.tenpaiyame if exhaustive_tenpai else "none")
        may_end = r.extension == "none" or anyone
        if mode == "auto_if_top" and top == d and (
                r.extension == "none" or sc[d] >= target
                or (ext and r.extension_dealer_keeps == "target_ends")):
            return {("end",)}
        if (mode == "if_top" and top == d and may_end) or (mode == "always" and may_end):
            return stay | {("end",)}
        return stay
    if d == 3:
        if rnd >= last_round(r):
            return {("end",)}
        if (rnd == reg - 1 or (ext and r.extension == "full_rounds")) and (
                r.extension == "none" or anyone):
            return {("end",)}
    return {("next", rnd + (1 if d == 3 else 0), (d + 1) % 4, honba)}


def rounded(points: int, r: Ruleset) -> Fraction:
    """A player's points less the return, in thousands, rounded as the preset's text says."""
    ret, mode = r.return_points, r.rounding
    if mode == "none":
        return Fraction(points - ret, 1000)
    if mode == "toward_zero":  # makura 1): プラス者切り下げ、マイナス者切り上げ
        diff = points - ret
        q = abs(diff) // 1000
        return Fraction(q if diff >= 0 else -q)
    sign = 1 if points >= 0 else -1
    hundreds = abs(points) // 100  # every preset's points are whole hundreds
    thousands, rest = divmod(hundreds, 10)
    if mode == "half_up":  # 四捨五入
        thousands += rest >= 5
    elif mode == "five_down_six_up":  # 五捨六入 (ako 1-03)
        thousands += rest >= 6
    elif mode == "floor_100":
        return Fraction(sign * hundreds * 100 - ret, 1000)
    return Fraction(sign * thousands * 1000 - ret, 1000)


def check_final_table(r: Ruleset, end: GameEnded) -> None:
    rows = end.table
    points = [row.points if r.negative_scores_count else max(0, row.points) for row in rows]
    exact = Fraction(sum(points) - 4 * r.return_points, 1000)
    own = sum((rounded(p, r) for p in points), Fraction(0))
    base = exact if (r.rounding_top_absorbs or r.rounding == "none") else own
    want = base + r.oka
    got = sum(Fraction(row.result).limit_denominator(10) for row in rows)
    assert got == want, (got, want)
    if base == exact and sum(row.points for row in rows) == 4 * r.start_points:
        assert got == 0  # the text makes the table sum to zero: nothing left the players


def check_game(r: Ruleset, seed: int) -> list[Hand]:
    """Play one game and check every hand boundary and the final table; its hands."""
    g, answers = play(r, seed)
    hands = hands_of(g.events, answers)
    for h in hands:
        check_sticks_and_points(r, h)
        allowed = expected_after(r, h)
        if isinstance(h.after, GameEnded):
            got: tuple[object, ...] = ("end",)
        else:
            got = ("next", h.next_round, h.after.dealer, h.after.honba)
        assert got in allowed, (h.start, h.result, allowed, got)
        if len(allowed) == 2:  # the dealer was offered the stop: its answer decided
            assert h.chose_stop is not None
            assert (got == ("end",)) == h.chose_stop
        else:
            assert h.chose_stop is None
    end = g.events[-1]
    assert isinstance(end, GameEnded)
    check_final_table(r, end)
    return hands


@pytest.mark.parametrize("name", PRESETS)
@settings(max_examples=3)
@given(seed=st.integers(0, 10**9))
def test_hand_boundaries_follow_the_rules(name: str, seed: int) -> None:
    check_game(load_ruleset(name), seed)


# 25 games a preset in CI (about 2 s a preset on one core), 500 under the thorough profile
GAMES = examples(25)


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS)
@settings(max_examples=GAMES)
@given(seed=st.integers(0, 10**9))
def test_many_games_hand_boundaries_follow_the_rules(name: str, seed: int) -> None:
    check_game(load_ruleset(name), seed)
