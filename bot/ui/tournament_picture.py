"""A tournament's standings or bracket as a picture's description (bot/ui/picture.py
`TournamentPicture`), in the reader's words: what the chat is shown after every round.

Swiss and points tournaments show the standings as a table (place, name, points, the format's
tie-breaks, bot/standings.py TIEBREAKS); an elimination shows its bracket once round 1 is paired:
a column a round, the later rounds' places empty until paired, each match's winner marked, the
champion at the end. A field too large for one picture shows its first MAX_ROWS rows (and how many
more), and a bracket from the round of MAX_BRACKET_MATCHES on. Nothing here reads the clock: an
unchanged tournament gives an equal description, which the renderer draws once."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Translator, is_rtl
from bot.pairings import advancing, bracket_slots, elimination_rounds, planned_rounds, survivors
from bot.ratings import shown
from bot.standings import TIEBREAKS
from bot.tournament import Format, Match, Out, Stage, StandingsRow, Tournament
from bot.ui.picture import BracketColumn, BracketSeat, StandingsLine, TournamentPicture
from bot.ui.words import FORMER, N_, game_name

MAX_ROWS = 100  # a table's rows in one picture (about 3,500 pixels high)
MAX_BRACKET_MATCHES = 32  # the first column's places at most (the round of 64)

# The table's columns' headings per tie-break (bot/standings.py TIEBREAKS; an elimination draws no table)
HEADINGS = {
    # TRANSLATORS: a column of a Swiss tournament's standings: the sum of the entrant's opponents' points
    "buchholz": N_("Buchholz"),
    # TRANSLATORS: a column: Sonneborn-Berger (the points of the opponents beaten, half of those drawn), short
    "sonneborn_berger": N_("S-B"),
    "wins": N_("Wins"),
    "rating": N_("Rating"),
    # TRANSLATORS: a column of a tournament's standings: the sum of the points of everyone the entrant played
    "opponents": N_("Opponents"),
}
FRACTIONS = {0.25: "¼", 0.5: "½", 0.75: "¾"}
WHOLE = {"buchholz", "sonneborn_berger", "opponents"}  # shown as points (½ steps); the others as whole numbers


def points_text(points: float, t: Translator) -> str:
    """Points as a score sheet writes them: 2, 2½, ½, 4¼ (Sonneborn-Berger has quarters; other
    fractions in the reader's numbers)."""
    whole, part = divmod(points, 1)
    if part == 0:
        return t.number(int(whole))
    if part in FRACTIONS:
        return (t.number(int(whole)) if whole else "") + FRACTIONS[part]
    return t.number(round(points, 2))


def tiebreak_text(tiebreak: str, value: float, t: Translator) -> str:
    """A tie-break's value in a standings' column: opponents' points as points, a rating as shown."""
    if tiebreak in WHOLE:
        return points_text(value, t)
    return t.number(shown(value) if tiebreak == "rating" else round(value))


def entrant_name(t: Tournament, i: int, tr: Translator) -> str:
    """An entrant's name as the picture shows it: a computer's marked 🤖, a forgotten person's
    "a former player"."""
    e = t.entrants[i]
    if e.forgotten:
        return tr.gettext(FORMER)
    return "🤖 " + e.name if e.computer else e.name


def _subtitle(t: Tournament, tr: Translator) -> str:
    if t.stage is Stage.FINISHED:
        # TRANSLATORS: under a tournament's name on its picture, once it is over
        return tr.gettext("Final standings")
    if not t.rounds:
        return ""
    count = _bracket_rounds(t) if t.format is Format.ELIMINATION else planned_rounds(t)
    # TRANSLATORS: under a tournament's name on its picture: the round being played or just played
    return tr.gettext("Round {number} of {count}").format(
        number=tr.number(len(t.rounds)), count=tr.number(max(count, len(t.rounds)))
    )


def standings_picture(t: Tournament, rows: Sequence[StandingsRow], tr: Translator) -> TournamentPicture:
    """The picture of `t` after its latest round, `rows` its standings (bot/standings.py)."""
    title = t.name or game_name(t.game, tr)
    rtl = is_rtl(tr.lang)
    if t.format is Format.ELIMINATION and t.rounds:
        return _bracket(t, title, _subtitle(t, tr), tr, rtl)
    breaks = TIEBREAKS[t.format]
    headings = (
        tr.gettext("Place"),
        "",
        # TRANSLATORS: a column of a tournament's standings: the entrant's points
        tr.gettext("Points"),
        *(tr.gettext(HEADINGS[b]) for b in breaks),
    )
    lines = tuple(
        StandingsLine(
            row.place,
            entrant_name(t, row.entrant, tr),
            points_text(row.points, tr),
            tuple(tiebreak_text(b, v, tr) for b, v in zip(breaks, row.tiebreaks, strict=True)),
            out=row.out in (Out.DISQUALIFIED, Out.LEFT),
        )
        for row in rows[:MAX_ROWS]
    )
    return TournamentPicture(title, _subtitle(t, tr), headings, lines, more=max(0, len(rows) - MAX_ROWS), rtl=rtl)


def _bracket_rounds(t: Tournament) -> int:
    return elimination_rounds(2 * len(t.rounds[0].matches)) if t.rounds else 0


def _level(match: Match, slots: dict[int, int]) -> int:
    """How far up the bracket a match of two is: 1 in round 1, the final log2 of the bracket."""
    a, b = (slots[i] for i in match.entrants)
    return (a ^ b).bit_length()


def _seats(t: Tournament, match: Match, slots: dict[int, int], tr: Translator) -> tuple[BracketSeat, ...]:
    on = advancing(t, match)
    seats = []
    for i in sorted(match.entrants, key=slots.__getitem__):
        score = "" if match.points is None or match.bye else points_text(match.points[match.entrants.index(i)], tr)
        seats.append(BracketSeat(entrant_name(t, i, tr), score, won=on == i, lost=on is not None and on != i))
    return tuple(seats)


def _bracket(t: Tournament, title: str, subtitle: str, tr: Translator, rtl: bool) -> TournamentPicture:
    slots = bracket_slots(t)
    top = _bracket_rounds(t)
    levels: list[int] = []
    for r in t.rounds:  # a round's level: where its matches of two meet (all byes: the next one up)
        pairs = [_level(m, slots) for m in r.matches if len(m.entrants) == 2]
        levels.append(max(pairs) if pairs else (levels[-1] + 1 if levels else 1))
    columns: list[BracketColumn] = []
    for number, level in enumerate(levels + list(range((levels[-1] if levels else 0) + 1, top + 1)), 1):
        places: list[tuple[BracketSeat, ...] | None] = [None] * (1 << (top - level))
        if number <= len(t.rounds):
            for m in t.rounds[number - 1].matches:
                places[slots[m.entrants[0]] >> level] = _seats(t, m, slots, tr)
        if len(places) > MAX_BRACKET_MATCHES:
            continue
        heading = (
            # TRANSLATORS: the last column of a tournament's bracket
            tr.gettext("Final")
            if level == top
            else tr.gettext("Round {number} of {count}").format(
                number=tr.number(number), count=tr.number(len(t.rounds) + top - levels[-1])
            )
        )
        columns.append(BracketColumn(heading, tuple(places)))
    left = survivors(t)
    champion = entrant_name(t, left[0], tr) if len(left) == 1 and t.entrants[left[0]].out is None else ""
    return TournamentPicture(
        title,
        subtitle,
        columns=tuple(columns),
        champion=champion,
        # TRANSLATORS: over the winner's name at the end of a tournament's bracket
        champion_heading=tr.gettext("Winner") if champion else "",
        # TRANSLATORS: in a tournament's bracket: the empty seat beside an entrant who goes on without playing
        bye=tr.gettext("bye"),
        rtl=rtl,
    )
