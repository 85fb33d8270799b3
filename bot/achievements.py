"""Achievements: a dozen, defined here, earned from a finished game's results and move log inside
the same transaction as its ratings (bot/service.py), each at most once per person.

The rows the store keeps: `Earned` (person, achievement; primary key: once each) and `Tally`
(a person's running counts some achievements need, as whole new values, like rating rows).

Who earns: the people seated when the game ends (a seat whose person is None is a computer, or a
seat someone left). Their tallies always count the game, like their ratings do; but a seat a
computer was standing in for at the end (`seat.stand_in`: the person was away) earns no
achievement at that game. Thresholds are checked with "at least", so an achievement missed that
way (or one added later) comes with the person's next game.

A win is winning a game of two seats or more (people or computers): a round of Racing Demon played
alone has a winner but beats nobody, so it wins nothing (its points and its going out count).

Tallies (by name): "games" (finished games, practice ones too), "streak" (games won in a row, any
game; anything else but a game played alone sets it back to 0), "outs" (Racing Demon rounds ended
by the person's own demon running out).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.people import PersonRef
from bot.ratings import Result, chat_scope
from bot.running import game_of
from bot.tables import Award, LoggedMove, Table
from bot.ui.words import N_


@dataclass(frozen=True, slots=True)
class Earned:
    """A person earned an achievement at a table (in a chat: its rating scope)."""

    person: PersonRef
    achievement: str
    table_id: int
    chat: str  # the chat's rating scope, "<platform>:<chat_id>"
    at: float


@dataclass(frozen=True, slots=True)
class Tally:
    """A person's running count (games played, times out in Racing Demon, wins in a row): the
    whole new value, written over the stored one."""

    person: PersonRef
    name: str
    count: int


@dataclass(frozen=True, slots=True)
class Achievement:
    """An achievement as people read it: its title and what earns it (both marked for translation:
    `t.gettext(a.title)` where shown)."""

    id: str
    emoji: str
    title: str
    description: str


GAMES = "games"
STREAK = "streak"
OUTS = "outs"

BIG_TABLE = 5  # Svolota seats for "full_table"
LIGHTNING_SECONDS = 60.0  # Speed: a deal won within this long of its deal
WHITEWASH_CARDS = 10  # Speed: cards the loser still has in their stacks
DEMON_OUTS = 5
BIG_ROUND = 20  # Racing Demon points in one round
HAT_TRICK = 3
REGULAR = 10
VETERAN = 100

ACHIEVEMENTS: tuple[Achievement, ...] = (
    Achievement("first_win", "🥇", N_("First win"), N_("Win a game.")),
    Achievement("no_pass", "🧹", N_("Never passed"), N_("Win a game of Svolota without passing once.")),
    Achievement("joker_out", "🃏", N_("Joker's wild"), N_("Win Svolota with a joker as your last card.")),
    Achievement("full_table", "🎪", N_("Full house"), N_("Win Svolota at a table of five or six.")),
    Achievement("lightning", "⚡", N_("Lightning"), N_("Win a deal of Speed within a minute of dealing.")),
    Achievement(
        "whitewash", "🧊", N_("Whitewash"), N_("Win Speed while your opponent still has 10 cards in their stacks.")
    ),
    Achievement("demon_tamer", "😈", N_("Demon tamer"), N_("Empty your demon in five rounds of Racing Demon.")),
    Achievement("big_round", "💯", N_("Big round"), N_("Score 20 points or more in a round of Racing Demon.")),
    Achievement(
        "machine_breaker", "🦾", N_("Machine breaker"), N_("Finish ahead of every hard computer at the table.")
    ),
    Achievement("hat_trick", "🎩", N_("Hat trick"), N_("Win three games in a row.")),
    Achievement("regular", "🎲", N_("Regular"), N_("Play 10 games.")),
    Achievement("veteran", "🎖", N_("Veteran"), N_("Play 100 games.")),
)
BY_ID: dict[str, Achievement] = {a.id: a for a in ACHIEVEMENTS}


def award(
    table: Table,
    result: Result,
    log: Sequence[LoggedMove],
    had: Mapping[PersonRef, set[str]],
    tallies: Mapping[PersonRef, Mapping[str, int]],
) -> tuple[list[Earned], list[Tally]]:
    """What a finished game earns its people: the achievements they did not have yet (people in
    seat order, each's in the order of ACHIEVEMENTS), and their changed tallies. `table` is the
    finished table (its game: `game_of(table)`), `log` its whole move log (the saved moves and
    `table.unsaved`), `had` the achievements the people already have, `tallies` their stored
    tallies (a missing one is 0). Pure: reads nothing else, writes nothing."""
    game = game_of(table)
    earned: list[Earned] = []
    new_tallies: list[Tally] = []
    for standing in result.standings:
        person = standing.person
        if person is None:
            continue
        before = tallies.get(person, {})
        counts = _counted(table, result, game, standing.seat, before)
        new_tallies += [Tally(person, name, count) for name, count in counts.items() if count != before.get(name, 0)]
        if table.seats[standing.seat].stand_in:
            continue
        owned = had.get(person, set())
        for achievement in ACHIEVEMENTS:
            if achievement.id not in owned and _earns(achievement.id, table, result, game, log, standing.seat, counts):
                earned.append(Earned(person, achievement.id, table.id, chat_scope(table.chat), result.finished_at))
    return earned, new_tallies


def awards(table: Table, earned: Sequence[Earned]) -> list[Award]:
    """The achievements earned at this table, by seat, for its recap (`table.earned`)."""
    seats = [(table.seat_of(e.person), e) for e in earned if e.table_id == table.id]
    return [Award(seat, e.achievement) for seat, e in seats if seat is not None]


def _counted(table: Table, result: Result, game: Any, seat: int, before: Mapping[str, int]) -> dict[str, int]:
    streak = before.get(STREAK, 0)
    counts = {
        GAMES: before.get(GAMES, 0) + 1,
        STREAK: streak if len(table.seats) < 2 else streak + 1 if _won(table, result, seat) else 0,
        OUTS: before.get(OUTS, 0),
    }
    if table.game == "racing_demon" and getattr(game, "out_seat", None) == seat:
        counts[OUTS] += 1
    return counts


def _earns(
    achievement: str,
    table: Table,
    result: Result,
    game: Any,
    log: Sequence[LoggedMove],
    seat: int,
    counts: Mapping[str, int],
) -> bool:
    won = _won(table, result, seat)
    match achievement:
        case "first_win":
            return won
        case "no_pass":
            return won and table.game == "svolota" and not any(m.seat == seat and m.move == "pass" for m in log)
        case "joker_out":
            return won and table.game == "svolota" and bool(log) and log[-1].seat == seat and log[-1].move == "joker"
        case "full_table":
            return won and table.game == "svolota" and len(table.seats) >= BIG_TABLE
        case "lightning":
            fast = bool(log) and log[-1].at - _deal_began(table, log) < LIGHTNING_SECONDS
            return _emptied_stacks(table, game, seat) and fast
        case "whitewash":
            return _emptied_stacks(table, game, seat) and game.table.stack_cards(1 - seat) >= WHITEWASH_CARDS
        case "demon_tamer":
            return counts[OUTS] >= DEMON_OUTS
        case "big_round":
            return table.game == "racing_demon" and result.standings[seat].score >= BIG_ROUND
        case "machine_breaker":
            hard = [s for s in result.standings if s.person is None and table.seats[s.seat].level == "hard"]
            return bool(hard) and all(result.standings[seat].place < s.place for s in hard)
        case "hat_trick":
            return counts[STREAK] >= HAT_TRICK
        case "regular":
            return counts[GAMES] >= REGULAR
        case "veteran":
            return counts[GAMES] >= VETERAN
    return False


def _won(table: Table, result: Result, seat: int) -> bool:
    """The seat won a game against somebody (not a round played alone)."""
    return result.standings[seat].won and len(table.seats) >= 2


def _emptied_stacks(table: Table, game: Any, seat: int) -> bool:
    """Speed: the seat won the game by emptying its stacks in the last deal (not by a stalemate's
    count, nor on match points alone)."""
    return table.game == "speed" and game.winner_seat == seat and game.table.stack_cards(seat) == 0


def _deal_began(table: Table, log: Sequence[LoggedMove]) -> float:
    """When the last deal of a Speed game was dealt: the move that dealt it (a "deal N" note), or
    the table's start (before `started_at` was kept: its first move)."""
    for move in reversed(log):
        if any(note.startswith("deal ") for note in move.notes):
            return move.at
    return table.started_at or (log[0].at if log else 0.0)
