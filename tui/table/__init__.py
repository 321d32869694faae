"""The play table's decisions, as plain classes and functions (no Textual): the human's
choice of discard, practice mode's mistakes, the toggles that play for the human, and
the bots' pacing.  ``tui.screens.table`` draws them and sends the keys here."""
