"""The game's one source of randomness: a seed and a count of draws, so it serialises in two ints.

Each shuffle uses a generator seeded from (seed, draw number), so a game restored from JSON goes on
exactly as the original would, and a bug report is a seed plus a move list.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(slots=True)
class Rng:
    seed: int
    draws: int = 0

    @classmethod
    def fresh(cls, seed: int | None) -> Rng:
        return cls(secrets.randbits(63) if seed is None else seed)

    def _next(self) -> random.Random:
        generator = random.Random(f"{self.seed}:{self.draws}")
        self.draws += 1
        return generator

    def shuffled(self, items: list[T] | tuple[T, ...]) -> list[T]:
        out = list(items)
        self._next().shuffle(out)
        return out

    def randbelow(self, n: int) -> int:
        return self._next().randrange(n)

    def to_dict(self) -> dict[str, int]:
        return {"seed": self.seed, "draws": self.draws}

    @classmethod
    def from_dict(cls, data: dict[str, int]) -> Rng:
        return cls(int(data["seed"]), int(data["draws"]))
