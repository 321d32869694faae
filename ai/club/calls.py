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

from ai import defence
from ai.club.discard import red_lost, shanten_text, special_routes
from ai.club.endgame import draw_tenpai_worth
from ai.club.situation import Situation
from ai.decision import Decision
from ai.hand import discard_options, ukeire
from ai.value import estimate, red_count, route_yaku, valuer_of
from ai.winprob import win_chance
from engine.actions import Action, Chi, OpenKan, Pass, Pon
from engine.events import Meld
from engine.shanten import shanten
from engine.tiles import is_red, kind_name, kind_of
from engine.view import PlayerView


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
    st = sit.style
    view = sit.view
    counts = sit.counts
    melds = sit.melds
    nmeld = len(melds)
    unseen = sit.unseen
    total = sit.total
    draws = sit.draws
    ctx = sit.ctx
    assert view.last_discard is not None
    from_seat, called = view.last_discard
    kind_called = kind_of(called)
    base_sh = shanten(counts, nmeld)
    threats = sit.threats
    # Against a riichi, styles without calls_after_riichi call only for tenpai.
    need_tenpai = not st.calls_after_riichi and any(t.riichi for t in threats)
    danger = defence.danger_table(view, unseen, threats,
                                  [k for k in range(34) if counts[k]], st.waits)
    tiles = view.concealed()
    reds = red_count(tiles, ctx.red_fives)
    end = sit.end
    if st.calls == "ev":
        u0, _ = ukeire(counts, nmeld, unseen)
        hv0 = estimate(counts, melds, ctx, unseen, reds)
        v0 = hv0.points
        if nmeld == 0:
            v0 = special_routes(counts, v0, ctx, base_sh)
        ev0 = win_chance(base_sh, u0, total, draws, end=end) * sit.win_value(v0)
    else:
        u0, ev0 = 0, 0.0
    river_kinds = {kind_of(r.tile) for r in view.me.river}
    call_ron = st.ron_factor * sit.ron_share()
    formal, formal_floor = formal_tenpai(sit, base_sh, u0, ev0)
    out: list[CallOption] = []
    for a in calls:
        if isinstance(a, OpenKan):
            continue  # an open kan adds no speed; the pon is always offered beside it
        used = a.tiles
        c = list(counts)
        for t in used:
            c[kind_of(t)] -= 1
        mkind: Literal["chi", "pon"] = "chi" if isinstance(a, Chi) else "pon"
        brings_yaku = mkind == "pon" and ctx.yakuhai[kind_called] > 0
        # no discard leaves a shanten below the whole hand's after the call: a call that
        # cannot advance the hand is passed over before its discards are weighed
        refused = ""
        if _no_step(shanten(c, nmeld + 1), base_sh, brings_yaku, need_tenpai):
            if not every:
                continue
            refused = NO_SPEED
        excl = kuikae_exclude(view, mkind, used, kind_called)
        # only the discards of the lowest shanten are judged (the first of the full list)
        opts = discard_options(c, nmeld + 1, unseen, exclude=excl, best_only=True)
        if not opts:
            continue
        if _no_step(opts[0].shanten, base_sh, brings_yaku, need_tenpai):
            if not every:
                continue  # the call does not advance the hand
            refused = NO_SPEED
        reds_after = reds - sum(1 for t in used if is_red(t, ctx.red_fives)) \
            + (1 if is_red(called, ctx.red_fives) else 0)
        new_meld = Meld(mkind, tuple(sorted((*used, called))), called, from_seat)
        new_melds = (*melds, new_meld)
        valuer = valuer_of(new_melds, ctx)
        for o in opts[:4]:
            c[o.kind] -= 1
            han = valuer.sure_yaku(c)
            route = han < ctx.min_han
            if route and o.shanten <= st.route_shanten:
                # tanyao or a flush that only a float still breaks
                han = max(han, route_yaku(c, new_melds, ctx))
            no_yaku = han < ctx.min_han
            if no_yaku:
                score = formal - danger[o.kind] * st.defence
                paid = not refused and formal and o.shanten == 0 and score > formal_floor
                if paid:  # no yaku, but tenpai at the draw is paid (formal tenpai)
                    out.append(CallOption(a, score, f"{mkind} {kind_name(kind_called)}: "
                                          "tenpai for the draw, no yaku", o.shanten, han,
                                          brings_yaku, True, o.ukeire, o.kinds, None,
                                          formal, danger[o.kind]))
                if paid or not every:
                    c[o.kind] += 1
                    continue  # never a call that leaves the hand without a yaku
            hv = valuer.estimate(c, unseen, reds_after - red_lost(tiles, o.kind, ctx.red_fives))
            c[o.kind] += 1
            points = hv.points  # without a sure yaku: times the chance that one comes
            if route and hv.yaku_chance > 0 and not no_yaku:
                points = points / hv.yaku_chance * st.route_sure  # the float goes next
            p: float | None = None
            worth: float | None = None
            if st.calls == "eager":
                score = 1.0 + float(o.ukeire)
            else:
                useful: float = o.ukeire
                ron = call_ron
                if o.shanten == 0:
                    useful = sum(unseen[k] * sit.ron_ease(k) for k in o.kinds)
                    if any(k in river_kinds or k == o.kind for k in o.kinds):
                        ron = 0.0  # furiten on the waits: tsumo only
                else:
                    useful *= st.call_boost  # further calls speed an open hand
                p = win_chance(o.shanten, useful, total, draws, end=end, ron_factor=ron)
                worth = sit.win_value(points)
                score = p * worth - danger[o.kind] * st.defence
            out.append(CallOption(a, score, f"{mkind} {kind_name(kind_called)}: "
                                  f"{shanten_text(o.shanten)}, {o.ukeire} tiles, {han} han sure",
                                  o.shanten, han, brings_yaku, False, o.ukeire, o.kinds, p,
                                  worth, danger[o.kind], _refusal(no_yaku, han, refused)))
    return ev0, out


def _no_step(sh: int, base_sh: int, brings_yaku: bool, need_tenpai: bool) -> bool:
    """Whether a call leaving ``sh`` does not advance a hand of ``base_sh`` (as near with
    the yaku it brings is a step), or is not tenpai where only tenpai is called for."""
    return sh > base_sh or (sh == base_sh and not brings_yaku) or (need_tenpai and sh > 0)


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
    """Whether :func:`claim` weighs call ``a`` (its first test, on the shanten alone): the
    hand after it may be nearer to ready, or as near with a yakuhai pon."""
    if isinstance(a, OpenKan):
        return False
    c = list(counts)
    for t in a.tiles:
        c[kind_of(t)] -= 1
    low = shanten(c, nmeld + 1)
    return low < base_sh or (low == base_sh and yakuhai_pon and not isinstance(a, Chi))
