"""Why a page, a replay or their API refuses (issue #36): a status, a code (the JSON's "error") and
the sentence the reader gets, in their language. One catalog for the player and group pages, the
replays and the API, so that one token read the same way is refused in the same words everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import Translator
from bot.ui.words import N_


@dataclass(frozen=True, slots=True)
class Refusal:
    status: int
    code: str  # a key of SENTENCES


# A refusal's code and its sentence (English: the msgid).
SENTENCES: dict[str, str] = {
    # TRANSLATORS: a page's link that does not check out (tampered, unknown, not a page)
    "not_found": N_("This link does not lead to a page: ask the bot for a new one in the chat."),
    # TRANSLATORS: a page's link past its expiry
    "expired": N_("This link has expired: ask the bot for a new one in the chat."),
    # TRANSLATORS: the page of a person the bot no longer knows (they asked to be forgotten)
    "gone": N_("This player's page is gone."),
    # TRANSLATORS: a group page's public link after the group's admins made the page private
    "not_public": N_("This group's page is not public any more: ask the bot for a new link in the chat."),
    # TRANSLATORS: a group page asked for a season that is not written as a month; keep 2026-11 as it is
    "bad_season": N_("The season must be a month written like 2026-11."),
    "no_games": N_("No game has finished in this group yet."),
    # TRANSLATORS: a replay link to a game still being played (or never played)
    "not_finished": N_("This game is not over: its replay opens when it has ended."),
    # TRANSLATORS: a finished game whose moves could not be played again as they happened
    "not_replayable": N_("This game cannot be replayed."),
    # TRANSLATORS: a page asked for with anything but a plain read (a form posted to it)
    "method_not_allowed": N_("This address can only be read."),
    "unavailable": N_("The pages cannot be read right now: try again in a minute."),
    "internal": N_("Something went wrong on our side: try again later."),
}

# a token that does not check out, or of another kind than the path's, past its expiry, a chat's
# public link while its page is not public (page_access.py)
NOT_FOUND = Refusal(404, "not_found")
EXPIRED = Refusal(410, "expired")
NOT_PUBLIC = Refusal(403, "not_public")
# what the history answers (page_reads.py)
GONE = Refusal(410, "gone")
NO_GAMES = Refusal(404, "no_games")
BAD_SEASON = Refusal(400, "bad_season")
# a replay's own (replays.py)
NOT_FINISHED = Refusal(404, "not_finished")
NOT_REPLAYABLE = Refusal(404, "not_replayable")
# the server's (api.py, pages.py)
NOT_ALLOWED = Refusal(405, "method_not_allowed")
UNAVAILABLE = Refusal(503, "unavailable")
INTERNAL = Refusal(500, "internal")


def refusal(code: str, t: Translator) -> str:
    """A refusal's sentence in the reader's language."""
    return t.gettext(SENTENCES[code])
