"""Quick match: who sits down with whom, as a pure function of the queue and the time (no I/O, no
clock: `now` is an argument). bot/quick_match.py runs it when someone joins and on every tick.

A queue is one game on one platform (`Waiting.queue`). In each queue, oldest first, the person who
has waited longest (the *anchor*) gathers the people nearest their rating, and a group goes when:

- it is full (`Rules.most`: 2 for Speed, 6 for Svolota, 4 for Racing Demon) — at once;
- it has enough people (`Rules.least`: Svolota 3, Racing Demon 2) and the anchor has waited
  `Rules.gather` seconds (Svolota 20, Racing Demon 10), so that more may come;
- or, short of people, the anchor asked for computers and has waited as long as they chose
  (`Waiting.computers_after`: after 1 or 3 minutes, now, or never): the table is filled with
  computers up to `Rules.with_computers` seats (Speed 2, Svolota 4, Racing Demon 3).

Ratings decide the pairing once a queue is long enough (`Rules.rated_from` people waiting): then
everyone in a group is within the anchor's *window* of rating (openskill ordinals, bot/ratings.py,
the global scope), which widens the longer the anchor waits (`window`): 2 points at once, 2 more a
second, without bound after `Rules.any_after` seconds. In a shorter queue whoever is there plays:
waiting for a closer rating would only mean waiting.
"""

from __future__ import annotations

import bisect
import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Rules:
    """How a game's quick-match tables are formed."""

    least: int  # people at a table without computers
    most: int  # a group this big goes at once
    gather: float  # seconds the anchor waits for more once `least` are there
    with_computers: int  # seats a table filled with computers has
    rated_from: int  # a queue this long pairs by rating


RULES: Final[Mapping[str, Rules]] = {
    "speed": Rules(least=2, most=2, gather=0.0, with_computers=2, rated_from=4),
    "svolota": Rules(least=3, most=6, gather=20.0, with_computers=4, rated_from=8),
    "racing_demon": Rules(least=2, most=4, gather=10.0, with_computers=3, rated_from=6),
}
DEFAULT_RULES: Final = Rules(least=2, most=2, gather=0.0, with_computers=2, rated_from=4)  # a game added later
WINDOW_START: Final = 2.0  # ordinal points: the window of someone who has just joined
WINDOW_GROWTH: Final = 2.0  # ordinal points a second of waiting adds
ANY_AFTER: Final = 60.0  # seconds: then the window has no bound


@dataclass(frozen=True, slots=True)
class Waiting:
    """Someone in a queue, as the matcher needs them."""

    who: str  # a key the caller knows them by (unique in the whole queue)
    queue: tuple[str, str]  # (game, platform)
    joined: float
    ordinal: float  # their global rating's ordinal in the game (0.0 with no games: mu 25 - 3 * 25/3)
    computers_after: float | None  # seconds of waiting after which computers fill the table; None: never


@dataclass(frozen=True, slots=True)
class Group:
    """A table to open: these people (the anchor first) and this many computers."""

    game: str
    people: tuple[Waiting, ...]
    computers: int = 0


def rules_of(game: str) -> Rules:
    return RULES.get(game, DEFAULT_RULES)


def window(anchor: Waiting, now: float) -> float:
    """How far from the anchor's rating the people at their table may be, after their wait."""
    waited = max(0.0, now - anchor.joined)
    return math.inf if waited >= ANY_AFTER else WINDOW_START + WINDOW_GROWTH * waited


def match(waiting: Sequence[Waiting], now: float) -> list[Group]:
    """The tables to open now from these queues; each person is in at most one of them, and the
    rest wait on."""
    queues: dict[tuple[str, str], list[Waiting]] = defaultdict(list)
    for w in waiting:
        queues[w.queue].append(w)
    groups: list[Group] = []
    for (game, _), people in sorted(queues.items()):
        groups += _match_queue(game, people, now)
    return groups


def _match_queue(game: str, people: list[Waiting], now: float) -> list[Group]:
    rules = rules_of(game)
    rated = len(people) >= rules.rated_from
    by_rating = sorted(people, key=lambda w: (w.ordinal, w.joined, w.who))
    ordinals = [w.ordinal for w in by_rating]
    taken: set[str] = set()
    groups: list[Group] = []
    for anchor in sorted(people, key=lambda w: (w.joined, w.who)):
        if anchor.who in taken:
            continue
        reach = window(anchor, now) if rated else math.inf
        group = _gather(anchor, by_rating, ordinals, taken, reach, rules.most)
        waited = now - anchor.joined
        if len(group) >= rules.most or (len(group) >= rules.least and waited >= rules.gather):
            groups.append(Group(game, tuple(group)))
        elif anchor.computers_after is not None and waited >= anchor.computers_after:
            # short of people: those gathered who also want computers by now sit with the anchor
            willing = [w for w in group if w is anchor or _wants_computers(w, now)]
            seats = max(rules.with_computers, len(willing))
            groups.append(Group(game, tuple(willing), seats - len(willing)))
            group = willing
        else:
            continue
        taken.update(w.who for w in group)
    return groups


def _wants_computers(w: Waiting, now: float) -> bool:
    return w.computers_after is not None and now - w.joined >= w.computers_after


def _gather(
    anchor: Waiting, by_rating: list[Waiting], ordinals: list[float], taken: set[str], reach: float, most: int
) -> list[Waiting]:
    """The anchor and up to `most - 1` others not taken, nearest in rating first (walking out from
    the anchor's place in the rating order), the group's spread at most `reach`."""
    at = bisect.bisect_left(ordinals, anchor.ordinal)
    left, right = at - 1, at
    group, lowest, highest = [anchor], anchor.ordinal, anchor.ordinal
    while len(group) < most and (left >= 0 or right < len(by_rating)):
        go_left = right >= len(by_rating) or (
            left >= 0 and anchor.ordinal - ordinals[left] <= ordinals[right] - anchor.ordinal
        )
        w = by_rating[left] if go_left else by_rating[right]
        if go_left:
            left -= 1
        else:
            right += 1
        if w.who in taken or w.who == anchor.who:
            continue
        if max(highest, w.ordinal) - min(lowest, w.ordinal) > reach:
            if abs(w.ordinal - anchor.ordinal) > reach:
                break  # the nearest left is too far: so is everyone after
            continue
        group.append(w)
        lowest, highest = min(lowest, w.ordinal), max(highest, w.ordinal)
    return group
