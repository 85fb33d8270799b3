"""Removing a seated person who stalls a game: at once by the table's creator or a chat admin, or
by a vote any seated person may start.

A vote passes with a majority of the other people at the table (everyone seated but the person it
is about; its starter votes yes), within `ServiceConfig.vote_seconds`; it fails as soon as it can no
longer pass, or when its time is up. One vote at a time per table. A person removed from a lobby
loses their seat; from a game, a computer takes their seat and plays it to the end, as when someone
leaves. Either way they may not come back to that table. The move log is the game's alone (a replay
plays it again), so a removal is not in it: the board says so for a while and the bot's log keeps it.
"""

from __future__ import annotations

import logging

from bot.deadlines import Deadline, Kind
from bot.people import Actor, PersonRef
from bot.refusals import Refused
from bot.running import arm_next, game_of
from bot.settings import ChatSettings, ServiceConfig
from bot.tables import Notice, Status, Table, Vote

log = logging.getLogger(__name__)
NOTICE_SECONDS = 60.0  # the board says who was removed (or kept) this long


def seat_named(table: Table, target: PersonRef | None, name: str) -> int:
    """The seat of the person a kick names: by their platform identity, else by the name the
    table shows (case-insensitive)."""
    if target is not None:
        seat = table.seat_of(target)
    else:
        wanted = name.strip().lstrip("@").casefold()
        found = [i for i, s in enumerate(table.seats) if s.person is not None and s.name.casefold() == wanted]
        seat = found[0] if len(found) == 1 else None
    if seat is None or table.seats[seat].person is None:
        raise Refused("name someone playing at this table")
    return seat


def may_kick(table: Table, actor: Actor, seat: int) -> None:
    """The creator or a chat admin removes anyone but themselves."""
    _under_way(table)
    if table.seats[seat].person == actor.person:
        raise Refused("to go, press Leave")
    if actor.person != table.creator and not actor.admin:
        raise Refused("only the player who opened the table or a chat admin can remove someone; start a vote instead")


def remove(table: Table, seat: int, now: float, chat: ChatSettings, config: ServiceConfig, kind: str) -> PersonRef:
    """Take the person off the seat (a lobby's seat goes; a game's is played by a computer)."""
    person = table.seats[seat].person
    assert person is not None
    name = table.seats[seat].name
    table.kicked.append(person)
    table.notice = Notice(kind, name, now)
    end_vote(table)
    if table.status is Status.PLAYING:
        table.seats[seat].left = person
        table.seats[seat].person = None
        table.seats[seat].stand_in = False
        table.bump(now)
        arm_next(table, game_of(table), now, chat, config)
    else:
        del table.seats[seat]
        if person == table.creator:
            table.creator = next((s.person for s in table.seats if s.person), table.creator)
        if not any(s.person for s in table.seats):  # (a chat admin removed the last person)
            table.status = Status.CANCELLED
            table.deadlines = []
        table.bump(now)
    log.info("table %s: %s removed (%s)", table.id, person.user_id, kind)
    return person


def start_vote(table: Table, actor: Actor, seat: int, now: float, config: ServiceConfig) -> None:
    _under_way(table)
    starter = table.seat_of(actor.person)
    if starter is None:
        raise Refused("you are not at this table")
    if starter == seat:
        raise Refused("to go, press Leave")
    if table.vote is not None:
        raise Refused("a vote is already running at this table")
    table.votes += 1
    table.vote = Vote(seat, starter, now + config.vote_seconds, yes=[starter], number=table.votes)
    table.arm(Deadline(table.id, Kind.VOTE, table.vote.due, seat=table.vote.number))


def voters(table: Table) -> list[int]:
    """The seats that may vote: the people at the table but the one the vote is about."""
    assert table.vote is not None
    return [i for i, s in enumerate(table.seats) if s.person is not None and i != table.vote.target]


def needed(table: Table) -> int:
    """Yes votes that carry the vote: a majority of the voters."""
    return len(voters(table)) // 2 + 1


def cast(table: Table, actor: Actor, number: int, yes: bool) -> None:
    vote = table.vote
    if vote is None or vote.number != number:
        raise Refused("that vote is over")
    seat = table.seat_of(actor.person)
    if seat is None:
        raise Refused("you are not at this table")
    if seat == vote.target:
        raise Refused("this vote is about you: you cannot vote in it")
    if seat in vote.yes or seat in vote.no:
        raise Refused("you have already voted")
    (vote.yes if yes else vote.no).append(seat)


def settle(table: Table, now: float, chat: ChatSettings, config: ServiceConfig) -> tuple[PersonRef, str | None] | None:
    """After a vote is cast (or a voter left): carry it (the person removed is returned, with their
    seat's language) or drop it when it can no longer pass; else it goes on. The table's version
    moves on either way."""
    vote = table.vote
    assert vote is not None
    counted = set(voters(table))
    yes, no = len(counted.intersection(vote.yes)), len(counted.intersection(vote.no))
    if yes >= needed(table):
        lang = table.seats[vote.target].lang
        return remove(table, vote.target, now, chat, config, "voted_out"), lang
    if len(counted) - no < needed(table):
        table.notice = Notice("kept", table.seats[vote.target].name, now)
        end_vote(table)
    table.bump(now)
    return None


def expire_vote(table: Table, deadline: Deadline, now: float) -> bool:
    """A vote whose time is up fails (a deadline of an earlier vote does nothing)."""
    vote = table.vote
    if vote is None or deadline.seat != vote.number:
        return False
    if not table.status.open:  # the game ended meanwhile: nothing to say
        table.vote = None
        return False
    table.notice = Notice("kept", table.seats[vote.target].name, now)
    end_vote(table)
    table.bump(now)
    return True


def end_vote(table: Table) -> None:
    """The vote ends, carried or not, or dropped: its person left, or a lobby's seat went (the later
    seats moved up, and a vote counts by seat)."""
    table.vote = None
    table.disarm(Kind.VOTE)


def _under_way(table: Table) -> None:
    if table.status not in (Status.LOBBY, Status.PLAYING):
        raise Refused("this table is not under way")
