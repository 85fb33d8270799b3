"""Writes the README's example pictures, drawn by the renderer itself: `make pictures`, or
`python -m adapters.pictures.gallery [DIRECTORY]` (docs/pictures by default)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from adapters.pictures import samples, tournament_samples
from adapters.pictures.render import render
from bot.games import games
from bot.history import RatingPoint
from bot.i18n import NATIVE_RANKS, translator
from bot.tournament import Format
from bot.ui.picture import Podium, RatingChart, Standing
from bot.ui.rating_chart import rating_chart
from bot.ui.ratings import stats_title


def podium_in(lang: str, names: tuple[str, ...]) -> Podium:
    """The sample podium with its words in `lang` (pictures draw what they are given: the title
    and the scores come translated, as the bot's screens give them)."""
    t = translator(lang)

    def points(n: int) -> str:
        return t.ngettext("{count} point", "{count} points", n).format(count=t.number(n))

    standings = tuple(
        Standing(s.place, name, points(score), s.change)
        for s, name, score in zip(samples.PODIUM.standings, names, (26, 21, 14, 14), strict=False)
    )
    return Podium(t.gettext("Racing Demon"), standings)


def chart_in(lang: str, name: str) -> RatingChart:
    """The sample chart's points as /stats would chart them in `lang` (bot/ui/rating_chart.py):
    the games', the seasons' and the days' names in that language."""
    t = translator(lang)
    points = {
        game: tuple(RatingPoint(at, 0, rating) for at, rating in line.points)
        for game, line in zip(games(), samples.CHART.lines, strict=False)
    }
    chart = rating_chart(stats_title(name, False, t), points, t)
    assert chart is not None
    return chart


# (file, picture, deck): one of each board and the result, one in the four-colour deck; the podium
# in Arabic and Japanese; a Russian chat's Svolota board with its own court letters (В Д К Т); a
# person's rating chart (/stats), and in Persian and Japanese; a tournament's standings (Swiss of
# 16, points of 12 in Arabic) and brackets (16; 7 in Japanese), played out by tournament_samples.py.
GALLERY = (
    ("svolota.png", samples.SVOLOTA, "classic"),
    ("speed.png", samples.SPEED, "classic"),
    ("racing_demon_four_colour.png", samples.DEMON, "four_colour"),
    ("podium.png", samples.PODIUM, "classic"),
    ("podium_ar.png", podium_in("ar", ("سارا رضایی", "محمد علي", "ليلى", "Sam")), "classic"),
    ("podium_ja.png", podium_in("ja", ("さくら", "山田太郎", "김민준", "Max 🎲")), "classic"),
    ("svolota_ru_native.png", replace(samples.SVOLOTA, court=translator("ru", NATIVE_RANKS).court), "classic"),
    ("rating_chart.png", samples.CHART, "classic"),
    ("rating_chart_fa.png", chart_in("fa", "سارا رضایی"), "classic"),
    ("rating_chart_ja.png", chart_in("ja", "山田さくら"), "classic"),
    ("tournament_swiss.png", tournament_samples.picture(Format.SWISS, 16), "classic"),
    ("tournament_points_ar.png", tournament_samples.picture(Format.POINTS, 12, "ar"), "classic"),
    ("tournament_elimination.png", tournament_samples.picture(Format.ELIMINATION, 16), "classic"),
    ("tournament_elimination_ja.png", tournament_samples.picture(Format.ELIMINATION, 7, "ja"), "classic"),
)


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    directory = Path(args[0] if args else "docs/pictures")
    directory.mkdir(parents=True, exist_ok=True)
    for name, picture, deck in GALLERY:
        png = render(picture, deck)
        (directory / name).write_bytes(png)
        print(f"{directory / name}: {len(png) // 1024} KB")


if __name__ == "__main__":
    main()
