"""Writes the README's example pictures, drawn by the renderer itself: `make pictures`, or
`python -m adapters.pictures.gallery [DIRECTORY]` (docs/pictures by default)."""

from __future__ import annotations

import sys
from pathlib import Path

from adapters.pictures import samples
from adapters.pictures.render import render

# (file, picture, deck): one of each board and the result, one in the four-colour deck.
GALLERY = (
    ("svolota.png", samples.SVOLOTA, "classic"),
    ("speed.png", samples.SPEED, "classic"),
    ("racing_demon_four_colour.png", samples.DEMON, "four_colour"),
    ("podium.png", samples.PODIUM, "classic"),
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
