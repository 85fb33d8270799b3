"""Who takes part in a tournament, and who runs it: joining and leaving its sign-up, an admin's
hand on it, and what closing the sign-up does (start with enough people, computers filling seats
where the admin allowed it; else cancel). Functions that change a Tournament or raise Refused;
bot/tournaments.py saves and draws.

Choices where the issue is silent:
- A tournament needs two people at least, whatever computers could add (a cup of one person
  against computers is a practice table).
- Computers (when allowed) fill seats when sign-up closes, never during it: Swiss gets an even
  field (no bye), elimination a full bracket (a power of two: no byes), points at least the game's
  least players and, with a table size asked for, whole tables of it.
- `max_entrants` counts people; computers added at the start come on top.
- A disqualified person stays listed (struck out) and may not sign up again; leaving during sign-up
  removes the entry (joining again is fine).
- An admin of the chat or the tournament's creator runs it (an admin's rights are the platform's,
  in the chat the command came from: an admin elsewhere finds no tournament there).
"""

from __future__ import annotations

from bot.games import game_info
from bot.lobby import COMPUTER_NAMES
from bot.people import Actor, PersonRef
from bot.refusals import Refused
from bot.tournament import Entrant, Format, Out, Stage, Tournament

LEAST_PEOPLE = 2


def may_manage(t: Tournament, actor: Actor) -> None:
    if not actor.admin and actor.person != t.creator:
        raise Refused("only a chat admin can run the tournament")


def must_be_open(t: Tournament) -> None:
    if not t.stage.open:
        raise Refused("this tournament is over")


def join(t: Tournament, actor: Actor) -> None:
    must_be_open(t)
    known = t.entrant_of(actor.person)
    if known is not None and t.entrants[known].out is Out.DISQUALIFIED:
        raise Refused("you were disqualified from this tournament")
    if t.stage is not Stage.SIGNUP:
        raise Refused("the tournament has started: sign-up is closed")
    if known is not None:
        raise Refused("you are already in this tournament")
    if t.max_entrants and len(t.entrants) >= t.max_entrants:
        raise Refused("the tournament is full")
    t.entrants.append(Entrant(actor.name, actor.person, lang=actor.lang))


def leave(t: Tournament, actor: Actor) -> int | None:
    """Leave the sign-up (the entry goes), or withdraw while it runs: the entrant's index, whose
    current match the caller concedes (None: removed during sign-up)."""
    must_be_open(t)
    i = t.entrant_of(actor.person)
    if i is None:
        raise Refused("you are not in this tournament")
    e = t.entrants[i]
    if e.out is Out.DISQUALIFIED:
        raise Refused("you were disqualified from this tournament")
    if e.out is not None or e.person is None:
        raise Refused("you no longer play in this tournament")
    if t.stage is Stage.SIGNUP:
        del t.entrants[i]
        return None
    e.out = Out.LEFT
    return i


def entrant_named(t: Tournament, target: PersonRef | None, name: str) -> int:
    """The entrant an admin names: by the platform (a mention, a reply) or by their name as the
    board shows it (any case, a leading @ ignored)."""
    if target is not None:
        i = t.entrant_of(target)
        if i is not None:
            return i
    wanted = name.strip().lstrip("@").casefold()
    found = [i for i, e in enumerate(t.entrants) if wanted and e.name.casefold() == wanted]
    if len(found) != 1:
        raise Refused("no entrant called {name}", name=(name.strip() or "?")[:40])
    return found[0]


def disqualify(t: Tournament, i: int) -> None:
    must_be_open(t)
    e = t.entrants[i]
    if e.out is Out.DISQUALIFIED:
        raise Refused("{name} no longer plays in this tournament", name=e.name)
    e.out = Out.DISQUALIFIED


def replace(t: Tournament, i: int) -> None:
    """A computer plays the entrant's seats from now on: they keep their name and points."""
    must_be_open(t)
    e = t.entrants[i]
    if e.person is None:
        raise Refused("{name} is a computer already", name=e.name)
    if e.out is not None:
        raise Refused("{name} no longer plays in this tournament", name=e.name)
    e.replaced, e.person, e.level = e.person, None, t.level


def people(t: Tournament) -> int:
    return sum(1 for e in t.entrants if e.out is None and (e.person is not None or e.replaced is not None))


def enough(t: Tournament) -> bool:
    """Whether the sign-up brought enough people to start (computers filling the rest, if allowed)."""
    if people(t) < LEAST_PEOPLE:
        return False
    least = 2 if t.format.pairs else game_info(t.game).min_players
    return t.computers or sum(1 for e in t.entrants if e.out is None) >= least


def fill_with_computers(t: Tournament) -> None:
    """Seats computers where the admin allowed it (see the module's docstring)."""
    if not t.computers:
        return
    info = game_info(t.game)
    n = sum(1 for e in t.entrants if e.out is None)
    if t.format is Format.SWISS:
        wanted = n + n % 2
    elif t.format is Format.ELIMINATION:
        wanted = 1 << max(0, n - 1).bit_length()
    else:
        wanted = max(n, info.min_players)
        if t.table_size:
            wanted = -(-wanted // t.table_size) * t.table_size
    taken = {e.name for e in t.entrants}
    names = [name for name in COMPUTER_NAMES if name not in taken]
    for k in range(wanted - n):
        name = names[k] if k < len(names) else f"CPU {len(t.entrants) + 1}"
        t.entrants.append(Entrant(name, None, level=t.level))
