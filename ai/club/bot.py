"""The club bot: one decision procedure, played in a :class:`~ai.club.style.Style`.

:meth:`ClubBot.decide` takes the seat's :class:`~engine.view.PlayerView` and the legal
actions, builds one :class:`~ai.club.situation.Situation` when the choice needs it,
and hands the choice to its part: the game's end (:mod:`ai.club.endgame`), the own
turn (:mod:`ai.club.discard`, then :mod:`ai.club.riichi`) or a call
(:mod:`ai.club.calls`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai import defence
from ai.club.calls import claim
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
from ai.club.prefs import prefer
from ai.club.reading import add_pao_danger
from ai.club.riichi import open_riichi_pays, want_riichi
from ai.club.situation import Situation
from ai.club.style import STYLES, Style
from ai.decision import Decision
from ai.opponents import FoldWatch
from engine.actions import (
    Action,
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
        for a in legal:
            if isinstance(a, (Tsumo, Ron)):
                return Decision(a, "win")
        ends = [a for a in legal if isinstance(a, EndGame)]
        if ends:
            return end_game(view, self.style, ends)
        shows = [a for a in legal if isinstance(a, ShowHand)]
        if shows:
            return show_hand(view, self.style, shows)
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return self._turn(view, legal, discards, words)
        calls = [a for a in legal if isinstance(a, (Chi, Pon, OpenKan))]
        passes = [a for a in legal if isinstance(a, Pass)]
        if calls and passes:
            return claim(Situation(view, self.style, self.watch), calls, passes[0])
        return Decision(passes[0] if passes else legal[0], "pass")

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
        counts = sit.counts

        nine = [a for a in legal if isinstance(a, NineTerminals)]
        if nine:
            kinds = sum(1 for k in range(34) if counts[k] and is_yaochuu(k))
            if kinds < st.abort_below:
                return Decision(nine[0], f"abort: {kinds} terminal and honour kinds")

        if view.me.riichi:
            kans = [a for a in legal if isinstance(a, ClosedKan)]
            if kans:
                return Decision(kans[0], "closed kan in riichi")
            drawn = view.drawn
            for a in discards:
                if a.tile == drawn:
                    return Decision(a, "riichi: discard the drawn tile")
            return Decision(discards[0], "riichi")

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
        riichi_acts = [a for a in discards if a.riichi and kind_of(a.tile) == best.kind]
        if riichi_acts and best.shanten == 0:
            rest = tiles_after(view, best.kind)
            if want_riichi(sit, rest, best):
                act = next((a for a in riichi_acts if a.tile == tile and not a.open),
                           riichi_acts[0])
                shown = [a for a in riichi_acts if a.open and a.tile == act.tile]
                why = explain(sit, opts, best, riichi=True) if words else None
                if shown and st.open_riichi and open_riichi_pays(sit, rest, best):
                    return Decision(shown[0], "open riichi " + reason, why)
                return Decision(act, "riichi " + reason, why)
        found = next((a for a in plain if a.tile == tile), None)
        act = found if found is not None else next(
            a for a in plain if kind_of(a.tile) == best.kind)
        return Decision(act, reason, explain(sit, opts, best) if words else None)
