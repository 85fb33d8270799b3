"""A replay (bot/replay.py) as the replay page reads it (GET /api/v1/games/{token}): the deal's open
model whole, then each step as what changed from the step before.

Why changes, not whole models (measured: `python -m bench.replay_size`): a Racing Demon game of
eight seats and 142 moves is 1322 KB of JSON with every step's model whole (16.2 KB gzipped), 82 KB
as changes (6.3 KB); a Speed match to 50 points, 1238 moves: 2624 KB (47.7 KB) against 463 KB
(29.1 KB). gzip hides the repetition on the wire, but a phone still parses and holds every byte.

A step: `{"at", "seat", "words", "places"?, "gone"?, "order"?, "seats"?, "up"?}`: `places` the places
that are new or changed (whole), `gone` the ids of places no longer there, `order` every place's
id when the order changed, `seats` the seats that changed (whole), `up` the pile's direction when
it changed. The page rebuilds step n's model from step n-1's (static/replay.js `apply`).
"""

from __future__ import annotations

from typing import Any

from bot.replay import Replay, ReplayStep

VERSION = 1  # of this answer's shape: bumped with a change the page must know of


def replay_json(replay: Replay, lang: str, direction: str, steps: Steps | None = None) -> dict[str, Any]:
    """The replay's JSON answer; `steps`: its steps as they were made (`bot.replay.replay`'s `each`),
    else the replay's own."""
    if steps is None:
        steps = Steps()
        for step in replay.steps:
            steps(step)
    return {
        "version": VERSION,
        "lang": lang,
        "dir": direction,
        "game": replay.game,
        "title": replay.title,
        "real_time": replay.real_time,
        "seats": [{"seat": i, "name": name} for i, name in enumerate(replay.seats)],
        "result": {
            "winner": replay.winner,
            "text": replay.result,
            "standings": [
                {"seat": s.seat, "place": s.place, "score": s.score, "words": s.words} for s in replay.standings
            ],
        },
        "deal": steps.deal,
        "steps": steps.steps,
    }


class Steps:
    """The steps as the answer says them, each step taken as it comes: the first whole (the deal),
    then each as what changed from the one before, so that only one model at a time is alive."""

    def __init__(self) -> None:
        self.deal: dict[str, Any] | None = None
        self.steps: list[dict[str, Any]] = []
        self._before: dict[str, Any] = {}

    def __call__(self, step: ReplayStep) -> None:
        now = step.model.json()
        said: dict[str, Any] = {"at": step.at, "seat": step.seat, "words": step.words}
        if self.deal is None:
            self.deal = now
        else:
            said |= changes(self._before, now)
        self.steps.append(said)
        self._before = now


def changes(before: dict[str, Any], now: dict[str, Any]) -> dict[str, Any]:
    """What differs from `before` to `now` (two models' JSON), as a step says it."""
    out: dict[str, Any] = {}
    was = {p["id"]: p for p in before["places"]}
    ids = [p["id"] for p in now["places"]]
    changed = [p for p in now["places"] if was.get(p["id"]) != p]
    if changed:
        out["places"] = changed
    present = set(ids)
    gone = [i for i in was if i not in present]
    if gone:
        out["gone"] = gone
    # unless said, the places stay in their order, the new ones after them
    if ids != [*(i for i in was if i in present), *(i for i in ids if i not in was)]:
        out["order"] = ids
    seats = [s for s, old in zip(now["seats"], before["seats"], strict=True) if s != old]
    if seats:
        out["seats"] = seats
    if now.get("up") != before.get("up"):
        out["up"] = now.get("up")
    return out
