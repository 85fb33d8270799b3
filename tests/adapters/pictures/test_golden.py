"""Every picture kind at each game's largest table, in both decks, against stored references.

Regenerate after an intended change with `UPDATE_GOLDEN=1 pytest tests/adapters/pictures`, then
look at the new golden/*.png before committing them."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from adapters.pictures import samples
from adapters.pictures.decks import DECKS
from adapters.pictures.render import draw, encode, render
from bot.ui.picture import Picture
from tests.adapters.pictures import golden
from tests.adapters.pictures.fonts import need_all
from tests.adapters.pictures.golden import check

# Svolota at six players (with the hand: a player's own picture), Speed's two, Racing Demon at
# eight (with the player's own layout), a podium of eight, a hand of nine.
PICTURES: dict[str, Picture] = samples.ALL


@pytest.mark.parametrize("deck", list(DECKS))
@pytest.mark.parametrize("kind", list(PICTURES))
def test_picture_matches_its_reference(kind: str, deck: str, tmp_path: Path) -> None:
    if kind != "hand":  # the boards' names are in every script
        need_all()
    check(f"{kind}_{deck}.png", render(PICTURES[kind], deck), tmp_path)


def test_a_missing_reference_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(golden, "UPDATE", False)
    with pytest.raises(AssertionError, match="no reference"):
        check("no_such_picture.png", render(samples.HAND), tmp_path)
    assert not (golden.GOLDEN / "no_such_picture.png").exists()


def test_the_comparison_sees_a_change(tmp_path: Path) -> None:
    """The direction turned: only the arrow differs, and that is far more than the tolerance."""
    turned = dataclasses.replace(samples.SVOLOTA, up=False)
    with pytest.raises(AssertionError, match="differ by more than"):
        check("svolota_classic.png", render(turned, "classic"), tmp_path)


def test_the_samples_are_the_largest_tables() -> None:
    assert len(samples.SVOLOTA.seats) == 6 and samples.SVOLOTA.hand is not None
    assert len(samples.DEMON.seats) == 8 and samples.DEMON.own is not None
    assert len(samples.PODIUM.standings) == 8
    assert len(samples.HAND.cards) >= 7


@pytest.mark.parametrize("deck", list(DECKS))
def test_drawing_is_deterministic(deck: str) -> None:
    for picture in PICTURES.values():
        assert encode(draw(picture, deck), deck) == encode(draw(picture, deck), deck)


@pytest.mark.parametrize("deck", list(DECKS))
def test_pictures_fit_a_phone(deck: str) -> None:
    for picture in PICTURES.values():
        width, height = draw(picture, deck).size
        assert width <= 1000 and height <= 1000


def test_public_boards_leave_out_the_own_parts() -> None:
    """A spectator's board (no hand, no own layout) is shorter than a player's."""
    spectator = dataclasses.replace(samples.SVOLOTA, hand=None)
    assert draw(spectator).height < draw(samples.SVOLOTA).height
    public = dataclasses.replace(samples.DEMON, own=None)
    assert draw(public).height < draw(samples.DEMON).height


def test_an_unknown_deck_is_refused() -> None:
    with pytest.raises(ValueError, match="no deck"):
        draw(samples.HAND, "tarot")
