"""The press benchmarks' figures: a bot press's answer counts among all answers, and apart as the
game going on or its last move (rated before it is answered)."""

from __future__ import annotations

from bench.press_figures import PressFigures, percentile, ratio


def test_answers_are_told_apart_by_whether_the_press_ended_its_game() -> None:
    figures = PressFigures()
    for answered, ended in [(0.004, False), (0.005, False), (0.030, True)]:
        figures.bot_press(0.0, 0.001, 0.003, answered, 0.02, None, refused=False, ended=ended)
    figures.noop_answer += [0.002, 0.002, 0.002]
    assert figures.answer == [0.004, 0.005, 0.030]
    assert (figures.going_on, figures.last_move) == ([0.004, 0.005], [0.030])
    assert percentile(figures.answer, 99) == 0.030 and percentile(figures.going_on, 99) == 0.005
    assert ratio(figures.going_on, figures.noop_answer, 99) == 2.5
