"""What the store keeps of chats and people: a chat's settings (shared by its threads), a person's
own language and look."""

from __future__ import annotations

import asyncio

from bot.people import ChatRef, PersonRef
from bot.settings import ChatSettings

CHAT = ChatRef("tg", "-100", "7")
ANN = PersonRef("tg", "1")


def run(coro):
    return asyncio.new_event_loop().run_until_complete(coro)


def test_chat_settings_and_languages_are_kept(store):
    assert run(store.chat_settings(CHAT)) == ChatSettings()
    settings = ChatSettings(lang="uk", turn_seconds=90, house_rules={"svolota": {"free_pass": True}})
    run(store.save_chat_settings(CHAT, settings))
    run(store.save_chat_settings(CHAT, settings))
    assert run(store.chat_settings(ChatRef("tg", "-100"))) == settings  # one setting for all threads
    assert run(store.chat_settings(ChatRef("tg", "-200"))) == ChatSettings()  # another chat's
    assert run(store.chat_settings(ChatRef("discord", "-100"))) == ChatSettings()  # another platform's
    assert run(store.person_lang(ANN)) is None
    run(store.set_person_lang(ANN, "ru"))
    run(store.set_person_lang(ANN, "uk"))
    assert run(store.person_lang(ANN)) == "uk"


def test_a_persons_own_look_is_kept_beside_their_language(store):
    bob = PersonRef("tg", "2")
    assert run(store.person_look(ANN)) is None
    run(store.set_person_look(ANN, "text"))
    run(store.set_person_look(ANN, "four_colour"))
    run(store.set_person_lang(bob, "ru"))
    run(store.set_person_look(bob, "text"))
    assert run(store.person_look(ANN)) == "four_colour" and run(store.person_lang(ANN)) is None
    assert run(store.person_look(bob)) == "text" and run(store.person_lang(bob)) == "ru"
    assert run(store.person_look(PersonRef("discord", "1"))) is None  # another platform's person
