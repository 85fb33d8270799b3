"""Names are people's: Cyrillic, emoji, long, odd. Whatever the fonts can draw is drawn; nothing
fails. Card text that is no card is drawn as a blank place. (Each script: test_scripts.py.)"""

from __future__ import annotations

import dataclasses

import pytest

from adapters.pictures import samples
from adapters.pictures.decks import DECKS
from adapters.pictures.render import draw, encode
from adapters.pictures.text import drawable, fit
from bot.ui.picture import DemonBoard, Podium, SeatLine, SpeedBoard, SpeedLayout, Standing, SvolotaBoard

NAMES = (
    "Оля",
    "Дмитро Іванович Ґалаґан",
    "Max 🎲",
    "🎲🎲🎲",  # nothing the font has
    "👩‍👩‍👧‍👦 family",  # a ZWJ sequence
    "Zoë ❤️",  # a variation selector
    "王小明",  # CJK: a system font, or left out
    "שרה",  # right to left
    "e\u0301mile",  # a combining accent
    "tab\there\nnewline",
    "",
    "W" * 80,
)


def _seats(count: int) -> tuple[SeatLine, ...]:
    return tuple(
        SeatLine(NAMES[i % len(NAMES)], i, turn=i == 1, passed=i == 2, score=i - 3, top="QS") for i in range(count)
    )


@pytest.mark.parametrize("deck", list(DECKS))
def test_any_name_renders(deck: str) -> None:
    pictures = [
        dataclasses.replace(samples.SVOLOTA, seats=_seats(6)),
        dataclasses.replace(samples.DEMON, seats=_seats(8)),
        SpeedBoard(("2H", "3D"), tuple(SpeedLayout(name, ("AS",) * 5, 5, 3) for name in NAMES[2:4])),  # type: ignore[arg-type]
        Podium("Свола 🏆", tuple(Standing(i + 1, name, "☺ 3 очки", i - 5) for i, name in enumerate(NAMES))),
    ]
    for picture in pictures:
        assert encode(draw(picture, deck), deck).startswith(b"\x89PNG")


def test_characters_no_font_has_are_left_out() -> None:
    assert drawable("Max \ue000") == "Max"  # a private-use character: no font draws it
    assert drawable("\ue000\U000f0000") == ""
    assert drawable("Оля") == "Оля"
    assert drawable("tab\there\nnow") == "tab here now"
    assert drawable("a \ue000 b") == "a b"  # and the gap it leaves


def test_a_long_name_is_cut_with_an_ellipsis() -> None:
    line = fit("Александра Константинопольская", 24, 200)
    assert line.text.endswith("…") and line.width <= 200
    assert fit("Оля", 24, 200).text == "Оля"
    assert fit("👩‍👩‍👧‍👦👩‍👩‍👧‍👦👩‍👩‍👧‍👦", 24, 50).text in ("👩‍👩‍👧‍👦…", "…")  # a sequence is kept whole or not at all


def test_empty_and_odd_boards_render() -> None:
    boards = [
        SvolotaBoard(last_play=(), up=False, follow=None, seats=(SeatLine("a", 0),), reserve=0, hand=()),
        SvolotaBoard(last_play=("XX", "1Z", "JK"), up=True, follow="purple", seats=(), reserve=3, face_up="??"),
        DemonBoard(foundations=(), complete=0, seats=()),
        SpeedBoard(centre=(), layouts=(SpeedLayout("a", (), 0, 0), SpeedLayout("b", ("2H",) * 7, 0, 0))),
        Podium(title="", standings=()),
        Podium(
            title="t",
            standings=(Standing(1, "a", ""), Standing(1, "b", ""), Standing(1, "c", ""), Standing(1, "d", "")),
        ),
    ]
    for board in boards:
        assert draw(board).width > 0
