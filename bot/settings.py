"""Per-chat settings (chat admins change them) and the service's defaults."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.commands import ChangeSettings
from bot.games import game_info
from bot.i18n import LATIN_RANKS, NATIVE_RANKS, language_named, languages_listed
from bot.refusals import Refused
from core import game_class, new_game
from core.options import resolve_options


@dataclass(slots=True)
class ChatSettings:
    lang: str = "en"
    # Svolota turn timer; None: none (the console's practice game waits for its one person; a
    # chat's admin sets 15 to 600 s)
    turn_seconds: int | None = 60
    many_tables: bool = False  # more than one open table per chat/thread
    house_rules: dict[str, dict[str, Any]] = field(default_factory=dict)  # game id -> options
    levels: dict[str, str] = field(default_factory=dict)  # game id -> the level of computers a lobby adds
    look: str = "classic"  # boards as pictures in the classic or the four-colour deck, or "text"
    ranks: str = LATIN_RANKS  # court cards as J Q K A, or in the chat language's letters (В Д К Т)
    # the chat's page (issue #36) is public since this UNIX time: its public links name it, and
    # turning it private (None) or public again refuses the links made before
    page_public_since: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "lang": self.lang,
            "turn_seconds": self.turn_seconds,
            "many_tables": self.many_tables,
            "house_rules": self.house_rules,
            "look": self.look,
            "ranks": self.ranks,
            "levels": self.levels,
            "page_public_since": self.page_public_since,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ChatSettings:
        return cls(**d)


@dataclass(frozen=True, slots=True)
class ServiceConfig:
    lobby_seconds: float = 600.0  # a lobby with no activity expires
    challenge_seconds: float = 300.0
    window_seconds: float = 1.5  # real-time reaction window (per platform)
    idle_seconds: float = 60.0  # a real-time player idle this long gets a computer stand-in
    missed_turns: int = 2  # Svolota: turns missed in a row before a computer stands in
    computer_think: float = 1.2  # Svolota: a computer's pause before moving (scaled by level)
    # Speed: windows a stalemate is offered before `new` is called (never fewer than two windows
    # and 3 s: bot/timers.py)
    stalemate_windows: int = 1
    # A live table (adapters/web) is served: a playing table's board and its panels offer it
    live_table: bool = False
    season_months: int = 1  # a rating season's length (bot/seasons.py)
    vote_seconds: float = 60.0  # a vote to remove someone runs this long (bot/kicks.py)
    extend_seconds: float = 60.0  # "+1 min" on a lobby


# How people write a setting's value in a command, in the three languages.
ON = frozenset({"on", "yes", "true", "1", "вкл", "да", "так"})
OFF = frozenset({"off", "no", "false", "0", "выкл", "нет", "вимк", "ні"})


# How people name a look (bot/ui/screen.py LOOKS): a chat's (`/settings look`) or their own (`/look`).
LOOK_WORDS = {
    "classic": "classic",
    "four": "four_colour",
    "four_colour": "four_colour",
    "four-colour": "four_colour",
    "text": "text",
}


# How people name the court cards' letters (`/settings ranks`): as everywhere, or as their language has them.
RANK_WORDS = {
    "latin": LATIN_RANKS,
    "jqka": LATIN_RANKS,
    "native": NATIVE_RANKS,
    "own": NATIVE_RANKS,
    "вдкт": NATIVE_RANKS,
}


def value_of(word: str) -> Any:
    """`on`/`off` as booleans, whole numbers as ints, anything else as it is."""
    low = word.lower()
    if low in ON:
        return True
    if low in OFF:
        return False
    try:
        return int(low)
    except ValueError:
        return word[:30]


def look_named(word: Any) -> str:
    """The look a word names (LOOK_WORDS); any other word is refused with the words there are."""
    look = LOOK_WORDS.get(str(word).lower())
    if look is None:
        raise Refused("cards look: classic, four (colours) or text")
    return look


def apply_setting(settings: ChatSettings, cmd: ChangeSettings, now: float = 0.0) -> None:
    """A chat admin's change, checked (a refusal says what is wrong) and made in `settings`; `now`:
    the moment a page made public is public since."""
    name, value = cmd.name, cmd.value
    if name == "lang":
        lang = language_named(value)
        if lang is None:
            raise Refused("languages: {languages}", languages=languages_listed())
        settings.lang = lang
    elif name == "turn_seconds":
        if isinstance(value, bool) or not isinstance(value, int) or not 15 <= value <= 600:
            raise Refused("the turn timer is 15 to 600 seconds")
        settings.turn_seconds = value
    elif name == "many_tables":
        if not isinstance(value, bool):
            raise Refused("that setting is on or off")
        settings.many_tables = value
    elif name == "page_public":
        if not isinstance(value, bool):
            raise Refused("that setting is on or off")
        if not value:
            settings.page_public_since = None
        elif settings.page_public_since is None:  # public already: its links stay good
            settings.page_public_since = now
    elif name == "look":
        settings.look = look_named(value)
    elif name == "ranks":
        ranks = RANK_WORDS.get(str(value).lower())
        if ranks is None:
            raise Refused("court cards: latin (J Q K A) or native (the letters of the chat's language)")
        settings.ranks = ranks
    elif name == "house_rule" and cmd.game is not None:
        if not isinstance(value, tuple | list) or len(value) != 2 or not isinstance(value[0], str):
            raise Refused("not a house rule: {reason}", reason="a rule is a name and a value")
        rule, rule_value = value
        rules = {**settings.house_rules.get(cmd.game, {}), rule: rule_value}
        try:
            resolve_options(game_class(cmd.game).declared_options, {rule: rule_value})
            # every table of this chat will start with these rules: they must fit the smallest one
            smallest = game_info(cmd.game).min_players
            new_game(cmd.game, players=[str(i) for i in range(smallest)], seed=0, options=rules)
        except ValueError as e:
            raise Refused("not a house rule: {reason}", reason=str(e)[:100]) from None
        settings.house_rules.setdefault(cmd.game, {})[rule] = rule_value
    else:
        raise Refused("unknown setting {name}", name=str(name)[:30])
