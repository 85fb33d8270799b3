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


def examples(n: int) -> int:
    """The number of examples for a test that means `n` in full, under the current profile."""
    return max(10, round(n * SCALES[PROFILE]))


for _name, _scale in SCALES.items():
    settings.register_profile(_name, max_examples=max(10, round(100 * _scale)))
settings.load_profile(PROFILE)
