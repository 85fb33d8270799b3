"""Speed on a screen: the centre piles, both layouts, the stalemate offer; a player's controls."""

from __future__ import annotations

from typing import Any

from bot.i18n import Translator
from bot.tables import Table
from core import Game
from core.games.speed.view import LayoutView, SpeedView

DOWN = "🂠"


def _layout(layout: LayoutView) -> str:
    stacks = []
    for i, s in enumerate(layout.stacks, 1):
        top = s.up.pretty if s.up else (DOWN if s.down else "·")
        stacks.append(f"{i}:{top}" + (f"+{s.down}" if s.up and s.down else ""))
    return " ".join(stacks)


def board_lines(table: Table, game: Game[Any, Any], t: Translator) -> list[str]:
    v: SpeedView = game.view(0)
    piles = "  ".join(f"[{i}] {p.top.pretty}" for i, p in enumerate(v.piles, 1))
    lines = [t.gettext("Centre: {piles}").format(piles=piles)]
    for seat, layout in enumerate(v.layouts):
        name = table.seats[seat].name
        lines.append(
            t.gettext("{name}: {stacks} · reserve {count}").format(
                name=name, stacks=_layout(layout), count=layout.reserve
            )
        )
    if v.target:
        lines.append(
            t.gettext("Deal {deal} · points {a}:{b} (to {target})").format(
                deal=v.deal, a=v.points[0], b=v.points[1], target=v.target
            )
        )
    if v.stalemate:
        lines.append(t.gettext("Stalemate! Press “New pile”, or it is called for you."))
    return lines


def panel_lines(game: Game[Any, Any], seat: int, t: Translator) -> list[str]:
    v: SpeedView = game.view(seat)
    lines = [
        t.gettext("Your stacks: {stacks}").format(stacks=_layout(v.mine)),
        t.gettext("Centre: {piles}").format(piles="  ".join(f"[{i}] {p.top.pretty}" for i, p in enumerate(v.piles, 1))),
    ]
    if v.mine.reserve and any(s.cards == 0 for s in v.mine.stacks) and not v.over:
        lines.append(_fill_hint(v, t))
    return lines


def _fill_hint(v: SpeedView, t: Translator) -> str:
    """Why one would fill an empty stack, or not: the reserve counts only in a points match."""
    if v.target:
        return t.gettext(
            "Fill an empty stack from your reserve: every card left in your reserve "
            "when the deal ends scores a point for your opponent."
        )
    return t.gettext("No need to fill: the first to empty every stack wins, and the reserve does not count.")


def offered(game: Game[Any, Any], seat: int, move: str) -> bool:
    """Whether `move` (legal) gets a button. `fill N` is legal on an empty or a face-down stack,
    but is offered only where it helps: on an empty stack in a points match, where every card left
    in the reserve scores for the opponent. On a face-down stack a flip comes first; in a single
    deal filling only adds a card to the stacks one must empty. (Typed, it is still played.)"""
    if not move.startswith("fill"):
        return True
    v: SpeedView = game.view(seat)
    stack = v.mine.stacks[int(move.split()[1]) - 1]
    return bool(v.target) and stack.cards == 0 and v.mine.reserve > 0


def move_label(game: Game[Any, Any], seat: int, move: str, t: Translator) -> str:
    v: SpeedView = game.view(seat)
    words = move.split()
    if words[0] == "play":
        stack, pile = int(words[1]), int(words[2])
        card = v.mine.stacks[stack - 1].up
        return f"{card.pretty if card else stack} → [{pile}]"
    if words[0] == "flip":
        return t.gettext("flip {stack}").format(stack=words[1])
    if words[0] == "fill":
        return t.gettext("fill {stack}").format(stack=words[1])
    return t.gettext("New pile")
