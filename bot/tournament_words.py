"""`/tournament`'s words, the same on every platform that takes text (Telegram, the console; Discord
has its own options for the same fields: adapters/discord/tree.py):

    /tournament <game> [swiss|elimination|points] [rounds=N] [signup=MIN] [round=MIN]
                [computers] [max=N] [size=N] [<house rule>=<value> ...] [name words ...]
    /tournament start | pause | resume | cancel
    /tournament disqualify | replace <name>        (or a mention, or in reply to them)

The words after the game may come in any order; a `key=value` that is none of ours is a house rule
of the game (`value_of`: on/off, a number, a word), and the words left over are the tournament's
name. Sign-up defaults to 10 minutes (0: until an admin starts it), rounds to as many as an
elimination of the same field would take, the round's time limit to none."""

from __future__ import annotations

from typing import Any, Final

from bot.commands import CreateTournament, ManageTournament
from bot.games import game_named
from bot.people import Actor, ChatRef, PersonRef
from bot.settings import value_of
from bot.tournament import Format

ACTIONS: Final = frozenset({"start", "pause", "resume", "cancel", "disqualify", "replace"})
NAMED: Final = frozenset({"disqualify", "replace"})  # actions that name an entrant
NUMBERS: Final = {
    "rounds": "rounds",
    "signup": "signup_minutes",
    "round": "round_minutes",
    "max": "max_entrants",
    "size": "table_size",
}
COMPUTERS: Final = frozenset({"computers", "bots", "cpu"})
SIGNUP_MINUTES: Final = 10


def tournament_command(
    chat: ChatRef, actor: Actor, words: list[str], target: PersonRef | None = None
) -> CreateTournament | ManageTournament | None:
    """The command the words ask for; None when they ask for none (no game, or nothing at all):
    the caller shows how to write it. An entrant named by the platform comes as `target`."""
    if not words:
        return None
    first = words[0].lower()
    if first in ACTIONS:
        entrant = " ".join(words[1:]).strip()
        if first in NAMED and target is None and not entrant:
            return None
        return ManageTournament(chat, actor, first, target, entrant)
    game = game_named(first)
    if game is None:
        return None
    fields: dict[str, Any] = {"signup_minutes": SIGNUP_MINUTES}
    options: dict[str, Any] = {}
    name: list[str] = []
    fmt = Format.SWISS.value
    for word in words[1:]:
        low = word.lower()
        key, _, value = low.partition("=")
        if low in {f.value for f in Format}:
            fmt = low
        elif low in COMPUTERS:
            fields["computers"] = True
        elif value and key in NUMBERS:
            try:
                fields[NUMBERS[key]] = float(value) if key in ("signup", "round") else int(value)
            except ValueError:
                fields[NUMBERS[key]] = -1  # refused by the service, which says what is allowed
        elif value:
            options[key] = value_of(word.partition("=")[2])
        else:
            name.append(word)
    return CreateTournament(chat, actor, game, fmt, options, name=" ".join(name)[:80], **fields)
