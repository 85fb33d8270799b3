"""A tournament's matches as tables, and tables' ends as match results: pure functions between a
`Tournament` (bot/tournament.py) and its `Table`s; bot/tournaments.py runs them.

- A match's table seats its entrants in the match's order, with the tournament's house rules;
  it starts at once (no lobby), with the chat's turn timer and AFK rules as any table.
- A table that finished gives its places (as the ratings read them, bot/ratings.py).
- A table that ended otherwise — stopped at the round's time limit, cancelled by hand, or set
  aside after errors — is **decided by the score so far**: the leader by the game's score (the
  fewest cards left, or the most points) wins; equal leaders share the place (a draw in Swiss and
  points; elimination sends the higher seed on, bot/pairings.py). A table that never opened
  decides nothing: everyone shares the first place.
- An entrant who withdrew (disqualified, or left while it ran) scores nothing in a match that ends
  after: a pair's match is conceded at once (the other wins), a multiplayer table plays on with a
  computer in their seat and their points are 0.
"""

from __future__ import annotations

from bot import ratings, running
from bot.games import game_info
from bot.pairings import knocked_out
from bot.standings import match_points
from bot.tables import Seat, Status, Table
from bot.tournament import Match, Out, Tournament
from core import load_game

TIME, STOPPED, CONCEDED = "time", "stopped", "conceded"  # how a match ended if not by play (`Match.decided`)


def sizes(t: Tournament) -> tuple[int, int]:
    """The least and most entrants a match seats."""
    if t.format.pairs:
        return 2, 2
    info = game_info(t.game)
    return info.min_players, info.max_players


def seats(t: Tournament, match: Match) -> list[Seat]:
    out = []
    for i in match.entrants:
        e = t.entrants[i]
        withdrawn = e.out in (Out.DISQUALIFIED, Out.LEFT)
        person = None if withdrawn else e.person
        left = e.replaced or (e.person if withdrawn else None)
        out.append(Seat(e.name, person, e.level, lang=e.lang, forgotten=e.forgotten, left=left))
    return out


def table_of(t: Tournament, match: Match, now: float) -> Table:
    """The match's table, before its game is dealt (bot/running.py `start`)."""
    assert match.table_id is not None
    return Table(
        id=match.table_id,
        chat=t.chat,
        game=t.game,
        creator=t.creator,
        options=dict(t.options),
        seats=seats(t, match),
        level=t.level,
        tournament=t.id,
        created_at=now,
        updated_at=now,
    )


def closed(table: Table) -> bool:
    return not table.status.open or table.stopped is not None


def places_of(table: Table | None, players: int) -> tuple[list[int], str | None]:
    """Each seat's place at a table that is over, and how it was decided (None: played out)."""
    if table is None or table.state is None:
        return [1] * players, STOPPED
    game = running.game_of(table) if table.stopped is None else load_game(table.state)
    higher = ratings.higher_wins(table.game, game.options)
    if table.status is Status.FINISHED and table.result is not None:
        return ratings.places(table.game, table.result, game.winner_seat, higher), None
    # decided by the score so far: the game's own score, never a single Speed deal's "winner only"
    return ratings.places("", game.seat_scores(), None, higher), TIME


def record(t: Tournament, match: Match, places: list[int], decided: str | None) -> None:
    """The match is over with these places (in its seat order): its points, and who is out."""
    points = match_points(t.format, places)
    for seat, i in enumerate(match.entrants):
        if t.entrants[i].out in (Out.DISQUALIFIED, Out.LEFT) and decided != CONCEDED:
            points[seat] = 0.0  # withdrew before the table ended
    match.places, match.points, match.decided = places, points, decided
    out = knocked_out(t, match)
    if out is not None and t.entrants[out].out is None:
        t.entrants[out].out = Out.ELIMINATED


def concede(t: Tournament, match: Match, loser: int) -> bool:
    """A pair's match conceded by `loser` (disqualified, or left): the other wins. A multiplayer
    table plays on (its seat goes to a computer, `seats`). Whether the match ended."""
    if match.over or match.bye or not t.format.pairs:
        return False
    record(t, match, [2 if i == loser else 1 for i in match.entrants], CONCEDED)
    return True


def to_computer(t: Tournament, match: Match, table: Table) -> list[int]:
    """The seats at a running table whose entrant a computer now plays (replaced, or withdrew from
    a multiplayer table) while a person still sits there."""
    wanted = seats(t, match)
    return [k for k, seat in enumerate(table.seats) if seat.person is not None and wanted[k].person is None]
