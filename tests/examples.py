"""How hard hypothesis tries, by a profile named in CARDBOT_HYPOTHESIS:

- `ci`, the default (`make test-fast`, `make test`): a quarter of the examples a test names, at
  least 10; a test that names none gets 25 (hypothesis' own default is 100);
- `deep`, a nightly-sized run (`CARDBOT_HYPOTHESIS=deep make test`): four times the named examples,
  400 where a test names none.

A test that names a number of examples writes `examples(n)`, n being what it means in full; a
check that the fuzz generated enough inputs scales the same way."""

from __future__ import annotations

import os

from hypothesis import settings

SCALES = {"ci": 0.25, "deep": 4.0}
PROFILE = os.environ.get("CARDBOT_HYPOTHESIS") or "ci"
if PROFILE not in SCALES:
    raise SystemExit(f"CARDBOT_HYPOTHESIS={PROFILE!r}: the profiles are {', '.join(SCALES)}")


def examples(n: int, profile: str = PROFILE) -> int:
    """The number of examples for a test that means `n` in full, under `profile`."""
    return max(10, round(n * SCALES[profile]))


for _name in SCALES:
    settings.register_profile(_name, max_examples=examples(100, _name))  # a test that names none
settings.load_profile(PROFILE)
