"""The end screen's final table: chips, and the settlement with chips in it (ako 1-07)."""

from __future__ import annotations

from rich.console import Console

from hanchan.engine.events import GameEnded
from hanchan.engine.settlement import final_table as settle
from hanchan.rulesets.loader import load_ruleset
from hanchan.tui.screens.game_end import final_table

NAMES = ("You", "Bot 1", "Bot 2", "Bot 3")


def _render(rules_name: str, chips: tuple[int, int, int, int]) -> str:
    rules = load_ruleset(rules_name)
    rows = settle((41000, 30000, 19000, 10000), 0, rules, chips=chips)
    console = Console(width=140, record=True)
    console.print(final_table(GameEnded("complete", rows), NAMES, 0, rules))
    return console.export_text()


def test_ako_table_shows_chips_and_the_total_at_5000_a_chip() -> None:
    # ako 1-07: 1枚5000点相当; 1-14: the settlement with the chips in it
    text = _render("ako", (4, -1, -1, -2))
    assert "Chips" in text and "Total (chip = 5,000)" in text
    you = next(line for line in text.splitlines() if "You" in line).split()
    # points, oka, uma, bonus, final, chips, total
    assert you[-7:] == ["41,000", "+20.0", "+30.0", "0.0", "+61.0", "+4", "+81.0"]


def test_without_chips_the_table_has_no_chip_columns() -> None:
    text = _render("tenhou", (0, 0, 0, 0))
    assert "Chips" not in text and "Total" not in text
