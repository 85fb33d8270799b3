"""Racing Demon on a screen: the foundations and every player's demon; a player's own layout
and controls."""

from __future__ import annotations

from typing import Any

from bot.i18n import Translator
from bot.tables import Table
from core import Game
from core.cards import Card
from core.games.racing_demon.view import DemonView

MAX_FOUNDATIONS_SHOWN = 16


def _card(card: Card | None) -> str:
    return card.pretty if card else "·"


def board_lines(table: Table, game: Game[Any, Any], t: Translator) -> list[str]:
    v: DemonView = game.view(0)
    open_piles = [f.top.pretty for f in v.foundations if not f.complete]
    done = sum(1 for f in v.foundations if f.complete)
    lines = [
        t.gettext("Foundations: {piles}").format(piles=" ".join(open_piles[:MAX_FOUNDATIONS_SHOWN]) or "—")
        + (" " + t.gettext("({count} complete)").format(count=done) if done else "")
    ]
    demons = {0: (v.own.demon_size, v.own.demon_top)} | {o.seat: (o.demon_size, o.demon_top) for o in v.others}
    for seat, s in enumerate(table.seats):
        size, top = demons[seat]
        lines.append(
            t.gettext("{name}: demon {count} ({card}) · score {score}").format(
                name=s.name, count=size, card=_card(top), score=v.scores[seat]
            )
        )
    return lines


def panel_lines(game: Game[Any, Any], seat: int, t: Translator) -> list[str]:
    v: DemonView = game.view(seat)
    work = "  ".join(f"w{i}:{_card(p[-1] if p else None)}" for i, p in enumerate(v.own.work, 1))
    lines = [
        t.gettext("Demon: {card} ({count} left)").format(card=_card(v.own.demon_top), count=v.own.demon_size),
        work,
        t.gettext("Waste: {card} · stock {count}").format(
            card=_card(v.own.waste[-1] if v.own.waste else None), count=v.own.stock_size
        ),
    ]
    if v.stuck:
        lines.append(t.gettext("Nothing left to place: wait for the others."))
    return lines


def move_label(game: Game[Any, Any], seat: int, move: str, t: Translator) -> str:
    if move == "turn":
        return t.gettext("Turn 3")
    v: DemonView = game.view(seat)
    source, target = move.split(">")
    if source == "demon":
        card = v.own.demon_top
    elif source == "waste":
        card = v.own.waste[-1] if v.own.waste else None
    else:
        card = v.own.work_top(int(source[1:]))
    where = t.gettext("foundation") if target == "f" else target
    return f"{_card(card)} → {where}"
