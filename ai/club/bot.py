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

from ai import defence
from ai.club.calls import claim, kuikae_exclude
from ai.club.calls import judge as judge_calls
from ai.club.discard import (
    Option,
    describe,
    evaluate,
    explain,
    kan_choice,
    pick_tile,
    tiles_after,
)
from ai.club.endgame import end_game, show_hand
from ai.club.prefs import prefer, utilities
from ai.club.reading import add_pao_danger
from ai.club.riichi import open_riichi_pays, riichi_versus_dama, want_riichi
from ai.club.situation import Situation
from ai.club.style import STYLES, Style
from ai.decision import Decision, Judged, Judgement
from ai.hand import discard_options, ukeire
from ai.opponents import FoldWatch
from engine.actions import (
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
from engine.shanten import shanten
from engine.tiles import is_yaochuu, kind_of
from engine.view import PlayerView


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

    def _decide(self, view: PlayerView, legal: Sequence[Action], *, words: bool) -> Decision:
        """:meth:`decide`; without ``words`` an own-turn discard has no reason (the choice
        is the same: the reason only describes it)."""
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
            return self._turn(view, legal, discards, words)
        calls = [a for a in legal if isinstance(a, (Chi, Pon, OpenKan))]
        passes = [a for a in legal if isinstance(a, Pass)]
        if calls and passes:
            return claim(Situation(view, self.style, self.watch), calls, passes[0])
        return Decision(passes[0] if passes else legal[0], "pass")

    def judge(self, view: PlayerView, legal: Sequence[Action]) -> Judgement:
        """:meth:`decide`'s decision and every choice of ``legal`` measured, best first.

        The decision comes first; the other discards follow in the order the style ranks
        them (the utility of :func:`ai.club.prefs.utilities` where it has discard
        preferences, else the score of :func:`~ai.club.discard.evaluate`), one row per
        kind (the tile :func:`~ai.club.discard.pick_tile` throws), a riichi beside its
        discard with riichi's and dama's chances (:func:`ai.club.riichi.riichi_versus_dama`);
        then each call by the best of its discards :func:`ai.club.calls.judge` weighs,
        and the pass by the closed hand's worth, highest score first; then the other
        choices: a win, a kan or a call the bot does not weigh with the shape of the hand
        after it (a call: after its best discard), a pass with the hand as it is.  Like
        :meth:`decide`, it observes ``view``.
        """
        decision = self.decide(view, legal)
        sit = Situation(view, self.style, self.watch)
        rows: list[Judged] = []
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards and not view.me.riichi:
            rows = self._judge_discards(sit, discards)
        calls = [a for a in legal if isinstance(a, (Chi, Pon, OpenKan))]
        passes = [a for a in legal if isinstance(a, Pass)]
        if calls and passes:
            rows.extend(_judge_calls(sit, calls, passes[0]))
        shown = {_row_key(r.action) for r in rows}
        for a in legal:
            if _row_key(a) not in shown:
                shown.add(_row_key(a))
                rows.append(_judge_other(sit, a))
        first = _row_key(decision.action)
        rows.sort(key=lambda r: _row_key(r.action) != first)
        if rows and _row_key(rows[0].action) != first:
            rows.insert(0, Judged(decision.action))
        return Judgement(decision, tuple(rows))

    def _judge_discards(self, sit: Situation, discards: Sequence[Discard]) -> list[Judged]:
        """One row per discard kind (and per riichi of it), as :meth:`judge` orders them."""
        view = sit.view
        plain = [a for a in discards if not a.riichi]
        opts = self.options(sit, plain)
        if not opts:
            return []
        prefs = self.style.discard_prefs
        ranks = utilities(sit, opts, prefs) if prefs is not None else [o.score for o in opts]
        order = [o for _, _, o in sorted(zip(ranks, range(len(opts)), opts, strict=True),
                                         key=lambda x: (-x[0], x[1]))]
        rows: list[Judged] = []
        for o in order:
            tile = pick_tile(view, o.kind, plain)
            flat = Judged(Discard(tile), o.shanten, o.ukeire, tuple(o.kinds), o.win, o.value,
                          o.danger, o.score)
            riichis = [a for a in discards if a.riichi and kind_of(a.tile) == o.kind
                       and a.tile == tile]
            if not riichis or o.shanten != 0:
                rows.append(flat)
                continue
            p_r, v_r, p_d, v_d, gain = riichi_versus_dama(sit, tiles_after(view, o.kind), o)
            said = [Judged(a, o.shanten, o.ukeire, tuple(o.kinds), p_r, v_r, o.danger,
                           o.score + gain) for a in riichis]
            dama = Judged(Discard(tile), o.shanten, o.ukeire, tuple(o.kinds), p_d, v_d,
                          o.danger, o.score)
            rows.extend([*said, dama] if gain > 0 else [dama, *said])
        return rows

    def options(self, sit: Situation, plain: Sequence[Discard]) -> list[Option]:
        """Every discard of ``plain`` (no riichi) scored by :func:`evaluate`, danger
        included; draws the style's noise."""
        view = sit.view
        counts = sit.counts
        held = [k for k in range(34) if counts[k]]
        danger = defence.danger_table(view, sit.unseen, sit.threats, held, sit.style.waits)
        add_pao_danger(view, sit.style, danger, sit.unseen)
        allowed = {kind_of(a.tile) for a in plain}
        return evaluate(sit, danger, self._rng,
                        exclude=[k for k in range(34) if k not in allowed])

    def _turn(self, view: PlayerView, legal: Sequence[Action],
              discards: list[Discard], words: bool = True) -> Decision:
        """The own turn: abort, a kan, riichi or dama, and the discard."""
        st = self.style
        sit = Situation(view, st, self.watch)
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


def _row_key(a: Action) -> tuple[object, ...]:
    """What makes two actions one row of :meth:`ClubBot.judge`: a discard's kind and
    riichi, a call's kinds (another copy of a tile is the same choice)."""
    if isinstance(a, Discard):
        return ("discard", kind_of(a.tile), a.riichi, a.open)
    if isinstance(a, (Chi, Pon, OpenKan, ClosedKan)):
        return (type(a).__name__, tuple(sorted(kind_of(t) for t in a.tiles)))
    if isinstance(a, AddedKan):
        return ("AddedKan", kind_of(a.tile))
    return (a,)


def _judge_calls(sit: Situation, calls: Sequence[Chi | Pon | OpenKan], pass_: Pass
                 ) -> list[Judged]:
    """Each call :func:`ai.club.calls.judge` weighs, by its best discard after it, and
    the pass (the closed hand's worth, for the ``"ev"`` style), highest score first."""
    if sit.view.last_discard is None:
        return []
    ev0, options = judge_calls(sit, calls)
    best: dict[tuple[object, ...], Judged] = {}
    for o in options:
        key = _row_key(o.action)
        found = best.get(key)
        if found is None or (found.score is not None and o.score > found.score):
            best[key] = Judged(o.action, o.shanten, o.ukeire, o.kinds, o.win, o.value,
                               o.danger, o.score)
    rows = sorted(best.values(), key=lambda r: -(r.score or 0.0))
    if sit.style.calls == "ev":
        closed = _judge_other(sit, pass_)
        rows.append(Judged(pass_, closed.shanten, closed.ukeire, closed.kinds, score=ev0))
        rows.sort(key=lambda r: -(r.score or 0.0))
    return rows


def _judge_other(sit: Situation, a: Action) -> Judged:
    """A choice that is not a discard, by the shape of the hand after it."""
    view = sit.view
    counts = list(sit.counts)
    nmeld = len(sit.melds)
    unseen = sit.unseen
    if isinstance(a, (Tsumo, Ron)):
        return Judged(a, -1, 0, (), 1.0)
    if isinstance(a, (ClosedKan, AddedKan)):
        if isinstance(a, ClosedKan):
            counts[kind_of(a.tiles[0])] -= 4
            nmeld += 1
        else:
            counts[kind_of(a.tile)] -= 1
        uk, kinds = ukeire(counts, nmeld, unseen)
        return Judged(a, shanten(counts, nmeld), uk, tuple(kinds))
    if isinstance(a, (Chi, Pon, OpenKan)) and view.last_discard is not None:
        for t in a.tiles:
            counts[kind_of(t)] -= 1
        if isinstance(a, OpenKan):
            uk, kinds = ukeire(counts, nmeld + 1, unseen)
            return Judged(a, shanten(counts, nmeld + 1), uk, tuple(kinds))
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
