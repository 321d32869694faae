"""The penalty screen's words (issue 23, item 4): every sentence read from the events.

Each penalty that a preset can give in practice mode is played on a scripted wall: a
false tsumo by the dealer after two riichi (the player's own, noten, and a real one), a
false ron by a non-dealer, a noten riichi found at the exhaustive draw, and a false
call.  The words are then checked against the events alone: the ``Penalty``'s payments,
table points and dead hand; the sticks given back, the deal and the honba as the next
``HandStarted`` has them.  Per preset, the clubs' texts say what must happen to the
sticks and the deal; the words must say the same.
"""

from __future__ import annotations

import re

import pytest

from hanchan import rulesets
from hanchan.engine.actions import Discard, Pon, Ron, Tsumo
from hanchan.engine.events import Event, GameEnded, HandStarted, Penalty, RiichiAccepted
from hanchan.engine.game import Game
from hanchan.engine.legal import IllegalAction
from hanchan.engine.state import fold
from hanchan.rulesets.schema import Ruleset
from hanchan.words.hand_facts import hand_facts
from hanchan.words.ledger import hand_ledger
from hanchan.words.names import hand_name
from hanchan.words.penalties import facts, sentences
from tests.kit.game import build_wall, default_action, run

NAMES = ("You", "Bot S", "Bot W", "Bot N")
PRESETS = ("makura", "makura-gp", "gpc", "teireikai", "yokoyoko", "ako", "tenhou",
           "mahjongsoul")
NOTEN = {0: "13579m2468p1357s", 1: "2468m13579p2468s", 2: "1379s123456z99p8m",
         3: "2468m2468p2468s7z"}
RIICHI = {0: "13579m2468p1357s", 1: "123s456s789s123m5p", 2: "1379s123456z99p8m",
          3: "2468m2468p2468s7z"}  # seat 0 noten, seat 1 tenpai on 5p


def practice(name: str) -> Ruleset:
    return rulesets.load_ruleset(name).replace(practice_mode=True)


def step(g: Game) -> None:
    seat, acts = next(iter(g.pending().items()))
    g.act(seat, default_action(g, seat, acts))


def riichi_then(rules: Ruleset, mistake: str) -> Game:
    """The dealer (seat 0, practising) declares a noten riichi, seat 1 a real one; then
    the dealer claims a false tsumo (``"tsumo"``) or the hand runs to the draw."""
    wall = build_wall(RIICHI, ["5z", "6z", "7z", "1z", "5z"], red_fives=rules.red_fives)
    g = Game(rules, NAMES, seed=0, walls=[wall, wall])
    drawn = g.state.drawn
    assert drawn is not None
    g.act(0, Discard(drawn, riichi=True))
    run(g, (1, "riichi 6z"))
    if mistake == "tsumo":
        while not (g.state.phase == "turn" and g.state.turn == 0):
            step(g)
        g.act(0, Tsumo())
    else:
        while not any(isinstance(e, Penalty) for e in g.events):
            step(g)
    return g


def false_ron_by_south(rules: Ruleset) -> Game:
    wall = build_wall(NOTEN, red_fives=rules.red_fives)
    g = Game(rules, NAMES, seed=0, walls=[wall, wall], practice_seats=(1,))
    step(g)  # the dealer's discard, which South cannot win on
    g.act(1, Ron())
    return g


def false_pon(rules: Ruleset) -> Game:
    wall = build_wall(NOTEN, red_fives=rules.red_fives)
    g = Game(rules, NAMES, seed=0, walls=[wall, wall])
    while not (g.state.phase == "claim" and g.state.last_discard is not None
               and g.state.last_discard[0] == 2):
        step(g)
    hand = sorted(g.state.seats[0].hand)
    g.act(0, Pon((hand[0], hand[1])))
    return g


def penalty(g: Game) -> Penalty:
    return next(e for e in g.events if isinstance(e, Penalty))


def words_match_events(events: list[Event], pen: Penalty) -> str:
    """The penalty's sentences, each checked against the events; their text."""
    text = " ".join(sentences(facts(hand_facts(events, pen)), NAMES))
    idx = events.index(pen)
    before = fold(events[:idx]).scores
    who = NAMES[pen.seat]
    # who paid whom, and what went to the table or to nobody: the Penalty's own fields
    paid = [p for p in pen.payments if p.payer == pen.seat]
    for p in paid:
        assert (f"{p.amount:,} to each player" in text
                or f"{p.amount:,} to {NAMES[p.payee]}" in text), text
    assert (f"{pen.to_table:,} on the table" in text) == bool(pen.to_table), text
    lost = -pen.deltas[pen.seat] - sum(p.amount for p in paid) - pen.to_table
    assert (f"{lost:,} to nobody" in text) == (lost > 0), text
    assert ("hand is dead" in text) == pen.dead_hand, text
    if pen.kind != "chombo":
        ends = {"false_call": "The call is not made; play goes on.",
                "false_meld": "The meld stands as it was made; play goes on."}
        assert text.endswith(ends[pen.kind]), text
        return text
    start = next(e for e in reversed(events[:idx]) if isinstance(e, HandStarted))
    after = next(e for e in events[idx + 1:] if isinstance(e, (HandStarted, GameEnded)))
    if isinstance(after, GameEnded):
        assert after.reason == "bust" and min(fold(events[:idx + 1]).scores) < 0
        assert text.endswith("The game ends here: a player went below zero."), text
        return text
    nxt = after
    # the sticks given back: what the next hand starts with beyond the penalty's result
    back = {NAMES[s]: nxt.scores[s] - before[s] - pen.deltas[s] for s in range(4)}
    said = re.search(r"Sticks put down this hand go back: (.*?)\.", text)
    told = dict((name, int(amount.replace(",", ""))) for amount, name in
                re.findall(r"([\d,]+) to (You|Bot \w)", said[1])) if said else {}
    assert told == {n: b for n, b in back.items() if b}, text
    riichi = sum(1 for e in events[events.index(start):idx]
                 if isinstance(e, RiichiAccepted) and e.seat == pen.seat)
    stays = riichi * 1000 - back[who] > 0
    put = sum(1 for e in events[events.index(start):idx] if isinstance(e, RiichiAccepted))
    if not told and put:
        assert "put down this hand stay" in text or "put down this hand stays" in text, text
    else:
        assert ("own riichi stick stays on the table" in text) == stays, text
    # the deal and the honba: the next hand's start
    where = hand_name(nxt.round_wind, nxt.hand_number)
    if (nxt.round_wind, nxt.hand_number, nxt.honba) == (start.round_wind, start.hand_number,
                                                        start.honba):
        assert f"The hand is replayed: {where} again, " in text, text
        assert f"{NAMES[nxt.dealer]} deal" in text and f"{nxt.honba} honba." in text, text
    else:
        assert f"next is {where}, {nxt.honba} honba." in text, text
        kept = nxt.dealer == start.dealer
        assert ("the deal" in text and ("keep" in text) == kept
                and (f"passes to {NAMES[nxt.dealer]}" in text) == (not kept)), text
    return text


@pytest.mark.parametrize("name", PRESETS)
def test_every_chombo_a_preset_gives_is_told_from_its_events(name: str) -> None:
    rules = practice(name)
    for g in (riichi_then(rules, "tsumo"), riichi_then(rules, "draw"), false_ron_by_south(rules)):
        words_match_events(list(g.events), penalty(g))


@pytest.mark.parametrize("name", PRESETS)
def test_every_false_call_a_preset_gives_is_told_from_its_events(name: str) -> None:
    rules = practice(name)
    if rules.false_meld != "taken_back":
        # gpc l.49, ako 7-05-02: the pon of two unlike tiles stands and the hand is dead
        g = false_pon(rules)
        assert penalty(g).kind == "false_meld"
        text = words_match_events(list(g.events), penalty(g))
        assert "you made a meld whose tiles make no set" in text, text
        return
    if rules.false_call == "none":
        # yokoyoko (5): the call is simply taken back, no penalty
        with pytest.raises(IllegalAction):
            false_pon(rules)
        return
    words_match_events(list(false_pon(rules).events), penalty(false_pon(rules)))


# What the clubs' texts say happens after the dealer's false tsumo in riichi, with South's
# riichi stick on the table too: the sticks going back, the own stick staying, the deal.
AFTER_RIICHI_CHOMBO = {
    # makura 31), 35): リーチ棒はリーチ者に戻る。リーチ者のチョンボは供託; 35) 親は流れず
    "makura": ("Sticks put down this hand go back: 1,000 to Bot S.",
               "Your own riichi stick stays on the table for the next winner.",
               "The hand is replayed: East 1 again, You deal, 0 honba."),
    "makura-gp": ("Sticks put down this hand go back: 1,000 to Bot S.",
                  "Your own riichi stick stays on the table for the next winner.",
                  "The hand is replayed: East 1 again, You deal, 0 honba."),
    # gpc l.40: リーチ棒…は出した本人に戻る; l.39: 同じ親での再ゲーム, 積み棒は増えず
    "gpc": ("Sticks put down this hand go back: 1,000 to You and 1,000 to Bot S.",
            "The hand is replayed: East 1 again, You deal, 0 honba."),
    # teireikai 罰則1: その局に出したリーチの供託棒を戻し、局をやり直す
    "teireikai": ("Sticks put down this hand go back: 1,000 to You and 1,000 to Bot S.",
                  "The hand is replayed: East 1 again, You deal, 0 honba."),
    # yokoyoko (1): 立直棒は当該立直をかけた者に戻る; (5): その局はやり直し
    "yokoyoko": ("Sticks put down this hand go back: 1,000 to You and 1,000 to Bot S.",
                 "The hand is replayed: East 1 again, You deal, 0 honba."),
    # ako 7-03: 供託点棒は次の局に持ち越す; 7-02 b: 親の錯和は親流れ; 1-11-03: one honba
    # (the noten riichi found at the draw: after a false tsumo, 7-01 pays South's tenpai
    # its best value, and the dealer goes below zero; see the test after this one)
    "ako": ("The riichi sticks put down this hand stay on the table for the next winner.",
            "The hand is over; the deal passes to Bot S: next is East 2, 1 honba."),
}


@pytest.mark.parametrize("name", sorted(AFTER_RIICHI_CHOMBO))
def test_the_clubs_rules_for_the_sticks_and_the_deal_are_what_the_screen_says(
        name: str) -> None:
    g = riichi_then(practice(name), "draw" if name == "ako" else "tsumo")
    words = sentences(facts(hand_facts(g.events, penalty(g))), NAMES)
    for line in AFTER_RIICHI_CHOMBO[name]:
        assert line in words, words


def test_ako_chombo_pays_a_tenpai_player_its_best_value_and_can_end_the_game() -> None:
    # ako 7-01: 和る可能性があった聴牌者に対しては、和った場合の最高の点数 (South, in riichi)
    g = riichi_then(practice("ako"), "tsumo")
    pen = penalty(g)
    words = sentences(facts(hand_facts(g.events, pen)), NAMES)
    south = next(p.amount for p in pen.payments if p.payee == 1)
    assert south > 4000
    assert f"You pay {south:,} to Bot S, 4,000 to Bot W, 4,000 to Bot N (ako rules)." in words
    assert words[-1] == "The game ends here: a player went below zero."


def test_ako_non_dealer_chombo_keeps_the_deal_and_adds_a_honba() -> None:
    # ako 7-02 b: 子の錯和は連荘; 7-03 with 1-11-03: a chombo hand is a draw, one honba
    g = false_ron_by_south(practice("ako"))
    words = sentences(facts(hand_facts(g.events, penalty(g))), NAMES)
    assert "The hand is over; You keep the deal: next is East 1, 1 honba." in words


@pytest.mark.parametrize("name", ["makura", "gpc", "ako"])
def test_the_result_table_after_a_chombo_ends_at_the_next_hands_scores(name: str) -> None:
    """"After" is the next hand's start, the sticks given back included (makura 31), gpc
    l.40); ako 7-03 keeps them on the table."""
    g = riichi_then(practice(name), "draw")
    events = list(g.events)
    pen = penalty(g)
    nxt = next(e for e in events[events.index(pen):] if isinstance(e, HandStarted))
    hand = hand_facts(events, pen)
    rows = hand_ledger(hand)
    assert tuple(r.after for r in rows) == nxt.scores
    assert all(r.before + r.sticks + r.change == r.after for r in rows)
    assert hand.sticks_after == nxt.sticks
