"""What a drawing process needs before its first picture, loaded once in the drawing processes' fork
server (workers.py): every face's character map, each deck's cards at every size, and each deck's
palette (drawing one hand with each deck loads it: made, or read where an earlier process kept it,
palette.py). Workers are forked from that server, so each one starts with them in memory instead of
loading them itself (bench/pictures.py times a pool's start).

The fork server imports this module, and nothing else does: importing it is the loading. A failure
here costs only the head start (each worker's start and its first drawings load what they need, as
they would without it), so it is logged, not raised: the server must start either way."""

from __future__ import annotations

import logging

from adapters.pictures import faces, palette
from adapters.pictures.decks import DECKS
from adapters.pictures.render import fresh
from adapters.pictures.samples import HAND

log = logging.getLogger(__name__)


def load() -> None:
    faces.load()
    for deck in DECKS:
        palette.draw_cards(deck)  # (its palette made, or read where an earlier process kept it)
        fresh(HAND, deck)


try:
    load()
except Exception as e:  # any: see the docstring
    log.warning("the drawing processes' fork server could not load the fonts and decks: %r", e)
