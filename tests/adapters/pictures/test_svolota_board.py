"""A Svolota move is drawn once for the chat and once for each player (their hand below the same
board: adapters/pictures/svolota.py draws the board once for all of them). Each picture is what
drawing it alone makes, pixel for pixel, whichever of them is drawn first."""

from __future__ import annotations

import dataclasses

import pytest
from PIL import Image, ImageChops

from adapters.pictures import samples, svolota
from bot.ui.picture import SvolotaBoard

BOARD = dataclasses.replace(samples.SVOLOTA, hand=None)
ANN = samples.SVOLOTA  # a hand of her own
BOB = dataclasses.replace(samples.SVOLOTA, hand=("2H", "9C"))


def alone(picture: SvolotaBoard, deck: str) -> Image.Image:
    svolota.board.cache_clear()
    return svolota.draw(picture, deck)


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


@pytest.mark.parametrize("deck", ["classic", "four_colour"])
@pytest.mark.parametrize("first", [BOARD, ANN, BOB], ids=["the board first", "Ann's first", "Bob's first"])
def test_each_players_picture_of_a_move_is_what_drawing_it_alone_makes(deck: str, first: SvolotaBoard) -> None:
    expected = {picture: alone(picture, deck) for picture in (BOARD, ANN, BOB)}
    svolota.board.cache_clear()
    drawn = {picture: svolota.draw(picture, deck) for picture in (first, *(p for p in expected if p != first))}
    assert all(same(drawn[picture], expected[picture]) for picture in expected)
    # and the board above a hand is the chat's board, row for row
    top = expected[BOARD].height - 2 * svolota.GAP
    assert same(expected[ANN].crop((0, 0, svolota.WIDTH, top)), expected[BOARD].crop((0, 0, svolota.WIDTH, top)))


def test_a_picture_given_out_is_the_callers_to_change() -> None:
    svolota.board.cache_clear()
    mine = svolota.draw(BOARD, "classic")
    mine.paste((0, 0, 0), (0, 0, mine.width, mine.height))  # a caller draws over it
    assert same(svolota.draw(ANN, "classic"), alone(ANN, "classic"))
