"""The game's colours, named once: the stylesheet's variables and the tile faces' colours.

``HanchanApp`` gives :data:`VARIABLES` to Textual as theme variables, so
``hanchan.tcss`` writes ``$gold``, ``$felt``... for every widget and screen
(widgets that draw styled text read theirs from component classes there).
Python uses the names directly only for Rich text built outside a widget's
``render`` (tile faces, melds, the result, menu and help texts): those are made
by plain functions, often before any widget exists, where no stylesheet reaches.

>>> VARIABLES["gold"] == GOLD
True
"""

from __future__ import annotations

# the table and its panels
FELT = "#1d3b2a"
FELT_DARK = "#14291d"  # menus, the footer
FELT_PANEL = "#173222"  # the info lines
LINE = "#6f6756"  # borders

# words
GOLD = "#ffd84a"  # titles, the turn, the selected tile, the last discard
AMBER = "#e0a040"  # frames of boxes, the dealer, the riichi tile
QUIET = "#8a8170"  # quiet words, tile frames
INK = "#e0e0e0"  # messages
SKY = "#9fd3ff"  # the help line, labels, fu
SKY_DIM = "#7fb3d5"  # the best discards
REFUSAL = "#ff6b6b"  # refusals, penalties, losses
GAIN = "#6bff8f"  # gains, tenpai
HINT = "#9fffb0"  # hints
ORANGE = "#ff9f43"  # pao
BLUE = "#6bc5ff"  # the second seat's bars in the points chart
KEEP = "#2fbf4f"  # the mark under a discard that keeps tenpai for riichi

# tiles
IVORY = "#f3ecd8"  # a tile's face
TILE_INK = "#202020"  # winds, and the other honours' ink
MAN = "#8b1a1a"
PIN = "#1c4fa8"
SOU = "#1f7a3a"  # the green dragon too
WHITE_DRAGON = "#6b6b6b"
RED = "#c4161c"  # the red dragon, a red five's ground, a riichi stick
BACK = "#d9822b"  # a tile's back
TURNED = "#e0c27a"  # a called tile lying turned in a meld
TSUMOGIRI = "#d6ccb2"  # a discard of the tile just drawn
WHITE = "#ffffff"
BLACK = "#000000"

VARIABLES: dict[str, str] = {
    "felt": FELT, "felt-dark": FELT_DARK, "felt-panel": FELT_PANEL, "line": LINE,
    "gold": GOLD, "amber": AMBER, "quiet": QUIET, "ink": INK, "sky": SKY, "sky-dim": SKY_DIM,
    "refusal": REFUSAL, "gain": GAIN, "hint": HINT, "orange": ORANGE, "blue": BLUE, "keep": KEEP,
    "ivory": IVORY, "tile-back": BACK, "tsumogiri": TSUMOGIRI, "red": RED,
}
"""The colours the stylesheet uses, by variable name (``$gold``); none shadows Textual's own
(``$error`` is Textual's, so the refusal colour is ``$refusal``)."""
