"""Computer players: a policy chooses a move from what its seat may see; a level pairs a policy
with a human-like reaction time. The core only chooses; the bot (or a benchmark's virtual clock)
applies the delay."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

M = TypeVar("M")
V = TypeVar("V")
M_co = TypeVar("M_co", covariant=True)
V_contra = TypeVar("V_contra", contravariant=True)


class Policy(Protocol[M, V_contra]):
    def choose(self, view: V_contra, legal: list[M], rng: random.Random) -> M | None:
        """The move to make now, or None when there is nothing useful to do."""
        ...


@dataclass(frozen=True, slots=True)
class ReactionTime:
    """Seconds from seeing a position to acting on it: log-normal around `median`, never below
    `floor` (people are neither instant nor regular)."""

    median: float
    sigma: float = 0.35
    floor: float = 0.15

    def sample(self, rng: random.Random) -> float:
        return max(self.floor, self.median * math.exp(rng.gauss(0.0, self.sigma)))


@dataclass(frozen=True, slots=True)
class Level(Generic[M, V]):
    name: str
    reaction: ReactionTime
    policy: Policy[M, V]


@dataclass(frozen=True, slots=True)
class RandomPolicy(Generic[M, V]):
    """A uniformly random legal move: the baseline every real policy must beat."""

    def choose(self, view: V, legal: list[M], rng: random.Random) -> M | None:
        return rng.choice(legal) if legal else None


@runtime_checkable
class Searching(Protocol):
    """A policy that searches: slow enough (milliseconds, not microseconds) that the bot runs it off
    its event loop, and able to make do with a share of its budget when many decisions wait."""

    def within(self, share: float) -> Searching:
        """The same player with `share` (0..1] of its budget."""
        ...

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any: ...
