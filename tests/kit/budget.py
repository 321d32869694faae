"""How many examples a long check gets under the loaded hypothesis profile.

A check names its count at the ``ci`` profile, the budget CI runs in its ten minutes on two
cores; the profile scales it by its ``max_examples`` against ci's: ``dev`` (the desk) a
little less, ``thorough`` (on demand) twenty times more.  One rule, so that a change of a
profile moves every long check alike.

>>> examples(30, max_examples=CI_EXAMPLES), examples(30, max_examples=2000)
(30, 600)
>>> examples(1, max_examples=60)  # never none
1
"""

from __future__ import annotations

from hypothesis import settings

CI_EXAMPLES = 100
"""The ci profile's ``max_examples`` (tests/conftest.py registers it with this value)."""


def examples(at_ci: int, *, max_examples: int | None = None) -> int:
    """``at_ci`` scaled to the profile (``max_examples``: the loaded profile's)."""
    if max_examples is None:
        loaded = settings.default
        assert loaded is not None  # tests/conftest.py loads a profile
        max_examples = loaded.max_examples
    return max(1, at_ci * max_examples // CI_EXAMPLES)
