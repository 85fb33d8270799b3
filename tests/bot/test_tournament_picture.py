"""A tournament's picture described (bot/ui/tournament_picture.py): the standings as a table in
the reader's words for Swiss and points, the bracket for an elimination (rounds as columns, the
later ones empty until paired, winners marked, the champion at the end); a large field kept to
one picture's size."""

from __future__ import annotations

from bot.i18n import translator
from bot.pairings import elimination_rounds, next_round
from bot.standings import standings
from bot.tournament import Entrant, Format, Out, Stage
from bot.ui.picture import BracketSeat
from bot.ui.tournament_picture import MAX_BRACKET_MATCHES, MAX_ROWS, points_text, standings_picture
from tests.bot.test_pairings import DRAW, LOSS, PAIRS, WIN, play, tournament

EN = translator("en")


def worked_swiss():
    """tests/bot/test_standings.py's worked example: A 2½, B 2, E, C, D 1½ each."""
    t = tournament(Format.SWISS, [1000] * 5, rounds=3)
    play(t, [[0, 1], [2, 3], [4]], [WIN, DRAW])
    play(t, [[0, 2], [4, 1], [3]], [WIN, LOSS])
    play(t, [[0, 4], [1, 3], [2]], [DRAW, WIN])
    return t


def test_points_are_written_as_a_score_sheet_writes_them():
    assert [points_text(p, EN) for p in (0, 0.5, 2, 2.5, 10.5, 4.25, 0.75)] == ["0", "½", "2", "2½", "10½", "4¼", "¾"]
    assert points_text(1 / 3, EN) == "0.33"
    assert points_text(1234, EN) == "1,234"  # (the reader's numbers)


def test_a_swiss_table_has_the_points_and_every_tie_break_under_its_heading():
    t = worked_swiss()
    picture = standings_picture(t, standings(t), EN)
    assert picture.title == "Speed" and picture.subtitle == "Round 3 of 3" and not picture.columns
    assert picture.headings == ("Place", "", "Points", "Buchholz", "S-B", "Wins", "Rating")
    assert [(r.place, r.name, r.points, r.tiebreaks) for r in picture.rows] == [
        (1, "e0", "2½", ("5", "4¼", "2", "1,000")),
        (2, "e1", "2", ("5½", "3", "2", "1,000")),
        (3, "e4", "1½", ("6", "2¾", "1", "1,000")),
        (4, "e2", "1½", ("5½", "2¼", "1", "1,000")),
        (5, "e3", "1½", ("5", "2¼", "1", "1,000")),
    ]


def test_a_finished_tournament_says_so_and_names_its_title():
    t = worked_swiss()
    t.stage, t.name = Stage.FINISHED, "Friday cup"
    picture = standings_picture(t, standings(t), translator("ru"))
    assert (picture.title, picture.subtitle) == ("Friday cup", "Итоговая таблица")
    assert picture.headings[2:4] == ("Очки", "Бухгольц") and not picture.rtl
    assert standings_picture(t, standings(t), translator("ar")).rtl


def test_the_disqualified_are_dimmed_and_computers_marked():
    t = worked_swiss()
    t.entrants[1].out = Out.DISQUALIFIED
    t.entrants[4] = Entrant("Bot", None)
    picture = standings_picture(t, standings(t), EN)
    assert [r.name for r in picture.rows if r.out] == ["e1"]
    assert "🤖 Bot" in [r.name for r in picture.rows]


def test_a_points_table_breaks_ties_by_wins_then_opponents():
    t = tournament(Format.POINTS, [1000, 1000, 1100, 1200], rounds=2)
    play(t, [[0, 1, 2, 3]], [[1, 2, 3, 4]])
    picture = standings_picture(t, standings(t), EN)
    assert picture.headings[2:] == ("Points", "Wins", "Opponents", "Rating")
    assert picture.subtitle == "Round 1 of 2"
    assert picture.rows[0].name == "e0" and picture.rows[0].tiebreaks == ("1", "3", "1,000")


def test_a_bracket_has_a_column_a_round_the_later_ones_empty_until_paired():
    t = tournament(Format.ELIMINATION, [1000, 1500, 1200, 1400, 1300])
    play(t, next_round(t, PAIRS) or [], [LOSS])  # e0 (seed 5) beats e2 (seed 4)
    picture = standings_picture(t, standings(t), EN)
    assert not picture.rows and picture.subtitle == "Round 1 of 3"
    assert [c.heading for c in picture.columns] == ["Round 1 of 3", "Round 2 of 3", "Final"]
    assert [len(c.matches) for c in picture.columns] == [4, 2, 1]
    first = picture.columns[0].matches
    assert first[0] == (BracketSeat("e1", won=True),)  # seed 1's bye
    assert first[1] == (BracketSeat("e2", "0", lost=True), BracketSeat("e0", "1", won=True))
    assert picture.columns[1].matches == (None, None) and not picture.champion
    assert picture.bye == "bye"


def test_a_finished_bracket_ends_with_its_champion():
    t = tournament(Format.ELIMINATION, [1000, 1500, 1200, 1400, 1300])
    play(t, next_round(t, PAIRS) or [], [LOSS])
    play(t, next_round(t, PAIRS) or [], [LOSS, WIN])
    play(t, next_round(t, PAIRS) or [], [DRAW])  # a drawn final: the higher seed (e3) goes on
    t.stage = Stage.FINISHED
    picture = standings_picture(t, standings(t), translator("de"))
    final = picture.columns[-1].matches[0]
    assert final is not None and [(s.name, s.score, s.won) for s in final] == [("e0", "½", False), ("e3", "½", True)]
    assert (picture.champion, picture.champion_heading, picture.subtitle) == ("e3", "Sieger", "Endstand")


def test_a_large_field_keeps_to_one_picture():
    t = tournament(Format.SWISS, [float(i % 9) for i in range(150)], rounds=1)
    picture = standings_picture(t, standings(t), EN)
    assert len(picture.rows) == MAX_ROWS and picture.more == 50
    t = tournament(Format.ELIMINATION, [float(i) for i in range(200)])
    play(t, next_round(t, PAIRS) or [], [WIN] * 100)
    picture = standings_picture(t, standings(t), EN)
    assert max(len(c.matches) for c in picture.columns) == MAX_BRACKET_MATCHES
    assert picture.columns[-1].heading == "Final" and len(picture.columns) == elimination_rounds(200) - 2
