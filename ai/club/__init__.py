"""The club bots: ``easy``, ``normal`` and ``strong``.

One decision procedure (:class:`ClubBot`) played in a :class:`Style` per level
(:data:`STYLES`).  Every choice reads the seat's :class:`~engine.view.PlayerView` only
and picks one of the legal actions the engine offers.

* ``easy`` plays like a beginner: efficient but noisy, throws lone honours first,
  calls whenever the call keeps a yaku and speeds the hand, always declares riichi,
  and folds only against a riichi, only with a hopeless hand, and only to genbutsu.
* ``normal`` has the full hand-building and value model, but judges close choices
  loosely; it defends against riichi only and ignores the score situation.
* ``strong`` chooses exactly, calls more readily, plays for the final result, reads
  the others' rivers for its waits and its defence, declares riichi on a closed
  tenpai unless the rules of thumb keep it dama, and reads who folds against a riichi
  for an open riichi where the rules have one.

Modules, each with public functions the tests call, listed from the top down (imports
point only down this list: import-linter's ``ai-club-layers`` contract in ``make lint``):

* :mod:`ai.club.bot` — :class:`ClubBot`, which hands each decision to its part (and
  measures every legal choice with the same parts, :meth:`ClubBot.judge`), and
  :mod:`ai.club.docs` — the knob table of ``docs/bot-tuning.md``, generated;
* :mod:`ai.club.calls` — chi and pon; :mod:`ai.club.riichi` — riichi or dama, open riichi;
* :mod:`ai.club.discard` — the discard choice, kans, the tile to throw;
* :mod:`ai.club.situation` — :class:`Situation`, one decision's reading of the table;
* :mod:`ai.club.reading` — threats, the ease of a wait, pao;
* :mod:`ai.club.endgame` — agari-yame, the noten declaration, the worth of tenpai at a draw;
* :mod:`ai.club.style` — :class:`Style`, every knob declared once, and :data:`STYLES`.

>>> bot = ClubBot("strong", seed=0)
>>> bot.style is STYLES["strong"]
True
"""

from hanchan.ai.club.bot import ClubBot
from hanchan.ai.club.situation import Situation
from hanchan.ai.club.style import STYLES, Style

__all__ = ["STYLES", "ClubBot", "Situation", "Style"]
