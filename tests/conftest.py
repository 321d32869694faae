"""Shared test set-up: hypothesis profiles and the path of the real Tenhou logs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

REPO = Path(__file__).resolve().parents[1]
SHARED_LOGS = (REPO.parent / "shared" / "logs").resolve()

# dev: quick local runs; ci: more examples (CI sets CI=true, make test picks the profile).
settings.register_profile(
    "dev", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture
def shared_logs() -> Path:
    """The folder of real Tenhou logs; skips the test when it is absent."""
    if not SHARED_LOGS.is_dir():
        pytest.skip(f"real game logs not found at {SHARED_LOGS}")
    return SHARED_LOGS
