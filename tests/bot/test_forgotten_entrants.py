"""A forgotten person in a tournament (bot/forgotten_entrants.py): refused while they still play in
an open one; otherwise their entrant keeps its place and points with no name and no person, the
creator names nobody, and every reader (the standings' text, the picture, the bracket, the winner
line, a later match's seat) writes "a former player" in the reader's language."""

from __future__ import annotations

from dataclasses import replace

from bot.forgotten import NOBODY
from bot.forgotten_entrants import named_in, plays_in, scrub
from bot.i18n import translator
from bot.pairings import next_round
from bot.people import PersonRef
from bot.standings import standings, winner
from bot.tournament import Format, Out, Stage
from bot.tournament_matches import seats
from bot.ui.tournament import final_screen, standings_text
from bot.ui.tournament_picture import standings_picture
from bot.ui.words import FORMER
from tests.bot.test_pairings import LOSS, WIN, play, tournament

DE = translator("de")
E0 = PersonRef("test", "0")  # entrant "e0" of tests/bot/test_pairings.py's tournaments


def test_someone_still_in_an_open_tournament_plays_in_it_and_one_out_of_it_or_after_it_does_not():
    t = tournament(Format.SWISS, [0.0] * 3, rounds=2)
    assert plays_in(t, E0) and not plays_in(t, PersonRef("test", "9"))
    t.entrants[0].out = Out.LEFT
    assert not plays_in(t, E0) and named_in(t, E0)
    t.entrants[0].out, t.stage = None, Stage.FINISHED
    assert not plays_in(t, E0)
    t.entrants[0].replaced, t.entrants[0].person, t.stage = E0, None, Stage.RUNNING  # a computer plays for them
    assert not plays_in(t, E0) and named_in(t, E0)


def test_a_forgotten_winner_keeps_the_place_and_points_and_every_reader_writes_a_former_player():
    t = tournament(Format.SWISS, [0.0] * 2, rounds=1)
    t.creator, t.stage = E0, Stage.FINISHED
    play(t, [[0, 1]], [WIN])
    before, version = standings(t), t.version

    scrub(t, E0)

    assert (t.creator, t.version) == (PersonRef("test", NOBODY), version + 1)
    assert (t.entrants[0].name, t.entrants[0].person, t.entrants[0].forgotten) == ("", None, True)
    assert not t.entrants[0].computer and not named_in(t, E0)
    assert standings(t) == [replace(before[0], name=""), before[1]] and winner(t) == 0
    former = DE.gettext(FORMER)
    assert former != FORMER  # (read in German)
    assert standings_text(t, DE).splitlines()[0].startswith("1. " + former)
    assert standings_picture(t, standings(t), DE).rows[0].name == former
    assert former in final_screen(t, winner(t), DE).text.splitlines()[1]
    assert final_screen(t, winner(t), DE).marks == ()


def test_a_forgotten_entrant_in_a_bracket_and_at_a_later_table_is_a_former_player():
    t = tournament(Format.ELIMINATION, [0.0] * 4)
    t.stage = Stage.RUNNING
    play(t, [[0, 3], [1, 2]], [WIN, LOSS])
    t.entrants[0].replaced, t.entrants[0].person = E0, None  # replaced by a computer, then forgotten
    scrub(t, E0)
    bracket = standings_picture(t, standings(t), DE)
    assert DE.gettext(FORMER) in [s.name for c in bracket.columns for m in c.matches if m for s in m]
    final = next_round(t, (2, 2))
    assert final is not None and sorted(final[0]) == [0, 2]
    seat = seats(t, replace(t.rounds[0].matches[0], entrants=final[0]))[final[0].index(0)]
    assert (seat.name, seat.person, seat.forgotten, seat.left) == ("", None, True, None)
