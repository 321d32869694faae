"""Helpers for the preset play tests (``test_play_<preset>.py``).

These tests play scripted hands through ``engine.game.Game`` under the real presets
(``rulesets.load(name)``).  The scripted walls, the script driver and the hand layouts
come from the engine's scenario tests (``tests/engine/game_kit.py`` and
``tests/engine/test_scenarios_*.py``) and are re-exported here, so each layout is
written once.  What is new here: playing a hand out, reading the next hand and the
final table, and starting a game at a chosen hand with chosen scores under a preset.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

_ENGINE_TESTS = str(Path(__file__).resolve().parents[1] / "engine")
if _ENGINE_TESTS not in sys.path:
    sys.path.insert(0, _ENGINE_TESTS)

from game_kit import build_wall, default_action, last_result, run  # noqa: E402
from test_scenarios_calls_riichi import (  # noqa: E402
    CHANKAN,
    DISCARD_RON,
    FORCED,
    FURITEN,
    KOKUSHI_ANKAN,
    KUIKAE,
    MINKAN,
    PAO,
    PAO_DRAWS,
    PONKAN,
    PRIORITY,
    RIICHI_TILE,
    RINSHAN,
)
from test_scenarios_calls_riichi import RIICHI_KAN as RIICHI_KAN_1113444M  # noqa: E402
from test_scenarios_draws import (  # noqa: E402
    FOUR_KANS,
    FOUR_RIICHI,
    FOUR_WINDS_HANDS,
    NOTEN,
    TENPAI_DEALER,
    nagashi_wall,
)
from test_scenarios_game_end import BUST_HANDS, WIN_HANDS, start_at  # noqa: E402
from test_scenarios_game_end import NOTEN as NOTEN_SOUTH4  # noqa: E402
from test_scenarios_hand_rules import IPPATSU, OWN_FOUR, RIICHI_ONLY, TANYAO  # noqa: E402
from test_scenarios_multi_ron import DRAWS as MULTI_RON_DRAWS  # noqa: E402
from test_scenarios_multi_ron import HANDS as MULTI_RON_HANDS  # noqa: E402
from test_scenarios_multi_ron import double_wall, triple_wall  # noqa: E402
from test_scenarios_options import RIICHI_KAN as RIICHI_KAN_111M  # noqa: E402

import rulesets  # noqa: E402
from engine.actions import Discard, EndGame, Tsumo  # noqa: E402
from engine.events import (  # noqa: E402
    Called,
    Discarded,
    DoraRevealed,
    Drew,
    FinalRow,
    GameEnded,
    HandStarted,
    Kan,
    Won,
)
from engine.game import Game  # noqa: E402
from rulesets.schema import Ruleset  # noqa: E402

__all__ = [
    "BUST_HANDS", "CHANKAN", "DISCARD_RON", "FORCED", "FOUR_KANS", "FOUR_RIICHI",
    "FOUR_WINDS_HANDS", "FURITEN", "IPPATSU", "KOKUSHI_ANKAN", "KUIKAE", "MINKAN",
    "MULTI_RON_DRAWS", "MULTI_RON_HANDS", "NOTEN", "NOTEN_SOUTH4", "OWN_FOUR", "PAO",
    "PAO_DRAWS", "PONKAN", "PRIORITY", "RIICHI_KAN_111M", "RIICHI_KAN_1113444M",
    "RIICHI_ONLY", "RIICHI_TILE", "RINSHAN", "TANYAO", "TENPAI_DEALER", "WIN_HANDS",
    "build_wall", "default_action", "double_wall", "last_result", "nagashi_wall", "run",
    "start_at", "triple_wall",
    "preset", "game", "play_hand", "play_until", "starts", "ended", "rows", "rotate",
    "riichi_offered", "discard_kinds", "south4", "kiriage_wall", "KIRIAGE_SCRIPT",
    "DOUBLE_WIND", "DOUBLE_WIND_DRAWS", "DOUBLE_WIND_SCRIPT", "SUUANKOU_TANKI",
    "SUUANKOU_DRAWS", "pao_daisangen", "FIVE_YAKUMAN", "FIVE_YAKUMAN_DRAWS", "pao_by_open_kan",
]


@cache
def preset(name: str) -> Ruleset:
    """The real preset ``name`` as ``rulesets.load`` gives it (loaded once)."""
    return rulesets.load(name)


def game(rules: Ruleset, *walls: tuple[int, ...], seed: int = 0) -> Game:
    """A new game under ``rules`` whose first hands use ``walls``, then seeded shuffles."""
    return Game(rules, seed=seed, walls=list(walls))


def south4(rules: Ruleset, scores: tuple[int, int, int, int], wall: tuple[int, ...],
           *, honba: int = 0, sticks: int = 0,
           walls_after: tuple[tuple[int, ...], ...] = ()) -> Game:
    """A game resumed at South 4 (seat 3 deals) with ``scores`` and ``wall``."""
    return start_at(rules, 1, 3, scores, wall, walls_after, honba=honba, sticks=sticks)


def play_until(g: Game, stop: Callable[[Game], bool], max_steps: int = 1500) -> None:
    """Default moves (tsumogiri, pass, show, play on) until ``stop(g)`` is true."""
    for _ in range(max_steps):
        if stop(g):
            return
        seat, acts = next(iter(g.pending().items()))
        g.act(seat, default_action(g, seat, acts))
    raise AssertionError("the hand never reached the expected point")


def play_hand(g: Game) -> None:
    """Play the current hand out with default moves; stop at the next hand, the end of
    the game, or a dealer's choice to stop (``EndGame``) that the test must make."""
    start = g.state.hands_started

    def done(g: Game) -> bool:
        if g.over or g.state.hands_started != start:
            return True
        return any(isinstance(a, EndGame) for acts in g.pending().values() for a in acts)

    play_until(g, done)


def starts(g: Game) -> list[HandStarted]:
    """Every ``HandStarted`` so far."""
    return [e for e in g.events if isinstance(e, HandStarted)]


def ended(g: Game) -> GameEnded:
    """The ``GameEnded`` event (the game must be over)."""
    assert g.over, "the game is not over"
    end = g.events[-1]
    assert isinstance(end, GameEnded)
    return end


def rows(end: GameEnded) -> dict[int, FinalRow]:
    """The final table's rows by seat."""
    return {r.seat: r for r in end.table}


def rotate(hands: dict[int, str], dealer: int) -> dict[int, str]:
    """``hands`` laid out for dealer 0 moved round so that ``dealer`` deals them."""
    return {(s + dealer) % 4: h for s, h in hands.items()}


def riichi_offered(g: Game, seat: int) -> bool:
    """Whether ``seat`` may declare riichi now."""
    return any(isinstance(a, Discard) and a.riichi for a in g.pending().get(seat, ()))


def discard_kinds(g: Game, seat: int) -> set[int]:
    """The tile kinds ``seat`` may discard now."""
    return {a.tile >> 2 for a in g.pending().get(seat, ()) if isinstance(a, Discard)}


# ------------------------------------------------------------------ hands for several presets

# The dealer holds 123m 456m 789p 12p 99s (no yaku but riichi, penchan 3p), declares riichi
# on the first discard (double riichi), passes the 3p of seat 3 and draws the next 3p:
# double riichi 2 + ippatsu 1 + menzen tsumo 1 = 4 han, 20 + 2 (tsumo) + 2 (penchan) = 30 fu.
# The dora and ura indicators (5z: the dora is 6z) add nothing.
KIRIAGE_DRAWS = ["9s", "7z", "7z", "3p", "3p"]


def kiriage_wall() -> tuple[int, ...]:
    """A wall whose dealer wins 4 han 30 fu by tsumo (see ``KIRIAGE_DRAWS``)."""
    return build_wall(RIICHI_ONLY, KIRIAGE_DRAWS, dora="5z", ura="5z")


KIRIAGE_SCRIPT = ((0, "riichi 9s"), (3, "d 3p"), (0, "pass"), (0, "tsumo"))

# The dealer in East round holds 999m (closed terminal triplet, 8 fu) and a pair of East
# (its seat wind and the round wind) and waits 3s-6s: riichi, ron on seat 1's 3s.
# 20 + 10 (closed ron) + 8 + the double-wind pair: 2 fu -> 40 fu; 4 fu would make 50.
DOUBLE_WIND = {**NOTEN, 0: "999m234p567s11z45s"}
DOUBLE_WIND_DRAWS = ["9s", "3s"]
DOUBLE_WIND_SCRIPT = ((0, "riichi 9s"), (1, "d 3s"), (0, "ron"))

# Four closed triplets and a single wait on 5z (suuankou tanki), won by tsumo on the
# dealer's second draw.
SUUANKOU_TANKI = {0: "111m222m333p444s5z", 1: "2468m13579p2468s", 2: "13579s123456z99p",
                  3: "13579m2468p1357s"}
SUUANKOU_DRAWS = ["9s", "1z", "1z", "1z", "5z"]


# Four wind triplets and a single wait on 5z (daisuushii 2 + tsuuiisou 1 + suuankou tanki 2),
# won by tsumo on the dealer's second draw.
FIVE_YAKUMAN = {**NOTEN, 0: "111z222z333z444z5z"}
FIVE_YAKUMAN_DRAWS = ["9s", "1s", "1s", "1s", "5z"]


def pao_daisangen(rules: Ruleset, *, ron: bool) -> Game:
    """Seat 1 pons the three dragons, each from seat 0's discard, and wins on 4m: by tsumo,
    or (``ron``) on seat 3's 4m."""
    draws = PAO_DRAWS if not ron else PAO_DRAWS[:8] + ["4m"]
    g = game(rules, build_wall(PAO, draws))
    moves = [(0, "d 5z"), (1, "pon"), (1, "d 9p"), (0, "d 6z"), (1, "pon"), (1, "d 9s"),
             (0, "d 7z"), (1, "pon"), (1, "d 1s")]
    moves += [(3, "d 4m"), (1, "ron")] if ron else [(1, "tsumo")]
    run(g, *moves)
    return g


def pao_by_open_kan(rules: Ruleset) -> Game:
    """As :func:`pao_daisangen`, but the third dragon is an open kan (大明槓) of seat 0's 7z
    and seat 1 wins on the replacement tile."""
    hands = {**PAO, 1: "55z66z777z1234m9p9s"}
    g = game(rules, build_wall(hands, PAO_DRAWS, rinshan="4m"))
    run(g, (0, "d 5z"), (1, "pon"), (1, "d 9p"), (0, "d 6z"), (1, "pon"), (1, "d 9s"),
        (0, "d 7z"), (1, "minkan"), (1, "tsumo"))
    return g


def kan_order(g: Game, seat: int) -> list[str]:
    """The order of kans, replacement draws, dora turns and ``seat``'s discards in a game."""
    out = []
    for e in g.events:
        if isinstance(e, (Called, Kan)):
            out.append("kan")
        elif isinstance(e, Drew) and e.rinshan:
            out.append("rinshan")
        elif isinstance(e, DoraRevealed):
            out.append("dora")
        elif isinstance(e, Discarded) and e.seat == seat:
            out.append("discard")
    return out


def check_riichi_needs_four_tiles(rules: Ruleset) -> None:
    """Riichi is offered exactly while 4 or more tiles are left in the live wall."""
    g = game(rules, build_wall(TENPAI_DEALER))
    seen: dict[int, bool] = {}
    while g.state.hands_started == 1:
        seat, acts = next(iter(g.pending().items()))
        if seat == 0 and g.state.phase == "turn":
            seen[g.state.live_remaining] = riichi_offered(g, 0)
        g.act(seat, default_action(g, seat, acts))
    assert any(left < 4 for left in seen) and any(left >= 4 for left in seen)
    for left, offered in seen.items():
        assert offered == (left >= 4), left


def check_furiten_riichi_tsumo_only(rules: Ruleset) -> None:
    """A riichi hand that passed its winning tile may not ron it again, but may win by tsumo."""
    g = game(rules, build_wall(FURITEN, ["9s", "3p", "1z", "1z", "1z", "3p", "2z", "2z",
                                         "3p"]))
    run(g, (0, "riichi 9s"), (1, "d 3p"), (0, "pass"), (1, "d 3p"))
    assert 0 not in g.pending()
    play_until(g, lambda g: Tsumo() in g.pending().get(0, ()))
    run(g, (0, "tsumo"))
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].from_seat is None


def check_kiriage_mangan(rules: Ruleset) -> None:
    """4 han 30 fu is paid as a mangan (kiriage)."""
    g = game(rules, kiriage_wall())
    run(g, *KIRIAGE_SCRIPT)
    won = last_result(g)
    assert isinstance(won, Won) and (won.wins[0].han, won.wins[0].fu) == (4, 30)
    assert won.wins[0].limit == "mangan" and won.wins[0].points == 12000
