"""Tables and finished games for the store contract (tests/store/) and the SQL store's own tests."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from bot.achievements import Earned, Tally
from bot.deadlines import Deadline, Kind
from bot.outcome import Outcome
from bot.people import ChatRef, PersonRef
from bot.ratings import Rating, Result, Standing
from bot.tables import Invite, Seat, Status, Table

CHAT = ChatRef("telegram", "-100123456789", "7")
SCOPE = "telegram:-100123456789"
ANN, BOB, CY = PersonRef("telegram", "1"), PersonRef("telegram", "2"), PersonRef("telegram", "3")


def play(body: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(body(), 60))


def a_table(table_id: int, chat: ChatRef = CHAT) -> Table:
    return Table(
        id=table_id,
        chat=chat,
        game="svolota",
        creator=ANN,
        status=Status.PLAYING,
        seats=[Seat("Ann", ANN), Seat("Bob", BOB), Seat("Cy", CY), Seat("Ada", None, level="hard")],
        created_at=5.0,
        updated_at=6.0,
        seed=42,
    )


def a_challenge(table_id: int) -> Table:
    """A challenge with a bit of everything a table holds: options, a person and a computer, an
    invite, a 64-bit seed, a deadline."""
    table = Table(
        id=table_id,
        chat=CHAT,
        game="svolota",
        creator=ANN,
        status=Status.CHALLENGE,
        options={"free_pass": True},
        seats=[Seat("Ann", ANN, lang="ru"), Seat("Ada", None, level="hard")],
        invites=[Invite(BOB, "Bob")],
        created_at=5.0,
        updated_at=6.0,
        seed=2**62,
    )
    table.arm(Deadline(table_id, Kind.CHALLENGE_EXPIRY, 305.0))
    return table


def finished(table: Table, earned: tuple[Earned, ...] = (), tallies: tuple[Tally, ...] = ()) -> Outcome:
    """Ends the table; what its game brought, saved with it: results, a rating row, achievements, tallies."""
    table.status = Status.FINISHED
    standings = tuple(Standing(i, s.name, s.person, i, i + 1, i == 0) for i, s in enumerate(table.seats))
    result = Result(table.id, table.game, table.chat, False, standings, 100.0)
    rating = Rating(table.game, SCOPE, ANN, "Ann", games=1, wins=1, updated_at=100.0)
    return Outcome(result, (rating,), earned, tallies)


def earned(person: PersonRef, achievement: str, table_id: int, at: float) -> Earned:
    return Earned(person, achievement, table_id, SCOPE, at)
