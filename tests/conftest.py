"""Shared test set-up: the hypothesis profiles and the ``pilot`` marker."""

from __future__ import annotations

import inspect
import os

import pytest
from hypothesis import HealthCheck, settings

from tests.kit.budget import CI_EXAMPLES

# dev: quick local runs; ci: what CI runs within ten minutes on two cores (CI sets CI=true,
# make test picks the profile). Long checks scale with it (tests/kit/budget.py).
settings.register_profile(
    "dev", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci", max_examples=CI_EXAMPLES, deadline=None,
    suppress_health_check=[HealthCheck.too_slow], print_blob=True,
)
# thorough: on demand (HYPOTHESIS_PROFILE=thorough pytest -m slow ...), e.g. 2,000 games a
# preset in tests/rulesets/test_hand_boundaries.py
settings.register_profile(
    "thorough", max_examples=2000, deadline=None, suppress_health_check=list(HealthCheck),
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))



def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests that drive the app (async: Textual's pilot; snapshots) as ``pilot``, so
    that ``make check`` can leave them out of the edit loop."""
    for item in items:
        fn = getattr(item, "function", None)
        if (fn is not None and inspect.iscoroutinefunction(fn)) \
                or "snap_compare" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.pilot)
