"""benchmarks/agreement.py: a bot asked at the decisions of a game it played agrees with
itself everywhere; asked at a random bot's game it does not; real logs give every row."""

from __future__ import annotations

from benchmarks.agreement import ROWS, game_events, rows, tally_seat
from hanchan.ai.arena import play_game
from hanchan.ai.asking import asker_for
from hanchan.ai.base import make_bot
from hanchan.rulesets.schema import Ruleset
from tests.kit.real_logs import LOGS


def test_strong_agrees_with_its_own_game_at_every_decision() -> None:
    events = play_game(Ruleset(), [make_bot("strong", seed=s * 4 + 1) for s in range(4)],
                       seed=5)
    for seat in range(4):
        t = tally_seat(events, seat, asker_for("strong", seat))
        assert t.asked["discard"] > 20
        assert t.asked == t.agreed, (seat, t.asked - t.agreed)


def test_strong_does_not_agree_with_a_random_bot() -> None:
    events = play_game(Ruleset(), [make_bot("random", seed=s) for s in range(4)], seed=5)
    t = tally_seat(events, 0, asker_for("strong", 0))
    assert t.asked["discard"] > 20
    assert t.agreed["discard"] < t.asked["discard"] * 0.6


def test_a_real_log_fills_the_rows() -> None:
    path = sorted((LOGS / "tenhou6").glob("*.json"))[0]
    events = game_events(path)
    t = tally_seat(events, 0, asker_for("strong", 0))
    found = {r["row"] for r in rows(t)}
    assert {"discard", "turns 1-6", "pass"} <= found <= set(ROWS)
    assert all(0 <= int(str(r["agreed"])) <= int(str(r["asked"])) for r in rows(t))
