"""Commands into the service. Each carries who sent it; adapters build them, the service judges."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.people import Actor, ChatRef, PersonRef
from bot.ui.screen import Reply


@dataclass(frozen=True, slots=True)
class Open:
    """Open a lobby for a game in a chat."""

    chat: ChatRef
    actor: Actor
    game: str
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Challenge:
    """Challenge named people to a game; it starts when everyone needed has accepted."""

    chat: ChatRef
    actor: Actor
    game: str
    targets: tuple[tuple[PersonRef, str], ...]  # (person, display name)
    fill_with_computers: bool = False
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Press:
    """A button: the token says which table, which version and what to do. `where` is the chat it
    was pressed in; None is a private place (the presser's own panel: a private chat, an ephemeral
    or inline view), where only their own seat's buttons work."""

    actor: Actor
    token: str
    once: str | None = None  # the update that brought it: delivered again (after a crash), it changes nothing
    where: ChatRef | None = None
    # The adapter's word once a change the press made is committed, with the step's reply, before
    # the table is redrawn: a platform that shows a press pending (Telegram's spinner) may answer
    # then, not after the screens are drawn. Not called for a refusal, nor an update delivered again.
    committed: Callable[[Reply], Awaitable[None]] | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Play:
    """A move typed or chosen (a play sent via the bot in inline mode, a console line) rather than pressed."""

    actor: Actor
    table_id: int
    move: str
    once: str | None = None  # as Press.once
    where: ChatRef | None = None  # as Press.where


@dataclass(frozen=True, slots=True)
class Cancel:
    """Cancel the open table in a chat (creator or chat admin)."""

    chat: ChatRef
    actor: Actor


@dataclass(frozen=True, slots=True)
class ChangeSettings:
    """A chat admin changes a chat setting: lang, turn_seconds, many_tables, or a house rule."""

    chat: ChatRef
    actor: Actor
    name: str
    value: Any
    game: str | None = None  # for a house rule


@dataclass(frozen=True, slots=True)
class SetLanguage:
    """A person's own language, overriding the chat's in their private screens."""

    actor: Actor
    lang: str


@dataclass(frozen=True, slots=True)
class SetLook:
    """How a person wants cards shown in their own panels (a word of bot/settings.py LOOK_WORDS),
    overriding each chat's look there; boards keep the chat's."""

    actor: Actor
    look: str


@dataclass(frozen=True, slots=True)
class Leaderboard:
    """The top players of a game (None: of every game), in this chat or everywhere; shown to the chat.
    `season`: None the current season, "all" all time, or a season's name ("2026-11": bot/seasons.py)."""

    chat: ChatRef
    actor: Actor
    game: str | None = None
    everywhere: bool = False
    season: str | None = None
    # how this platform asks for this season's and all time's leaderboards (the screen says how to switch)
    commands: tuple[str, str] = ("/leaderboard", "/leaderboard all")


@dataclass(frozen=True, slots=True)
class Kick:
    """Remove a seated person from the chat's open table: at once by the table's creator or a chat
    admin, or (`vote`) by a vote any seated person may start. The person is named by the platform
    (`target`: a mention, a reply) or by the name the table shows (`name`)."""

    chat: ChatRef
    actor: Actor
    target: PersonRef | None = None
    name: str = ""
    vote: bool = False


@dataclass(frozen=True, slots=True)
class Notify:
    """Tell this person when a game opens in this chat: `on` True or False, None to toggle."""

    chat: ChatRef
    actor: Actor
    on: bool | None = None


@dataclass(frozen=True, slots=True)
class Stats:
    """A person's record in every game they played (None: the asker's own), in this chat or
    everywhere; shown to the asker."""

    chat: ChatRef
    actor: Actor
    person: PersonRef | None = None
    everywhere: bool = False


@dataclass(frozen=True, slots=True)
class Forget:
    """Forget this person everywhere (bot/forgetter.py): asked in a chat (`chat`) or in private
    (None); answered to them alone, with a confirmation first."""

    actor: Actor
    chat: ChatRef | None = None


# ----- quick match (issue #38): bot/quick_match.py -------------------------------------------------

COMPUTERS_AFTER = 60.0  # seconds: a quick match fills with computers after this wait, unless asked otherwise


@dataclass(frozen=True, slots=True)
class QuickMatch:
    """Queue for a quick-match table of `game` on the actor's platform: asked in a group (`chat`) or
    in private (None); answered to the actor alone. `computers_after`: seconds of waiting after which
    computers fill the table (0: at once; None: never)."""

    actor: Actor
    game: str
    chat: ChatRef | None = None
    computers_after: float | None = COMPUTERS_AFTER


@dataclass(frozen=True, slots=True)
class LeaveQueue:
    """Leave the quick-match queue (`/quickmatch stop`)."""

    actor: Actor


# ----- /link and /unlink (bot/linker.py) -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Link:
    """Show a fresh link code for this account (`code` None), or link this account to the one a
    code was shown to; answered to the person alone. `chat`: where it was asked (its language)."""

    actor: Actor
    code: str | None = None
    chat: ChatRef | None = None


@dataclass(frozen=True, slots=True)
class Unlink:
    """Separate this account from the one it is linked to."""

    actor: Actor
    chat: ChatRef | None = None


# ----- tournaments (issue #38: bot/tournaments.py) ---------------------------------------------


@dataclass(frozen=True, slots=True)
class CreateTournament:
    """A chat admin creates a tournament here: a game with its house rules, a format ("swiss",
    "elimination", "points"), rounds (Swiss and points; 0: as many as an elimination would take),
    the sign-up window and each round's time limit in minutes (0: none), whether computers fill
    seats, the most entrants (0: no limit), a name ("" for the game's). Its board takes sign-ups."""

    chat: ChatRef
    actor: Actor
    game: str
    format: str = "swiss"
    options: dict[str, Any] = field(default_factory=dict)
    rounds: int = 0
    signup_minutes: float = 10
    round_minutes: float = 0
    computers: bool = False
    max_entrants: int = 0
    name: str = ""
    table_size: int = 0  # points: players a table (0: the game's most)


@dataclass(frozen=True, slots=True)
class ManageTournament:
    """A chat admin (or the tournament's creator) acts on the chat's open tournament: "start" (close
    sign-up now), "pause", "resume", "cancel", or "disqualify" / "replace" (with a computer) an
    entrant, named by the platform (`target`: a mention, a reply) or by their entrant's `name`."""

    chat: ChatRef
    actor: Actor
    action: str
    target: PersonRef | None = None
    name: str = ""


Command = (
    Open
    | Challenge
    | Press
    | Play
    | Cancel
    | ChangeSettings
    | SetLanguage
    | SetLook
    | Leaderboard
    | Stats
    | Kick
    | Notify
    | Forget
    | QuickMatch
    | LeaveQueue
    | Link
    | Unlink
    | CreateTournament
    | ManageTournament
)
