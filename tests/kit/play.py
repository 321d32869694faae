"""Helpers for the preset play tests (``test_play_<preset>.py``).

These tests play scripted hands through ``engine.game.Game`` under the real presets
(``rulesets.load_ruleset(name)``).  The scripted walls, the script driver and the hand layouts
come from the engine's scenario tests (``tests.kit.game`` and
``tests/engine/test_scenarios_*.py``) and are re-exported here, so each layout is
written once.  What is new here: playing a hand out, reading the next hand and the
final table, and starting a game at a chosen hand with chosen scores under a preset.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from hanchan import rulesets
from hanchan.engine.actions import ClosedKan, Discard, EndGame, NineTerminals, Tsumo
from hanchan.engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Drew,
    FinalRow,
    GameEnded,
    HandDrawn,
    HandStarted,
    Kan,
    Won,
)
from hanchan.engine.game import Game
from hanchan.rulesets.schema import Ruleset
from tests.engine.test_scenarios_calls_riichi import (
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
from tests.engine.test_scenarios_calls_riichi import RIICHI_KAN as RIICHI_KAN_1113444M
from tests.engine.test_scenarios_draws import (
    FOUR_KANS,
    FOUR_RIICHI,
    FOUR_WINDS_HANDS,
    NOTEN,
    TENPAI_DEALER,
    nagashi_wall,
)
from tests.engine.test_scenarios_game_end import BUST_HANDS, WIN_HANDS, start_at
from tests.engine.test_scenarios_game_end import NOTEN as NOTEN_SOUTH4
from tests.engine.test_scenarios_hand_rules import IPPATSU, OWN_FOUR, RIICHI_ONLY, TANYAO
from tests.engine.test_scenarios_multi_ron import DRAWS as MULTI_RON_DRAWS
from tests.engine.test_scenarios_multi_ron import HANDS as MULTI_RON_HANDS
from tests.engine.test_scenarios_multi_ron import double_wall, triple_wall
from tests.engine.test_scenarios_options import RIICHI_KAN as RIICHI_KAN_111M
from tests.kit.game import build_wall, default_action, last_result, run

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
    "kan_order", "riichi_offers_by_tiles_left", "check_riichi_needs_four_tiles",
    "check_furiten_riichi_tsumo_only", "check_kiriage_mangan", "three_han_sixty_fu",
    "check_tenpai_dealer_keeps_the_deal", "check_noten_dealer_passes_the_deal",
    "check_no_nine_terminals", "check_no_four_winds_abort", "four_riichi_played_on",
    "check_no_four_kans_abort_and_no_fifth_kan", "check_no_nagashi_mangan",
    "check_formal_tenpai_not_on_the_own_fifth_tile", "riichi_kan_offered",
    "check_double_wind_pair_is_two_fu", "check_pao_daisangen_tsumo_in_full_ron_half",
]


@cache
def preset(name: str) -> Ruleset:
    """The real preset ``name`` as ``rulesets.load_ruleset`` gives it (loaded once)."""
    return rulesets.load_ruleset(name)


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


def kan_order(g: Game, seat: int, *, wins: bool = False) -> list[str]:
    """The order of kans, replacement draws, dora turns and ``seat``'s discards in a game
    (and, with ``wins``, the wins)."""
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
        elif wins and isinstance(e, Won):
            out.append("won")
    return out


def riichi_offers_by_tiles_left(rules: Ruleset) -> dict[int, bool]:
    """Whether the tenpai dealer (``TENPAI_DEALER``, tsumogiri all hand) may declare riichi
    on each of its turns, by the tiles left in the live wall then."""
    g = game(rules, build_wall(TENPAI_DEALER))
    seen: dict[int, bool] = {}
    while g.state.hands_started == 1:
        seat, acts = next(iter(g.pending().items()))
        if seat == 0 and g.state.phase == "turn":
            seen[g.state.live_remaining] = riichi_offered(g, 0)
        g.act(seat, default_action(g, seat, acts))
    return seen


def check_riichi_needs_four_tiles(rules: Ruleset) -> None:
    """Riichi is offered exactly while 4 or more tiles are left in the live wall."""
    seen = riichi_offers_by_tiles_left(rules)
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


# Seat 1 holds three closed terminal triplets and waits 1s-4s; after a go-round of
# tsumogiri the dealer draws and discards 4s, the dora (indicator 3s) (a second
# go-round so that no renhou counts): 20 + 10 (closed ron) + 3 x 8 = 54 -> 60 fu,
# sanankou 2 + dora 1 = 3 han.  1,920 base points: 7,700 unless kiriage rounds it up.
SIXTY_FU = {**NOTEN, 1: "111m999m111p23s66p"}


def three_han_sixty_fu(rules: Ruleset) -> Won:
    """Seat 1's 3 han 60 fu ron on the dealer's 4s (``SIXTY_FU``), as ``Won``."""
    g = game(rules, build_wall(SIXTY_FU, ["5z", "6z", "7z", "5z", "4s"], dora="3s"))
    run(g, (0, "d 4s"), (1, "ron"))
    won = last_result(g)
    assert isinstance(won, Won) and (won.wins[0].han, won.wins[0].fu) == (3, 60)
    assert dict(won.wins[0].yaku) == {"sanankou": 2, "dora": 1}
    assert starts(g)[1].dealer == 1 and starts(g)[1].honba == 0
    return won


def check_tenpai_dealer_keeps_the_deal(rules: Ruleset) -> None:
    """At an exhaustive draw the tenpai dealer alone gets 3000 from the table (1000 each)
    and keeps the deal with one honba."""
    g = game(rules, build_wall(TENPAI_DEALER))
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.deltas == (3000, -1000, -1000, -1000)
    assert (starts(g)[1].dealer, starts(g)[1].honba) == (0, 1)


def check_noten_dealer_passes_the_deal(rules: Ruleset) -> HandDrawn:
    """At an exhaustive draw where seat 1 alone is tenpai the deal passes to seat 1 with one
    honba; the draw's ``HandDrawn`` for the caller's own checks."""
    g = game(rules, build_wall({**NOTEN, 1: "123m456m789m12p88p"}))
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn)
    assert (starts(g)[1].dealer, starts(g)[1].honba) == (1, 1)
    return res


# -------------------------------------------------- no abortive draws (clubs without them)


def check_no_nine_terminals(rules: Ruleset) -> None:
    """The dealer dealt nine kinds of terminals and honours is not offered an abort."""
    g = game(rules, build_wall({**NOTEN, 0: "19m19p19s1234z246m"}))
    assert not any(isinstance(a, NineTerminals) for a in g.pending()[0])


def check_no_four_winds_abort(rules: Ruleset) -> None:
    """Four East discards on the first go-round do not abort: the hand ends in a full draw."""
    g = game(rules, build_wall(FOUR_WINDS_HANDS, ["1z", "1z", "1z", "1z"]))
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.kind == "exhaustive"


def four_riichi_played_on(rules: Ruleset) -> Game:
    """Four riichi declarations do not abort the hand: the game after the fourth."""
    g = game(rules, build_wall(FOUR_RIICHI, ["5z", "6z", "7z", "5z"]))
    run(g, (0, "riichi 5z"), (1, "riichi 6z"), (2, "riichi 7z"), (3, "riichi 5z"))
    assert g.state.hands_started == 1 and all(s.riichi for s in g.state.seats)
    return g


def check_no_four_kans_abort_and_no_fifth_kan(rules: Ruleset) -> None:
    """Four kans by two players do not abort, and nobody may make a fifth kan."""
    g = game(rules, build_wall(FOUR_KANS, ["5z", "6z"], rinshan="4z4z4z3z"))
    run(g, (0, "ankan 1m"), (0, "ankan 2m"), (0, "d 4z"), (1, "ankan 3m"), (1, "ankan 4m"),
        (1, "d 3z"))
    assert g.state.hands_started == 1 and g.state.kans_total == 4
    for acts in g.pending().values():
        assert not any(type(a).__name__.endswith("Kan") for a in acts)


def check_no_nagashi_mangan(rules: Ruleset) -> None:
    """All-terminal discards at an exhaustive draw pay nothing (no nagashi mangan)."""
    g = game(rules, nagashi_wall(2))
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.nagashi == () and res.deltas == (0,) * 4


# ------------------------------------------------------------------ tenpai and riichi


def check_formal_tenpai_not_on_the_own_fifth_tile(rules: Ruleset) -> None:
    """A hand without yaku is tenpai at the draw (formal tenpai), but not a wait on a tile
    whose four copies are all in the own hand."""
    g = game(rules, build_wall(RIICHI_ONLY))
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and res.tenpai[0]
    g = game(rules, build_wall(OWN_FOUR))
    play_hand(g)
    res = last_result(g)
    assert isinstance(res, HandDrawn) and not res.tenpai[0]


def riichi_kan_offered(rules: Ruleset, hands: dict[int, str], draws: list[str],
                       riichi_word: str) -> bool:
    """Whether seat 0, after ``riichi_word`` on its first turn, may make a closed kan of the
    fourth 1m that it draws on its next turn."""
    g = game(rules, build_wall(hands, draws))
    run(g, (0, riichi_word))
    play_until(g, lambda g: g.state.turn == 0 and g.state.phase == "turn")
    assert g.state.drawn is not None and g.state.drawn >> 2 == 0  # drew the 4th 1m
    return any(isinstance(a, ClosedKan) for a in g.pending()[0])


# ------------------------------------------------------------------ hand values


def check_double_wind_pair_is_two_fu(rules: Ruleset) -> None:
    """A pair of the seat-and-round wind counts 2 fu (40 fu in ``DOUBLE_WIND``, not 50)."""
    g = game(rules, build_wall(DOUBLE_WIND, DOUBLE_WIND_DRAWS))
    run(g, *DOUBLE_WIND_SCRIPT)
    won = last_result(g)
    assert isinstance(won, Won) and won.wins[0].fu == 40
    assert ("pair_double_wind", 2) in won.wins[0].fu_parts


def check_pao_daisangen_tsumo_in_full_ron_half(rules: Ruleset) -> None:
    """Daisangen pao (see :func:`pao_daisangen`): the pao player pays all of a tsumo and
    half of a ron, the discarder the other half."""
    won = last_result(pao_daisangen(rules, ron=False))
    assert isinstance(won, Won) and won.wins[0].pao_seat == 0
    assert won.deltas == (-32000, 32000, 0, 0)
    won = last_result(pao_daisangen(rules, ron=True))
    assert isinstance(won, Won) and won.wins[0].pao_seat == 0
    assert won.deltas == (-16000, 32000, 0, -16000)
