"""Who plays whom next in a tournament (issue #38): pure functions of a `Tournament` as its rounds
stand. No I/O, no clock, no randomness: equal tournaments pair equally, ties broken by rating, then
by entrant index (the earlier sign-up first).

`next_round(t, sizes)` answers the next round's matches, each a list of entrant indices in seat
order; a list of one index is a bye (bot/standings.py `bye_match` records it as decided). The caller
keeps a round's matches in the order returned: an elimination bracket reads its shape from the
order of round 1.

- **Swiss**: entrants ranked by points, then rating. A score group (equal points) pairs its top
  half against its bottom half (1 v 5, 2 v 6, ... in a group of eight), an odd one out floats down
  to meet the best of the next group; nobody meets an opponent twice. The pairing is the first
  repeat-free one in that order of preference (a depth-first search: the top entrant takes its most
  wanted opponent it has not met, and steps back when the rest cannot be paired), so a repeat-free
  pairing is found whenever one exists, crossing score groups as little as that order allows. Only
  when none exists (or the search gives up after `SEARCH_STEPS` steps, which small fields never
  reach) is a repeat allowed: each entrant in turn then takes its most wanted opponent, preferring
  one it has not met. An odd field gives one bye, to the lowest-ranked entrant among those with
  the fewest byes so far (so nobody has two while someone has none), the one whose absence lets
  the rest pair without repeats. Seat 0 goes to the entrant who sat first less often, then to the
  one who sat second last time, then alternately by board (the higher ranked first on boards 1, 3, ...).
- **Elimination**: round 1 seeds the entrants by rating into a bracket of the next power of two,
  in the standard order (1 v 16, 8 v 9, 4 v 13, ...); the missing seeds are byes for the top seeds.
  Each entrant keeps its slot: a later round pairs the survivors of adjacent blocks (the winners of
  matches 1 and 2 of the round before, of 3 and 4, ...), the higher seed in seat 0. A survivor
  whose would-be opponent was disqualified has a bye; a round where every block would be a bye is
  skipped. A match is won by the one with more points; a draw sends the higher seed on (no replay).
  Who is out is read from the matches, so `next_round` does not need `Out.ELIMINATED` set; the
  caller sets it from `knocked_out(t, match)` as each match ends, for the standings and the buttons.
- **Points**: the entrants still in, ranked by points then rating (round 1: by rating), sit at
  tables in that order, best together ("king of the hill"): as many tables as bring their size
  closest to `t.table_size` (0: the game's most), sizes within the game's least and most and at
  most one apart, the bigger tables on top. When no split fits the game's sizes (4–5 seats and 7
  entrants), the fewest entrants sit the round out with a bye, chosen like Swiss byes. Seats
  rotate by round number so a different entrant starts each round. Fewer entrants still in than
  the game's least: the tournament is over.

Swiss and points play `t.rounds_planned` rounds; 0 means as many as an elimination of the same
entrants (`elimination_rounds`), at least one."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from bot.tournament import Format, Match, Tournament

SEARCH_STEPS = 20_000  # the Swiss search's budget: ample for any field a chat holds (see above)


def elimination_rounds(n: int) -> int:
    """Rounds a single-elimination bracket of `n` entrants takes: ⌈log₂ n⌉ (0 for one or none)."""
    return max(0, n - 1).bit_length()


def planned_rounds(t: Tournament) -> int:
    """Rounds a Swiss or points tournament plays (elimination: the bracket's, as seeded)."""
    if t.format is Format.ELIMINATION or not t.rounds_planned:
        return max(1, elimination_rounds(len(t.entrants)))
    return t.rounds_planned


def next_round(t: Tournament, sizes: tuple[int, int]) -> list[list[int]] | None:
    """The next round's matches (entrant indices in seat order; one index: a bye), or None when the
    tournament is over. `sizes` is the game's (least, most) players; every earlier round must be over."""
    unfinished = [r.number for r in t.rounds if not r.over]
    if unfinished:
        raise ValueError(f"round {unfinished[0]} is not over")
    if t.format is Format.ELIMINATION:
        return _elimination(t)
    if len(t.rounds) >= planned_rounds(t):
        return None
    if t.format is Format.SWISS:
        return _swiss(t)
    return _points(t, sizes)


def totals(t: Tournament) -> list[float]:
    """Each entrant's points from the matches that are over."""
    points = [0.0] * len(t.entrants)
    for m in _finished(t):
        assert m.points is not None
        for i, p in zip(m.entrants, m.points, strict=True):
            points[i] += p
    return points


def still_in(t: Tournament) -> list[int]:
    return [i for i, e in enumerate(t.entrants) if e.out is None]


def ranked(t: Tournament, entrants: Iterable[int], points: Sequence[float]) -> list[int]:
    """`entrants` best first: by points, then rating, then sign-up."""
    return sorted(entrants, key=lambda i: (-points[i], -t.entrants[i].rating, i))


def _finished(t: Tournament) -> Iterable[Match]:
    return (m for r in t.rounds for m in r.matches if m.over)


def _byes(t: Tournament) -> list[int]:
    byes = [0] * len(t.entrants)
    for r in t.rounds:
        for m in r.matches:
            if m.bye:
                byes[m.entrants[0]] += 1
    return byes


def _bye_order(t: Tournament, order: list[int]) -> list[int]:
    """Who gets a bye first: the fewest byes so far, then the lowest ranked in `order`."""
    byes = _byes(t)
    rank = {e: k for k, e in enumerate(order)}
    return sorted(order, key=lambda i: (byes[i], -rank[i]))


# --- Swiss ---


def met(t: Tournament) -> set[frozenset[int]]:
    """Every pair of entrants that has sat at one table (byes are no meeting)."""
    return {frozenset((a, b)) for r in t.rounds for m in r.matches for a in m.entrants for b in m.entrants if a != b}


class _Budget:
    def __init__(self, steps: int) -> None:
        self.left = steps

    def spend(self) -> bool:
        self.left -= 1
        return self.left >= 0


def _swiss(t: Tournament) -> list[list[int]] | None:
    points = totals(t)
    order = ranked(t, still_in(t), points)
    if len(order) < 2:
        return None
    seen = met(t)
    budget = _Budget(SEARCH_STEPS)
    byes: list[int] = []
    if len(order) % 2:
        byes_so_far = _byes(t)
        candidates = _bye_order(t, order)
        candidates = [c for c in candidates if byes_so_far[c] == byes_so_far[candidates[0]]]
        for bye in candidates:
            pairs = _pair([i for i in order if i != bye], points, seen, budget)
            if pairs is not None:
                break
        else:
            bye = candidates[0]
            pairs = _pair_anyway([i for i in order if i != bye], points, seen)
        byes = [bye]
    else:
        pairs = _pair(order, points, seen, budget)
        if pairs is None:
            pairs = _pair_anyway(order, points, seen)
    firsts = _seat_balance(t)
    matches = [_seated(a, b, board, firsts) for board, (a, b) in enumerate(pairs)]
    return matches + [[b] for b in byes]


def _preference(top: int, rest: list[int], points: Sequence[float]) -> list[int]:
    """Whom `top` (the best ranked still unpaired) would rather meet, most wanted first: its own
    score group's opposite half first (the group's middle, then down, then back up), then the
    other groups by the nearest score, in ranking order."""
    group = [i for i in rest if points[i] == points[top]]
    middle = (len(group) + 1) // 2 - 1  # top's opposite number in its group (top included)
    own = group[middle:] + group[:middle][::-1]
    others = sorted((i for i in rest if points[i] != points[top]), key=lambda i: abs(points[i] - points[top]))
    return own + others  # sorted() is stable: a score's entrants stay in ranking order


def _pair(
    pool: list[int], points: Sequence[float], seen: set[frozenset[int]], budget: _Budget
) -> list[tuple[int, int]] | None:
    """The first repeat-free pairing of `pool` (ranked) in order of preference; None if there is
    none (or the budget ran out)."""
    if not pool:
        return []
    top, rest = pool[0], pool[1:]
    for other in _preference(top, rest, points):
        if frozenset((top, other)) in seen:
            continue
        if not budget.spend():
            return None
        found = _pair([i for i in rest if i != other], points, seen, budget)
        if found is not None:
            return [(top, other), *found]
    return None


def _pair_anyway(pool: list[int], points: Sequence[float], seen: set[frozenset[int]]) -> list[tuple[int, int]]:
    """The last resort, repeats allowed: each in turn takes its most wanted opponent, one it has
    not met if any is left."""
    pairs = []
    pool = list(pool)
    while pool:
        top, rest = pool[0], pool[1:]
        wanted = _preference(top, rest, points)
        other = next((i for i in wanted if frozenset((top, i)) not in seen), wanted[0])
        pairs.append((top, other))
        pool = [i for i in rest if i != other]
    return pairs


def _seat_balance(t: Tournament) -> dict[int, tuple[int, int]]:
    """Per entrant: (times in seat 0 minus times in seat 1, 1 if they sat second last time)."""
    balance: dict[int, int] = {}
    last: dict[int, int] = {}
    for r in t.rounds:
        for m in r.matches:
            if len(m.entrants) == 2:
                for seat, i in enumerate(m.entrants):
                    balance[i] = balance.get(i, 0) + (1 if seat == 0 else -1)
                    last[i] = seat
    return {i: (balance[i], last[i]) for i in balance}


def _seated(a: int, b: int, board: int, history: dict[int, tuple[int, int]]) -> list[int]:
    """`a` (the higher ranked) and `b` in seat order."""
    (balance_a, last_a), (balance_b, last_b) = history.get(a, (0, 0)), history.get(b, (0, 0))
    if balance_a != balance_b:
        return [a, b] if balance_a < balance_b else [b, a]
    if last_a != last_b:
        return [a, b] if last_a > last_b else [b, a]
    return [a, b] if board % 2 == 0 else [b, a]


# --- Elimination ---


def bracket_order(size: int) -> list[int]:
    """Seeds 1..size in bracket order (size a power of two): [1, 8, 4, 5, 2, 7, 3, 6] for 8, so
    adjacent pairs meet in round 1 and the top two seeds only in the final."""
    order = [1]
    while len(order) < size:
        double = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, double - seed)]
    return order


def _seed_key(t: Tournament, i: int) -> tuple[float, int]:
    return (-t.entrants[i].rating, i)


def advancing(t: Tournament, match: Match) -> int | None:
    """Who goes on from a finished match of two (or a bye): more points, on a draw the higher seed
    (better rating, then earlier sign-up). None while it is not over."""
    if match.points is None:
        return None
    return min(zip(match.entrants, match.points, strict=True), key=lambda ep: (-ep[1], *_seed_key(t, ep[0])))[0]


def knocked_out(t: Tournament, match: Match) -> int | None:
    """The entrant a finished elimination match puts out (the caller sets its `out` to
    `Out.ELIMINATED`); None for a bye, an unfinished match or another format."""
    if t.format is not Format.ELIMINATION or match.bye or match.points is None:
        return None
    winner = advancing(t, match)
    return next(i for i in match.entrants if i != winner)


def bracket_slots(t: Tournament) -> dict[int, int]:
    """Each entrant's place in the bracket: round 1's match k holds slots 2k and 2k+1."""
    return {i: 2 * k + seat for k, m in enumerate(t.rounds[0].matches) for seat, i in enumerate(m.entrants)}


def survivors(t: Tournament) -> list[int]:
    """Elimination: the entrants still in the bracket (neither beaten nor out), in bracket order."""
    if not t.rounds:
        return still_in(t)
    beaten = {knocked_out(t, m) for m in _finished(t)}
    slots = bracket_slots(t)
    return sorted((i for i in slots if i not in beaten and t.entrants[i].out is None), key=slots.__getitem__)


def _elimination(t: Tournament) -> list[list[int]] | None:
    if not t.rounds:
        seeds = sorted(still_in(t), key=lambda i: _seed_key(t, i))
        if len(seeds) < 2:
            return None
        order = bracket_order(1 << elimination_rounds(len(seeds)))
        pairs = zip(order[::2], order[1::2], strict=True)
        return [[seeds[s - 1] for s in pair if s <= len(seeds)] for pair in pairs]
    alive = survivors(t)
    if len(alive) < 2:
        return None
    slots = bracket_slots(t)
    level = 1  # blocks of 2**level slots: the smallest where two survivors meet
    while len({slots[i] >> level for i in alive}) == len(alive):
        level += 1
    blocks: dict[int, list[int]] = {}
    for i in alive:  # in bracket order, so blocks come in order too
        blocks.setdefault(slots[i] >> level, []).append(i)
    return [sorted(block, key=lambda i: _seed_key(t, i)) for block in blocks.values()]


# --- Points ---


def table_sizes(count: int, least: int, most: int, target: int) -> list[int]:
    """How `count` entrants split into tables of `least`..`most` seats, biggest first: the number
    of tables whose size comes closest to `target` (on a tie the fewer), sizes at most one apart.
    When `count` cannot be split so, the largest count below it that can (the rest have byes);
    [] when fewer than `least`."""
    target = min(max(target, least), most)
    for seated in range(count, least - 1, -1):
        fits = range(-(-seated // most), seated // least + 1)
        if fits:
            tables = min(fits, key=lambda k: (abs(Fraction(seated, k) - target), k))
            size, bigger = divmod(seated, tables)
            return [size + 1] * bigger + [size] * (tables - bigger)
    return []


def _points(t: Tournament, sizes: tuple[int, int]) -> list[list[int]] | None:
    least, most = sizes
    order = ranked(t, still_in(t), totals(t))
    tables = table_sizes(len(order), least, most, t.table_size or most)
    if not tables:
        return None
    byes = _bye_order(t, order)[: len(order) - sum(tables)]
    seated = [i for i in order if i not in byes]
    turn = len(t.rounds)  # seats rotate a step a round
    matches = []
    for size in tables:
        table, seated = seated[:size], seated[size:]
        step = turn % size
        matches.append(table[step:] + table[:step])
    return matches + [[b] for b in sorted(byes, key=order.index)]
