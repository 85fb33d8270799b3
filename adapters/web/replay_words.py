"""The replay page's own words (adapters/web/replays.py), translated with bot.i18n: its controls and
what it says while it loads (its refusals: refusals.py)."""

from __future__ import annotations

from typing import Any

from adapters.web.refusals import UNAVAILABLE, refusal
from adapters.web.words import card_words
from bot.i18n import LANGUAGES, Translator, translator


def _t(lang: str) -> Translator:
    return translator(lang if lang in LANGUAGES else "en")


def replay_words(lang: str) -> dict[str, Any]:
    """What static/replay.js shows and says (put in the page as JSON), with the cards' spoken names."""
    t = _t(lang)
    return {
        "cards": card_words(t),
        # TRANSLATORS: the replay page's button that goes one move back
        "back": t.gettext("One move back"),
        # TRANSLATORS: the replay page's button that goes one move forward
        "forward": t.gettext("One move forward"),
        # TRANSLATORS: the replay page's button that plays the game's moves one after another
        "play": t.gettext("Play"),
        # TRANSLATORS: the replay page's button that stops playing the moves
        "pause": t.gettext("Pause"),
        # TRANSLATORS: the replay page's choice of how fast the moves play: 1×, 2×, 4×
        "speed": t.gettext("Playback speed"),
        # TRANSLATORS: the replay page's slider that picks a move of the game
        "scrubber": t.gettext("Move of the game"),
        # TRANSLATORS: the replay page's slider's position, read by screen readers: "move 3 of 68"
        "step": t.gettext("move {step} of {count}"),
        # TRANSLATORS: the replay page's choice of whose seat is drawn at the bottom of the table
        "seat": t.gettext("Seen from"),
        # TRANSLATORS: shown while the replay page fetches the game's moves
        "loading": t.gettext("Loading the replay…"),
        # (what it says when the data cannot be fetched: the network; a refusal says its own words)
        "failed": refusal(UNAVAILABLE.code, t),
    }


def replay_title(game: str, lang: str) -> str:
    # TRANSLATORS: the replay page's title; {game} is the game's name
    return _t(lang).gettext("{game}: the replay").format(game=game)
