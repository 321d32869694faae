"""Calls on another player's discard: chi and pon (an open kan is never chosen).

A call is made only when the hand keeps a yaku under the ruleset after it (a sure yaku,
or with ``style.route_shanten`` tanyao or a flush that only a float still breaks) and
advances the hand.  The ``"eager"`` style takes any such call; the ``"ev"`` style
compares the call's expected gain, less the danger of the discard after it, with
``style.call_margin`` of the closed hand's.  Against a riichi a style without
``calls_after_riichi`` calls only for tenpai.  Late in a hand, under rules that pay any
tenpai shape at a draw, ``style.formal_calls`` calls for a tenpai without yaku
(:func:`formal_tenpai`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from hanchan.ai import defence
from hanchan.ai.club.discard import red_lost, shanten_text, special_routes
from hanchan.ai.club.endgame import draw_tenpai_worth
from hanchan.ai.club.situation import Situation
from hanchan.ai.decision import Decision
from hanchan.ai.hand import DiscardOption, discard_options, ukeire
from hanchan.ai.value import HandValuer, estimate, red_count, route_yaku, valuer_of
from hanchan.ai.winprob import win_chance
from hanchan.engine.actions import Action, Chi, OpenKan, Pass, Pon
from hanchan.engine.events import Meld
from hanchan.engine.shanten import shanten
from hanchan.engine.tiles import is_red, kind_name, kind_of
from hanchan.engine.view import PlayerView


def kuikae_exclude(view: PlayerView, mkind: str, used: Sequence[int], called_kind: int
                   ) -> list[int]:
    """Kinds the hand may not discard right after calling ``called_kind`` with ``used``.

    Under ``kuikae`` ``"forbidden"`` the called kind and, after a chi called at one end,
    its suji on the far side; under ``"same_tile_forbidden"`` the called kind only.
    """
    rule = view.ruleset.kuikae
    if rule == "allowed":
        return []
    out = [called_kind]
    if rule == "forbidden" and mkind == "chi":
        ks = sorted(kind_of(t) for t in used)
        if ks[0] == called_kind + 1 and called_kind % 9 + 3 <= 8:  # called the low end
            out.append(called_kind + 3)
        if ks[1] == called_kind - 1 and called_kind % 9 >= 3:  # called the high end
            out.append(called_kind - 3)
    return out


def formal_tenpai(sit: Situation, base_sh: int, useful: float, ev0: float
                  ) -> tuple[float, float]:
    """(worth of a call to a tenpai without yaku, what the closed hand keeps).

    Late in a hand, under rules where any tenpai shape is paid at an exhaustive draw
    (``formal_tenpai``), a call that reaches tenpai without a yaku is worth
    ``style.formal_share`` of the noten payments
    (:func:`ai.club.endgame.draw_tenpai_worth`); the closed hand keeps its expected
    win ``ev0`` and the chance that one of its own draws (``useful`` of the unseen
    tiles) makes it tenpai.  A call advances the hand one step, so only a 1-shanten
    hand reaches tenpai by one.  (0, 0) when the style does not make such calls (they
    are weighed against the ``"ev"`` style's expected gain), the hand is not
    1-shanten or it is too early.
    """
    st = sit.style
    view = sit.view
    if not st.formal_calls or st.calls != "ev" or not view.ruleset.formal_tenpai \
            or base_sh != 1:
        return 0.0, 0.0
    worth = draw_tenpai_worth(view, st, st.formal_share)
    if worth <= 0.0:
        return 0.0, 0.0
    alone = 1.0 - (1.0 - min(0.95, useful / sit.total)) ** sit.draws
    return worth, ev0 + alone * worth


@dataclass(frozen=True, slots=True)
class CallOption:
    """One way to call, judged: its expected worth after the best discard, and why."""

    action: Action
    score: float  # expected worth of the call (the closed hand's: ``ev0`` of :func:`judge`)
    reason: str
    shanten: int  # after the call and its discard
    han: int  # sure han after it
    brings_yaku: bool  # a pon that itself brings the yaku
    formal: bool = False  # a call to a tenpai without yaku, for the draw
    ukeire: int = 0  # after the call and its discard (at tenpai: the waits' unseen tiles)
    kinds: tuple[int, ...] = ()  # the kinds that improve the hand then (at tenpai: waits)
    win: float | None = None  # the chance to win then (the "ev" style reads it)
    value: float | None = None  # the worth of that win (formal tenpai: of the draw)
    danger: float = 0.0  # the discard's expected loss
    refused: str = ""  # why the bot never makes this call ("" when it weighs it)


NO_YAKU = "the hand has no yaku after it"
FEW_HAN = "the hand has fewer han of yaku after it than the rules ask"
NO_SPEED = "it does not bring the hand nearer to ready"
"""Why a call is never made (:attr:`CallOption.refused`), the club bots' rules.  With
:data:`NO_YAKU` the bot sees no yaku at all (it reads the sure ones and the tanyao and
flush routes, not toitoi or chanta); with :data:`FEW_HAN` it sees one that is too small."""


def judge(sit: Situation, calls: Sequence[Chi | Pon | OpenKan], *, every: bool = False
          ) -> tuple[float, list[CallOption]]:
    """(the closed hand's expected worth, every call that advances the hand with a yaku).

    One option per call and discard after it (the best four discards of each call): its
    expected worth less the discard's danger; :func:`claim` compares them with the
    closed hand's.  ``every`` also measures the chi and pon the bot never makes, each
    with its :attr:`~CallOption.refused` reason (a hand without a sure yaku is worth its
    estimate times the chance that a yaku still comes), for an analysis of every choice.
    """
    j = _Judging(sit, every)
    out: list[CallOption] = []
    for a in calls:
        if isinstance(a, OpenKan):
            continue  # an open kan adds no speed; the pon is always offered beside it
        out.extend(_call_options(j, a))
    return j.ev0, out


class _Judging:
    """What :func:`judge` reads for every call: the closed hand's shanten and worth, the
    danger of each kind, the discard called on."""

    __slots__ = ("base_sh", "call_ron", "called", "danger", "ev0", "every", "formal",
                 "formal_floor", "from_seat", "kind_called", "need_tenpai", "reds",
                 "river_kinds", "sit", "tiles")

    def __init__(self, sit: Situation, every: bool = False) -> None:
        st = sit.style
        view = sit.view
        counts = sit.counts
        self.sit = sit
        self.every = every  # measure the calls the bot never makes too
        assert view.last_discard is not None
        self.from_seat, self.called = view.last_discard
        self.kind_called = kind_of(self.called)
        base_sh = self.base_sh = shanten(counts, len(sit.melds))
        threats = sit.threats
        # Against a riichi, styles without calls_after_riichi call only for tenpai.
        self.need_tenpai = not st.calls_after_riichi and any(t.riichi for t in threats)
        self.danger = defence.danger_table(view, sit.unseen, threats,
                                           [k for k in range(34) if counts[k]], st.waits)
        self.tiles = view.concealed()
        self.reds = red_count(self.tiles, sit.ctx.red_fives)
        u0, self.ev0 = _closed_worth(sit, base_sh, self.reds) if st.calls == "ev" else (0, 0.0)
        self.river_kinds = {kind_of(r.tile) for r in view.me.river}
        self.call_ron = st.ron_factor * sit.ron_share()
        self.formal, self.formal_floor = formal_tenpai(sit, base_sh, u0, self.ev0)


def _closed_worth(sit: Situation, base_sh: int, reds: int) -> tuple[int, float]:
    """(ukeire, expected worth) of the closed hand, for the ``"ev"`` style."""
    counts = sit.counts
    nmeld = len(sit.melds)
    ctx = sit.ctx
    u0, _ = ukeire(counts, nmeld, sit.unseen)
    v0 = estimate(counts, sit.melds, ctx, sit.unseen, reds).points
    if nmeld == 0:
        v0 = special_routes(counts, v0, ctx, base_sh)
    return u0, win_chance(base_sh, u0, sit.total, sit.draws, end=sit.end) * sit.win_value(v0)


def _call_options(j: _Judging, a: Chi | Pon) -> list[CallOption]:
    """The options of call ``a``: its best four discards that keep a yaku (none when the
    call does not advance the hand); with ``j.every``, every one of them, refused or not."""
    sit = j.sit
    ctx = sit.ctx
    nmeld = len(sit.melds)
    used = a.tiles
    c = list(sit.counts)
    for t in used:
        c[kind_of(t)] -= 1
    mkind: Literal["chi", "pon"] = "chi" if isinstance(a, Chi) else "pon"
    brings_yaku = mkind == "pon" and ctx.yakuhai[j.kind_called] > 0
    # no discard leaves a shanten below the whole hand's after the call: a call that
    # cannot advance the hand is passed over before its discards are weighed
    if not j.every and not _advances(j, shanten(c, nmeld + 1), brings_yaku):
        return []
    excl = kuikae_exclude(sit.view, mkind, used, j.kind_called)
    # only the discards of the lowest shanten are judged (the first of the full list)
    opts = discard_options(c, nmeld + 1, sit.unseen, exclude=excl, best_only=True)
    if not opts:
        return []
    steps = _advances(j, opts[0].shanten, brings_yaku)  # as _advances(lowest shanten)
    if not steps and not j.every:
        return []
    reds_after = j.reds - sum(1 for t in used if is_red(t, ctx.red_fives)) \
        + (1 if is_red(j.called, ctx.red_fives) else 0)
    new_meld = Meld(mkind, tuple(sorted((*used, j.called))), j.called, j.from_seat)
    new_melds = (*sit.melds, new_meld)
    call = _Call(a, mkind, brings_yaku, new_melds, valuer_of(new_melds, ctx), reds_after,
                 "" if steps else NO_SPEED)
    out: list[CallOption] = []
    for o in opts[:4]:
        option = _after_discard(j, call, c, o)
        if option is not None:
            out.append(option)
    return out


def _advances(j: _Judging, sh: int, brings_yaku: bool) -> bool:
    """Whether shanten ``sh`` after a call advances the hand (:func:`_nearer`), and to
    tenpai where only tenpai is called for."""
    return _nearer(sh, j.base_sh, brings_yaku) and not (j.need_tenpai and sh > 0)


def _nearer(sh: int, base_sh: int, brings_yaku: bool) -> bool:
    """Whether shanten ``sh`` after a call is below the closed hand's ``base_sh``, or as
    low with a pon that brings the yaku."""
    return sh < base_sh or (sh == base_sh and brings_yaku)


@dataclass(frozen=True, slots=True)
class _Call:
    """One call being judged: the action, its meld kind and the melds after it."""

    action: Chi | Pon
    mkind: Literal["chi", "pon"]
    brings_yaku: bool
    melds: tuple[Meld, ...]
    valuer: HandValuer
    reds: int  # red fives held after the call (before the discard)
    refused: str = ""  # NO_SPEED: the call does not advance the hand ("" when it does)


def _after_discard(j: _Judging, call: _Call, c: list[int], o: DiscardOption
                   ) -> CallOption | None:
    """The call's option with discard ``o`` after it (``c``: the hand after the call),
    or None when it leaves no yaku and is no formal tenpai worth more than the pass
    (with ``j.every``: that option, refused, worth its estimate times the chance that a
    yaku still comes)."""
    sit = j.sit
    st = sit.style
    ctx = sit.ctx
    valuer = call.valuer
    c[o.kind] -= 1
    han = valuer.sure_yaku(c)
    route = han < ctx.min_han
    if route and o.shanten <= st.route_shanten:
        # tanyao or a flush that only a float still breaks
        han = max(han, route_yaku(c, call.melds, ctx))
    no_yaku = han < ctx.min_han
    if no_yaku:
        formal = None if call.refused else _formal_option(j, call, o, han)
        if formal is not None or not j.every:
            c[o.kind] += 1
            return formal  # never a call without a yaku but this
    hv = valuer.estimate(c, sit.unseen, call.reds - red_lost(j.tiles, o.kind, ctx.red_fives))
    c[o.kind] += 1
    points = hv.points  # without a sure yaku: times the chance that one comes
    if route and hv.yaku_chance > 0 and not no_yaku:
        points = points / hv.yaku_chance * st.route_sure  # the float goes next
    p: float | None = None
    worth: float | None = None
    if st.calls == "eager":
        score = 1.0 + float(o.ukeire)
    else:
        p = _win_after(j, o)
        worth = sit.win_value(points)
        score = p * worth - j.danger[o.kind] * st.defence
    return CallOption(call.action, score, f"{call.mkind} {kind_name(j.kind_called)}: "
                      f"{shanten_text(o.shanten)}, {o.ukeire} tiles, {han} han sure",
                      o.shanten, han, call.brings_yaku, False, o.ukeire, o.kinds, p,
                      worth, j.danger[o.kind], _refusal(no_yaku, han, call.refused))


def _formal_option(j: _Judging, call: _Call, o: DiscardOption, han: int) -> CallOption | None:
    """A call to a tenpai without yaku that the draw pays (formal tenpai), when it is
    worth more than what the closed hand keeps; else None."""
    if not j.formal or o.shanten != 0:
        return None
    score = j.formal - j.danger[o.kind] * j.sit.style.defence
    if score <= j.formal_floor:
        return None
    return CallOption(call.action, score, f"{call.mkind} {kind_name(j.kind_called)}: "
                      "tenpai for the draw, no yaku", o.shanten, han,
                      call.brings_yaku, True, o.ukeire, o.kinds, None,
                      j.formal, j.danger[o.kind])


def _win_after(j: _Judging, o: DiscardOption) -> float:
    """The chance to win after the call and discard ``o`` (for the ``"ev"`` style)."""
    sit = j.sit
    st = sit.style
    useful: float = o.ukeire
    ron = j.call_ron
    if o.shanten == 0:
        useful = sum(sit.unseen[k] * sit.ron_ease(k) for k in o.kinds)
        if any(k in j.river_kinds or k == o.kind for k in o.kinds):
            ron = 0.0  # furiten on the waits: tsumo only
    else:
        useful *= st.call_boost  # further calls speed an open hand
    return win_chance(o.shanten, useful, sit.total, sit.draws, end=sit.end, ron_factor=ron)


def _refusal(no_yaku: bool, han: int, refused: str) -> str:
    """The rule against a call: its yaku first (none, or too few han), else ``refused``."""
    if no_yaku:
        return FEW_HAN if han else NO_YAKU
    return refused


def claim(sit: Situation, calls: Sequence[Chi | Pon | OpenKan], pass_: Pass) -> Decision:
    """Chi, pon or pass on the last discard (see the module doc)."""
    st = sit.style
    view = sit.view
    if view.last_discard is None:
        return Decision(pass_, "pass")
    counts = sit.counts
    nmeld = len(sit.melds)
    base_sh = shanten(counts, nmeld)
    # the calls that cannot advance the hand are passed over below; when that leaves
    # none, the pass needs nothing else read
    yakuhai_pon = sit.ctx.yakuhai[kind_of(view.last_discard[1])] > 0
    if not any(_may_advance(a, counts, nmeld, base_sh, yakuhai_pon) for a in calls):
        return Decision(pass_, _NO_CALL)
    ev0, options = judge(sit, calls)
    best: CallOption | None = None
    for o in options:
        if st.calls == "ev" and not o.formal:
            margin = st.yakuhai_margin if o.brings_yaku else st.call_margin
            if o.score <= ev0 * margin:
                continue
        if best is None or o.score > best.score:
            best = o
    if best is None:
        return Decision(pass_, _NO_CALL)
    return Decision(best.action, best.reason)


_NO_CALL = "pass: no call keeps a yaku and speeds the hand up"


def _may_advance(a: Chi | Pon | OpenKan, counts: Sequence[int], nmeld: int, base_sh: int,
                 yakuhai_pon: bool) -> bool:
    """Whether :func:`claim` weighs call ``a``: the first test of :func:`_call_options`
    (:func:`_nearer`), before the judge reads the table."""
    if isinstance(a, OpenKan):
        return False
    c = list(counts)
    for t in a.tiles:
        c[kind_of(t)] -= 1
    return _nearer(shanten(c, nmeld + 1), base_sh, yakuhai_pon and isinstance(a, Pon))
