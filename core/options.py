"""House-rule options: declared per game with a default, checked strictly (SPEC §2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Option:
    name: str
    default: bool | int
    choices: tuple[int, ...] | None = None  # allowed ints; None: any int in [low, high]
    low: int = 0
    high: int = 1_000_000
    help: str = ""

    def check(self, value: Any) -> bool | int:
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise ValueError(f"option {self.name!r} takes true or false, not {value!r}")
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"option {self.name!r} takes a whole number, not {value!r}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise ValueError(f"option {self.name!r} must be one of {allowed}, not {value}")
        if self.choices is None and not self.low <= value <= self.high:
            raise ValueError(f"option {self.name!r} must be between {self.low} and {self.high}, not {value}")
        return value


def resolve_options(declared: tuple[Option, ...], given: Mapping[str, Any] | None) -> dict[str, bool | int]:
    """Every declared option with its value: given ones checked, the rest at their defaults."""
    if given is not None and not isinstance(given, Mapping):
        raise ValueError(f"options must be a mapping of name to value, not {given!r}")
    given = dict(given or {})
    known = {o.name: o for o in declared}
    unknown = sorted(str(k) for k in given if k not in known)
    if unknown:
        names = ", ".join(known) or "none"
        raise ValueError(f"unknown option {', '.join(unknown)} (this game has: {names})")
    return {o.name: o.check(given[o.name]) if o.name in given else o.default for o in declared}
