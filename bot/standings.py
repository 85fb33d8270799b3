"""Who stands where in a tournament (issue #38): a finished match's points, the standings with
their tie-breaks, the winner. Pure functions of a `Tournament`, like bot/pairings.py.

Points of a match (`match_points`): a table of n entrants pays n - p points for place p (the last
gets 0), and entrants tied for a place share the points of the places they cover (two tied for
second at a table of four: (2 + 1) / 2 = 1.5 each). At a table of two that is the usual 1 for a
win, ½ each for a draw, 0 for a loss. A bye (`bye_match`) is a win in Swiss and elimination (1
point); in points format it pays the average of the round's biggest table ((n - 1) / 2), neither
a gain nor a loss against the others.

Tie-breaks (`TIEBREAKS`), after the points:
- Swiss: **Buchholz** (the sum of the opponents' points), then **Sonneborn-Berger** (the points of
  every opponent beaten plus half of every opponent drawn), then wins, then rating. A bye counts
  as a won game against a virtual opponent with the entrant's own points (as FIDE's 2023
  tie-break rules do for an unplayed round), in both sums.
- Points: wins (first places alone at a table), then the sum of the table-mates' points (a bye:
  the entrant's own, as above), then rating.
- Elimination: the round reached, then rating; the points are the matches won (a bye is one), so
  the winner comes first, the runner-up second, the losing semi-finalists next.

Wins count a match where the entrant has more points than everyone else at it, and a bye in
Swiss and elimination. Disqualified entrants are listed last (they keep their points); entrants
equal in points and every tie-break share a place (1, 2, 2, 4), listed by sign-up."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.pairings import survivors, totals
from bot.tournament import Format, Match, Out, StandingsRow, Tournament

TIEBREAKS: dict[Format, tuple[str, ...]] = {
    Format.SWISS: ("buchholz", "sonneborn_berger", "wins", "rating"),
    Format.POINTS: ("wins", "opponents", "rating"),
    Format.ELIMINATION: ("round", "rating"),
}


def match_points(fmt: Format, places: Sequence[int]) -> list[float]:
    """Each entrant's points from a finished match, from their places (1 is first; tied entrants
    have equal places, numbered either 1, 2, 2, 4 or 1, 2, 2, 3). A bye: `bye_match`."""
    if len(places) == 1:
        return [1.0] if fmt.pairs else [0.0]
    n = len(places)
    order = sorted(range(n), key=lambda k: places[k])
    points = [0.0] * n
    start = 0
    while start < n:
        end = start
        while end < n and places[order[end]] == places[order[start]]:
            end += 1
        share = sum(n - 1 - position for position in range(start, end)) / (end - start)
        for position in range(start, end):
            points[order[position]] = share
        start = end
    return points


def bye_points(fmt: Format, matches: Sequence[Sequence[int]]) -> float:
    """A bye's points in a round of `matches` (what `next_round` answered)."""
    if fmt.pairs:
        return 1.0
    return (max((len(m) for m in matches), default=1) - 1) / 2


def bye_match(fmt: Format, entrant: int, matches: Sequence[Sequence[int]]) -> Match:
    """The finished match that records `entrant`'s bye in a round of `matches`."""
    return Match([entrant], points=[bye_points(fmt, matches)], places=[1], decided="bye")


def _won(fmt: Format, match: Match, seat: int) -> bool:
    assert match.points is not None
    if match.bye:
        return fmt.pairs
    mine = match.points[seat]
    return all(p < mine for k, p in enumerate(match.points) if k != seat)


def standings(t: Tournament) -> list[StandingsRow]:
    """Every entrant's line, best first (see the module's docstring for the order)."""
    points = totals(t)
    played = [0] * len(t.entrants)
    wins = [0] * len(t.entrants)
    reached = [0] * len(t.entrants)
    opponents = [0.0] * len(t.entrants)  # Buchholz; points format: the table-mates' points
    beaten = [0.0] * len(t.entrants)  # Sonneborn-Berger
    for r in t.rounds:
        for m in r.matches:
            if m.points is None:
                continue
            for seat, i in enumerate(m.entrants):
                played[i] += 1
                reached[i] = r.number
                wins[i] += _won(t.format, m, seat)
                others = [points[j] for j in m.entrants if j != i] or [points[i]]  # a bye: a virtual self
                opponents[i] += sum(others)
                # Sonneborn-Berger is for two seats: my result times the opponent's points
                beaten[i] += (1.0 if m.bye else m.points[seat]) * others[0]
    values: dict[str, Callable[[int], float]] = {
        "buchholz": opponents.__getitem__,
        "opponents": opponents.__getitem__,
        "sonneborn_berger": beaten.__getitem__,
        "wins": lambda i: wins[i],
        "round": lambda i: reached[i],
        "rating": lambda i: t.entrants[i].rating,
    }
    breaks = TIEBREAKS[t.format]

    def key(i: int) -> tuple[bool, float, tuple[float, ...]]:
        return (t.entrants[i].out is Out.DISQUALIFIED, -points[i], tuple(-values[name](i) for name in breaks))

    rows: list[StandingsRow] = []
    previous = None
    for k, i in enumerate(sorted(range(len(t.entrants)), key=lambda i: (key(i), i))):
        place = rows[-1].place if previous == key(i) else k + 1
        previous = key(i)
        e = t.entrants[i]
        rows.append(
            StandingsRow(
                entrant=i,
                place=place,
                name=e.name,
                points=points[i],
                tiebreaks=tuple(float(values[name](i)) for name in breaks),
                played=played[i],
                wins=wins[i],
                out=e.out,
            )
        )
    return rows


def winner(t: Tournament) -> int | None:
    """Who won a finished tournament: elimination, the last one in the bracket; Swiss and points,
    the first of the standings (on a shared first place the earliest sign-up). None while nobody
    can be named (no match played, no survivor, or more than one in the bracket)."""
    if t.format is Format.ELIMINATION:
        left = survivors(t) if t.rounds else []
        return left[0] if len(left) == 1 else None
    if not any(m.over for r in t.rounds for m in r.matches):
        return None
    best = standings(t)[0]
    return None if best.out is Out.DISQUALIFIED else best.entrant
