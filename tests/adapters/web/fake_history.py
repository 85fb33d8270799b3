"""A small `History` (bot/history.py) for the pages' tests, and the story it tells, computed.

The story: in a Telegram group, from 10 October 2026 (so over two monthly seasons), Ann plays 30
games of Svolota with Bob and a third seat that goes round Cem, Dana (a Hebrew name), Eve (who
later asked to be forgotten: her seats keep no name) and a computer; then Ann and Bob play 6 games
of Speed, and Ann, Bob and Cem 3 rounds of Racing Demon; the group held tournaments too
(fake_tournaments.py: a Swiss cup Eve played in, a knockout under way, one signing up). Who
places where comes from a seeded generator; everything the pages show (ratings after each game,
streaks, head-to-head, boards, records) is computed here from those games, so a test can compare
what is served with what the story implies, never with a copy of the answer.

A rating changes by 8 points per place above the middle of the table (a simple rule: the pages
only show the numbers, they do not compute them).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime

from bot import seasons
from bot.achievements import Earned
from bot.history import (
    ACTIVE,
    LEADERBOARD,
    RECENT,
    RIVALS,
    Active,
    Board,
    ChatHistory,
    GameLine,
    GameTotals,
    PlayerHistory,
    RatingPoint,
    Record,
    Rival,
    SeatLine,
)
from bot.memory_store import MemoryStore
from bot.people import ChatRef, PersonRef
from bot.ratings import Rating, chat_scope
from tests.adapters.web.fake_tournaments import tournament_story

CHAT = ChatRef("telegram", "-1001")
ANN = PersonRef("telegram", "101")
BOB = PersonRef("telegram", "102")
CEM = PersonRef("telegram", "103")
DANA = PersonRef("telegram", "104")
EVE = PersonRef("telegram", "105")  # forgotten
NAMES = {ANN: "Ann", BOB: "Bob", CEM: "Cem", DANA: "דנה", EVE: "Eve"}
FORGOTTEN = {EVE}
START = datetime(2026, 10, 10, 12, tzinfo=UTC).timestamp()
STEP = 36 * 3600.0  # a game every day and a half
POINTS = 8  # rating points per place above the middle


@dataclass(frozen=True, slots=True)
class Played:
    """One game of the story: who sat where (None: a computer) and in which order they finished."""

    table_id: int
    game: str
    seats: tuple[PersonRef | None, ...]
    places: tuple[int, ...]  # per seat
    started: float
    seconds: float
    moves: int
    scores: tuple[int, ...]


def story(seed: int = 36) -> list[Played]:
    rng = random.Random(seed)
    third = [CEM, DANA, EVE, None]
    games: list[Played] = []
    at = START
    for n in range(30):
        seats = (ANN, BOB, third[n % 4])
        games.append(_played(rng, len(games) + 1, "svolota", seats, at, rng.randint(40, 160)))
        at += STEP
    for _ in range(6):
        games.append(_played(rng, len(games) + 1, "speed", (ANN, BOB), at, rng.randint(30, 90)))
        at += STEP
    for _ in range(3):
        games.append(_played(rng, len(games) + 1, "racing_demon", (ANN, BOB, CEM), at, rng.randint(50, 120)))
        at += STEP
    return games


def _played(
    rng: random.Random, table_id: int, game: str, seats: tuple[PersonRef | None, ...], at: float, moves: int
) -> Played:
    order = list(range(len(seats)))
    rng.shuffle(order)
    places = tuple(order.index(seat) + 1 for seat in range(len(seats)))
    scores = tuple((len(seats) - p) * 7 if game == "racing_demon" else (p - 1) * 3 for p in places)
    return Played(table_id, game, seats, places, at, rng.uniform(40, 600), moves, scores)


def change(game: Played, seat: int) -> int | None:
    """The rating change of a seat: None for a computer or a game of fewer than two people."""
    people = [s for s in game.seats if s is not None]
    if game.seats[seat] is None or len(people) < 2:
        return None
    return POINTS * (len(game.seats) + 1 - 2 * game.places[seat])


def finished(game: Played) -> float:
    return game.started + game.seconds


def line(game: Played) -> GameLine:
    seats = tuple(
        SeatLine(
            seat=i,
            name="" if person in FORGOTTEN else (NAMES[person] if person else "Computer"),
            person=None if person in FORGOTTEN else person,
            place=game.places[i],
            score=game.scores[i],
            won=game.places[i] == 1,
            change=change(game, i),
            forgotten=person in FORGOTTEN,
        )
        for i, person in enumerate(game.seats)
    )
    return GameLine(game.table_id, game.game, CHAT, game.started, finished(game), game.moves, seats)


def ratings(games: list[Played], person: PersonRef, game: str) -> list[RatingPoint]:
    points, rating = [], 1000
    for g in games:
        if g.game == game and person in g.seats:
            delta = change(g, g.seats.index(person))
            if delta is not None:
                rating += delta
                points.append(RatingPoint(finished(g), g.table_id, rating))
    return points


def best_streak(games: list[Played], person: PersonRef, game: str) -> int:
    best = run = 0
    for g in games:
        if g.game == game and person in g.seats:
            run = run + 1 if g.places[g.seats.index(person)] == 1 else 0
            best = max(best, run)
    return best


def player(games: list[Played], person: PersonRef) -> PlayerHistory:
    mine = [g for g in games if person in g.seats]
    totals = []
    for game in sorted({g.game for g in mine}):
        history = ratings(games, person, game)
        wins = sum(1 for g in mine if g.game == game and g.places[g.seats.index(person)] == 1)
        rating = history[-1].rating if history else None
        totals.append(GameTotals(game, len(history), wins, 0, rating, best_streak(games, person, game), tuple(history)))
    won = [g for g in mine if g.places[g.seats.index(person)] == 1]
    earned = [Earned(person, "first_win", won[0].table_id, chat_scope(CHAT), finished(won[0]))] if won else []
    if len(mine) >= 10:
        earned.append(Earned(person, "regular", mine[9].table_id, chat_scope(CHAT), finished(mine[9])))
    return PlayerHistory(
        person,
        NAMES[person],
        tuple(totals),
        tuple(sorted(earned, key=lambda e: e.at)),
        tuple(line(g) for g in reversed(mine[-RECENT:])),
        tuple(rivals(mine, person)[:RIVALS]),
    )


def rivals(mine: list[Played], person: PersonRef) -> list[Rival]:
    found = []
    others = {p for g in mine for p in g.seats if p is not None and p != person and p not in FORGOTTEN}
    for other in others:
        shared = [g for g in mine if other in g.seats]
        ahead = [g.places[g.seats.index(person)] < g.places[g.seats.index(other)] for g in shared]
        behind = [g.places[g.seats.index(person)] > g.places[g.seats.index(other)] for g in shared]
        last = tuple(g.table_id for g in reversed(shared[-5:]))
        found.append(Rival(other, NAMES[other], len(shared), sum(ahead), sum(behind), last))
    return sorted(found, key=lambda r: (-r.games, r.name))


def chat(games: list[Played], season: str | None) -> ChatHistory:
    def in_season(g: Played) -> bool:
        return season is None or seasons.season_of(finished(g)) == season

    picked = [g for g in games if in_season(g)]
    boards = []
    for game in sorted({g.game for g in games}):
        rows = []
        for person in NAMES:
            if person in FORGOTTEN:
                continue
            points = [p for p in ratings(picked, person, game)]
            if not points:
                continue
            shown = 1000 + sum(
                change(g, g.seats.index(person)) or 0 for g in picked if g.game == game and person in g.seats
            )
            wins = sum(
                1 for g in picked if g.game == game and person in g.seats and g.places[g.seats.index(person)] == 1
            )
            rows.append(_rating(game, person, shown, len(points), wins))
        rows.sort(key=lambda r: (-r.shown, r.name))
        boards.append(Board(game, season, tuple(rows[:LEADERBOARD])))
    counts = Counter(p for g in games for p in g.seats if p is not None and p not in FORGOTTEN)
    active = tuple(Active(p, NAMES[p], n) for p, n in sorted(counts.items(), key=lambda c: (-c[1], NAMES[c[0]])))
    return ChatHistory(
        CHAT,
        tuple(sorted({seasons.season_of(finished(g)) for g in games}, reverse=True)),
        tuple(boards),
        active[:ACTIVE],
        records(games),
        tuple(line(g) for g in reversed(games[-RECENT:])),
        tournament_story(CHAT, list(NAMES.items()), START),
    )


def _rating(game: str, person: PersonRef, shown: int, games: int, wins: int) -> Rating:
    """A leaderboard row that shows `shown` (sigma 0: the ordinal is mu)."""
    return Rating(
        game, chat_scope(CHAT), person, NAMES[person], mu=(shown - 1000) / 10, sigma=0.0, games=games, wins=wins
    )


def records(games: list[Played]) -> tuple[Record, ...]:
    def names(g: Played, seats: list[int]) -> tuple[str, ...]:
        return tuple("" if g.seats[i] in FORGOTTEN else NAMES.get(g.seats[i], "Computer") for i in seats)  # type: ignore[arg-type]

    longest = max((g for g in games if g.game == "svolota"), key=lambda g: g.moves)
    fastest = min((g for g in games if g.game == "speed"), key=lambda g: g.seconds)
    best = max((g for g in games if g.game == "racing_demon"), key=lambda g: max(g.scores))
    top = best.scores.index(max(best.scores))
    return (
        Record(
            "longest_svolota",
            longest.moves,
            longest.table_id,
            names(longest, list(range(len(longest.seats)))),
            finished(longest),
        ),
        Record(
            "fastest_speed",
            round(fastest.seconds),
            fastest.table_id,
            names(fastest, [fastest.places.index(1)]),
            finished(fastest),
        ),
        Record("best_demon", max(best.scores), best.table_id, names(best, [top]), finished(best)),
    )


@dataclass
class FakeHistory:
    """Answers from the story; `asked` keeps every call; `fails` makes each call raise it."""

    games: list[Played] = field(default_factory=story)
    asked: list[tuple[str, object, object]] = field(default_factory=list)
    fails: Exception | None = None

    async def player(self, person: PersonRef) -> PlayerHistory | None:
        self.asked.append(("player", person, None))
        if self.fails is not None:
            raise self.fails
        if person in FORGOTTEN or not any(person in g.seats for g in self.games):
            return None
        return player(self.games, person)

    async def chat(self, chat_ref: ChatRef, season: str | None = None) -> ChatHistory | None:
        self.asked.append(("chat", chat_ref, season))
        if self.fails is not None:
            raise self.fails
        if chat_ref != CHAT or not self.games:
            return None
        return chat(self.games, season)


class StoryStore(MemoryStore):
    """A whole store that is also the story's `History`: what the web app is handed once the
    stores implement History (#36), so the pages are served by web_app as a bot serves them."""

    def __init__(self, history: FakeHistory | None = None) -> None:
        super().__init__()
        self.history = history or FakeHistory()

    async def player(self, person: PersonRef) -> PlayerHistory | None:
        return await self.history.player(person)

    async def chat(self, chat_ref: ChatRef, season: str | None = None) -> ChatHistory | None:
        return await self.history.chat(chat_ref, season)
