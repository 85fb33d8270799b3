"""Lobbies and challenges: who sits at a table before the game starts. Functions that change a
Table or raise Refused; the service saves and redraws."""

from __future__ import annotations

from bot.deadlines import Deadline, Kind
from bot.games import game_info
from bot.people import Actor
from bot.refusals import Refused
from bot.tables import Seat, Status, Table

COMPUTER_NAMES = ("Ada", "Bo", "Cy", "Dot", "Eli", "Fay", "Gus", "Hal")


def join(table: Table, actor: Actor) -> None:
    if table.status is not Status.LOBBY:
        raise Refused("this table is not taking players")
    if table.seat_of(actor.person) is not None:
        raise Refused("you are already at this table")
    if actor.person in table.kicked:
        raise Refused("you were removed from this table")
    if len(table.seats) >= game_info(table.game).max_players:
        raise Refused("the table is full")
    table.seats.append(Seat(actor.name, actor.person, lang=actor.lang))


def leave(table: Table, actor: Actor) -> None:
    seat = table.seat_of(actor.person)
    if seat is None:
        raise Refused("you are not at this table")
    del table.seats[seat]  # (a running game is left through the service: a computer takes the seat)


def add_computer(table: Table, actor: Actor, level: str = "normal") -> None:
    must_be_seated(table, actor)
    if table.status is not Status.LOBBY:
        raise Refused("this table is not taking players")
    info = game_info(table.game)
    if len(table.seats) >= info.max_players:
        raise Refused("the table is full")
    if level not in info.levels:
        raise Refused("unknown level {level}", level=level)
    table.seats.append(Seat(computer_name(table), None, level=level))


def remove_computer(table: Table, actor: Actor) -> None:
    must_be_seated(table, actor)
    if table.status is not Status.LOBBY:
        raise Refused("this table is not taking players")
    for i in range(len(table.seats) - 1, -1, -1):
        if table.seats[i].person is None:
            del table.seats[i]
            return
    raise Refused("there is no computer player to remove")


def computer_name(table: Table) -> str:
    taken = {s.name for s in table.seats}
    return next((n for n in COMPUTER_NAMES if n not in taken), f"CPU {len(table.seats) + 1}")


def must_be_seated(table: Table, actor: Actor) -> int:
    seat = table.seat_of(actor.person)
    if seat is None:
        raise Refused("you are not at this table")
    return seat


def may_start(table: Table, actor: Actor) -> None:
    if table.status is not Status.LOBBY:
        raise Refused("this table is not a lobby")
    if actor.person != table.creator and not actor.admin:
        raise Refused("only the player who opened the table can start it")
    info = game_info(table.game)
    if len(table.seats) < info.min_players:
        raise Refused("{game} needs at least {count} players", game=game_info(table.game).name, count=info.min_players)


def full(table: Table) -> bool:
    return len(table.seats) >= game_info(table.game).max_players


def arm_expiry(table: Table, now: float, lobby_seconds: float, more: float = 0.0) -> None:
    """A lobby expires `lobby_seconds` after its latest activity, or later if its join time was
    extended (`more`: seconds added to the time it had)."""
    if table.status is Status.LOBBY:
        had = next((d.due for d in table.deadlines if d.kind == Kind.LOBBY_EXPIRY), now)
        due = max(now + lobby_seconds, had + more)
        table.arm(Deadline(table.id, Kind.LOBBY_EXPIRY, due, table.version))


def may_extend(table: Table, actor: Actor) -> None:
    if table.status is not Status.LOBBY:
        raise Refused("this table is not a lobby")
    if actor.person != table.creator and not actor.admin:
        raise Refused("only the player who opened the table or a chat admin can give it more time")


def may_cancel(table: Table, actor: Actor) -> None:
    if actor.person != table.creator and not actor.admin:
        raise Refused("only the player who opened the table or a chat admin can cancel it")


def answer(table: Table, actor: Actor, accepted: bool) -> None:
    """A challenged person accepts or declines."""
    if table.status is not Status.CHALLENGE:
        raise Refused("this challenge is no longer open")
    for invite in table.invites:
        if invite.person == actor.person:
            if invite.accepted is not None:
                raise Refused("you have already answered")
            invite.accepted = accepted
            if accepted:
                table.seats.append(Seat(actor.name, actor.person, lang=actor.lang))
            return
    raise Refused("this challenge is not for you")


def challenge_settled(table: Table) -> bool:
    return all(i.accepted is not None for i in table.invites)


def challenge_outcome(table: Table) -> Status:
    """When everyone has answered: PLAYING if enough accepted (or computers fill the seats),
    LOBBY if too few but someone accepted (others may still join), CANCELLED if nobody did."""
    info = game_info(table.game)
    if not any(i.accepted for i in table.invites):
        return Status.CANCELLED
    if len(table.seats) >= info.min_players:
        return Status.PLAYING
    if table.fill_with_computers:
        while len(table.seats) < info.min_players:
            table.seats.append(Seat(computer_name(table), None))
        return Status.PLAYING
    return Status.LOBBY
