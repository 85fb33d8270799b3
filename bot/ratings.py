"""Ratings: where each seat finished a game, and what that does to the people's ratings.

Pure functions over plain data; the service loads the current rows from the store and hands the
new ones back to it with the table (bot/outcome.py `Outcome`), so a finished table, its results
and its ratings are saved in one step.

- Places: Svolota by cards left (fewer is better), Racing Demon by score (higher is better), Speed
  by its winner (first; the other second; a draw: both first) or, in a points match, by match
  points (higher is better). Seats that tie share a place (1, 1, 3).
- Only people are rated (a seat whose person is None is a computer), ranked among themselves in
  that order, with openskill's Plackett–Luce model. A rating changes only for a finished game with
  at least two people. A game of one person against computers is practice: it counts in that
  person's `practice_games`/`practice_wins` and never in the rating, `games`, `wins` or `best`.
- Every game is rated in each of its scopes, independently: its chat's (`"<platform>:<chat_id>"`,
  all threads of a chat together) and the `"global"` one, for all time and again within the season
  it finished in (the same scopes suffixed `"@<season>"`: bot/seasons.py).
- A rating is shown as `round(1000 + 10 * ordinal)`, where `ordinal = mu - 3 * sigma` (openskill's
  `ordinal()`: a skill the player is 99.7% likely to exceed). A new player shows 1000.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce

from bot.games import game_info, known_game
from bot.match_chats import is_match
from bot.people import ChatRef, PersonRef

if TYPE_CHECKING:
    from bot.tables import Table
    from core import Game

GLOBAL = "global"
MIN_RATED_PEOPLE = 2
MODEL = PlackettLuce()  # mu 25, sigma 25/3, beta 25/6, tau 25/300
Z = 3.0  # ordinal = mu - Z * sigma
SHOWN_BASE = 1000
SHOWN_SCALE = 10


def chat_scope(chat: ChatRef) -> str:
    """The rating scope of a chat (its threads share it); a quick match's is the global one: its
    chat is no place people gather (bot/match_chats.py)."""
    if is_match(chat):
        return GLOBAL
    return f"{chat.platform}:{chat.chat_id}"


def scopes(chat: ChatRef, season: str | None = None) -> tuple[str, ...]:
    """The scopes a game in this chat is rated in: the chat's, then the global one; then both
    again within `season`, if given (a quick match: the global one alone)."""
    lifetime = tuple(dict.fromkeys((chat_scope(chat), GLOBAL)))
    return lifetime if season is None else (*lifetime, *(f"{scope}@{season}" for scope in lifetime))


def shown(ordinal: float) -> int:
    """A rating as people read it."""
    return round(SHOWN_BASE + SHOWN_SCALE * ordinal)


def shown_change(change: float) -> int:
    """A change of the ordinal in the points people read."""
    return round(SHOWN_SCALE * change)


@dataclass(frozen=True, slots=True)
class Standing:
    """One seat's result in a finished game."""

    seat: int
    name: str
    person: PersonRef | None  # None: a computer (also a seat a person left)
    score: int  # the game's score for the seat (table.result): cards left, or points
    place: int  # 1 is first; seats that tie share a place
    won: bool  # the seat is the game's winner (a draw has none)
    forgotten: bool = False  # a person who asked to be forgotten (bot/forgotten.py): `person` None, `name` ""


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended, seat by seat."""

    table_id: int
    game: str
    chat: ChatRef
    higher: bool  # the scores are points (higher is better), not cards left
    standings: tuple[Standing, ...]  # by seat
    finished_at: float
    season: str | None = None  # the rating season it finished in (bot/seasons.py)
    started_at: float = 0.0  # when it was dealt (0: not known)
    moves: int = 0  # moves logged

    @property
    def people(self) -> tuple[Standing, ...]:
        return tuple(s for s in self.standings if s.person is not None)

    @property
    def rated(self) -> bool:
        """Whether the game changes ratings (else it is practice for whoever played)."""
        return len(self.people) >= MIN_RATED_PEOPLE


@dataclass(frozen=True, slots=True)
class Rating:
    """A person's record in one game and one scope."""

    game: str
    scope: str  # "<platform>:<chat_id>" or "global"
    person: PersonRef
    name: str  # the display name at their latest game
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0  # rated games
    wins: int = 0  # rated games won
    practice_games: int = 0  # games against computers only
    practice_wins: int = 0
    best: int | None = None  # best score in a rated game, by `best_higher`; None: none yet
    trend: float = 0.0  # the change of the ordinal in the latest rated game
    updated_at: float = 0.0  # when the latest game (rated or practice) finished
    streak: int = 0  # rated games won in a row, up to the latest
    best_streak: int = 0  # the most rated games won in a row

    @property
    def ordinal(self) -> float:
        return self.mu - Z * self.sigma

    @property
    def shown(self) -> int:
        return shown(self.ordinal)


def higher_wins(game: str, options: Mapping[str, Any]) -> bool:
    """Whether the game's scores are points, higher first (Racing Demon, a Speed match to a
    target), or cards left, fewest first (Svolota, a single Speed deal): `GameInfo.higher_wins`."""
    return game_info(game).higher_wins(options)


def best_higher(game: str, otherwise: bool) -> bool:
    """Which way a game's best score is better: True, more points; False, fewer cards left (Speed:
    single deals only, a match's points depending on its target). `otherwise` for a game no longer
    known."""
    return game_info(game).best_higher if known_game(game) else otherwise


def places(game: str, scores: Sequence[int], winner: int | None, higher: bool) -> list[int]:
    """Each seat's place (1 is first; ties share a place, the next place skips: 1, 1, 3)."""
    if game == "speed" and not higher:  # a single deal: the winner first, a draw ties
        keys = [0 if winner is None or seat == winner else 1 for seat in range(len(scores))]
    elif higher:
        keys = [-s for s in scores]
    else:
        keys = list(scores)
    return [1 + sum(1 for other in keys if other < key) for key in keys]


def result_of(table: Table, game: Game[Any, Any], season: str | None = None) -> Result:
    """The result of a finished table (`table.result` holds the scores by seat)."""
    assert table.result is not None, "a finished table has its scores"
    winner = game.winner_seat
    higher = higher_wins(table.game, game.options)
    placed = places(table.game, table.result, winner, higher)
    standings = tuple(
        Standing(i, seat.name, seat.person, table.result[i], placed[i], i == winner)
        for i, seat in enumerate(table.seats)
    )
    return Result(
        table.id, table.game, table.chat, higher, standings, table.updated_at, season, table.started_at, table.moves
    )


def rate(result: Result, current: Iterable[Rating]) -> list[Rating]:
    """The new rating rows of the people at a finished game, in each of its scopes (chat first,
    then global, then the season's; people in seat order). `current` holds their rows as stored (any scope; a person
    without a row starts fresh)."""
    known = {(r.scope, r.person): r for r in current if r.game == result.game}
    rows: list[Rating] = []
    for scope in scopes(result.chat, result.season):
        before = [
            known.get((scope, s.person)) or Rating(result.game, scope, s.person, s.name)
            for s in result.people
            if s.person is not None
        ]
        rows += _rated(result, before) if result.rated else _practised(result, before)
    return rows


def _rated(result: Result, before: list[Rating]) -> list[Rating]:
    people = result.people
    teams = [[MODEL.rating(r.mu, r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=[float(s.place) for s in people])
    rows = []
    for old, standing, (new,) in zip(before, people, after, strict=True):
        rated = replace(old, name=standing.name, mu=new.mu, sigma=new.sigma)
        streak = old.streak + 1 if standing.won else 0
        rows.append(
            replace(
                rated,
                games=old.games + 1,
                wins=old.wins + standing.won,
                best=_best(result, old.best, standing.score),
                trend=rated.ordinal - old.ordinal,
                updated_at=result.finished_at,
                streak=streak,
                best_streak=max(old.best_streak, streak),
            )
        )
    return rows


def _practised(result: Result, before: list[Rating]) -> list[Rating]:
    return [
        replace(
            old,
            name=standing.name,
            practice_games=old.practice_games + 1,
            practice_wins=old.practice_wins + standing.won,
            updated_at=result.finished_at,
        )
        for old, standing in zip(before, result.people, strict=True)
    ]


def _best(result: Result, best: int | None, score: int) -> int | None:
    higher = best_higher(result.game, result.higher)
    if result.higher != higher:  # scores of another kind (a Speed match's points)
        return best
    if best is None:
        return score
    return max(best, score) if higher else min(best, score)
