"""The practice drills: questions, answers checked, and the right answer explained.

Four drills (``hanchan drill``, and the app's "Practice drills" screen):

* ``scores``: call the score of a winning hand (han and fu or the limit, and the
  payment), judged by :mod:`hanchan.coach.score_call`;
* ``fu``: count the fu of a winning hand;
* ``yaku``: name the yaku of a winning hand (dora are not asked);
* ``discards``: what to discard, at moments of the player's own saved games where
  the ``strong`` bot would have kept a better hand (:mod:`hanchan.coach.discard_problems`),
  or on made-up hands, for tile efficiency (:mod:`hanchan.coach.efficiency`).

The hands of the first three are drawn by :mod:`hanchan.coach.drill_hands` under the chosen
ruleset, to exercise what that ruleset does its own way; every answer is the
engine's.  A :class:`Question` shows itself as lines and checks a typed answer:
:meth:`Question.check` raises :class:`~hanchan.coach.score_call.AnswerError` (a sentence
saying how to answer) for a line it cannot read, so the asker can ask again.

>>> from hanchan.rulesets.schema import Ruleset
>>> qs = questions("fu", Ruleset(), count=2, seed=7)
>>> q = qs[0]
>>> q.check(str(q.hand.result.fu)).right
True
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from hanchan.coach.discard_problems import DiscardProblem, find_problems, saved_games
from hanchan.coach.drill_hands import DrillHand, draw_hands, feature
from hanchan.coach.efficiency import made_up_problems
from hanchan.coach.score_call import (
    AnswerError,
    ScoreKey,
    breakdown,
    fu_part_words,
    judge,
    key_of_result,
    parse_answer,
    yaku_ids,
)
from hanchan.engine.events import Meld
from hanchan.engine.scoring import EN_NAMES, NAMES
from hanchan.engine.tiles import dora_of, format_tiles, kind_name, kind_of
from hanchan.rulesets.schema import Ruleset
from hanchan.words.names import WIND_NAMES
from hanchan.words.rules import rule_words
from hanchan.words.yaku import yaku_name

KINDS = ("scores", "fu", "yaku")
"""The drills on drawn hands (``discards`` draws from saved games instead)."""


@dataclass(frozen=True)
class Checked:
    """The verdict on one answer: right or not, and the lines that explain it."""

    right: bool
    lines: tuple[str, ...]


# ------------------------------------------------------------------ the hand in words
def _meld_words(hand: DrillHand, rules: Ruleset) -> list[str]:
    out = []
    for m in hand.ctx.melds:
        tiles = format_tiles(sorted(m.tiles), rules.red_fives)
        if m.kind == "ankan":
            out.append(f"closed kan {tiles}")
        else:
            out.append(f"{'open kan' if m.is_kan else m.kind} {tiles}")
    return out


def hand_lines(hand: DrillHand, rules: Ruleset) -> list[str]:
    """The winning hand and its situation, as a player at the table sees them."""
    c = hand.ctx
    rest = list(c.concealed)
    rest.remove(c.win_tile)
    rf = rules.red_fives
    how = "tsumo" if c.tsumo else "ron"
    lines = [f"Hand: {format_tiles(sorted(rest), rf)}   won on {format_tiles([c.win_tile], rf)}"
             f" by {how}"]
    melds = _meld_words(hand, rules)
    if melds:
        lines.append("Calls: " + ", ".join(melds))
    seat = f"{WIND_NAMES[c.seat_wind]} seat ({'dealer' if c.seat_wind == 0 else 'non-dealer'})"
    situation = [f"{WIND_NAMES[c.round_wind]} round", seat]
    for flag, words in ((c.double_riichi, "double riichi"), (c.riichi, "riichi"),
                        (c.ippatsu, "ippatsu"), (c.haitei, "last draw (haitei)"),
                        (c.houtei, "last discard (houtei)"), (c.rinshan, "replacement draw"),
                        (c.chankan, "robbing a kan")):
        if flag:
            situation.append(words)
    lines.append(", ".join(situation) + ".")
    dora = " ".join(kind_name(dora_of(kind_of(t))) for t in c.dora_indicators)
    ind = f"Dora indicator {format_tiles(c.dora_indicators, rf)} (dora {dora})"
    if c.ura_indicators:
        ura = " ".join(kind_name(dora_of(kind_of(t))) for t in c.ura_indicators)
        ind += f", ura indicator {format_tiles(c.ura_indicators, rf)} (ura {ura})"
    if rf:
        ind += f"; {rf} red five{'s' if rf > 1 else ''} per suit (0 = red)"
    lines.append(ind + ".")
    if c.honba or c.sticks:
        lines.append(f"Honba {c.honba} ({rules.honba_points:,} each), riichi sticks {c.sticks}.")
    return lines


# ------------------------------------------------------------------ questions
@dataclass(frozen=True)
class Question:
    """One problem of a drill: what is shown, what is asked, and how it is checked."""

    kind: str
    hand: DrillHand
    rules: Ruleset

    @property
    def key(self) -> ScoreKey:
        c = self.hand.ctx
        return key_of_result(self.hand.result, tsumo=c.tsumo, dealer=c.seat_wind == 0,
                             honba=c.honba, sticks=c.sticks, rules=self.rules)

    def lines(self) -> list[str]:
        """The problem as lines of text."""
        return hand_lines(self.hand, self.rules)

    @property
    def prompt(self) -> str:
        if self.kind == "fu":
            return "Fu (rounded, e.g. 40)?"
        if self.kind == "yaku":
            return "Yaku (without dora, separated by commas)?"
        return "Score (e.g. 3 30 3900, mangan 8000, 1000/2000, 2600 all)?"

    def rule_line(self) -> str:
        """The club's rule the hand was drawn to show, named as the rules name it ("" for a
        hand drawn freely): said with the answer, not before it."""
        f = feature(self.hand.feature)
        if f is None or not f.options:
            return ""
        return f"Drawn for the club's rule on {f.words}: {rule_words(self.rules, f.options)}."

    def check(self, text: str) -> Checked:
        """Judge a typed answer; :class:`AnswerError` when it cannot be read."""
        if self.kind == "fu":
            checked = self._check_fu(text)
        elif self.kind == "yaku":
            checked = self._check_yaku(text)
        else:
            verdict = judge(parse_answer(text), self.key)
            checked = Checked(verdict.right, (verdict.words(), *breakdown(self.key)))
        rule = self.rule_line()
        return Checked(checked.right, (*checked.lines, rule)) if rule else checked

    def _check_fu(self, text: str) -> Checked:
        m = re.fullmatch(r"\s*(\d{1,3})\s*(fu)?\s*", text.lower())
        if not m:
            raise AnswerError(f"'{text.strip()}' is not a number of fu: say e.g. 30")
        said = int(m[1])
        k = self.key
        right = said == k.fu
        head = f"Right: {k.fu} fu." if right else f"Wrong: you said {said}; it is {k.fu} fu."
        raw = sum(n for _, n in k.fu_parts)
        if not right and said == raw and raw != k.fu:
            head += f" ({raw} is before rounding up to the next 10.)"
        parts = " + ".join(f"{fu_part_words(p)} {n}" for p, n in k.fu_parts)
        return Checked(right, (head, f"Fu: {parts} = {raw}" + (
            f", rounded up to {k.fu}." if raw != k.fu and "chiitoitsu" not in dict(k.fu_parts)
            else ".")))

    def _check_yaku(self, text: str) -> Checked:
        said = parse_yaku(text)
        want = set(yaku_ids(self.hand.result.yaku))
        right = said == want
        names = ", ".join(yaku_name(y) for y in yaku_ids(self.hand.result.yaku))
        lines = [f"Right: {names}." if right else f"Wrong: it is {names}."]
        missed = want - said
        extra = said - want
        if missed:
            lines.append("Missed: " + ", ".join(yaku_name(y) for y in sorted(missed)) + ".")
        if extra:
            lines.append("Not in this hand: " + ", ".join(yaku_name(y) for y in sorted(extra))
                         + ".")
        lines.append("Han: " + ", ".join(f"{yaku_name(y)} {h}" for y, h in
                                          self.hand.result.yaku) + f" = {self.key.han}.")
        return Checked(right, tuple(lines))


def questions(kind: str, rules: Ruleset, *, count: int, seed: int) -> list[Question]:
    """``count`` questions of a drill on drawn hands; the same seed gives the same ones."""
    if kind not in KINDS:
        raise ValueError(f"'{kind}' is not a drill on drawn hands ({', '.join(KINDS)})")
    rng = random.Random(f"{kind}:{seed}")
    hands = draw_hands(rng, rules, count, yakuman=kind != "fu")
    return [Question(kind, h, rules) for h in hands]


# ------------------------------------------------------------------ naming yaku
def _norm(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).lower()
    return re.sub(r"[^0-9a-z\u3040-\u30ff\u4e00-\u9fff]", "", text)


_ALIASES: dict[str, str] = {
    "tsumo": "menzen_tsumo", "menzen": "menzen_tsumo", "haku": "yakuhai_haku",
    "white": "yakuhai_haku", "hatsu": "yakuhai_hatsu", "green": "yakuhai_hatsu",
    "chun": "yakuhai_chun", "red": "yakuhai_chun", "seatwind": "yakuhai_seat_wind",
    "jikaze": "yakuhai_seat_wind", "roundwind": "yakuhai_round_wind",
    "bakaze": "yakuhai_round_wind", "prevalentwind": "yakuhai_round_wind",
    "iipeiko": "iipeikou", "ryanpeiko": "ryanpeikou", "chiitoi": "chiitoitsu",
    "chitoitsu": "chiitoitsu", "chitoi": "chiitoitsu", "ittsuu": "ittsu", "ikkitsuukan": "ittsu",
    "chantai": "chanta", "honchan": "chanta", "toitoiho": "toitoi", "sananko": "sanankou",
    "sanshokudoujun": "sanshoku", "honiisou": "honitsu", "chiniisou": "chinitsu",
    "junchantaiyao": "junchan", "tanyaochuu": "tanyao", "rinshankaihou": "rinshan",
    "haiteiraoyue": "haitei", "houteiraoyui": "houtei", "doubleriichi": "double_riichi",
    "daburiichi": "double_riichi", "shousangen": "shousangen", "sanrenko": "sanrenkou",
}
for _id, (_ja, _en) in NAMES.items():
    for _alias in (_id, _ja, _en, EN_NAMES[_id], _id.replace("yakuhai_", "")):
        _ALIASES.setdefault(_norm(_alias), _id)


def parse_yaku(text: str) -> set[str]:
    """Yaku ids from a typed list: ids, English or Japanese names, common romaji.

    >>> sorted(parse_yaku("riichi, tsumo, Pinfu; all simples"))
    ['menzen_tsumo', 'pinfu', 'riichi', 'tanyao']
    """
    out: set[str] = set()
    for chunk in re.split(r"[,;+/\n]", text):
        if not chunk.strip():
            continue
        whole = _ALIASES.get(_norm(chunk))
        if whole:
            out.add(whole)
            continue
        for word in chunk.split():  # "riichi tsumo pinfu" without commas
            yid = _ALIASES.get(_norm(word))
            if yid is None:
                raise AnswerError(f"'{chunk.strip()}' is not a yaku name I know (write e.g. "
                                  "riichi, tsumo, pinfu, tanyao, haku, seat wind)")
            out.add(yid)
    if not out:
        raise AnswerError("name at least one yaku (e.g. riichi, tanyao)")
    return out



# ------------------------------------------------------------------ the asker's items
DRILL_TITLES = {
    "scores": "Score calling: han and fu, the payment",
    "fu": "Counting fu",
    "yaku": "Naming yaku",
    "discards": "What do you discard (your games)",
    "made_up": "What do you discard (made-up hands: tile efficiency)",
}
"""Every drill, by its name in ``hanchan drill NAME``."""


HAND_LINE = "Hand: "
"""How every problem's line of the hand in mpsz starts (a screen drawing the tiles leaves
it out)."""


@dataclass(frozen=True)
class DrillTiles:
    """A problem's hand for an asker that draws tiles (the app): the concealed tiles, sorted;
    the one set apart (the winning tile, or the tile just drawn); the calls; whose they
    are (the seat their ``from_seat`` is counted from); and a sentence on the tile set
    apart.  ``pick``: the answer is a tile of the hand, so it may be picked."""

    tiles: tuple[int, ...]
    apart: int | None
    melds: tuple[Meld, ...] = ()
    owner: int = 0
    red_fives: int = 0
    apart_words: str = ""
    pick: bool = False


@dataclass(frozen=True)
class DrillItem:
    """One question as any asker (the CLI, the app) shows it: the problem, the prompt,
    a checker of a typed answer (raises :class:`AnswerError`) and the answer on skip;
    ``hand``: the tiles, for an asker that draws them."""

    lines: tuple[str, ...]
    prompt: str
    check: Callable[[str], tuple[bool, Sequence[str]]]
    reveal: tuple[str, ...]
    hand: DrillTiles | None = None

    def lines_beside_tiles(self) -> tuple[str, ...]:
        """The problem's lines without the hand in mpsz, for an asker drawing ``hand``."""
        if self.hand is None:
            return self.lines
        return tuple(x for x in self.lines if not x.startswith(HAND_LINE))


def _question_item(q: Question) -> DrillItem:
    def check(text: str) -> tuple[bool, Sequence[str]]:
        c = q.check(text)
        return c.right, c.lines

    if q.kind == "scores":
        reveal = f"It is {q.key.value_words}, {q.key.payment_words}."
    elif q.kind == "fu":
        reveal = f"It is {q.key.fu} fu."
    else:
        reveal = "It is " + ", ".join(yaku_name(y) for y in yaku_ids(q.key)) + "."
    c = q.hand.ctx
    rest = list(c.concealed)
    rest.remove(c.win_tile)
    how = "tsumo (drawn)" if c.tsumo else "ron (another's discard)"
    tiles = DrillTiles(tuple(sorted(rest)), c.win_tile, tuple(c.melds), 0, q.rules.red_fives,
                       f"Won on the tile set apart, by {how}.")
    rule = q.rule_line()
    return DrillItem(tuple(q.lines()), q.prompt, check, (reveal, rule) if rule else (reveal,),
                     tiles)


def question_items(kind: str, rules: Ruleset, *, count: int, seed: int) -> list[DrillItem]:
    """The items of a drill on drawn hands (:func:`questions`)."""
    return [_question_item(q) for q in questions(kind, rules, count=count, seed=seed)]


def problem_items(problems: Sequence[DiscardProblem]) -> list[DrillItem]:
    """The items of the discards drill."""
    return [DrillItem(tuple(p.lines()), "Discard?", p.check,
                      (f"Strong discards {kind_name(kind_of(p.best))} ({p.review.reason}).",),
                      _view_tiles(p))
            for p in problems]


def _view_tiles(p: DiscardProblem) -> DrillTiles:
    v = p.view
    return DrillTiles(tuple(sorted(v.hand)), v.drawn, tuple(v.me.melds), v.seat,
                      v.ruleset.red_fives,
                      "The tile set apart is the one just drawn." if v.drawn is not None
                      else "", pick=True)


def efficiency_items(count: int, seed: int) -> list[DrillItem]:
    """The items of the discards drill on made-up hands (:mod:`hanchan.coach.efficiency`)."""
    return [DrillItem(tuple(p.lines()), "Discard?", p.check, (p.reveal(),),
                      DrillTiles(tuple(sorted(p.tiles)), None, pick=True))
            for p in made_up_problems(count, seed)]


def discard_items(folder: Path, count: int, seed: int) -> tuple[list[DrillItem], str]:
    """The discards drill from the newest games of ``folder``, and one sentence on the
    games left out because verify refuses them ("" when none was)."""
    found = find_problems(saved_games(folder), count, seed, strict=False)
    return problem_items(found.problems), found.note
