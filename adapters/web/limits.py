"""A socket's pace: a token bucket for what it may send, and a hard ceiling that closes it."""

from __future__ import annotations

from dataclasses import dataclass, field

RATE = 10.0  # messages a second, on average
BURST = 20.0  # ... and at once
CEILING = 100  # messages within one second: no page sends that many, the socket is closed


@dataclass(slots=True)
class Pace:
    """`take(now)`: "ok", "slow" (drop this message, say so) or "close"."""

    rate: float = RATE
    burst: float = BURST
    ceiling: int = CEILING
    tokens: float = field(default=BURST)
    last: float = 0.0
    second: float = 0.0  # when the current one-second count began
    count: int = 0

    def take(self, now: float) -> str:
        if now - self.second >= 1.0:
            self.second, self.count = now, 0
        self.count += 1
        if self.count > self.ceiling:
            return "close"
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate) if self.last else self.tokens
        self.last = now
        if self.tokens < 1.0:
            return "slow"
        self.tokens -= 1.0
        return "ok"
