"""The table as one mjai seat sees it, rebuilt as an engine state, so our bots can play.

:class:`Mirror` folds the mjai events a seat receives into a
:class:`~engine.state.GameState` with :func:`engine.state.apply`, so the seat's
:class:`~engine.view.PlayerView` and legal actions come from the engine itself
(furiten, kuikae, riichi rules...).  What the seat cannot see is filled in with
stand-ins: the other hands hold distinct tile kinds (never a meld, never more than
one of a kind) until they discard or call, when the named tiles take a stand-in's
place; the wall holds the seat's own tiles and the dora indicators where the engine
looks for them.  Only the seat's own view is ever read, so the stand-ins never show.

:class:`MjaiBot` answers each request with one of our bots' choices as an mjai reply.

>>> from ai.base import make_bot
>>> bot = MjaiBot(make_bot("greedy"), Ruleset())
>>> bot.react([{"type": "start_game", "id": 0}])
{'type': 'none'}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import wall as wall_mod
from engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Ron,
    Tsumo,
)
from engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Drew,
    GameStarted,
    HandStarted,
    Kan,
    Meld,
    RiichiAccepted,
    RiichiDeclared,
)
from engine.legal import legal_actions
from engine.state import GameState, apply
from engine.tiles import WIND_LETTERS, is_red, kind_of
from engine.visibility import view
from rulesets.schema import Ruleset
from saves.logs.mjai import parse_tile_name

from .protocol import pai

Reply = dict[str, Any]
NONE: Reply = {"type": "none"}


class MirrorError(ValueError):
    """An mjai event that cannot follow the ones before; the message says which."""


class Mirror:
    """The engine state of one mjai seat's table (see the module's docstring)."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.red = rules.red_fives
        self.me = 0
        self.state: GameState | None = None
        self.taken: set[int] = set()  # physical tiles named so far this hand
        self.after_kan = [False] * 4
        self.playing = False  # inside a kyoku (until its hora or ryukyoku)
        self.markers = 0  # dora indicators named this hand
        self.settled = False  # the last event closed a claim window (reach_accepted)
        self.my_reach = False  # own reach echoed, its discard still to come: the engine
        # knows riichi only with its discard, so it is applied with the dahai

    # ------------------------------------------------------------ tiles
    def _named(self, name: Any) -> int:
        """A physical tile for a named tile, not yet used this hand (when one is left)."""
        try:
            kind, red = parse_tile_name(name)
        except ValueError as exc:
            raise MirrorError(str(exc)) from None
        copies = [kind * 4 + c for c in range(4)]
        exact = [t for t in copies if is_red(t, self.red) == red and t not in self.taken]
        tile = exact[0] if exact else next((t for t in copies if t not in self.taken), copies[3])
        self.taken.add(tile)
        return tile

    def _stand_in(self, hand: Sequence[int]) -> int:
        """A hidden tile for another seat: a kind that hand does not hold (copy 3)."""
        held = {kind_of(t) for t in hand}
        kind = next(k for k in range(34) if k not in held)
        return kind * 4 + 3

    def _reveal(self, seat: int, names: Sequence[Any]) -> list[int]:
        """The physical tiles ``seat`` shows now: from its hand if it is ours, else put in
        its hand in place of stand-ins."""
        st = self._st()
        s = st.seats[seat]
        out: list[int] = []
        if seat == self.me:
            pool = list(s.hand)
            for name in names:
                try:
                    want = parse_tile_name(name)
                except ValueError as exc:
                    raise MirrorError(str(exc)) from None
                tile = next((t for t in pool if (kind_of(t), is_red(t, self.red)) == want),
                            None)
                if tile is None:
                    tile = next((t for t in pool if kind_of(t) == want[0]), None)
                if tile is None:
                    raise MirrorError(f"seat {seat} has no {name} in hand")
                pool.remove(tile)
                out.append(tile)
            return out
        for name in names:
            tile = self._named(name)
            stand = next((t for t in s.hand if t & 3 == 3 and t not in out), s.hand[0])
            s.remove(stand)
            s.add(tile)
            out.append(tile)
        return out

    def _st(self) -> GameState:
        if self.state is None:
            raise MirrorError("an event before start_game")
        return self.state

    # ------------------------------------------------------------ events
    def feed(self, ev: Any) -> None:
        """Fold one mjai event."""
        if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
            raise MirrorError(f"an event must be an object with a type, not {ev!r}")
        t = ev["type"]
        try:
            self._feed(t, ev)
        except KeyError as exc:
            raise MirrorError(f"{t} without {exc.args[0]!r}") from None

    def _feed(self, t: str, ev: Reply) -> None:
        # reach_accepted comes once the claims on the riichi discard are settled: nothing
        # more to claim until the next event
        self.settled = t == "reach_accepted"
        if t == "start_game":
            self.me = int(ev.get("id", 0))
            names = ev.get("names") or [f"player {i}" for i in range(4)]
            players = (str(names[0]), str(names[1]), str(names[2]), str(names[3]))
            self.state = apply(None, GameStarted(self.rules, players, None))
            return
        st = self._st()
        if t == "start_kyoku":
            self.taken = set()
            self.after_kan = [False] * 4
            self.my_reach = False
            self.markers = 1
            dealer = int(ev["oya"])
            own = [self._named(x) for x in ev["tehais"][self.me]]
            dora = self._named(ev["dora_marker"])
            wall = [-1] * 136
            positions = wall_mod.deal(tuple(range(136)), dealer)
            for seat in range(4):
                hand: list[int] = []
                for i, pos in enumerate(positions[seat]):
                    tile = own[i] if seat == self.me else self._stand_in(hand)
                    hand.append(tile)
                    wall[pos] = tile
            wall[wall_mod.dora_index(0)] = dora
            wall = [x if x >= 0 else 135 for x in wall]
            scores = ev["scores"]
            apply(st, HandStarted(
                round_wind=WIND_LETTERS.index(ev["bakaze"]), hand_number=int(ev["kyoku"]) - 1,
                honba=int(ev["honba"]), sticks=int(ev["kyotaku"]), dealer=dealer,
                scores=(scores[0], scores[1], scores[2], scores[3]), dice=(1, 1),
                wall=tuple(wall)))
            self.playing = True
            return
        if t in ("hora", "ryukyoku"):
            self.playing = False
            st.phase = "hand_over"
            return
        if t in ("end_kyoku", "end_game", "none", "reach_accepted_ack"):
            return
        if not self.playing:
            raise MirrorError(f"{t} outside a kyoku")
        if t == "dora":
            tile = self._named(ev["dora_marker"])
            wall = list(st.wall)
            wall[wall_mod.dora_index(self.markers)] = tile
            st.wall = tuple(wall)
            self.markers += 1
            if self.markers > self.rules.initial_dora:  # not one of those turned at the deal
                apply(st, DoraRevealed(tile))
            return
        actor = int(ev["actor"])
        if not 0 <= actor < 4:
            raise MirrorError(f"{t}: actor {actor} is not a seat")
        if t == "tsumo":
            if actor == self.me:
                tile = self._named(ev["pai"])
            else:
                tile = self._stand_in(st.seats[actor].hand)
            apply(st, Drew(actor, tile, rinshan=self.after_kan[actor]))
            self.after_kan[actor] = False
        elif t == "dahai":
            if actor == self.me and self.my_reach:
                self.my_reach = False
                apply(st, RiichiDeclared(actor))
            if actor == self.me and ev.get("tsumogiri") and st.drawn is not None \
                    and pai(st.drawn, self.red) == ev["pai"]:
                tile = st.drawn
            else:
                tile = self._reveal(actor, [ev["pai"]])[0]
            apply(st, Discarded(actor, tile, tsumogiri=bool(ev.get("tsumogiri"))))
        elif t == "reach":
            if actor == self.me:
                self.my_reach = True
            else:
                apply(st, RiichiDeclared(actor))
        elif t == "reach_accepted":
            apply(st, RiichiAccepted(actor))
        elif t in ("chi", "pon", "daiminkan"):
            if st.last_discard is None:
                raise MirrorError(f"{t} without a discard to call")
            called = st.last_discard[1]
            consumed = self._reveal(actor, ev["consumed"])
            kind = {"chi": "chi", "pon": "pon", "daiminkan": "minkan"}[t]
            meld = Meld(kind, tuple(sorted([*consumed, called])), called,  # type: ignore[arg-type]
                        int(ev["target"]))
            apply(st, Called(actor, meld))
            if t == "daiminkan":
                self.after_kan[actor] = True
        elif t == "ankan":
            tiles = self._reveal(actor, ev["consumed"])
            apply(st, Kan(actor, Meld("ankan", tuple(sorted(tiles)))))
            self.after_kan[actor] = True
        elif t == "kakan":
            added = self._reveal(actor, [ev["pai"]])[0]
            pon = next((m for m in st.seats[actor].melds
                        if m.kind == "pon" and kind_of(m.tiles[0]) == kind_of(added)), None)
            if pon is None:
                raise MirrorError(f"kakan of {ev['pai']} without a pon")
            apply(st, Kan(actor, Meld("kakan", pon.tiles + (added,), pon.called,
                                      pon.from_seat, added)))
            self.after_kan[actor] = True
        else:
            raise MirrorError(f"unknown event type {t!r}")

    # ------------------------------------------------------------ choices
    def legal(self) -> tuple[Action, ...]:
        """What the seat may do now (``()``: nothing to decide)."""
        st = self.state
        if st is None or not self.playing or self.settled:
            return ()
        return legal_actions(st, self.me)

    def reply(self, action: Action) -> Reply:
        """Our action as the mjai reply (a riichi discard: ``reach``; see MjaiBot)."""
        st = self._st()
        me, red = self.me, self.red
        if isinstance(action, Discard):
            if action.riichi and not self.my_reach:
                return {"type": "reach", "actor": me}
            return {"type": "dahai", "actor": me, "pai": pai(action.tile, red),
                    "tsumogiri": action.tile == st.drawn}
        if isinstance(action, Tsumo):
            drawn = st.drawn if st.drawn is not None else 0
            return {"type": "hora", "actor": me, "target": me, "pai": pai(drawn, red)}
        if isinstance(action, Ron):
            if st.last_discard is not None:
                seat, tile = st.last_discard
            elif st.last_kan is not None and st.last_kan[1].added is not None:
                seat, tile = st.last_kan[0], st.last_kan[1].added
            else:
                raise MirrorError("ron with nothing to win on")
            return {"type": "hora", "actor": me, "target": seat, "pai": pai(tile, red)}
        if isinstance(action, (Chi, Pon, OpenKan)):
            assert st.last_discard is not None
            seat, tile = st.last_discard
            kind = "chi" if isinstance(action, Chi) else "pon" if isinstance(action, Pon) \
                else "daiminkan"
            return {"type": kind, "actor": me, "target": seat, "pai": pai(tile, red),
                    "consumed": [pai(t, red) for t in action.tiles]}
        if isinstance(action, ClosedKan):
            return {"type": "ankan", "actor": me, "consumed": [pai(t, red) for t in action.tiles]}
        if isinstance(action, AddedKan):
            pon = next(m for m in st.seats[me].melds
                       if m.kind == "pon" and kind_of(m.tiles[0]) == kind_of(action.tile))
            return {"type": "kakan", "actor": me, "pai": pai(action.tile, red),
                    "consumed": [pai(t, red) for t in pon.tiles]}
        if isinstance(action, NineTerminals):
            return {"type": "ryukyoku", "actor": me, "reason": "kyushukyuhai"}
        if isinstance(action, Pass):
            return dict(NONE)
        return dict(NONE)  # ShowHand, EndGame: mjai does not ask


class MjaiBot:
    """One of our bots behind the mjai protocol: ``react(events) -> reply``."""

    def __init__(self, bot: Any, rules: Ruleset) -> None:
        self.bot = bot
        self.mirror = Mirror(rules)
        self.riichi_tile: int | None = None  # chosen with reach, discarded after the echo

    def react(self, events: Sequence[Any]) -> Reply:
        """Fold ``events`` (those since the last reply) and answer the last one."""
        for ev in events:
            self.mirror.feed(ev)
        legal = self.mirror.legal()
        if not legal:
            return dict(NONE)
        st = self.mirror.state
        assert st is not None
        if self.riichi_tile is not None and self.mirror.my_reach:
            tile, self.riichi_tile = self.riichi_tile, None
            options = [a for a in legal if isinstance(a, Discard) and a.tile == tile]
            if options:
                return self.mirror.reply(options[0])
        self.riichi_tile = None
        action = self.bot.choose(view(st, self.mirror.me), legal)
        if isinstance(action, Discard) and action.riichi:
            self.riichi_tile = action.tile
        return self.mirror.reply(action)

