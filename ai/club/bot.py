"""The club bot: one decision procedure, played in a :class:`~ai.club.style.Style`.

:meth:`ClubBot.decide` takes the seat's :class:`~engine.view.PlayerView` and the legal
actions, builds one :class:`~ai.club.situation.Situation` when the choice needs it,
and hands the choice to its part: the game's end (:mod:`ai.club.endgame`), the own
turn (:mod:`ai.club.discard`, then :mod:`ai.club.riichi`) or a call
(:mod:`ai.club.calls`).  :meth:`ClubBot.judge` gives the same decision with every legal
choice measured by the same models, for an analysis of the moment.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hanchan.ai import defence
from hanchan.ai.club.calls import claim, kuikae_exclude
from hanchan.ai.club.calls import judge as judge_calls
from hanchan.ai.club.discard import (
    Option,
    describe,
    evaluate,
    explain,
    kan_choice,
    pick_tile,
    tiles_after,
)
from hanchan.ai.club.endgame import end_game, end_rows, show_hand, show_rows
from hanchan.ai.club.prefs import prefer, utilities
from hanchan.ai.club.reading import add_pao_danger
from hanchan.ai.club.riichi import open_riichi_pays, riichi_versus_dama, want_riichi
from hanchan.ai.club.situation import Situation
from hanchan.ai.club.style import STYLES, Style
from hanchan.ai.decision import Decision, Judged, Judgement
from hanchan.ai.hand import discard_options, ukeire
from hanchan.ai.opponents import FoldWatch
from hanchan.ai.value import estimate, red_count
from hanchan.ai.winprob import win_chance
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
from hanchan.engine.events import Meld
from hanchan.engine.shanten import shanten
from hanchan.engine.tiles import is_yaochuu, kind_of
from hanchan.engine.view import PlayerView


class ClubBot:
    """A bot of level ``easy``, ``normal`` or ``strong`` (:data:`ai.club.style.STYLES`).

    ``style`` replaces the level's style (to try a knob); ``watch`` starts the fold
    reading from counts already made.
    """

    def __init__(self, level: str = "strong", seed: int = 0, *, style: Style | None = None,
                 watch: FoldWatch | None = None) -> None:
        self.level = level
        self.style = STYLES[level] if style is None else style
        self.watch = FoldWatch() if watch is None else watch
        """Who folds against a riichi, from the views this bot has seen this game."""
        self._rng = random.Random(seed)
        self._options: tuple[Situation, list[Discard], list[Option]] | None = None
        """The last :meth:`options`, with the reading and the discards they are of."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` for the seat of ``view``.

        The same choice as :meth:`decide`'s, without the words of the own turn's reason
        (which a game between bots never shows).
        """
        return self._decide(view, legal, words=False).action

    def observe(self, view: PlayerView) -> None:
        """Learn from ``view`` without deciding (who folds: :class:`ai.opponents.FoldWatch`).

        :meth:`decide` observes every view it is given; a bot that gives hints for another
        seat is shown that seat's views as the game goes on.
        """
        if self.style.reads_folds:
            self.watch.observe(view)

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Decision:
        """The chosen action with a short reason."""
        return self._decide(view, legal, words=True)

    def _decide(self, view: PlayerView, legal: Sequence[Action], *, words: bool,
                sit: Situation | None = None) -> Decision:
        """:meth:`decide`; without ``words`` an own-turn discard has no reason (the choice
        is the same: the reason only describes it).  ``sit``: the reading of ``view``
        when the caller has one (:meth:`judge`, which measures every choice on it)."""
        if not legal:
            raise ValueError("no legal action to choose from")
        self.observe(view)
        if len(legal) == 1:
            return Decision(legal[0], "only choice")
        settled = _settled(view, self.style, legal)
        if settled is not None:
            return settled
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return self._turn(sit or Situation(view, self.style, self.watch), legal,
                              discards, words)
        calls = [a for a in legal if isinstance(a, (Chi, Pon, OpenKan))]
        passes = [a for a in legal if isinstance(a, Pass)]
        if calls and passes:
            return claim(sit or Situation(view, self.style, self.watch), calls, passes[0])
        return Decision(passes[0] if passes else legal[0], "pass")

    def judge(self, view: PlayerView, legal: Sequence[Action], *,
              win_points: int | None = None) -> Judgement:
        """:meth:`decide`'s decision and every choice of ``legal`` measured, best first.

        The decision comes first; the other discards follow in the order the style ranks
        them (the utility of :func:`ai.club.prefs.utilities` where it has discard
        preferences, else the score of :func:`~ai.club.discard.evaluate`), one row per
        kind (the tile :func:`~ai.club.discard.pick_tile` throws), a riichi beside its
        discard with riichi's and dama's chances (:func:`ai.club.riichi.riichi_versus_dama`);
        then each chi and pon by the best of its discards :func:`ai.club.calls.judge`
        weighs (those the bot never makes with the rule against them), and the pass by
        the closed hand's worth, highest score first; then the other choices: a kan by
        the hand after it, a win of ``win_points`` (the engine's score, when the caller
        has the game) and the pass that lets it go, furiten, by their worth; stopping the
        game or playing on, showing the hand or declaring noten, by what the one gains
        over the other (:func:`ai.club.endgame.end_rows`, :func:`~ai.club.endgame.show_rows`);
        an open kan or a call without a discard by the shape of the hand after it.  Like
        :meth:`decide`, it observes ``view``.
        """
        sit = Situation(view, self.style, self.watch)  # reads the watch on first use: after
        # _decide has observed view
        decision = self._decide(view, legal, words=True, sit=sit)
        rows = self._rows(sit, legal, win_points)
        first = row_key(decision.action)
        rows.sort(key=lambda r: row_key(r.action) != first)
        if rows and row_key(rows[0].action) != first:
            rows.insert(0, Judged(decision.action))
        return Judgement(decision, tuple(rows))

    def _rows(self, sit: Situation, legal: Sequence[Action], win_points: int | None
              ) -> list[Judged]:
        """One row per choice of ``legal``, in :meth:`judge`'s order before its decision
        is put first."""
        rows: list[Judged] = []
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            rows = self._judge_discards(sit, discards)
        passes = [a for a in legal if isinstance(a, Pass)]
        if any(isinstance(a, Ron) for a in legal) and passes and win_points is not None:
            rows.append(_judge_ron_pass(sit, passes[0], win_points))
        calls = [a for a in legal if isinstance(a, (Chi, Pon, OpenKan))]
        if calls and passes:  # (a pass that lets a ron go is measured as such above)
            judged = {row_key(r.action): r for r in _judge_calls(sit, calls, passes[0])}
            rows.extend(judged[row_key(a)] for a in _fresh(rows, [r.action for r in
                                                                  judged.values()]))
        ends = [a for a in legal if isinstance(a, EndGame)]
        if ends:
            rows.extend(end_rows(sit.view, ends))
        shows = [a for a in legal if isinstance(a, ShowHand)]
        if shows:
            rows.extend(show_rows(sit.view, self.style, shows))
        rows.extend(_judge_other(sit, a, win_points) for a in _fresh(rows, legal))
        return rows

    def _judge_discards(self, sit: Situation, discards: Sequence[Discard]) -> list[Judged]:
        """One row per discard kind (and per riichi of it), as :meth:`judge` orders them."""
        view = sit.view
        plain = [a for a in discards if not a.riichi]
        opts = self.options(sit, plain)
        if not opts:
            return []
        prefs = self.style.discard_prefs
        ranks = utilities(sit, opts, prefs) if prefs is not None else [o.score for o in opts]
        order = sorted(zip(ranks, range(len(opts)), opts, strict=True),
                       key=lambda x: (-x[0], x[1]))
        rows: list[Judged] = []
        for rank, _, o in order:
            tile = pick_tile(view, o.kind, plain)
            pref = rank if prefs is not None else None
            flat = Judged(Discard(tile), o.shanten, o.ukeire, tuple(o.kinds), o.win, o.value,
                          o.danger, o.score, preference=pref)
            riichis = [a for a in discards if a.riichi and kind_of(a.tile) == o.kind
                       and a.tile == tile]
            if not riichis or o.shanten != 0:
                rows.append(flat)
                continue
            p_r, v_r, p_d, v_d, gain = riichi_versus_dama(sit, tiles_after(view, o.kind), o)
            said = [Judged(a, o.shanten, o.ukeire, tuple(o.kinds), p_r, v_r, o.danger,
                           o.score + gain) for a in riichis]
            dama = Judged(Discard(tile), o.shanten, o.ukeire, tuple(o.kinds), p_d, v_d,
                          o.danger, o.score, preference=pref)
            rows.extend([*said, dama] if gain > 0 else [dama, *said])
        return rows

    def options(self, sit: Situation, plain: Sequence[Discard]) -> list[Option]:
        """Every discard of ``plain`` (no riichi) scored by :func:`evaluate`, danger
        included; draws the style's noise.  Asked again with the same ``sit`` and
        ``plain`` (:meth:`judge` after its decision), it gives the same options."""
        if self._options is not None and self._options[0] is sit \
                and self._options[1] == plain:
            return self._options[2]
        view = sit.view
        counts = sit.counts
        held = [k for k in range(34) if counts[k]]
        danger = defence.danger_table(view, sit.unseen, sit.threats, held, sit.style.waits)
        add_pao_danger(view, sit.style, danger, sit.unseen)
        allowed = {kind_of(a.tile) for a in plain}
        opts = evaluate(sit, danger, self._rng,
                        exclude=[k for k in range(34) if k not in allowed])
        self._options = (sit, list(plain), opts)
        return opts

    def _turn(self, sit: Situation, legal: Sequence[Action],
              discards: list[Discard], words: bool = True) -> Decision:
        """The own turn: abort, a kan, riichi or dama, and the discard."""
        st = self.style
        view = sit.view
        abort = _abort(sit, legal)
        if abort is not None:
            return abort
        if view.me.riichi:
            return _in_riichi(view, legal, discards)
        plain = [a for a in discards if not a.riichi]
        opts = self.options(sit, plain)
        if not opts:
            return Decision(discards[0], "discard")
        best = max(opts, key=lambda o: o.score) if st.discard_prefs is None \
            else prefer(sit, opts, st.discard_prefs)
        kan = kan_choice(sit, legal, best)
        if kan is not None:
            return kan
        tile = pick_tile(view, best.kind, plain)
        reason = describe(best) if words else ""
        riichi = _riichi(sit, discards, opts, best, tile, reason, words)
        if riichi is not None:
            return riichi
        found = next((a for a in plain if a.tile == tile), None)
        act = found if found is not None else next(
            a for a in plain if kind_of(a.tile) == best.kind)
        return Decision(act, reason, explain(sit, opts, best) if words else None)


def _settled(view: PlayerView, style: Style, legal: Sequence[Action]) -> Decision | None:
    """A choice made without weighing the hand: a win, the game's end, showing the hand."""
    for a in legal:
        if isinstance(a, (Tsumo, Ron)):
            return Decision(a, "win")
    ends = [a for a in legal if isinstance(a, EndGame)]
    if ends:
        return end_game(view, style, ends)
    shows = [a for a in legal if isinstance(a, ShowHand)]
    if shows:
        return show_hand(view, style, shows)
    return None


def _abort(sit: Situation, legal: Sequence[Action]) -> Decision | None:
    """Nine terminals, when the hand holds fewer terminal and honour kinds than the
    style's ``abort_below``; else None."""
    nine = [a for a in legal if isinstance(a, NineTerminals)]
    if not nine:
        return None
    counts = sit.counts
    kinds = sum(1 for k in range(34) if counts[k] and is_yaochuu(k))
    if kinds < sit.style.abort_below:
        return Decision(nine[0], f"abort: {kinds} terminal and honour kinds")
    return None


def _in_riichi(view: PlayerView, legal: Sequence[Action], discards: list[Discard]
               ) -> Decision:
    """A hand in riichi: a closed kan when offered, else the drawn tile goes."""
    kans = [a for a in legal if isinstance(a, ClosedKan)]
    if kans:
        return Decision(kans[0], "closed kan in riichi")
    drawn = view.drawn
    for a in discards:
        if a.tile == drawn:
            return Decision(a, "riichi: discard the drawn tile")
    return Decision(discards[0], "riichi")


def _riichi(sit: Situation, discards: list[Discard], opts: Sequence[Option], best: Option,
            tile: int, reason: str, words: bool) -> Decision | None:
    """Riichi (or open riichi) with ``best``'s discard ``tile``, when it is offered and
    :func:`~ai.club.riichi.want_riichi` takes it; else None (dama)."""
    riichi_acts = [a for a in discards if a.riichi and kind_of(a.tile) == best.kind]
    if not riichi_acts or best.shanten != 0:
        return None
    rest = tiles_after(sit.view, best.kind)
    if not want_riichi(sit, rest, best):
        return None
    act = next((a for a in riichi_acts if a.tile == tile and not a.open), riichi_acts[0])
    shown = [a for a in riichi_acts if a.open and a.tile == act.tile]
    why = explain(sit, opts, best, riichi=True) if words else None
    if shown and sit.style.open_riichi and open_riichi_pays(sit, rest, best):
        return Decision(shown[0], "open riichi " + reason, why)
    return Decision(act, "riichi " + reason, why)


def row_key(a: Action) -> tuple[object, ...]:
    """What makes two actions one row of :meth:`ClubBot.judge`: a discard's kind and
    riichi, a call's kinds (another copy of a tile is the same choice)."""
    if isinstance(a, Discard):
        return ("discard", kind_of(a.tile), a.riichi, a.open)
    if isinstance(a, (Chi, Pon, OpenKan, ClosedKan)):
        return (type(a).__name__, tuple(sorted(kind_of(t) for t in a.tiles)))
    if isinstance(a, AddedKan):
        return ("AddedKan", kind_of(a.tile))
    return (a,)


def same_choice(a: Action, b: Action) -> bool:
    """The same choice: a discard of the same kind with the same riichi, the same call
    (one row of :meth:`ClubBot.judge`)."""
    return row_key(a) == row_key(b)


def _fresh(rows: Sequence[Judged], actions: Sequence[Action]) -> list[Action]:
    """The first of ``actions`` of each row not in ``rows`` yet."""
    shown = {row_key(r.action) for r in rows}
    out: list[Action] = []
    for a in actions:
        if row_key(a) not in shown:
            shown.add(row_key(a))
            out.append(a)
    return out


def _judge_calls(sit: Situation, calls: Sequence[Chi | Pon | OpenKan], pass_: Pass
                 ) -> list[Judged]:
    """Each call :func:`ai.club.calls.judge` weighs, by its best discard after it, and
    the pass (the closed hand's worth, for the ``"ev"`` style), highest score first."""
    if sit.view.last_discard is None:
        return []
    ev0, options = judge_calls(sit, calls, every=True)
    best: dict[tuple[object, ...], Judged] = {}
    for o in options:
        key = row_key(o.action)
        found = best.get(key)
        if found is None or (found.score is not None and o.score > found.score):
            best[key] = Judged(o.action, o.shanten, o.ukeire, o.kinds, o.win, o.value,
                               o.danger, o.score, o.refused)
    rows = sorted(best.values(), key=lambda r: -(r.score or 0.0))
    if sit.style.calls == "ev":
        closed = _judge_other(sit, pass_)
        rows.append(Judged(pass_, closed.shanten, closed.ukeire, closed.kinds, score=ev0))
        rows.sort(key=lambda r: -(r.score or 0.0))
    return rows


def _judge_other(sit: Situation, a: Action, win_points: int | None = None) -> Judged:
    """A choice that is not a discard, by the shape of the hand after it; a win and a kan
    by their worth too."""
    view = sit.view
    counts = list(sit.counts)
    nmeld = len(sit.melds)
    unseen = sit.unseen
    if isinstance(a, (Tsumo, Ron)):
        if win_points is None:
            return Judged(a, -1, 0, (), 1.0)
        return Judged(a, -1, 0, (), 1.0, float(win_points), 0.0, sit.win_value(win_points))
    if isinstance(a, (ClosedKan, AddedKan, OpenKan)):
        return _judge_kan(sit, a)
    if isinstance(a, (Chi, Pon)) and view.last_discard is not None:
        for t in a.tiles:
            counts[kind_of(t)] -= 1
        called = kind_of(view.last_discard[1])
        excl = kuikae_exclude(view, "chi" if isinstance(a, Chi) else "pon", a.tiles, called)
        opts = discard_options(counts, nmeld + 1, unseen, exclude=excl)
        if not opts:
            return Judged(a)
        return Judged(a, opts[0].shanten, opts[0].ukeire, opts[0].kinds)
    if isinstance(a, Pass) and sum(counts) % 3 == 1:
        uk, kinds = ukeire(counts, nmeld, unseen)
        return Judged(a, shanten(counts, nmeld), uk, tuple(kinds))
    return Judged(a)


def _judge_kan(sit: Situation, a: ClosedKan | AddedKan | OpenKan) -> Judged:
    """A kan by the hand after it: its shanten and acceptance, the chance to win it and
    the estimated worth of the win (no discard: no danger)."""
    view = sit.view
    counts = list(sit.counts)
    melds = list(sit.melds)
    if isinstance(a, ClosedKan):
        counts[kind_of(a.tiles[0])] -= 4
        melds.append(Meld("ankan", tuple(sorted(a.tiles))))
    elif isinstance(a, AddedKan):
        counts[kind_of(a.tile)] -= 1
    else:
        assert view.last_discard is not None
        from_seat, called = view.last_discard
        for t in a.tiles:
            counts[kind_of(t)] -= 1
        melds.append(Meld("minkan", tuple(sorted((*a.tiles, called))), called, from_seat))
    nmeld = len(melds)
    sh = shanten(counts, nmeld)
    uk, kinds = ukeire(counts, nmeld, sit.unseen)
    hv = estimate(counts, tuple(melds), sit.ctx, sit.unseen,
                  red_count(view.concealed(), sit.ctx.red_fives))
    if sh == 0:
        useful = sum(sit.unseen[k] * sit.ron_ease(k) for k in kinds)
        win = win_chance(0, useful, sit.total, sit.draws, end=sit.end)
    else:
        win = win_chance(sh, float(uk), sit.total, sit.draws, end=sit.end)
    return Judged(a, sh, uk, tuple(kinds), win, hv.points, 0.0,
                  win * sit.win_value(hv.points))


def _judge_ron_pass(sit: Situation, pass_: Pass, win_points: int) -> Judged:
    """Letting a ron of ``win_points`` go: the hand stays, furiten, and wins by tsumo only."""
    counts = sit.counts
    uk, kinds = ukeire(counts, len(sit.melds), sit.unseen)
    live = float(sum(sit.unseen[k] for k in kinds))
    win = win_chance(0, live, sit.total, sit.draws, ron_factor=0.0, end=sit.end)
    return Judged(pass_, 0, int(live), tuple(kinds), win, float(win_points), 0.0,
                  win * sit.win_value(win_points))
