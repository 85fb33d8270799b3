"""A person's rating chart drawn (adapters/pictures/chart.py): a PNG of the chart's size, the same
bytes for the same description and others for another, a line in its game's ink where its points
are, and every word of a chart in a right-to-left or CJK language drawn whole (no box, nothing left
out). Its reference image is in test_golden.py (samples.CHART)."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

from adapters.pictures import chart, faces, text
from adapters.pictures.gallery import chart_in
from adapters.pictures.render import draw, fresh
from adapters.pictures.samples import CHART
from bot.ui.picture import ChartLine, RatingChart
from tests.adapters.pictures.fonts import need

NAMES = {"fa": "سارا رضایی", "ar": "محمد علي", "ja": "山田さくら", "zh_Hans": "王小明", "ko": "김민준"}


def png_image(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def test_the_chart_is_a_png_of_its_size_the_same_bytes_each_time():
    png = fresh(CHART)
    assert png_image(png).size == (chart.WIDTH, chart.HEIGHT)
    assert fresh(CHART) == png


def test_another_history_draws_another_picture():
    line = CHART.lines[0]
    later = replace(
        CHART, lines=(replace(line, points=(*line.points, (line.points[-1][0] + 86_400, 1050))), *CHART.lines[1:])
    )
    assert fresh(later) != fresh(CHART)
    assert fresh(replace(CHART, title="📊 Someone else")) != fresh(CHART)


def test_each_line_is_drawn_in_its_game_s_ink_through_its_points():
    """A single game's two points: its ink at both (a mark on each), and none of the others' anywhere."""
    two = RatingChart("Ann", (ChartLine("Speed", ((1_790_000_000.0, 990), (1_790_500_000.0, 1010)), 1),))
    image = draw(two)
    plot = chart.Plot(two, chart.BOX)
    for at, rating in two.lines[0].points:
        assert image.getpixel((round(plot.x(at)), round(plot.y(rating)))) == chart.INKS[1]
    colours = {colour for _, colour in image.getcolors(1 << 16) or []}
    assert chart.INKS[1] in colours and chart.INKS[0] not in colours


def test_a_right_to_left_chart_starts_its_title_on_the_right():
    rtl = chart_in("fa", NAMES["fa"])
    assert rtl.rtl
    title = draw(rtl).crop((0, chart.MARGIN, chart.WIDTH, chart.MARGIN + chart.TITLE))
    left, _, right, _ = title.convert("L").point(lambda v: 255 if v > 200 else 0).getbbox() or (0, 0, 0, 0)
    assert right > chart.WIDTH - chart.MARGIN - 10 and left > chart.MARGIN + 10


def words(picture: RatingChart) -> list[str]:
    return [picture.title, *(line.name for line in picture.lines), *(m.name for m in picture.seasons),
            picture.first_day, picture.last_day]  # fmt: skip


@pytest.mark.parametrize("lang", list(NAMES))
def test_every_word_of_a_chart_in_a_right_to_left_or_cjk_language_is_drawn(lang: str):
    """Nothing left out (a character no font has) and no character drawn as the missing glyph's box,
    as tests/adapters/pictures/test_scripts.py checks names."""
    for what in ("raqm", "cjk", "emoji"):  # (the title's 📊)
        need(what)
    picture = chart_in(lang, NAMES[lang])
    assert picture.seasons and NAMES[lang] in picture.title
    for word in words(picture):
        visible = "".join(c for c in " ".join(word.split()) if ord(c) not in faces.IGNORABLE)  # (marks steer only)
        assert text.drawable(word) == visible, f"{word!r} ({lang}) lost characters"
        for run in text.layout(word, 24).runs:
            if run.face.bitmap:
                continue
            face = faces.freetype(run.face, 24)
            box = face.getmask("\ue000")
            for cluster in text.clusters(run.text):
                if not cluster.isspace() and ord(cluster[0]) not in faces.IGNORABLE:
                    mask = face.getmask(cluster)
                    assert (mask.size, bytes(mask)) != (box.size, bytes(box)), f"{cluster!r} is a box ({lang})"
    assert png_image(fresh(picture)).size == (chart.WIDTH, chart.HEIGHT)


def test_one_day_of_games_is_spread_over_a_day():
    """Points an hour apart are not stretched edge to edge (as the page's chart: a day at least)."""
    hour = RatingChart("Ann", (ChartLine("Speed", ((1_790_000_000.0, 990), (1_790_003_600.0, 1010)), 1),))
    plot = chart.Plot(hour, (0, 0, 1000, 100))
    first, last = (plot.x(at) for at, _ in hour.lines[0].points)
    assert 400 < first < last < 600
