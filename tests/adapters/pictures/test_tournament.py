"""A tournament's standings and bracket drawn (adapters/pictures/tournament.py), without reference
images: every format at 2, 7, 16 and 40 entrants in English, Russian and Arabic draws a PNG within
the chat platforms' size limits, the same bytes each time; where the picture says something, its
pixels show it (the first place in gold, a winner's gold bar, the champion's box, a right-to-left
table's places on the right); and every word in it is drawn whole."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

from adapters.pictures import faces, text, tournament
from adapters.pictures.canvas import MARGIN
from adapters.pictures.decks import GOLD, TEXT_DIM
from adapters.pictures.render import draw, fresh
from adapters.pictures.tournament_samples import field, picture
from bot.tournament import Format
from bot.ui.picture import BracketColumn, BracketSeat, StandingsLine, TournamentPicture
from tests.adapters.pictures.fonts import need_all

# Telegram's limits on a photo (sendPhoto): width + height at most 10,000, a side at most 20 times the other
MOST_SIDES = 10_000
MOST_RATIO = 20


def png_image(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def share(image: Image.Image, colour: tuple[int, int, int], box: tuple[float, float, float, float]) -> float:
    """How much of `box` is drawn in `colour`."""
    part = image.crop(tuple(round(v) for v in box))
    count = sum(n for n, c in part.getcolors(1 << 20) or [] if c == colour)
    return count / (part.width * part.height)


@pytest.mark.parametrize("lang", ["en", "ru", "ar"])
@pytest.mark.parametrize(
    "n",
    [2, 7, *(pytest.param(n, marks=pytest.mark.slow) for n in (16, 40))],  # big fields: the slow tier
)
@pytest.mark.parametrize("fmt", list(Format))
def test_every_format_and_size_draws_within_the_limits_the_same_each_time(fmt: Format, n: int, lang: str):
    need_all()
    described = picture(fmt, n, lang)
    png = fresh(described)
    image = png_image(png)
    width, height = image.size
    assert width + height <= MOST_SIDES and max(width, height) <= MOST_RATIO * min(width, height)
    assert fresh(described) == png
    if described.columns:  # a column a round at most, and one for the champion
        most = 2 * MARGIN + (len(described.columns) + 1) * (tournament.COL_W + tournament.GAP_X)
        assert width <= max(tournament.MIN_W, most)
    else:
        assert width == tournament.TABLE_W
        assert height == tournament.HEADER_H + tournament.HEADINGS_H + len(described.rows) * tournament.ROW_H + MARGIN


def table(rtl: bool = False) -> TournamentPicture:
    rows = tuple(StandingsLine(p, name, str(10 - p), ("3", "1,000")) for p, name in enumerate(field(4), 1))
    return TournamentPicture("Cup", "Round 2 of 3", ("Place", "", "Points", "Wins", "Rating"), rows, rtl=rtl)


def test_the_first_place_is_gold_on_the_side_the_table_starts():
    for rtl in (False, True):
        image = draw(table(rtl))
        top = tournament.HEADER_H + tournament.HEADINGS_H
        place = (MARGIN, top, MARGIN + tournament.PLACE_W, top + tournament.ROW_H)
        if rtl:
            place = (tournament.TABLE_W - place[2], place[1], tournament.TABLE_W - place[0], place[3])
        assert share(image, GOLD, place) > 0.01, rtl
        second = (place[0], place[1] + tournament.ROW_H, place[2], place[3] + tournament.ROW_H)
        assert share(image, GOLD, second) == 0


def test_an_entrant_no_longer_in_is_dimmed_with_a_no_entry_sign():
    plain = table()
    out = replace(plain, rows=(plain.rows[0], replace(plain.rows[1], out=True), *plain.rows[2:]))
    top = tournament.HEADER_H + tournament.HEADINGS_H + tournament.ROW_H
    name = (MARGIN + tournament.PLACE_W, top, tournament.TABLE_W // 2, top + tournament.ROW_H)
    assert share(draw(out), TEXT_DIM, name) > share(draw(plain), TEXT_DIM, name) + 0.01


def bracket(champion: str = "") -> TournamentPicture:
    a, b, c = field(3)
    first = BracketColumn(
        "Round 1 of 2",
        ((BracketSeat(a, "1", won=True), BracketSeat(b, "0", lost=True)), (BracketSeat(c, won=True),)),
    )
    final = BracketColumn("Final", ((BracketSeat(a, "0", lost=True), BracketSeat(c, "1", won=True)),))
    return TournamentPicture("Cup", "Final standings", columns=(first, final), champion=champion,
                             champion_heading="Winner" if champion else "", bye="bye")  # fmt: skip


def test_a_winner_has_a_gold_bar_the_loser_none():
    image = draw(bracket())
    top = tournament.HEADER_H + tournament.HEADINGS_H
    cy = top + tournament.SLOT / 2  # round 1's first match: the winner above, the loser below
    left = MARGIN
    winner_bar = (left, cy - tournament.SEAT_H + 4, left + tournament.BAR, cy - 4)
    loser_bar = (left, cy + 4, left + tournament.BAR, cy + tournament.SEAT_H - 4)
    assert share(image, GOLD, winner_bar) > 0.9 and share(image, GOLD, loser_bar) == 0


def test_the_champion_ends_the_bracket_in_a_gold_box():
    plain, crowned = draw(bracket()), draw(bracket(field(4)[2]))
    assert crowned.width == plain.width + tournament.COL_W + tournament.GAP_X or plain.width == tournament.MIN_W
    last = (crowned.width - MARGIN - tournament.COL_W, 0, crowned.width - MARGIN, crowned.height)
    assert share(crowned, GOLD, last) > 0.1 > share(plain, GOLD, last)


def test_a_right_to_left_bracket_starts_on_the_right():
    ltr, rtl = draw(bracket()), draw(replace(bracket(), rtl=True))
    top = tournament.HEADER_H + tournament.HEADINGS_H
    first_left = (MARGIN, top, MARGIN + tournament.COL_W, top + 2 * tournament.SLOT)
    first_right = (rtl.width - MARGIN - tournament.COL_W, top, rtl.width - MARGIN, top + 2 * tournament.SLOT)
    # round 1 has two matches (four seats), the final one: more is drawn where round 1 is
    assert share(ltr, GOLD, first_left) > share(ltr, GOLD, first_right)
    assert share(rtl, GOLD, first_right) > share(rtl, GOLD, first_left)


def words(described: TournamentPicture) -> list[str]:
    found = [described.title, described.subtitle, described.champion, described.champion_heading, described.bye]
    found += [w for w in described.headings] + [r.name for r in described.rows]
    found += [c.heading for c in described.columns]
    found += [s.name for c in described.columns for m in c.matches if m for s in m]
    return [w for w in found if w]


@pytest.mark.parametrize(("fmt", "lang"), [(Format.SWISS, "ar"), (Format.POINTS, "ja"), (Format.ELIMINATION, "fa")])
def test_every_word_of_a_tournament_picture_is_drawn_whole(fmt: Format, lang: str):
    """Nothing left out (a character no font has) and nothing drawn as the missing glyph's box."""
    need_all()
    for word in words(picture(fmt, 16, lang)):
        visible = "".join(c for c in " ".join(word.split()) if ord(c) not in faces.IGNORABLE)
        assert text.drawable(word) == visible, f"{word!r} ({lang}) lost characters"
        for run in text.layout(word, 22).runs:
            if run.face.bitmap:
                continue
            face = faces.freetype(run.face, 22)
            box = face.getmask("\ue000")
            for cluster in text.clusters(run.text):
                if not cluster.isspace() and ord(cluster[0]) not in faces.IGNORABLE:
                    mask = face.getmask(cluster)
                    assert (mask.size, bytes(mask)) != (box.size, bytes(box)), f"{cluster!r} is a box ({lang})"
