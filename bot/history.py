"""What the player, group and replay pages show (issue #36): a person's and a chat's history, read
from the store. Pure data; the SQL store answers it (adapters/sql/history.py), the web app serves it
(adapters/web/pages.py), the pictures draw a rating chart from it.

Words (docs/architecture.md): a *game line* is one finished table as the pages list it; a *rating
point* is a person's shown rating in one game right after one rated game (global scope); a *rival*
is someone a person sat at finished tables with, and *head-to-head* counts who placed better there
(a tie counts for neither).

Forgotten people (/forget) keep no name and no id anywhere: their seats read as `person` None with
`forgotten` True, and the pages write "a former player" in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.achievements import Earned
from bot.history_tournaments import TournamentLine
from bot.people import ChatRef, PersonRef
from bot.ratings import Rating

RECENT = 20  # game lines a page lists
RIVALS = 10  # opponents a player page lists, the most frequent first
RIVAL_GAMES = 500  # head-to-head is counted over a person's latest this many games (a bounded read)
POINTS = 500  # a game's rating history: its latest this many points (a bounded read)
ACTIVE = 10  # a group page's most active players
LEADERBOARD = 20  # rows of each leaderboard
LAST_SHARED = 5  # a rival's latest shared games listed

# A chat's records (`Record.kind`)
LONGEST_SVOLOTA = "longest_svolota"
FASTEST_SPEED = "fastest_speed"
BEST_DEMON = "best_demon"


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat of a finished game as the pages show it."""

    seat: int
    name: str  # as the table showed it ("" for a forgotten person: the page writes "a former player")
    person: PersonRef | None  # None: a computer, or a forgotten person
    place: int  # 1 is first; ties share a place
    score: int  # cards left, or points (the game's)
    won: bool
    change: int | None = None  # the shown rating change in the chat's scope; None: not rated
    forgotten: bool = False  # a person who asked to be forgotten (`person` is then None)


@dataclass(frozen=True, slots=True)
class GameLine:
    """A finished game: where, when, how long, who placed where."""

    table_id: int
    game: str
    chat: ChatRef
    started_at: float  # UNIX time the game was dealt
    finished_at: float
    moves: int  # moves logged
    seats: tuple[SeatLine, ...]


@dataclass(frozen=True, slots=True)
class RatingPoint:
    at: float  # UNIX time the game finished
    table_id: int
    rating: int  # the shown rating (bot/ratings.py `shown`) after it, global scope (on a page)


@dataclass(frozen=True, slots=True)
class GameTotals:
    """A person's record in one game, everywhere (global scope)."""

    game: str
    games: int  # rated games
    wins: int
    practice_games: int
    rating: int | None  # shown rating now; None: no rated game yet
    best_streak: int  # most rated games won in a row
    history: tuple[RatingPoint, ...]  # oldest first, the latest POINTS


@dataclass(frozen=True, slots=True)
class Rival:
    """Head-to-head against one frequent opponent, over the person's latest RIVAL_GAMES games."""

    person: PersonRef
    name: str  # the latest they played under
    games: int  # finished games at the same table
    wins: int  # games the person placed better
    losses: int  # games the rival placed better
    last: tuple[int, ...]  # the latest shared games' table ids, newest first (at most LAST_SHARED)


@dataclass(frozen=True, slots=True)
class PlayerHistory:
    person: PersonRef
    name: str  # at their latest game
    games: tuple[GameTotals, ...]  # by game id: every game they finished (rated or practice)
    achievements: tuple[Earned, ...]  # oldest first
    recent: tuple[GameLine, ...]  # newest first (by table id: the order they were opened), at most RECENT
    rivals: tuple[Rival, ...]  # most shared games first, at most RIVALS


@dataclass(frozen=True, slots=True)
class Board:
    """A chat's leaderboard of one game in one season (None: all time)."""

    game: str
    season: str | None
    rows: tuple[Rating, ...]  # best first (PeopleStore.leaderboard's order), at most LEADERBOARD; each
    # row's name is the latest its person played under


@dataclass(frozen=True, slots=True)
class Active:
    person: PersonRef
    name: str  # the latest they played under
    games: int  # finished games in the chat (in the season asked for, or all time), rated or not


@dataclass(frozen=True, slots=True)
class Record:
    """A chat's record of all time: `kind` is "longest_svolota" (moves), "fastest_speed" (seconds
    from the deal to a person's win) or "best_demon" (a person's points in a round); `value` in that
    unit; the game and who set it (the longest game: everyone at it; the others: the winner, the
    scorer). The first game to set it keeps it on a tie."""

    kind: str
    value: float
    table_id: int
    names: tuple[str, ...]  # "" for a forgotten person
    at: float


@dataclass(frozen=True, slots=True)
class ChatHistory:
    chat: ChatRef
    seasons: tuple[str, ...]  # seasons with any rated game in the chat, newest first
    boards: tuple[Board, ...]  # per game: the season asked for (or all time)
    active: tuple[Active, ...]  # most games first (in the season asked for, or all time), at most ACTIVE
    records: tuple[Record, ...]  # those set (by kind: longest_svolota, fastest_speed, best_demon)
    recent: tuple[GameLine, ...]  # newest first, at most RECENT
    # the open and finished tournaments, newest first, at most TOURNAMENTS (bot/history_tournaments.py)
    tournaments: tuple[TournamentLine, ...] = ()


class History(Protocol):
    """The pages' reads (a replay reads its table and move log through TableStore `load` and `moves`)."""

    async def player(self, person: PersonRef) -> PlayerHistory | None:
        """A person's page; None: nobody known by that identity (or forgotten)."""
        ...

    async def chat(self, chat: ChatRef, season: str | None = None) -> ChatHistory | None:
        """A chat's page, its leaderboards of `season` (None: all time), its tournaments (all time
        whatever the season); None: no finished game there and no tournament to show."""
        ...

    async def rating_points(
        self, person: PersonRef, scope: str, game: str | None = None
    ) -> dict[str, tuple[RatingPoint, ...]]:
        """The person's rating history in a lifetime scope (a chat's, or "global"; /stats charts
        it): per game (`game` alone, if given) its latest POINTS points, oldest first; a game
        without any is left out."""
        ...
