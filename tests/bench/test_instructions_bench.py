"""bench.instructions counts a decision's instructions as the difference between a child that makes
and plays seeded games and one that only makes them, each under callgrind (here a stand-in, as CI
has no valgrind), over the decisions played."""

from __future__ import annotations

from bench import instructions
from core.compiled import ENV


def test_the_child_plays_the_seeded_games_only_when_asked_and_always_the_same_ones() -> None:
    assert instructions.child("svolota", 3, 4, view=False, play=False) == 0
    played = instructions.child("svolota", 3, 4, view=False, play=True)
    assert played > 4 * 10  # (a Svolota game of three takes dozens of decisions)
    assert instructions.child("svolota", 3, 4, view=False, play=True) == played
    assert instructions.child("svolota", 3, 4, view=True, play=True) == played  # a view changes nothing


def test_a_decision_costs_the_instructions_playing_added_over_the_decisions() -> None:
    calls: list[tuple[list[str], dict[str, str]]] = []

    def callgrind(argv: list[str], env: dict[str, str]) -> tuple[str, str]:
        calls.append((argv, env))
        made = "--no-play" in argv
        return ("0\n" if made else "30\n"), f"==1== Collected : {'1,000' if made else '4,000'}\n"

    c = instructions.count(callgrind, "compiled", "svolota", 4, 10, view=True)
    assert (c.made, c.played, c.decisions, c.per_decision) == (1_000, 4_000, 30, 100.0)
    assert all(argv[:2] == ["valgrind", "--tool=callgrind"] and env[ENV] == "1" for argv, env in calls)
    assert all("--view" in argv and argv[argv.index("--players") + 1] == "4" for argv, _ in calls)
    calls.clear()
    instructions.count(callgrind, "pure", "svolota", 4, 10, view=False)
    assert [ENV in env for _, env in calls] == [False, False]
