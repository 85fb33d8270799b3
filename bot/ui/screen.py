"""What a screen is. Adapters turn these into messages; they never look inside a game."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.pages import PageRef
from bot.people import PersonRef
from bot.ui.picture import Picture

TEXT = "text"  # a look: text only
LOOKS = (TEXT, "classic", "four_colour")  # text, or pictures in the classic or the four-colour deck

ALERT = "alert"  # the slot of a table's turn alert: a short new message that notifies whose turn it is
ALERT_AGAIN = 8.0  # seconds: a person whose turn comes back this soon after their last move keeps their alert


@dataclass(frozen=True, slots=True)
class Mention:
    """`text[start:end]` names this person: an adapter may turn it into a mention that notifies them."""

    start: int
    end: int
    person: PersonRef


@dataclass(frozen=True, slots=True)
class Countdown:
    """`text[start:end]` says how long is left until `at` (UNIX time): an adapter may show a deadline
    its clients count down themselves instead."""

    start: int
    end: int
    at: float


@dataclass(frozen=True, slots=True)
class Alert:
    """Whose turn it is, for the turn alert. `since` (when their turn began) tells one turn from
    another; `anew` is False when the same person keeps the turn (it came back to them within
    ALERT_AGAIN seconds of their own move): their alert already shown is brought up to date, not
    sent again."""

    seat: int
    person: PersonRef
    since: float
    deadline: float | None = None  # UNIX time the turn timer plays for them (None: no timer)
    anew: bool = True

    def new_message(self, shown: Alert | None) -> bool:
        """Whether this alert is a new message (which notifies) rather than an edit of `shown`."""
        if shown is None or shown.person != self.person:
            return True
        return shown.since != self.since and self.anew


@dataclass(frozen=True, slots=True)
class Button:
    label: str
    token: str | None = None  # an action token (callback data / custom id)
    inline_query: str | None = None  # open the platform's inline mode with this query (Telegram)
    live: int | None = None  # open the live table (the web page, adapters/web) of this table id
    page: PageRef | None = None  # open a player's, a chat's or a replay's page (bot/pages.py)


NO_ALERT = "-"  # an alert's message row after its message was deleted


def alert_note(message_id: str, alert: Alert) -> str:
    """How a notifier keeps an alert's message in the store's message row (whose id column holds up
    to 128 characters): the message's id and whose turn it announced, so that whoever draws the
    next alert (another process, or this one after a restart) knows whether to send a new one."""
    return f"{message_id} {alert.seat} {alert.person.platform} {alert.person.user_id} {alert.since!r}"


def read_alert_note(note: str | None) -> tuple[str | None, Alert | None]:
    """The alert message's id (None: there is none) and the alert it shows (None: not known)."""
    if note is None or note == NO_ALERT:
        return None, None
    parts = note.split()
    if len(parts) != 5:
        return parts[0] if parts else None, None
    message_id, seat, platform, user_id, since = parts
    return message_id, Alert(int(seat), PersonRef(platform, user_id), float(since))


@dataclass(frozen=True, slots=True)
class Screen:
    table_id: int
    text: str
    buttons: tuple[tuple[Button, ...], ...] = ()
    audience: PersonRef | None = None  # None: the whole chat
    slot: str = "table"  # which message this is: "table" (the public board) or "panel" (private)
    final: bool = False  # the table is over: no more edits will come
    version: int = 0  # the table version shown: never drawn over a newer one (adapters/chat/records.py `claim`)
    marks: tuple[Mention | Countdown, ...] = ()  # spans of `text` an adapter may show its own way
    alert: Alert | None = None  # slot ALERT: whose turn it notifies (None with `final`: delete it)
    picture: Picture | None = None  # what to draw, where the platform and the look allow (else the text)
    look: str = TEXT  # how its audience wants cards shown: TEXT, or a deck to draw the picture with
    picture_stays: bool = False  # between a real-time game's windows: the picture shown stays, the text changes

    @property
    def public(self) -> bool:
        return self.audience is None


@dataclass(frozen=True, slots=True)
class Reply:
    """The service's immediate answer to the person who sent a command."""

    text: str | None = None  # a short private answer (a toast); None: nothing to say
    ok: bool = True
    screens: tuple[Screen, ...] = field(default=())  # private screens for the sender (their panel)
    table_id: int | None = None
