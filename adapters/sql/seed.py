"""`cardbot seed-history`: a realistic history in an empty database, for the pages' bench
(bench/history.py) and for trying the pages on real-looking data.

What it builds, and why this way: playing 10,000 real games move by move through the service
would take hours, so each game is made up where the rules do not matter to the pages and
computed by the bot's own code where they do. Made up: who sits where (Zipf-like: a few very
active groups and players, many quiet ones; each group has its own regulars), which game, the
scores (Svolota and single Speed deals: cards left, the winner 0; Racing Demon: points), when it
was dealt and how many moves it took. Computed by the bot: the places (`ratings.places`), every
rating row in every scope by `ratings.rate` in the order the games finished (so the lifetime and
season rows, streaks, the shown changes (`outcome.changes`) and the rating points are exactly what
the service would have saved), the seasons (`seasons.season_of`, the service's season length),
and the cheap achievements and tallies (first win, hat trick, regular, veteran, big round; the
tallies of games and streaks, as bot/achievements.py counts them). The rows are written with the
same row builders the store's save uses (adapters/sql/ratings.py), in bulk, in one transaction.

Left out: the move log and the game's state (a seeded game has none to replay), computers' seats
(people only: computers are never in leaderboards or head-to-head), and achievements that need
the moves (no pass, joker out, lightning, whitewash, demon tamer, machine breaker)."""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, func, insert, select, text

from adapters.sql.database import Database
from adapters.sql.models import Base
from adapters.sql.ratings import finished_row, point_rows, rating_row, result_rows
from adapters.sql.rows import table_row
from bot.achievements import BIG_ROUND, GAMES, HAT_TRICK, REGULAR, STREAK, VETERAN
from bot.outcome import Outcome, changes
from bot.people import ChatRef, PersonRef
from bot.ratings import Rating, Result, Standing, chat_scope, places, rate, scopes
from bot.seasons import previous, season_of, starts
from bot.settings import ServiceConfig
from bot.tables import Seat, Status, Table

PLATFORM = "telegram"
NAMES = ("Ann", "Boris", "Cy", "Dana", "Egor", "Fay", "Gleb", "Hana", "Ivan", "Jule", "Kira", "Lev")
KINDS = (("svolota", 0.5), ("speed", 0.3), ("racing_demon", 0.2))
BATCH = 2000  # rows a bulk INSERT sends at once
_t = Base.metadata.tables


@dataclass(frozen=True, slots=True)
class Seeded:
    """What was built: counts, the seasons, and each person and chat with their number of games
    (the bench draws pages weighted by these, as traffic would be)."""

    games: int
    people: tuple[tuple[PersonRef, int], ...]
    chats: tuple[tuple[ChatRef, int], ...]
    seasons: tuple[str, ...]  # oldest first
    rows: dict[str, int]
    seconds: float


def zipf(n: int, rng: random.Random, s: float = 1.0) -> list[float]:
    """Zipf-like weights for `n` ranks, shuffled: a few large, many small."""
    weights = [1.0 / (rank + 1) ** s for rank in range(n)]
    rng.shuffle(weights)
    return weights


def seed_history(
    url: str,
    games: int = 10_000,
    players: int = 2_000,
    groups: int = 200,
    seasons: int = 3,
    seed: int = 1,
    now: float | None = None,
    db: Database | None = None,
) -> Seeded:
    """Fill the (migrated, empty) database at `url` with `games` finished games of `players` people
    in `groups` chats, over the last `seasons` seasons up to `now`. Raises ValueError if the
    database already has tables."""
    began = time.perf_counter()
    rng = random.Random(seed)
    months = ServiceConfig().season_months
    now = time.time() if now is None else now
    first = season_of(now, months)
    for _ in range(seasons - 1):
        first = previous(first, months)
    start = starts(first)
    people = [PersonRef(PLATFORM, str(100_000 + i)) for i in range(players)]
    names = {p: f"{NAMES[i % len(NAMES)]} {i // len(NAMES) + 1}" for i, p in enumerate(people)}
    chats = [ChatRef(PLATFORM, str(-1_000_000_000_000 - i)) for i in range(groups)]
    activity = zipf(players, rng)
    busy = zipf(groups, rng)
    members = _members(rng, people, activity, chats, busy)
    weight = dict(zip(people, activity, strict=True))
    when = sorted(rng.uniform(start, now) for _ in range(games))

    current: dict[tuple[str, str, PersonRef], Rating] = {}
    tallies: dict[PersonRef, Counter[str]] = {p: Counter() for p in people}
    earned: dict[tuple[PersonRef, str], dict[str, Any]] = {}
    rows: dict[str, list[dict[str, Any]]] = {n: [] for n in ("table_ids", "tables", "results", "finished", "points")}
    played: Counter[PersonRef] = Counter()
    in_chat: Counter[ChatRef] = Counter()
    for table_id, finished_at in enumerate(when, start=1):
        chat = rng.choices(chats, busy)[0]
        game = rng.choices([k for k, _ in KINDS], [w for _, w in KINDS])[0]
        seated = _seated(rng, game, members[chat], weight)
        result = _result(rng, table_id, game, chat, seated, names, finished_at, season_of(finished_at, months))
        known = [current[k] for p in seated for s in scopes(chat, result.season) if (k := (game, s, p)) in current]
        new = rate(result, known)
        current.update({(r.game, r.scope, r.person): r for r in new})
        outcome = Outcome(result, tuple(new))
        _achieve(result, tallies, earned)
        rows["table_ids"].append({"id": table_id})
        rows["tables"].append(_table_row(result, changes(outcome)))
        rows["results"] += result_rows(result)
        rows["finished"].append(finished_row(result))
        rows["points"] += point_rows(outcome)
        played.update(seated)
        in_chat[chat] += 1
    tally_rows = [
        {"platform": p.platform, "user_id": p.user_id, "name": name, "count": n}
        for p, counts in tallies.items()
        for name, n in counts.items()
        if n
    ]
    written = {
        "table_ids": rows["table_ids"],
        "tables": rows["tables"],
        "results": rows["results"],
        "finished": rows["finished"],
        "rating_points": rows["points"],
        "ratings": [rating_row(r) for r in current.values()],
        "achievements": list(earned.values()),
        "tallies": tally_rows,
    }
    own = db or Database(url)
    try:
        own.engine.dispose()  # (a fresh connection for a long transaction)
        with own.engine.begin() as conn:
            _write(conn, written)
    finally:
        if db is None:
            own.engine.dispose()
    return Seeded(
        games,
        tuple(sorted(played.items(), key=lambda kv: -kv[1])),
        tuple(sorted(in_chat.items(), key=lambda kv: -kv[1])),
        tuple(sorted({r["season"] for r in rows["finished"]})),
        {name: len(value) for name, value in written.items()},
        time.perf_counter() - began,
    )


def _members(
    rng: random.Random, people: list[PersonRef], activity: list[float], chats: list[ChatRef], busy: list[float]
) -> dict[ChatRef, list[PersonRef]]:
    """Each group's people: everyone has a home group (the busier a group, the more call it home),
    every group has at least five, and the most active people are in several groups."""
    members: dict[ChatRef, dict[PersonRef, None]] = {c: {} for c in chats}
    for person, home in zip(people, rng.choices(chats, [b**0.5 for b in busy], k=len(people)), strict=True):
        members[home][person] = None
    for chat in chats:
        while len(members[chat]) < min(5, len(people)):
            members[chat][rng.choices(people, activity)[0]] = None
    for person, active in zip(people, activity, strict=True):
        for chat in rng.sample(chats, min(len(chats), int(active * 20))):
            members[chat][person] = None
    return {c: list(m) for c, m in members.items()}


def _seated(rng: random.Random, game: str, members: list[PersonRef], weight: dict[PersonRef, float]) -> list[PersonRef]:
    """The people at a game: Speed two, Svolota three to five, Racing Demon two to four; the more
    active a person, the likelier they sit down."""
    wanted = {"speed": 2, "svolota": rng.randint(3, 5), "racing_demon": rng.randint(2, 4)}[game]
    weights = [weight[p] + 0.02 for p in members]  # (everyone plays now and then)
    seated: dict[PersonRef, None] = {}
    while len(seated) < min(wanted, len(members)):
        seated[rng.choices(members, weights)[0]] = None
    return list(seated)


def _result(
    rng: random.Random,
    table_id: int,
    game: str,
    chat: ChatRef,
    seated: list[PersonRef],
    names: dict[PersonRef, str],
    finished_at: float,
    season: str,
) -> Result:
    higher = game == "racing_demon"
    n = len(seated)
    winner: int | None = rng.randrange(n)
    if higher:
        scores = [rng.randint(-10, 30) for _ in range(n)]
        winner = max(range(n), key=lambda i: (scores[i], -i))
    else:
        scores = [0 if i == winner else rng.randint(1, 15) for i in range(n)]
    placed = places(game, scores, winner, higher)
    standings = tuple(Standing(i, names[p], p, scores[i], placed[i], i == winner) for i, p in enumerate(seated))
    seconds = {"svolota": rng.uniform(240, 1500), "speed": rng.uniform(40, 400), "racing_demon": rng.uniform(120, 600)}
    started = finished_at - seconds[game]
    moves = {"svolota": rng.randint(20, 120), "speed": rng.randint(30, 160), "racing_demon": rng.randint(60, 400)}
    return Result(table_id, game, chat, higher, standings, finished_at, season, started, moves[game])


def _achieve(
    result: Result, tallies: dict[PersonRef, Counter[str]], earned: dict[tuple[PersonRef, str], dict[str, Any]]
) -> None:
    """The tallies and the achievements that need no moves (bot/achievements.py's rules for them)."""
    for s in result.people:
        assert s.person is not None
        counts = tallies[s.person]
        counts[GAMES] += 1
        counts[STREAK] = counts[STREAK] + 1 if s.won else 0
        got = {
            "first_win": s.won,
            "hat_trick": counts[STREAK] >= HAT_TRICK,
            "regular": counts[GAMES] >= REGULAR,
            "veteran": counts[GAMES] >= VETERAN,
            "big_round": result.game == "racing_demon" and s.score >= BIG_ROUND,
        }
        for achievement, yes in got.items():
            key = (s.person, achievement)
            if yes and key not in earned:
                earned[key] = {
                    "platform": s.person.platform,
                    "user_id": s.person.user_id,
                    "achievement": achievement,
                    "table_id": result.table_id,
                    "chat": chat_scope(result.chat),
                    "at": result.finished_at,
                }


def _table_row(result: Result, shown: list[int | None]) -> dict[str, Any]:
    """The finished table as the service saves it (bot/tables.py `Table.to_dict`), without its game."""
    seats = [Seat(s.name, s.person) for s in result.standings]
    creator = seats[0].person
    assert creator is not None
    table = Table(
        id=result.table_id,
        chat=result.chat,
        game=result.game,
        creator=creator,
        status=Status.FINISHED,
        seats=seats,
        version=len(seats) + result.moves,
        moves=result.moves,
        created_at=result.started_at - 30,
        updated_at=result.finished_at,
        started_at=result.started_at,
        result=[s.score for s in result.standings],
        changes=shown,
    )
    data = table.to_dict()
    data.pop("deadlines")
    return table_row(data)


def _write(conn: Connection, written: dict[str, list[dict[str, Any]]]) -> None:
    if conn.scalar(select(func.count()).select_from(_t["tables"])):
        raise ValueError("the database has tables already: seed-history fills an empty one")
    for name, rows in written.items():
        for i in range(0, len(rows), BATCH):
            conn.execute(insert(_t[name]), rows[i : i + BATCH])
    if conn.dialect.name == "postgresql":  # the ids were given: the sequence goes on after them
        conn.execute(text("SELECT setval(pg_get_serial_sequence('table_ids', 'id'), (SELECT max(id) FROM table_ids))"))
        # (as autovacuum would soon. Not on SQLite: nothing there runs ANALYZE on a bot's database,
        # and statistics of a full `tables` beside an empty `timers` made its planner read every table
        # to find the next deadline, 5 ms a tick: bench.pages)
        conn.execute(text("ANALYZE"))
