"""What a move made happen, kept with the logged move as short notes for the screens to put in
words ("Ada: A♣ → foundation 3", "everyone passed — Ann leads").

A note is a few space-separated words, the first its kind; players are seat numbers and cards
their notation, so a note reads the same in every language and survives a restart with the table.
Only what the public screens say is noted: a Svolota draw, or a Racing Demon player's moves
among their own piles, are not."""

from __future__ import annotations

from collections.abc import Iterable

from core.events import Event
from core.games.racing_demon import events as demon
from core.games.speed import events as speed
from core.games.svolota import events as svolota


def notes(events: Iterable[Event]) -> tuple[str, ...]:
    out: list[str] = []
    for e in events:
        note = _note(e)
        if note is not None and note not in out:  # (both players' new centre cards: one note)
            out.append(note)
    return tuple(out)


def _note(e: Event) -> str | None:
    match e:
        case svolota.DirectionChanged(up=up):
            return "up" if up else "down"
        case svolota.PileClosed(leader=seat):
            return f"closed {seat}"
        case svolota.Leads(player=seat):
            return f"leads {seat}"
        case speed.Played(card=card, on=on):
            return f"played {card} {on}"
        case speed.Flipped(card=card):
            return f"flipped {card}"
        case speed.Filled(card=card):
            return f"filled {card}"
        case speed.NewPile():
            return "new"
        case speed.Recycled():
            return "recycled"
        case speed.DealEnded(deal=deal, winner=winner):
            return f"dealt {deal} {'-' if winner is None else winner}"
        case speed.DealStarted(deal=deal):
            return f"deal {deal}"
        case demon.ToFoundationPlayed(player=seat, card=card, foundation=foundation, started=started):
            return f"{'started' if started else 'built'} {seat} {card} {foundation}"
        case demon.StocksRotated():
            return "rotated"
        case demon.Out(player=seat):
            return f"out {seat}"
        case demon.AllStuck():
            return "stuck"
    return None
