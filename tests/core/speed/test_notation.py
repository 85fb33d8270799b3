"""The text contract (SPEC §2) for Speed: canonical moves, forgiving parsing, clear refusals."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import BadNotation, IllegalMove, new_game
from core.games.speed.moves import Fill, Flip, New, Play, format_move, parse_move
from tests.core.speed.tables import position
from tests.examples import examples


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("play 2 1", Play(2, 1)),
        ("PLAY 2 1", Play(2, 1)),
        ("  play   2    1 ", Play(2, 1)),
        ("play 2>1", Play(2, 1)),
        ("play 2 > 1", Play(2, 1)),
        ("play21", Play(2, 1)),
        ("play 1 12", Play(1, 12)),
        ("play112", Play(1, 12)),
        ("Flip 3", Flip(3)),
        ("flip3", Flip(3)),
        ("FILL  4", Fill(4)),
        ("new", New()),
        (" NEW ", New()),
    ],
)
def test_moves_are_read_case_insensitively_with_spaces_ignored(text: str, move: object) -> None:
    assert parse_move(text) == move


@pytest.mark.parametrize("move", [Play(2, 1), Play(5, 12), Flip(3), Fill(4), New()])
def test_canonical_notation_reads_back(move: Play | Flip | Fill | New) -> None:
    assert parse_move(format_move(move)) == move


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "expected play S P, flip S, fill S or new"),
        ("hello", "not a move: hello — expected play S P, flip S, fill S or new"),
        ("play", "e.g. play 2 1"),
        ("play 2", "e.g. play 2 1"),
        ("play two one", "e.g. play 2 1"),
        ("flip", "flip names one of your stacks, e.g. flip 3"),
        ("fill x", "fill names one of your stacks"),
        ("new pile", "not a move"),
        ("play 8H", "e.g. play 2 1"),
        ("play ٢ ١", "e.g. play 2 1"),  # Arabic-Indic digits are not stack numbers
    ],
)
def test_text_that_is_not_a_move_says_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(BadNotation, match=message):
        parse_move(text)


def test_moves_lists_canonical_forms_in_a_stable_order() -> None:
    g = new_game("speed", ["ann", "bob"], seed=1, options={"stacks": 4})
    first = g.moves("ann")
    assert first == g.moves("ann")
    assert all(format_move(parse_move(m)) == m for m in first)
    again = new_game("speed", ["ann", "bob"], seed=1, options={"stacks": 4})
    assert again.moves("ann") == first and again.moves("bob") == g.moves("bob")


def test_play_accepts_any_spelling_of_a_legal_move() -> None:
    g = position(["8C", "", "", "", ""], ["", "", "", "", "#2C 3C"], ["7H", "KS"], reserves=("4S", "4D"))
    g.play("ann", "  PLAY 1   1 ")
    assert str(g.table.piles[0].top) == "8C"


def test_a_stranger_may_not_play() -> None:
    g = new_game("speed", ["ann", "bob"], seed=1)
    with pytest.raises(IllegalMove, match="is not playing"):
        g.play("cy", "new")
    with pytest.raises(ValueError):
        g.moves("cy")


@settings(max_examples=examples(300), deadline=None)
@given(text=st.one_of(st.text(max_size=40), st.from_regex(r"(play|flip|fill|new)? ?-?[0-9 >]{0,8}", fullmatch=True)))
def test_any_text_is_a_move_or_an_illegal_move_and_never_changes_the_game(text: str) -> None:
    g = new_game("speed", ["ann", "bob"], seed=11, options={"colours": True})
    before = g.to_json()
    try:
        g.play("ann", text)
    except IllegalMove:
        assert g.to_json() == before
        return
    assert format_move(parse_move(text)) in new_game("speed", ["ann", "bob"], seed=11, options={"colours": True}).moves(
        "ann"
    )


@pytest.mark.parametrize("thing", [None, 12, b"new", ["new"], {"move": "new"}])
def test_a_move_that_is_not_text_is_refused(thing: object) -> None:
    g = new_game("speed", ["ann", "bob"], seed=11)
    before = g.to_json()
    with pytest.raises(IllegalMove):
        g.play("ann", thing)  # type: ignore[arg-type]
    assert g.to_json() == before
