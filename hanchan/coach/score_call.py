"""Calling the score of a win: the answer key, a said answer, right or wrong, and why.

The key is always the engine's own scoring of the win (a recorded
:class:`~engine.events.WinResult` at the table, a :class:`~engine.scoring.ScoreResult`
in a drill); what is said is parsed from a line a person types (``3 30 3900``,
``mangan 8000``, ``30fu 2han 500/1000``, ``2600 all``) or picked from
:func:`choices`.  :func:`breakdown` explains the right answer step by step:
the yaku, the fu by part and their rounding, the base points and the
ruleset's limits (kiriage mangan, counted yakuman), the split, honba and sticks.

>>> from hanchan.words.hands import score_hand
>>> from hanchan.rulesets.schema import Ruleset
>>> rules = Ruleset().replace(kiriage_mangan=True)
>>> res = score_hand("234m567p23455s789s", win="2m", rules=rules, riichi=True, dora="4s",
...                  seat="S")
>>> key = key_of_result(res, tsumo=False, dealer=False, honba=0, sticks=0, rules=rules)
>>> judge(parse_answer("4 30 7700"), key).right, judge(parse_answer("mangan 8000"), key).right
(False, True)
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field

from hanchan.engine.events import WinResult
from hanchan.engine.scoring import PointSplit, ScoreResult
from hanchan.engine.scoring.points import LIMIT_BASE, base_points, limit_of, split
from hanchan.engine.tiles import Kind, TileError, kind_name, parse_kinds
from hanchan.rulesets.schema import Ruleset
from hanchan.words.names import points
from hanchan.words.yaku import yaku_name

LIMIT_NAMES = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman")
HOW_TO_SAY = ("say han and fu (e.g. 3 30) or the limit (mangan, haneman, baiman, sanbaiman, "
              "yakuman), then the payment: 3900 for a ron, 1000/2000 for a non-dealer tsumo, "
              "2000 all for a dealer's tsumo")


class AnswerError(ValueError):
    """A said answer that cannot be read; the message says how to say it."""


def said_kind(text: str, hand: Collection[Kind]) -> Kind:
    """The one tile kind typed as an answer (``5m``; ``0m`` is the red five), which must
    be one of the kinds of ``hand``; :class:`AnswerError` says why otherwise.

    >>> said_kind(" 0M", [4, 30]), said_kind("5m", [4])
    (4, 4)
    """
    try:
        kinds = parse_kinds(text.strip().lower())
    except TileError:
        kinds = []
    if len(kinds) != 1:
        raise AnswerError(f"'{text.strip()}' is not one tile: write it as 5m, 3p, 7s or 1z")
    if kinds[0] not in hand:
        raise AnswerError(f"{kind_name(kinds[0])} is not in the hand")
    return kinds[0]


@dataclass(frozen=True)
class ScoreKey:
    """The right answer of one win, from the engine's score of it."""

    han: int
    fu: int
    limit: str | None
    yakuman_count: int
    yaku: tuple[tuple[str, int], ...]
    fu_parts: tuple[tuple[str, int], ...]
    points: PointSplit
    total: int
    tsumo: bool
    dealer: bool
    honba: int
    honba_paid: int
    sticks_paid: int
    rules: Ruleset = field(repr=False)

    @property
    def value_words(self) -> str:
        """``3 han 30 fu``, ``mangan``, ``4 han 30 fu (mangan)``, ``double yakuman``."""
        if self.yakuman_count:
            return "yakuman" if self.yakuman_count == 1 else (
                "double yakuman" if self.yakuman_count == 2 else f"{self.yakuman_count}x yakuman")
        if self.limit == "kazoe_yakuman":
            return f"{self.han} han (counted yakuman)"
        if self.limit and self.han >= 5:
            return f"{self.han} han ({self.limit})"
        words = f"{self.han} han {self.fu} fu"
        return f"{words} ({self.limit})" if self.limit else words

    @property
    def payment_words(self) -> str:
        """``3,900``, ``1,000/2,000`` (the others' share / the dealer's), ``2,600 all``."""
        return payment_words(self.points)

    @property
    def taken(self) -> int:
        """What the winner takes in all: the hand, the honba and the sticks."""
        return self.total + self.honba_paid + self.sticks_paid


def payment_words(p: PointSplit) -> str:
    """A hand's payment as a player says it."""
    if p.ron:
        return points(p.ron)
    if p.tsumo_all:
        return f"{points(p.tsumo_all)} all"
    return f"{points(p.tsumo_other)}/{points(p.tsumo_dealer)}"


def key_of_result(res: ScoreResult, *, tsumo: bool, dealer: bool, honba: int, sticks: int,
                  rules: Ruleset) -> ScoreKey:
    """The key of a scored hand (a drill's): honba and sticks as the win would take them."""
    if not res.valid:
        raise ValueError("a score key needs a valid win")
    return ScoreKey(res.han, res.fu, res.limit, res.yakuman_count, res.yaku, res.fu_parts,
                    res.points, res.total, tsumo, dealer, honba, honba * rules.honba_points,
                    1000 * sticks, rules)


def key_of_win(w: WinResult, *, dealer_seat: int, honba: int, rules: Ruleset) -> ScoreKey:
    """The key of a win recorded at the table (honba and sticks as they were paid).

    The split of the hand's value is the engine's (``engine.scoring.points``) from the
    recorded han, fu and limit; it adds up to the recorded value.
    """
    dealer = w.seat == dealer_seat
    tsumo = w.from_seat is None
    base = base_points(w.han, w.fu, w.limit, w.yakuman_count)
    pts, total = split(base, dealer=dealer, tsumo=tsumo)
    if total != w.points:
        raise ValueError(f"the recorded value {w.points} is not {w.han} han {w.fu} fu's {total}")
    honba_paid = sum(p.amount for p in w.payments if p.reason == "honba")
    sticks_paid = sum(p.amount for p in w.payments if p.reason == "sticks")
    return ScoreKey(w.han, w.fu, w.limit, w.yakuman_count, w.yaku, w.fu_parts, pts, total,
                    tsumo, dealer, honba if honba_paid else 0, honba_paid, sticks_paid, rules)


# ------------------------------------------------------------------ answers
@dataclass(frozen=True)
class ScoreAnswer:
    """What a player says: han and fu or a limit, and the payment."""

    han: int | None = None
    fu: int | None = None
    limit: str | None = None
    yakuman: int = 0
    """With ``limit == "yakuman"``: how many (0 when not said, 2 for a double)."""
    payment: tuple[int, ...] = ()
    """One amount (a ron, or a dealer's tsumo "all"), or two (a non-dealer's tsumo)."""
    all_: bool = False
    """The payment was said as "N all"."""

    def words(self) -> str:
        """The answer as typed back: ``3 han 30 fu, 3,900``."""
        if self.limit == "yakuman" and self.yakuman > 1:
            value = "double yakuman" if self.yakuman == 2 else f"{self.yakuman}x yakuman"
        elif self.limit and self.han is None:
            value = self.limit
        elif self.limit:
            value = f"{self.han} han {self.limit}" if self.fu is None else (
                f"{self.han} han {self.fu} fu {self.limit}")
        else:
            value = f"{self.han} han {self.fu} fu"
        if len(self.payment) == 2:
            pay = f"{points(self.payment[0])}/{points(self.payment[1])}"
        elif self.payment:
            pay = points(self.payment[0]) + (" all" if self.all_ else "")
        else:
            pay = "?"
        return f"{value}, {pay}"


_TOKEN = re.compile(
    r"(?P<pair>\d[\d,]*\s*[/-]\s*\d[\d,]*)|(?P<num>\d[\d,]*)\s*(?P<unit>han|fu|x)?|"
    r"(?P<word>[a-z]+)")
_DOUBLE = {"double": 2, "triple": 3}


def _int(text: str) -> int:
    digits = text.replace(",", "")
    if len(digits) > 9:  # (no han, fu or payment has more; int() of 5,000 digits fails)
        raise AnswerError(f"'{text[:12]}...' is far larger than any score: {HOW_TO_SAY}")
    return int(digits)


def parse_answer(text: str) -> ScoreAnswer:
    """Read a said answer: ``3 30 3900``, ``3han 30fu 1000/2000``, ``haneman 18000``,
    ``4 30 mangan 2000 all``, ``double yakuman 64000``.  Bare numbers are han (up to
    13), then fu (20 to 140), then the payment (200 and up).

    >>> parse_answer("3 han 30 fu 1,000/2,000")
    ScoreAnswer(han=3, fu=30, limit=None, yakuman=0, payment=(1000, 2000), all_=False)
    >>> parse_answer("mangan 4000 all").words()
    'mangan, 4,000 all'
    """
    s = text.strip().lower().replace("kazoe", "")
    if not s:
        raise AnswerError(HOW_TO_SAY)
    said = _Said()
    pos = 0
    for m in _TOKEN.finditer(s):
        _not_a_score(s[pos:m.start()])
        pos = m.end()
        if m["pair"]:
            said.pair(m["pair"])
        elif m["num"]:
            said.number(_int(m["num"]), m["unit"], m[0].strip())
        else:
            said.word(m["word"])
    _not_a_score(s[pos:])
    return said.answer()


def _not_a_score(gap: str) -> None:
    """Refuse words between the parts of a score."""
    if gap.strip(" ,.;:"):
        raise AnswerError(f"'{gap.strip(' ,.;:')}' is not part of a score: {HOW_TO_SAY}")


_FILLER = frozenset(("han", "fu", "points", "pts", "ron", "tsumo", "each", "and", "is"))


@dataclass
class _Said:
    """The parts of an answer as they are read, token by token."""

    han: int | None = None
    fu: int | None = None
    limit: str | None = None
    yakuman: int = 0
    pay: list[int] = field(default_factory=list)
    all_: bool = False

    def pair(self, text: str) -> None:
        """A non-dealer tsumo's two amounts, ``1000/2000``."""
        a, b = (_int(x) for x in re.split(r"\s*[/-]\s*", text))
        if self.pay:
            raise AnswerError("say one payment")
        self.pay = [a, b]

    def number(self, n: int, unit: str | None, token: str) -> None:
        """A number, with its unit when said: han, then fu, then the payment."""
        bare = unit is None and not self.pay
        if unit == "han" or (bare and self.han is None and 1 <= n <= 13 and self.fu is None):
            self.han = n
        elif unit == "fu" or (bare and self.fu is None and 20 <= n <= 140):
            self.fu = n
        elif unit == "x":
            self.yakuman = n
        elif unit is None and n >= 200:
            if self.pay:
                raise AnswerError("say one payment (a non-dealer tsumo as 1000/2000)")
            self.pay = [n]
        else:
            raise AnswerError(f"'{token}' is not han (1-13), fu (20-140) or a "
                              f"payment (200 or more): {HOW_TO_SAY}")

    def word(self, w: str) -> None:
        """A word: 'all', a limit's name, 'double' (yakuman), or a filler."""
        if w in _FILLER:
            return
        if w == "all":
            self.all_ = True
        elif w in _DOUBLE:
            self.yakuman = _DOUBLE[w]
        elif w in LIMIT_NAMES:
            self.limit = w
        else:
            raise AnswerError(f"'{w}' is not part of a score: {HOW_TO_SAY}")

    def answer(self) -> ScoreAnswer:
        """The whole answer, once every part needed was said."""
        han, fu = self.han, self.fu
        if self.limit is None and (han is None or (fu is None and han < 5)):
            raise AnswerError(f"say the han and the fu, or the limit: {HOW_TO_SAY}")
        if not self.pay:
            raise AnswerError(f"say the payment too: {HOW_TO_SAY}")
        if self.all_ and len(self.pay) == 2:
            raise AnswerError("a payment is either 'N all' (a dealer's tsumo) or two amounts")
        limit = "yakuman" if self.yakuman else self.limit
        return ScoreAnswer(han, fu, limit, self.yakuman, tuple(self.pay), self.all_)


@dataclass(frozen=True)
class Verdict:
    """Right or wrong, part by part."""

    value_right: bool
    payment_right: bool
    said: ScoreAnswer
    key: ScoreKey

    @property
    def right(self) -> bool:
        return self.value_right and self.payment_right

    def words(self) -> str:
        """One line: right, or what was wrong and the right answer."""
        k = self.key
        right = f"{k.value_words}, {k.payment_words}"
        if self.right:
            return f"Right: {right}."
        wrong = [w for w, ok in (("the value", self.value_right),
                                 ("the payment", self.payment_right)) if not ok]
        return f"Wrong ({' and '.join(wrong)}): you said {self.said.words()}; it is {right}."


def _value_right(a: ScoreAnswer, k: ScoreKey) -> bool:
    if k.yakuman_count:
        said = a.yakuman or 1  # "yakuman" alone is one
        return a.limit == "yakuman" and said == k.yakuman_count
    if k.limit == "kazoe_yakuman":
        if a.limit not in ("yakuman", None) or a.yakuman > 1:
            return False
        return a.han == k.han if a.han is not None else a.limit == "yakuman"
    return _counted_value_right(a, k)


def _counted_value_right(a: ScoreAnswer, k: ScoreKey) -> bool:
    """A hand below yakuman: the limit, han and fu said agree with the key's."""
    if a.limit is not None and a.limit != k.limit:
        return False
    if a.han is not None and a.han != k.han:
        return False
    if a.fu is not None and a.fu != k.fu and k.han < 5:
        return False
    if a.limit is None and k.limit is not None and k.han < 5 and a.fu is None:
        return False
    return a.limit is not None or (a.han is not None and (a.fu is not None or k.han >= 5))


def accepted_payments(k: ScoreKey) -> set[tuple[int, ...]]:
    """The payments taken as right: the hand's, and the hand's with the honba added."""
    p = k.points
    out: set[tuple[int, ...]] = set()
    for extra in {0, k.honba_paid}:
        if p.ron:
            out.add((p.ron + extra,))
        elif p.tsumo_all:
            out.add((p.tsumo_all + extra // 3,))
        else:
            each = extra // 3
            out.add((p.tsumo_other + each, p.tsumo_dealer + each))
            out.add((p.tsumo_dealer + each, p.tsumo_other + each))
    return out


def judge(said: ScoreAnswer, key: ScoreKey) -> Verdict:
    """Compare a said answer with the key: the value (han and fu, or the limit) and the
    payment (the hand's, or with the honba added; a dealer's tsumo may be said without
    "all")."""
    pay_ok = said.payment in accepted_payments(key) and not (said.all_ and not key.points.tsumo_all)
    return Verdict(bool(_value_right(said, key)), pay_ok, said, key)


def choices(key: ScoreKey, rng: random.Random, n: int = 6) -> list[ScoreAnswer]:
    """``n`` answers to pick from, one of them right: the neighbours in han and fu
    (each with its own correct payment under the rules), the value without the
    ruleset's rounding, and the right value with the other seat's payment."""
    right = _answer_of(key.han, key.fu, key.limit, key.yakuman_count, key.points)
    out = [right]

    def add(a: ScoreAnswer) -> None:
        # a neighbour paid the same as the right answer (4 han 40 fu vs 30 fu at a
        # kiriage mangan) teaches nothing
        if a not in out and a.payment != right.payment and not judge(a, key).right:
            out.append(a)

    if key.yakuman_count or key.limit == "kazoe_yakuman":
        _yakuman_neighbours(key, add)
    else:
        _value_neighbours(key, add)
    wrong = out[1:]
    rng.shuffle(wrong)
    picked = [right] + wrong[:n - 1]
    rng.shuffle(picked)
    return picked


def _yakuman_neighbours(key: ScoreKey, add: Callable[[ScoreAnswer], None]) -> None:
    """Half, three quarters and twice the yakuman's value."""
    base = 8000 * max(1, key.yakuman_count)
    for b in (base // 2, base * 3 // 4, base * 2):
        pts, _ = split(b, dealer=key.dealer, tsumo=key.tsumo)
        lim = "yakuman" if b >= 8000 else "sanbaiman" if b == 6000 else "baiman"
        add(ScoreAnswer(None, None, lim, b // 8000 if b >= 16000 else 0,
                        _pay(pts), bool(pts.tsumo_all)))


def _value_neighbours(key: ScoreKey, add: Callable[[ScoreAnswer], None]) -> None:
    """The next limits, a han or ten fu either side, the value without (or with) the
    rules' rounding, and the other seat's payment."""
    order = ("mangan", "haneman", "baiman", "sanbaiman")
    if key.limit in order:
        i = order.index(key.limit)
        for near in order[max(0, i - 1):i] + order[i + 1:i + 2]:
            pts, _ = split(LIMIT_BASE[near], dealer=key.dealer, tsumo=key.tsumo)
            add(ScoreAnswer(None, None, near, 0, _pay(pts), bool(pts.tsumo_all)))
    fus = [f for f in (key.fu - 10, key.fu + 10, key.fu + 20) if f >= 20]
    hans = [h for h in (key.han - 1, key.han + 1) if h >= 1]
    for h, f in [(key.han, f) for f in fus] + [(h, key.fu) for h in hans]:
        value_limit = limit_of(h, f, key.rules)
        pts, _ = split(base_points(h, f, value_limit, 0), dealer=key.dealer, tsumo=key.tsumo)
        add(_answer_of(h, f, value_limit, 0, pts))
    raw = base_points(key.han, key.fu, None, 0)
    if key.limit == "mangan" and key.han < 5 and raw < LIMIT_BASE["mangan"]:
        pts, _ = split(raw, dealer=key.dealer, tsumo=key.tsumo)  # no kiriage
        add(_answer_of(key.han, key.fu, None, 0, pts))
    elif key.limit is None and raw >= 1920:
        pts, _ = split(LIMIT_BASE["mangan"], dealer=key.dealer, tsumo=key.tsumo)
        add(_answer_of(key.han, key.fu, "mangan", 0, pts))  # kiriage where there is none
    base = base_points(key.han, key.fu, key.limit, key.yakuman_count)
    other, _ = split(base, dealer=not key.dealer, tsumo=key.tsumo)
    add(_answer_of(key.han, key.fu, key.limit, key.yakuman_count, other))


def _pay(p: PointSplit) -> tuple[int, ...]:
    if p.ron:
        return (p.ron,)
    if p.tsumo_all:
        return (p.tsumo_all,)
    return (p.tsumo_other, p.tsumo_dealer)


def _answer_of(han: int, fu: int, limit: str | None, yakuman: int, p: PointSplit
               ) -> ScoreAnswer:
    if yakuman or limit == "kazoe_yakuman":
        return ScoreAnswer(None, None, "yakuman", yakuman if yakuman > 1 else 0, _pay(p),
                           bool(p.tsumo_all))
    if limit and han >= 5:
        return ScoreAnswer(None, None, limit, 0, _pay(p), bool(p.tsumo_all))
    return ScoreAnswer(han, fu, limit, 0, _pay(p), bool(p.tsumo_all))


# ------------------------------------------------------------------ the breakdown
_FU_WORDS = {
    "base": "base", "closed_ron": "closed ron", "tsumo": "tsumo",
    "open_pinfu": "open hand with no fu, ron", "wait_kanchan": "closed wait",
    "wait_penchan": "edge wait", "wait_tanki": "pair wait", "pair_dragon": "dragon pair",
    "pair_seat_wind": "seat-wind pair", "pair_round_wind": "round-wind pair",
    "pair_double_wind": "double-wind pair", "chiitoitsu": "seven pairs",
}


def fu_part_words(part: str) -> str:
    """A fu part id in words: ``closed_triplet_terminal`` -> closed triplet of terminals."""
    if part in _FU_WORDS:
        return _FU_WORDS[part]
    how, _, rest = part.partition("_")
    what, _, kind = rest.partition("_")
    return f"{how} {what} of {'terminals/honours' if kind == 'terminal' else 'simples'}"


def breakdown(key: ScoreKey) -> list[str]:
    """The right answer step by step, as lines of plain words."""
    k, r = key, key.rules
    lines: list[str] = []
    yaku = ", ".join(f"{yaku_name(y)} {'yakuman' if k.yakuman_count and h >= 13 else h}"
                     for y, h in k.yaku)
    if k.yakuman_count:
        lines.append(f"Yaku: {yaku}: {k.value_words}.")
    else:
        lines.append(f"Yaku: {yaku} = {k.han} han.")
        if k.fu_parts:
            raw = sum(n for _, n in k.fu_parts)
            parts = " + ".join(f"{fu_part_words(p)} {n}" for p, n in k.fu_parts)
            if any(p == "chiitoitsu" for p, _ in k.fu_parts):
                fu = f"Fu: {parts}, never rounded."
            elif raw == k.fu:
                fu = f"Fu: {parts} = {k.fu}."
            else:
                fu = f"Fu: {parts} = {raw}, rounded up to {k.fu}."
            if k.han >= 5:
                fu += " From 5 han the fu do not count."
            lines.append(fu)
    lines.append(_value_line(k, r))
    lines.append(_split_line(k))
    extra = []
    if k.honba_paid:
        who = f"{points(k.honba_paid // 3)} from each" if k.tsumo else "from the discarder"
        extra.append(f"honba {k.honba} × {r.honba_points:,} = {points(k.honba_paid)} ({who})")
    if k.sticks_paid:
        extra.append(f"riichi sticks {k.sticks_paid // 1000} × 1,000 = {points(k.sticks_paid)}")
    if extra:
        lines.append("Then " + "; ".join(extra) + f": the winner takes {points(k.taken)}.")
    return lines


def _value_line(k: ScoreKey, r: Ruleset) -> str:
    if k.yakuman_count:
        return (f"{k.value_words.capitalize()}: {points(8000 * k.yakuman_count)} base points.")
    raw = base_points(k.han, k.fu, None, 0)
    if k.limit == "kazoe_yakuman":
        return f"{k.han} han: a counted yakuman under these rules (8,000 base points)."
    if k.han >= 13:
        return f"{k.han} han: sanbaiman at most under these rules (6,000 base points)."
    if k.han >= 5:
        assert k.limit is not None
        return f"{k.han} han: {k.limit} ({points(LIMIT_BASE[k.limit])} base points)."
    calc = f"{k.han} han {k.fu} fu: {k.fu} × 2^{k.han + 2} = {points(raw)} base points"
    if k.limit == "mangan" and raw < LIMIT_BASE["mangan"]:
        return calc + ", rounded up to mangan (2,000) by kiriage mangan under these rules."
    if k.limit == "mangan":
        return calc + ", over 2,000: mangan (2,000)."
    if raw == 1920 and (k.han, k.fu) in ((4, 30), (3, 60)):
        return calc + " (no kiriage mangan under these rules)."
    return calc + "."


def _split_line(k: ScoreKey) -> str:
    base = base_points(k.han, k.fu, k.limit, k.yakuman_count)
    p = k.points
    if p.ron:
        n = 6 if k.dealer else 4
        who = "Dealer" if k.dealer else "Non-dealer"
        return f"{who} ron: {points(base)} × {n} = {points(base * n)}" + (
            f", rounded up to {points(p.ron)}." if base * n != p.ron else ".")
    if p.tsumo_all:
        return (f"Dealer tsumo: {points(base)} × 2 = {points(base * 2)}"
                + (f", rounded up to {points(p.tsumo_all)}" if base * 2 != p.tsumo_all else "")
                + f" from each ({points(k.total)}).")
    return (f"Non-dealer tsumo: the dealer pays {points(base)} × 2 → {points(p.tsumo_dealer)}, "
            f"the others {points(base)} → {points(p.tsumo_other)} each ({points(k.total)}).")


def yaku_ids(key: ScoreKey | Sequence[tuple[str, int]]) -> list[str]:
    """The yaku of a key (no dora rows): what a yaku drill asks to name."""
    rows = key.yaku if isinstance(key, ScoreKey) else key
    return [y for y, _ in rows if y not in ("dora", "aka_dora", "ura_dora")]
