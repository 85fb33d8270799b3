"""A person's chosen language (`/language`) is read from the store at most once per LANG_TTL per
person, not at every press (a Discord press needs it before anything else); a choice made through
this process counts at once, one made through another process within LANG_TTL."""

from __future__ import annotations

from bot.bootstrap import bootstrap
from bot.chats import LANG_TTL
from bot.commands import SetLanguage
from tests.bot.harness import ANN, BOB, CY, Harness, counting_reads


def lang_of(h: Harness, actor=ANN) -> str:
    return str(h.run(h.service.chats.lang_of(actor)))


def test_a_persons_language_is_read_once_per_ttl_not_at_every_press(monkeypatch):
    h = Harness()
    asked = counting_reads(h.store, "person_lang", monkeypatch)
    t = h.open(ANN, "svolota").table_id
    h.press(BOB, t, "Join")
    h.press(CY, t, "Join")
    h.press(ANN, t, "Start")
    for _ in range(3):
        for actor in (ANN, BOB, CY):
            assert h.press(actor, t, "My cards").ok  # each reads the presser's language
    assert sorted(asked, key=repr) == sorted([ANN.person, BOB.person, CY.person], key=repr)
    h.clock.advance(LANG_TTL)
    assert h.press(ANN, t, "My cards").ok
    assert asked[-1] == ANN.person and len(asked) == 4


def test_a_language_chosen_here_counts_at_once():
    h = Harness()
    assert lang_of(h) == "en"
    assert h.run(h.service.handle(SetLanguage(ANN, "ru"))).ok
    assert lang_of(h) == "ru"
    assert h.run(h.store.person_lang(ANN.person)) == "ru"


def test_a_choice_made_through_another_process_counts_within_the_ttl():
    h = Harness()
    other = bootstrap(h.store, h.notifier, h.clock, seed=2)  # another process on the same store
    assert lang_of(h) == "en"  # read and kept
    assert h.run(other.handle(SetLanguage(ANN, "uk"))).ok
    assert lang_of(h) == "en"  # kept for a while
    h.clock.advance(LANG_TTL)  # ... until LANG_TTL has passed
    assert lang_of(h) == "uk"
