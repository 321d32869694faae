"""Helpers for the game tests: random choosers, club ruleset variants, scripted walls."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hanchan.engine import wall as wall_mod
from hanchan.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    EndGame,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Ron,
    ShowHand,
    Tsumo,
)
from hanchan.engine.events import HandDrawn, Won
from hanchan.engine.game import Game
from hanchan.engine.shanten import shanten
from hanchan.engine.tiles import parse_kinds, parse_tiles
from hanchan.rulesets.schema import Ruleset

BASE = Ruleset()
# What the club variants below share and Tenhou (the defaults) does not.
_CLUB_COMMON = dict(double_yakuman=("kokushi_13", "suuankou_tanki", "junsei_chuuren",
                                    "daisuushii"), chankan_on_ankan="kokushi",
                    nagashi_with_own_calls=False)
CLUB_BASE = BASE.replace(**_CLUB_COMMON)

# One variant per club, with the values of the club rules matrix, sections 1 to 5.
CLUBS: dict[str, Ruleset] = {
    "tenhou": BASE,
    "makura": CLUB_BASE.replace(
        name="makura", kuikae="forbidden", riichi_needs_points=False, open_riichi=True,
        open_riichi_shows="wait",
        renhou="yakuman", paarenchan=True, multi_ron_honba="each", triple_ron="allowed",
        agariyame="always", tenpaiyame="none", extension="none", noten_declaration="allowed",
        kan_dora_on_rinshan_win=True, kiriage_mangan=True, rounding="toward_zero",
        riichi_ankan="composition_unchanged",
        pao_yaku=("daisangen", "daisuushii", "suukantsu"),
    ),
    "teireikai": BASE.replace(
        name="teireikai", start_points=30000, oka=0, uma=(10, 5, -5, -10),
        double_ron="head_bump", triple_ron="head_bump", red_fives=0, kan_dora_open="immediate",
        kuikae="same_tile_forbidden", riichi_needs_points=False, riichi_min_wall=0,
        abort_nine_terminals=False, abort_four_winds=False, abort_four_riichi=False,
        abort_four_kans=False, bust="none", leftover_sticks="table", rounding="half_up",
        riichi_ankan="composition_unchanged", agariyame="none", tenpaiyame="none",
        extension="none", noten_declaration="allowed",
    ),
    "ako": CLUB_BASE.replace(
        name="ako", uma_scheme="by_floaters", red_fives=2, initial_dora=2, dead_wall=16,
        dead_wall_replenish=False, kuikae="allowed", kan_after_call=True,
        abort_four_riichi=False, renchan_at_draw="tenpai_or_after_east", agariyame="none",
        tenpaiyame="none", extension="full_rounds", extension_last_round="unlimited",
        two_han_from_honba=5, tenpai_own_four_copies=True,
        noten_declaration="allowed_except_bare_tanki", noten_payment_can_bust=False,
        chips=True, yakitori=True, wareme=True, nagashi_mangan="yakuman",
        nagashi_with_own_calls=True, multi_ron_honba="each", triple_ron="allowed",
        rounding="five_down_six_up", kan_dora_on_rinshan_win=True,
        riichi_ankan="composition_unchanged", renhou="yakuman", kiriage_mangan=False,
        pao_yaku=("daisangen", "daisuushii", "suukantsu"), pao_honba="discarder",
    ),
    "yokoyoko": CLUB_BASE.replace(
        name="yokoyoko", uma_scheme="float_sink", double_ron="head_bump", triple_ron="abort",
        extension="sudden_death", bust_bonus=10, yakuman_bonus_tsumo=10, yakuman_bonus_ron=20,
        kuikae="allowed", rounding="half_up", pao_yaku=(), kan_dora_on_rinshan_win=True,
    ),
    "gpc": BASE.replace(
        name="gpc", uma=(30, 10, -10, -30), tie_break="split", double_ron="head_bump",
        triple_ron="head_bump", red_fives=0, abort_nine_terminals=False,
        abort_four_winds=False, abort_four_riichi=False, abort_four_kans=False, bust="none",
        extension="none", tenpaiyame="none", agariyame="none", nagashi_mangan="none",
        chankan_on_ankan="none",
    ),
    "tenhou-east": BASE.replace(name="tenhou-east", length="east"),
}


def uniform_choice(rng: random.Random, actions: Sequence[Action]) -> Action:
    """Any legal action, uniformly."""
    return actions[rng.randrange(len(actions))]


def eager_choice(rng: random.Random, actions: Sequence[Action]) -> Action:
    """A chooser that wins, declares riichi and kans often and calls now and then.

    It reaches far more of the rules (wins, riichi, kans, furiten) than a uniform one.
    """
    wins = [a for a in actions if isinstance(a, (Tsumo, Ron))]
    if wins and rng.random() < 0.9:
        return wins[0]
    riichi = [a for a in actions if isinstance(a, Discard) and a.riichi]
    if riichi and rng.random() < 0.7:
        return rng.choice(riichi)
    kans = [a for a in actions if type(a).__name__ in ("ClosedKan", "AddedKan", "OpenKan")]
    if kans and rng.random() < 0.5:
        return rng.choice(kans)
    calls = [a for a in actions if isinstance(a, (Chi, Pon, OpenKan))]
    if calls and rng.random() < 0.25:
        return rng.choice(calls)
    rest = [a for a in actions if not isinstance(a, (Chi, Pon, OpenKan, Tsumo, Ron))
            and not (isinstance(a, Discard) and a.riichi)]
    if not rest:
        return rng.choice(actions)
    return rng.choice(rest)


def build_wall(
    hands: dict[int, str],
    draws: str | Sequence[str] = "",
    *,
    dealer: int = 0,
    dora: str = "",
    ura: str = "",
    rinshan: str = "",
    red_fives: int = 1,
    filler: str = "",
    at: dict[int, str] | None = None,
) -> tuple[int, ...]:
    """A 136-tile wall in draw order that deals ``hands`` and then draws ``draws``.

    ``hands`` maps seats to 13 tiles in mpsz (missing seats get filler tiles);
    ``draws`` are the live draws in order (one mpsz string, or one per draw);
    ``dora``/``ura`` the indicators in order; ``rinshan`` the replacement draws.
    ``at`` puts single tiles at given wall indices (e.g. ``{121: "3p"}``: the last live
    tile of a 14-tile dead wall).  Unused tiles fill the rest: first those of ``filler``,
    then the others in order.
    """
    used: list[int] = []

    def take(text: str) -> list[int]:
        ts = parse_tiles(text, red_fives, used=used)
        used.extend(ts)
        return ts

    hand_tiles = {s: take(h) for s, h in hands.items()}
    draw_list: list[int] = []
    if isinstance(draws, str):
        draw_list = take(draws) if draws else []
    else:
        for d in draws:
            draw_list.extend(take(d))
    dora_t = take(dora) if dora else []
    ura_t = take(ura) if ura else []
    rin_t = take(rinshan) if rinshan else []
    at_t = {i: take(t)[0] for i, t in (at or {}).items()}
    fill = take(filler) if filler else []
    rest = fill + [t for t in range(136) if t not in set(used)]
    wall: list[int | None] = [None] * 136
    for i, t in enumerate(dora_t):
        wall[wall_mod.dora_index(i)] = t
    for i, t in enumerate(ura_t):
        wall[wall_mod.ura_index(i)] = t
    for i, t in enumerate(rin_t):
        wall[wall_mod.rinshan_index(i)] = t
    # deal positions for each seat
    pos: dict[int, list[int]] = {s: [] for s in range(4)}
    for r in range(3):
        for o in range(4):
            start = 16 * r + 4 * o
            pos[(dealer + o) % 4].extend(range(start, start + 4))
    for o in range(4):
        pos[(dealer + o) % 4].append(48 + o)
    for s, ts in hand_tiles.items():
        if len(ts) != 13:
            raise ValueError(f"seat {s} hand has {len(ts)} tiles")
        for p, t in zip(pos[s], ts, strict=True):
            wall[p] = t
    for i, t in enumerate(draw_list):
        wall[52 + i] = t
    for i, t in at_t.items():
        wall[i] = t
    it = iter(rest)
    for i in range(136):
        if wall[i] is None:
            wall[i] = next(it)
    out = tuple(t for t in wall if t is not None)
    assert sorted(out) == list(range(136))
    return out


def new_game(rules: Ruleset, *walls: tuple[int, ...], seed: int = 0) -> Game:
    """A game whose first hands use ``walls`` (dice 1+1), then seeded shuffles."""
    return Game(rules, seed=seed, walls=list(walls))


def tiles(text: str, red_fives: int = 1) -> list[int]:
    """Physical tiles of mpsz text (first free copies)."""
    return parse_tiles(text, red_fives)


# ------------------------------------------------------------------ scripted driving



def match(word: str, acts: Sequence[Action]) -> Action | None:
    """The legal action that a script word names, if it is among ``acts``.

    Words: ``ron``, ``tsumo``, ``pass``, ``nine``, ``d 5m`` (discard a 5m),
    ``riichi 5m``, ``open-riichi 5m``, ``pon``, ``chi 34m`` (with those two tiles),
    ``minkan``, ``ankan 1m``, ``kakan 5p``, ``show``, ``noten``, ``stop``, ``go``.
    """
    parts = word.split()
    head = parts[0]
    arg = parts[1] if len(parts) > 1 else ""
    kinds = parse_kinds(arg) if arg else []
    red = arg.startswith("0")
    for a in acts:
        name = type(a).__name__
        if head == "ron" and name == "Ron":
            return a
        if head == "tsumo" and name == "Tsumo":
            return a
        if head == "pass" and name == "Pass":
            return a
        if head == "nine" and isinstance(a, NineTerminals):
            return a
        if head in ("d", "riichi", "open-riichi") and isinstance(a, Discard):
            if a.tile >> 2 != kinds[0]:
                continue
            if a.riichi != (head != "d") or a.open != (head == "open-riichi"):
                continue
            if red and (a.tile & 3) != 0:
                continue
            return a
        if head == "pon" and name == "Pon":
            return a
        if head == "minkan" and name == "OpenKan":
            return a
        if head == "chi" and isinstance(a, Chi):
            if sorted(t >> 2 for t in a.tiles) == sorted(kinds):
                return a
        if head == "ankan" and isinstance(a, ClosedKan) and a.tiles[0] >> 2 == kinds[0]:
            return a
        if head == "kakan" and isinstance(a, AddedKan) and a.tile >> 2 == kinds[0]:
            return a
        if head == "show" and isinstance(a, ShowHand) and a.show:
            return a
        if head == "noten" and isinstance(a, ShowHand) and not a.show:
            return a
        if head == "stop" and isinstance(a, EndGame) and a.stop:
            return a
        if head == "go" and isinstance(a, EndGame) and not a.stop:
            return a
    return None


def default_action(g: Game, seat: int, acts: Sequence[Action]) -> Action:
    """Tsumogiri on a turn, pass on a claim, show at a draw, play on at the last hand."""
    st = g.state
    if st.phase == "turn" and st.drawn is not None:
        for a in acts:
            if isinstance(a, Discard) and a.tile == st.drawn and not a.riichi:
                return a
    for a in acts:
        if isinstance(a, Discard) and not a.riichi:
            return a
    for a in acts:
        if isinstance(a, (Pass,)):
            return a
        if isinstance(a, ShowHand) and a.show:
            return a
        if isinstance(a, EndGame) and not a.stop:
            return a
    raise AssertionError(f"no default action among {acts}")


def run(g: Game, *moves: tuple[int, str], until_hand_end: bool = False,
        max_steps: int = 400) -> None:
    """Play scripted ``moves`` (seat, word) in order; everything else takes the default.

    A move is made as soon as its seat may make it; other pending seats act by default
    meanwhile.  With ``until_hand_end`` the hand is then played out by default moves.
    """
    todo = list(moves)
    hands = g.state.hands_started
    for _ in range(max_steps):
        if g.over:
            break
        if not todo and not g._responses and g._show is None:
            if not until_hand_end:
                return
            if g.state.phase == "hand_over" or g.state.hands_started != hands:
                return
        p = g.pending()
        if todo:
            seat, word = todo[0]
            if seat in p:
                a = match(word, p[seat])
                if a is not None:
                    g.act(seat, a)
                    todo.pop(0)
                    continue
        others = sorted(p)
        if todo and todo[0][0] in others and len(others) > 1:
            others.remove(todo[0][0])
            others.append(todo[0][0])
        if not others:
            break
        s = others[0]
        g.act(s, default_action(g, s, p[s]))
        if todo and g.state.hands_started != hands:
            raise AssertionError(f"the hand ended before the scripted move {todo[0]}")
    if todo:
        raise AssertionError(f"scripted move {todo[0]} never became legal; pending {g.pending()}")


def last_result(g: Game) -> Won | HandDrawn:
    """The last Won or HandDrawn event."""
    for ev in reversed(g.events):
        if isinstance(ev, (Won, HandDrawn)):
            return ev
    raise AssertionError("no hand result yet")


def smart_choice(rng: random.Random, actions: Sequence[Action], g: Game, seat: int) -> Action:
    """A chooser that builds hands: it discards towards tenpai (least shanten), declares
    riichi and wins almost always, kans and calls now and then.  Reaches wins, riichi,
    furiten, multiple ron and the scoring paths far more often than random choices."""
    wins = [a for a in actions if isinstance(a, (Tsumo, Ron))]
    if wins and rng.random() < 0.95:
        return wins[0]
    riichi = [a for a in actions if isinstance(a, Discard) and a.riichi]
    if riichi and rng.random() < 0.8:
        return rng.choice(riichi)
    kans = [a for a in actions if type(a).__name__ in ("ClosedKan", "AddedKan", "OpenKan")]
    if kans and rng.random() < 0.3:
        return rng.choice(kans)
    calls = [a for a in actions if isinstance(a, (Chi, Pon))]
    if calls and rng.random() < 0.15:
        return rng.choice(calls)
    discards = [a for a in actions if isinstance(a, Discard) and not a.riichi]
    if discards:
        s = g.state.seats[seat]
        counts = list(s.counts)
        n = len(s.melds)
        best: list[Action] = []
        best_sh = 99
        for a in discards:
            assert isinstance(a, Discard)
            k = a.tile >> 2
            counts[k] -= 1
            sh = shanten(counts, n)
            counts[k] += 1
            if sh < best_sh:
                best, best_sh = [a], sh
            elif sh == best_sh:
                best.append(a)
        return rng.choice(best)
    rest = [a for a in actions if not isinstance(a, (Chi, Pon, OpenKan, Tsumo, Ron))
            and type(a).__name__ not in ("ClosedKan", "AddedKan")]
    return rng.choice(rest or list(actions))
