"""``Player``: who sits in a seat, as parts: the name and a bot's level.

A game records each player as one string (``GameStarted.players``: 'Botan (normal)');
the screens need the parts (the log and a narrow seat panel show the name alone), so
the session keeps them as fields (:func:`tui.session.players`,
:func:`tui.session.recorded_players`) and no screen cuts a name at a parenthesis: a
player named 'Ann (club)' keeps the whole name.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Player:
    """Who sits in a seat: the name, and for a bot its level in words (``normal``, or
    ``mjai NAME`` for an outside bot; None for a person or a name the record gives whole).

    >>> Player("Botan", "normal").full, Player("Ann (club)").full
    ('Botan (normal)', 'Ann (club)')
    """

    name: str
    level: str | None = None

    @property
    def full(self) -> str:
        """The name as the game records it (``GameStarted.players``): 'Botan (normal)'."""
        return self.name if self.level is None else f"{self.name} ({self.level})"

    @classmethod
    def read(cls, full: str, level: str | None) -> Player:
        """The player a recorded name is when it ends with ``level``'s words (the
        inverse of :attr:`full`); else the whole name, with no level.

        >>> Player.read("Botan (normal)", "normal"), Player.read("Ann (club)", "normal")
        (Player(name='Botan', level='normal'), Player(name='Ann (club)', level=None))
        """
        if level is not None and full.endswith(f" ({level})"):
            return cls(full[:-len(level) - 3], level)
        return cls(full)
