"""Discards: each possible discard scored by the offence it keeps and the danger it runs.

For every kind the hand may throw, :func:`evaluate` estimates the chance to win
afterwards (:mod:`ai.winprob`, from shanten and ukeire with the visible tiles
subtracted; at tenpai each wait weighed by how readily the others discard it), the
worth of the win (:mod:`ai.value`, or the engine's exact score of each wait, through
the final result) and the expected loss of the discard against the threats
(:mod:`ai.defence`), and adds the noten payments a tenpai earns at a draw.  The
helpers choose the physical tile (:func:`pick_tile`), the kans of the own turn
(:func:`kan_choice`) and the words of a hint (:func:`describe`).

>>> limit_ron("mangan", dealer=False), limit_ron("yakuman", dealer=True)
(8000.0, 48000.0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from hanchan.ai import defence
from hanchan.ai.club.endgame import draw_tenpai_worth
from hanchan.ai.club.situation import Situation
from hanchan.ai.club.style import Style
from hanchan.ai.decision import Decision, Stance, Why
from hanchan.ai.hand import discard_table
from hanchan.ai.tenpai_value import average_value, wait_values, winning_waits
from hanchan.ai.value import ValueContext, hand_shape, red_count, shape_without, valuer_of
from hanchan.ai.winprob import win_chance
from hanchan.engine.actions import Action, AddedKan, ClosedKan, Discard
from hanchan.engine.scoring import limit_points
from hanchan.engine.shanten import shanten, shanten_chiitoi, shanten_kokushi, shanten_regular
from hanchan.engine.tiles import FIVES, is_honour, is_red, is_yaochuu, kind_name, kind_of
from hanchan.engine.view import PlayerView
from hanchan.rulesets.schema import Ruleset

_LIMIT_RON = {(limit, dealer): float(limit_points(limit, dealer=dealer, tsumo=False,
                                                  rules=Ruleset()).ron)
              for limit in ("mangan", "yakuman") for dealer in (False, True)}


def limit_ron(limit: str, *, dealer: bool) -> float:
    """The ron value of a bare ``limit`` hand (``"mangan"`` or ``"yakuman"``), by the engine."""
    return _LIMIT_RON[limit, dealer]


@dataclass(slots=True)
class Option:
    """One possible discard and how the bot judged it."""

    kind: int
    shanten: int
    ukeire: int  # unseen tiles that lower the shanten
    kinds: Sequence[int]  # their kinds (at tenpai: the waits)
    win: float = 0.0  # chance to win after the discard
    value: float = 0.0  # worth of that win to the final result
    danger: float = 0.0  # expected loss of the discard itself
    score: float = 0.0  # what the choice maximises
    useful: float = 0.0  # tenpai: the waits' unseen tiles, each by how readily it comes out
    exact: float | None = None  # closed tenpai: the waits' exact average value with riichi
    furiten: bool = False  # tenpai: a wait is in the own river (tsumo only)
    points: float = 0.0  # the win's estimated points (0 when the style does not value it)


def tenpai_bonus(exact: float, closed: bool, dealer: bool) -> float:
    """What ura, ippatsu and tsumo add on average to a wait's exact ron value.

    About 0.9 han for a riichi (ura 0.4, tsumo 0.35, ippatsu 0.15): nearly doubling a
    cheap hand, little on a mangan; tsumo alone for an open hand.
    """
    mangan = limit_ron("mangan", dealer=dealer)
    if not closed:
        return 1.1
    if exact >= mangan:
        return 1.15
    if exact >= mangan * 0.6:
        return 1.35
    return 1.7


def evaluate(sit: Situation, danger: list[float], rng: random.Random,
             exclude: Sequence[int] = ()) -> list[Option]:
    """Every discard of the hand in ``sit`` that is not in ``exclude``, scored.

    ``danger`` is the expected loss of each kind (:func:`ai.defence.danger_table`);
    ``rng`` draws the style's noise, one number per option judged, in order.
    Discards that go back more than one step are judged by their danger alone.
    """
    raw = discard_table(sit.counts, len(sit.melds), sit.unseen, exclude=exclude)
    if not raw:
        return []
    e = _Evaluation(sit, danger, raw[0].shanten)
    far = e.best_sh + 1
    out: list[Option] = []
    # discards that leave the same shanten and ukeire have the same chance to win
    chances: dict[tuple[int, float], float] = {}
    for kind, sh, kinds, ukeire in raw:
        if sh <= far:
            out.append(_judged(e, rng, chances, kind, sh, kinds, ukeire))
        elif e.loss_scale != 0 or e.beginner_fold:
            out.append(_far_back(e, kind, sh, kinds, ukeire))
    return out


class _Evaluation:
    """What :func:`evaluate` reads for every discard of one decision, read once."""

    __slots__ = ("at_draw", "beginner_fold", "best_sh", "boost", "danger", "furiten_kinds",
                 "loss_scale", "lost_reds", "nagashi", "points", "reds", "riichi_safe",
                 "ron_share", "shape", "sit", "specials")

    def __init__(self, sit: Situation, danger: list[float], best_sh: int) -> None:
        st = sit.style
        view = sit.view
        counts = sit.counts
        melds = sit.melds
        ctx = sit.ctx
        self.sit = sit
        self.danger = danger
        self.best_sh = best_sh
        tiles = view.concealed()
        self.reds = red_count(tiles, ctx.red_fives)
        # a discard never lowers the chiitoitsu or kokushi shanten: below the whole
        # hand's, the regular shape is the fastest (special_routes keeps the value)
        self.specials = min(shanten_chiitoi(counts), shanten_kokushi(counts)) \
            if not melds else 0
        self.lost_reds = reds_lost(tiles, ctx.red_fives)
        self.furiten_kinds = {kind_of(r.tile) for r in view.me.river}
        self.loss_scale = st.defence
        # Beginners fold only against riichi, only with a hopeless hand, and only to genbutsu.
        self.beginner_fold = (st.beginner_defence and best_sh >= 2
                              and any(t.riichi for t in sit.threats))
        self.riichi_safe = set.intersection(*[set(t.safe) for t in sit.threats if t.riichi]) \
            if self.beginner_fold else set()
        self.nagashi = nagashi_alive(view, st)
        valuer = valuer_of(melds, ctx)
        self.shape = hand_shape(counts)
        open_yaku = any(m.is_open for m in melds) and valuer.sure_yaku(counts) > 0
        self.ron_share = sit.ron_share()
        self.at_draw = draw_tenpai_worth(view, st, st.tenpai_share)
        self.boost = st.call_boost if open_yaku else 1.0
        self.points = valuer.points


def _far_back(e: _Evaluation, kind: int, sh: int, kinds: Sequence[int], ukeire: int
              ) -> Option:
    """A discard that goes back more than one step, judged by its danger alone."""
    opt = Option(kind, sh, ukeire, kinds)
    opt.danger = e.danger[kind]
    opt.score = -opt.danger * max(e.loss_scale, 0.01) * 3.0 - 1000.0 * sh
    if e.beginner_fold and kind in e.riichi_safe:
        opt.score += 1e6
    return opt


def _judged(e: _Evaluation, rng: random.Random, chances: dict[tuple[int, float], float],
            kind: int, sh: int, kinds: Sequence[int], ukeire: int) -> Option:
    """A discard at most one step back: its chance to win, the win's worth, its danger."""
    sit = e.sit
    value, estimated = _value(e, kind, sh)
    exact: float | None = None
    useful = 0.0
    furiten = False
    if sh == 0:
        if sit.style.exact_tenpai and kinds:
            value, estimated, exact = _exact_tenpai(sit, kind, kinds)
        furiten = any(k in e.furiten_kinds for k in kinds)
        for k in kinds:
            useful += sit.unseen[k] * sit.ron_ease(k)
        ron = 0.0 if furiten else sit.style.ron_factor * e.ron_share
        win = win_chance(0, useful, sit.total, sit.draws, ron_factor=ron, end=sit.end)
    else:
        boosted = ukeire * e.boost
        key = (sh, boosted)
        found = chances.get(key)
        if found is None:
            found = chances[key] = win_chance(sh, boosted, sit.total, sit.draws, end=sit.end)
        win = found
    worth = sit.win_value(value)
    risk = e.danger[kind]
    score = _score(e, rng, kind, sh, win * worth, risk)
    return Option(kind, sh, ukeire, kinds, win, worth, risk, score, useful, exact,
                  furiten, estimated)


def _value(e: _Evaluation, kind: int, sh: int) -> tuple[float, float]:
    """(the value the win is weighed by, the estimate of its points: 0 when not made)."""
    sit = e.sit
    if not (sit.style.use_value or sh == 0):
        return sit.style.flat_value, 0.0
    counts = sit.counts
    counts[kind] -= 1
    value = e.points(counts, sit.unseen, e.reds - e.lost_reds[kind],
                     shape_without(e.shape, kind))
    if not sit.melds and e.specials <= sh <= 3:
        value = special_routes(counts, value, sit.ctx, sh)
    counts[kind] += 1
    return value, value


def _exact_tenpai(sit: Situation, kind: int, kinds: Sequence[int]
                  ) -> tuple[float, float, float | None]:
    """(value, estimate, exact) of a tenpai on ``kinds`` from the engine's score of each
    wait; ``exact`` only for a closed hand (the riichi choice reads it, ai.club.riichi)."""
    view = sit.view
    rest = tiles_after(view, kind)
    closed = not any(m.is_open for m in sit.melds)
    tenpai_exact, _ = average_value(wait_values(view, rest, kinds, riichi=closed), sit.unseen)
    value = tenpai_exact * tenpai_bonus(tenpai_exact, closed, sit.ctx.dealer)
    return value, tenpai_exact, tenpai_exact if closed else None


def _score(e: _Evaluation, rng: random.Random, kind: int, sh: int, score: float,
           risk: float) -> float:
    """The expected win ``score`` less the danger, with the style's bonuses and noise."""
    st = e.sit.style
    if sh > e.best_sh:
        score *= st.backoff  # going back a step rarely pays, whatever the model says
    if e.loss_scale:
        push = 1.0 + st.push_per_shanten * sh
        score -= risk * e.loss_scale * push
    if e.beginner_fold:
        score = (1e6 if kind in e.riichi_safe else 0.0) + score
    if sh == 0:
        score += e.at_draw  # tenpai at an exhaustive draw is paid (noten payments)
    if e.nagashi and is_yaochuu(kind):
        score += st.nagashi_bonus
    if st.beginner_bias:
        score += 40.0 * beginner_bias(e.sit.counts, kind, e.sit.ctx)
    if st.noise:
        score *= 1.0 + rng.uniform(-st.noise, st.noise)
    return score


def kan_choice(sit: Situation, legal: Sequence[Action], best: Option) -> Decision | None:
    """A kan of the own turn, or None.

    A style with ``any_kan`` declares every kan offered; the others none against a
    riichi, and otherwise one that keeps the hand's shanten after ``best``'s discard.
    """
    if sit.style.any_kan:
        kans = [a for a in legal if isinstance(a, (ClosedKan, AddedKan))]
        return Decision(kans[0], "kan") if kans else None
    if sit.riichi_on:
        return None
    counts = sit.counts
    nmeld = len(sit.melds)
    for a in legal:
        if isinstance(a, ClosedKan):
            k = kind_of(a.tiles[0])
            c = list(counts)
            c[k] -= 4
            if shanten(c, nmeld + 1) <= best.shanten:
                return Decision(a, f"closed kan {kind_name(k)}")
        elif isinstance(a, AddedKan):
            k = kind_of(a.tile)
            c = list(counts)
            c[k] -= 1
            if shanten(c, nmeld) <= best.shanten:
                return Decision(a, f"added kan {kind_name(k)}")
    return None


def nagashi_alive(view: PlayerView, style: Style) -> bool:
    """Whether the seat may still make nagashi mangan (only terminals and honours thrown,
    none called), as read by a style that weighs hand value."""
    rules = view.ruleset
    if rules.nagashi_mangan == "none" or not style.use_value:
        return False
    me = view.me
    if me.melds and not rules.nagashi_with_own_calls:
        return False
    if len(me.river) < 6:
        return False
    return all(is_yaochuu(kind_of(r.tile)) and r.called_by is None for r in me.river)


def pick_tile(view: PlayerView, kind: int, plain: Sequence[Discard]) -> int:
    """The physical tile of ``kind`` to discard: keep red fives, prefer the drawn tile."""
    red = view.ruleset.red_fives
    cands = [a.tile for a in plain if kind_of(a.tile) == kind]
    cands.sort(key=lambda t: (is_red(t, red), t != view.drawn))
    return cands[0]


def tiles_after(view: PlayerView, kind: int) -> list[int]:
    """The concealed tiles after discarding ``kind`` (the copy :func:`pick_tile` throws)."""
    tiles = list(view.concealed())
    tiles.remove(pick_tile(view, kind, [Discard(t) for t in tiles]))
    return tiles


def red_lost(tiles: Sequence[int], kind: int, red_fives: int) -> int:
    """1 when discarding ``kind`` must give up a red five (every copy held is red)."""
    if not red_fives:
        return 0
    same = [t for t in tiles if kind_of(t) == kind]
    return 1 if same and all(is_red(t, red_fives) for t in same) else 0


def reds_lost(tiles: Sequence[int], red_fives: int) -> list[int]:
    """Per kind, :func:`red_lost`: 1 for a five whose every copy held is red."""
    lost = [0] * 34
    if not red_fives:
        return lost
    held = [0] * 34
    red = [0] * 34
    for t in tiles:
        k = t >> 2
        if k in _FIVES:
            held[k] += 1
            if (t & 3) < red_fives:
                red[k] += 1
    for k in FIVES:
        if held[k] and red[k] == held[k]:
            lost[k] = 1
    return lost


_FIVES = frozenset(FIVES)


def special_routes(counts: list[int], value: float, ctx: ValueContext, sh: int) -> float:
    """Chiitoitsu and kokushi add their own value when they are the fastest route.

    ``sh`` is the shanten of the closed hand ``counts`` (the least of the three shapes').
    """
    kokushi = shanten_kokushi(counts)
    chiitoi = shanten_chiitoi(counts)
    if kokushi > sh and chiitoi > sh:
        return value  # the regular shape is the fastest (its shanten is sh)
    reg = shanten_regular(counts)
    if kokushi < reg and kokushi <= sh:
        return limit_ron("yakuman", dealer=ctx.dealer)
    if chiitoi < reg:
        return value * 1.6
    return value


def beginner_bias(counts: list[int], kind: int, ctx: ValueContext) -> float:
    """What a beginner likes to throw: lone honours and terminals first, never dora."""
    bias = 0.0
    if counts[kind] == 1:
        if is_honour(kind) and not ctx.yakuhai[kind]:
            bias += 3.0
        elif is_honour(kind):
            bias += 1.5
        elif is_yaochuu(kind):
            bias += 1.0
    if counts[kind] >= 2:
        bias -= 2.0
    if ctx.dora[kind]:
        bias -= 3.0
    return bias


def shanten_text(s: int) -> str:
    """"tenpai", "complete" or "N-shanten", for a reason."""
    return "tenpai" if s == 0 else ("complete" if s < 0 else f"{s}-shanten")


PUSH_TENPAI = 0.3
"""An unsafe tile is a push against a seat at least this likely to be tenpai."""


def explain(sit: Situation, opts: Sequence[Option], best: Option, *,
            riichi: bool = False) -> Why:
    """The facts behind choosing ``best`` among ``opts``, for the words of a hint.

    Against a threat, a discard that gives up offence (another option would win more)
    for less danger is a fold; keeping the best hand with a tile not safe against a
    riichi (or an open hand likely tenpai, :data:`PUSH_TENPAI`) is a push when another
    tile is notably safer (:data:`ai.defence.DANGER_FLOOR`), else the safest there is;
    anything else is hand shape.
    """
    view = sit.view
    found = [t for t in sit.threats if t.tenpai >= defence.THREAT_FLOOR]
    safety = tuple(defence.safety(view, best.kind, t, sit.unseen, sit.style.waits)
                   for t in found)
    stance: Stance = "shape"
    if found:
        attack = max(opts, key=lambda o: (o.win * o.value, -o.shanten, o.ukeire))
        safest = min(o.danger for o in opts)
        if attack.kind != best.kind and best.danger < attack.danger:
            stance = "fold"
        elif any(s.kind == "none" and s.chance > 0 and s.tenpai >= PUSH_TENPAI
                 for s in safety):
            # no tile notably safer: the discard is as safe as the hand allows
            stance = "push" if best.danger - safest >= defence.DANGER_FLOOR else "safest"
    waits: tuple[int, ...] = tuple(best.kinds) if best.shanten == 0 else ()
    live = winning_waits(view, tiles_after(view, best.kind), waits) if waits else ()
    accept = best.ukeire if len(live) == len(waits) else sum(sit.unseen[k] for k in live)
    return Why(stance, best.kind, best.shanten, accept, live, round(best.points),
               view.wall_remaining, safety, riichi, best.furiten,
               tuple(k for k in waits if k not in live))


def describe(o: Option) -> str:
    """The reason of a discard, as a hint shows it ("discard 3p: 1-shanten, 24 tiles")."""
    text = f"discard {kind_name(o.kind)}: {shanten_text(o.shanten)}, {o.ukeire} tiles"
    if o.danger > 300 and o.shanten > 0:
        text += f", danger {o.danger:.0f}"
    return text
