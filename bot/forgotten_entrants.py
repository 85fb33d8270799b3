"""Forgotten people (`/forget`, bot/forgotten.py) in tournaments, decided as the tables decide.

- Someone who still plays in an open tournament (signing up, or running and not out: not
  eliminated, disqualified, withdrawn or replaced by a computer) is refused, like someone seated at
  an open table: they leave it (the board's Leave button, during sign-up or while it runs) or see
  it to its end first. Forgetting them silently would change the tournament under the others
  (a withdrawal concedes a match), which is theirs to choose, not a side effect of /forget.
- Every other entrant of theirs (a finished or cancelled tournament's, or one of an open
  tournament they are out of, or whose seats a computer plays on for them) keeps its place in
  the entrants, its points, rating at the start and what put it out, but no person and no name:
  `Entrant.forgotten`, which the readers write "a former player" (bot/ui/words.py `FORMER`).
- A tournament they created names nobody as its creator (user id "": `NOBODY`), as a table does.
- The tables of its matches are the tables' own business (bot/forgotten.py `scrub`)."""

from __future__ import annotations

from bot.forgotten import NOBODY
from bot.people import PersonRef
from bot.tournament import Entrant, Tournament


def plays_in(t: Tournament, person: PersonRef) -> bool:
    """Whether the person still plays in this open tournament: refused until they leave it."""
    return t.stage.open and any(e.person == person and e.out is None for e in t.entrants)


def named_in(t: Tournament, person: PersonRef) -> bool:
    """Whether the tournament names this person anywhere: its creator, an entrant (also one a
    computer replaced)."""
    return t.creator == person or any(person in (e.person, e.replaced) for e in t.entrants)


def entrant_names(t: Tournament, person: PersonRef) -> set[str]:
    """The names the tournament shows for this person (its tables' notices may hold them too)."""
    return {e.name for e in t.entrants if person in (e.person, e.replaced)}


def scrub(t: Tournament, person: PersonRef) -> None:
    """The tournament without this person: their entrant forgotten (place, points, out kept), nobody
    as its creator; a new version, so a copy loaded before is stale."""
    for i, e in enumerate(t.entrants):
        if person in (e.person, e.replaced):
            t.entrants[i] = Entrant("", None, e.level, e.rating, e.out, forgotten=True)
    if t.creator == person:
        t.creator = PersonRef(person.platform, NOBODY)
    t.version += 1
