"""Value types of the scoring package: the win's context, the result, yaku rows, decompositions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from msgspec import Struct

from hanchan.engine.parts import Meld

SEQ = 0
"""Group kind of a sequence (順子) in a :class:`Decomposition`; the kind is its lowest tile."""
TRIPLET = 1
"""Group kind of a triplet (刻子) in a :class:`Decomposition`."""

LIMITS = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman", "kazoe_yakuman")


@dataclass(frozen=True, slots=True)
class WinContext:
    """Everything about a win that the tiles alone do not say.

    ``concealed`` holds the physical tiles of the concealed hand *including* the
    winning tile; ``melds`` the called and declared sets.  Seats and winds are
    0 East .. 3 North; ``seat_wind == 0`` is the dealer.
    """

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    win_tile: int
    tsumo: bool
    seat_wind: int
    round_wind: int
    riichi: bool = False
    double_riichi: bool = False
    open_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    chankan_ankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    first_draw_no_calls: bool = False
    paarenchan: bool = False
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    honba: int = 0
    sticks: int = 0
    furiten: bool = False  # the winner is furiten (a tsumo): see double_yakuman_when_furiten


@dataclass(frozen=True, slots=True)
class PointSplit:
    """Who pays what of a hand's value, before honba and sticks.

    A ron: ``ron`` from the discarder.  A non-dealer's tsumo: ``tsumo_dealer`` from
    the dealer and ``tsumo_other`` from each other player.  A dealer's tsumo:
    ``tsumo_all`` from each.  The other fields are 0 (all of them when no win).

    >>> PointSplit(tsumo_dealer=2000, tsumo_other=1000).to_dict()
    {'tsumo_dealer': 2000, 'tsumo_other': 1000}
    >>> PointSplit(tsumo_all=4000).tsumo_share(payer_is_dealer=False)
    4000
    """

    ron: int = 0
    tsumo_dealer: int = 0
    tsumo_other: int = 0
    tsumo_all: int = 0

    def tsumo_share(self, *, payer_is_dealer: bool) -> int:
        """What one payer pays of a tsumo."""
        if self.tsumo_all:
            return self.tsumo_all
        return self.tsumo_dealer if payer_is_dealer else self.tsumo_other

    def to_dict(self) -> dict[str, int]:
        """The JSON shape of docs/cli.md: the fields of its case only."""
        return {k: v for k, v in (("ron", self.ron), ("tsumo_dealer", self.tsumo_dealer),
                                  ("tsumo_other", self.tsumo_other),
                                  ("tsumo_all", self.tsumo_all)) if v}


class ScoreResult(Struct, frozen=True, gc=False):
    """The score of a win (the best interpretation), or why it is not a win.

    ``yaku`` lists ``(id, han)``, 13 per yakuman (26 for a double); ``points`` says
    who pays what (:class:`PointSplit`); ``total`` is the hand's value before honba
    and sticks; ``han_without_dora`` serves the minimum-han rules.  Yakuman are
    reported with ``fu`` 0 and no ``fu_parts`` (as Tenhou shows them).

    ``fu_parts`` ids: ``base`` 20, ``closed_ron`` 10, ``tsumo`` 2, ``open_pinfu``
    (an open hand with no fu won by ron), ``wait_kanchan``/``wait_penchan``/
    ``wait_tanki`` 2, ``pair_dragon``/``pair_seat_wind``/``pair_round_wind`` 2,
    ``pair_double_wind``, ``{open|closed}_{triplet|kan}_{simple|terminal}`` (terminal
    meaning terminal or honour), and ``chiitoitsu`` 25.
    """

    valid: bool
    error: str | None
    han: int
    fu: int
    yaku: tuple[tuple[str, int], ...]
    fu_parts: tuple[tuple[str, int], ...]
    limit: str | None
    yakuman_count: int
    points: PointSplit
    total: int
    han_without_dora: int

    @staticmethod
    def invalid(error: str) -> ScoreResult:
        """A result that is not a win, with the reason as a plain sentence."""
        return ScoreResult(False, error, 0, 0, (), (), None, 0, PointSplit(), 0, 0)

    def to_dict(self) -> dict[str, object]:
        """The JSON shape of docs/cli.md (``hanchan score --json``)."""
        if not self.valid:
            return {"valid": False, "error": self.error}
        return {
            "valid": True,
            "han": self.han,
            "fu": self.fu,
            "limit": self.limit,
            "yakuman_count": self.yakuman_count,
            "yaku": [{"id": y, "han": h} for y, h in self.yaku],
            "fu_parts": [{"id": f, "fu": n} for f, n in self.fu_parts],
            "points": self.points.to_dict(),
            "total": self.total,
        }


@dataclass(frozen=True, slots=True)
class YakuInfo:
    """One row of the yaku list under a ruleset (``hanchan rules yaku``).

    ``closed_han``/``open_han`` are han (``open_han`` None when the yaku needs a
    closed hand); for a yakuman both are 13 × ``yakuman`` and ``yakuman`` is the
    multiplier (0 for ordinary yaku).
    """

    id: str
    ja: str
    name: str  # the English name: "Ippatsu"
    closed_han: int
    open_han: int | None
    yakuman: int
    gloss: str = ""  # what the English name leaves unsaid: "one-shot"

    @property
    def en(self) -> str:
        """The English name with its gloss in parentheses: 'Ippatsu (one-shot)'."""
        return f"{self.name} ({self.gloss})" if self.gloss else self.name


@dataclass(frozen=True, slots=True)
class Decomposition:
    """One way to read the concealed part of a complete hand.

    ``form`` is ``"regular"`` (``pair`` and ``groups`` of ``(SEQ | TRIPLET, kind)``,
    sorted; the melds are not included), ``"chiitoitsu"`` (``pairs`` holds the seven
    pair kinds) or ``"kokushi"`` (``pair`` is the doubled kind).
    """

    form: Literal["regular", "chiitoitsu", "kokushi"]
    pair: int
    groups: tuple[tuple[int, int], ...] = ()
    pairs: tuple[int, ...] = ()
