"""The pseudo-locale (tests/pseudo.py) the end-to-end runs read: each message accented, bracketed and
40 % longer, with what a translation keeps kept; and its check, which must see a hard-coded word
and a cut text, and let names, cards, commands and typed words be."""

from __future__ import annotations

import math

from bot import i18n
from bot.i18n import placeholders
from tests.pseudo import GROWTH, WORD, cut, limited, pseudo, pseudo_english, source_messages, stray_words


def test_every_message_keeps_its_placeholders_and_grows_by_40_percent_in_brackets():
    singles, plurals = source_messages()
    texts = [m for _c, m in singles] + [m for pair in plurals for m in pair]
    assert len(texts) > 400
    for text in texts:
        shown = pseudo(text)
        assert placeholders(shown) == placeholders(text), text
        assert shown.strip().startswith("[") and shown.strip().endswith("]") and not cut(shown), text
        if text not in limited():
            assert len(shown) >= math.ceil(len(text) * GROWTH), text


def test_letters_are_accented_and_what_translations_keep_is_kept():
    assert pseudo("Pass") == "[Þàšš~]"
    shown = pseudo("{name} plays 10H, then /rules [game]: type demon>f or w1>w3 · {count:d} left")
    for kept in ("{name}", "10H", "/rules", "demon>f", "w1>w3", "{count:d}"):
        assert kept in shown
    assert not WORD.findall(shown.replace("{name}", "").replace("{count:d}", "").replace("/rules", "")
                            .replace("demon>f", ""))  # fmt: skip


def test_the_source_language_speaks_it_while_inside_and_english_after():
    with pseudo_english() as t:
        assert i18n.translator("en") is t
        assert t.gettext("Settings saved.") == pseudo("Settings saved.")
        assert t.ngettext("{count} card", "{count} cards", 1) == pseudo("{count} card")
        assert t.ngettext("{count} card", "{count} cards", 5) == pseudo("{count} cards")
        assert t.gettext("not a message of ours") == "not a message of ours"  # as a catalog without it
        assert i18n.translator("ru").gettext("Settings saved.") == "Настройки сохранены."
        assert t.seconds(45).startswith("[") and t.month(2026, 11).startswith("[")
    assert i18n.translator("en").gettext("Settings saved.") == "Settings saved."


def test_the_check_sees_a_hard_coded_word_and_a_cut_text_and_lets_the_rest_be():
    with pseudo_english() as t:
        fine = f"{t.gettext('Settings saved.')} Alice 10H AS /svolota @alice_w pass demon>f 2026-11 ▲15 🂠"
        assert stray_words(fine, ["Alice"]) == []
        assert stray_words(fine + " Settings saved", ["Alice"]) == ["Settings", "saved"]
        assert not cut(fine) and cut(t.gettext("Settings saved.")[:-1])
