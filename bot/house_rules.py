"""House rules picked with buttons in a lobby: each game's options (SPEC §2) with the values worth
a button, cycled by its creator (or a chat admin), and the level of the computers the lobby seats;
"save for this chat" makes them the chat's defaults (admins), as `/settings rule` does.

A lobby starts from the chat's defaults; what its creator picks is the table's own
(`table.options`, `table.level`) and wins over them when the game starts (bot/running.py).
"""

from __future__ import annotations

from typing import Any, Final

from bot.games import game_info
from bot.i18n import Translator
from bot.people import Actor
from bot.refusals import Refused
from bot.settings import ChatSettings
from bot.tables import Status, Table
from bot.ui.words import N_

# The values each option cycles through in a lobby, its usual one first (the SPEC's default), are
# each game's own (`GameInfo.picks`); their names are shown here (another game's: as core names them):
NAMES: Final = {
    "free_pass": N_("Free pass"),
    "stacks": N_("Stacks"),
    "colours": N_("Alternating colours"),
    "target": N_("Match to"),
    "demon_penalty": N_("Demon penalty"),
    "auto_aces": N_("Aces by themselves"),
}
LEVEL: Final = "level"  # the button that cycles the computers' level


def current(table: Table, chat: ChatSettings) -> dict[str, Any]:
    """The options the table will start with: the chat's defaults, then the table's own."""
    return {**chat.house_rules.get(table.game, {}), **table.options}


def may_pick(table: Table, actor: Actor) -> None:
    if table.status is not Status.LOBBY:
        raise Refused("this table is not a lobby")
    if actor.person != table.creator and not actor.admin:
        raise Refused("only the player who opened the table or a chat admin can change its house rules")


def pick(table: Table, chat: ChatSettings, name: str) -> None:
    """The option (or the computers' level) moves to its next value."""
    if name == LEVEL:
        levels = list(game_info(table.game).levels)
        table.level = levels[(levels.index(table.level) + 1) % len(levels)] if table.level in levels else levels[0]
        for seat in table.seats:
            if seat.person is None:
                seat.level = table.level
        return
    values = game_info(table.game).picks.get(name)
    if values is None:
        raise Refused("not a house rule: {reason}", reason=name[:30])
    now = current(table, chat).get(name, values[0])
    table.options[name] = values[(values.index(now) + 1) % len(values)] if now in values else values[0]


def save(table: Table, chat: ChatSettings, actor: Actor) -> None:
    """The lobby's rules and level become the chat's defaults for this game."""
    if not actor.admin:
        raise Refused("only a chat admin can change the settings")
    picked = {k: v for k, v in current(table, chat).items() if k in game_info(table.game).picks}
    chat.house_rules[table.game] = {**chat.house_rules.get(table.game, {}), **picked}
    chat.levels[table.game] = table.level


def value_word(value: Any, t: Translator) -> str:
    if value is True:
        return t.gettext("on")
    if value is False:
        return t.gettext("off")
    return str(value)
