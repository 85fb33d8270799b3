"""Telegram's people and places as the service knows them: a User is an Actor with their app's
language (only ours), a group or forum topic is a ChatRef, and a command names people by reply,
text mention or a known @username."""

from __future__ import annotations

import datetime as dtm

from telegram import Chat, ForumTopicCreated, Message, MessageEntity, User

from adapters.telegram.arguments import setting_of
from adapters.telegram.identities import Directory, actor_of, chat_of, named_people
from adapters.telegram.links import deep_link, table_named, table_query
from bot.games import game_named
from bot.people import Actor, ChatRef, PersonRef

NOW = dtm.datetime(2025, 1, 1, tzinfo=dtm.UTC)
GROUP = Chat(-100123, Chat.SUPERGROUP, title="friends")
FORUM = Chat(-100456, Chat.SUPERGROUP, title="club", is_forum=True)
ANN = User(11, "Ann", False, last_name="Lee", username="ann", language_code="ru")
BOB = User(22, "Bob", False, username="Bobby", language_code="nl")
CY = User(33, "Cy", False)
BOT = User(99, "Card bot", True, username="cardbot")


def message(text: str, chat: Chat = GROUP, sender: User = ANN, **kwargs) -> Message:
    return Message(1, NOW, chat, from_user=sender, text=text, **kwargs)


def test_a_user_is_an_actor_with_their_language_when_it_is_one_of_ours():
    assert actor_of(ANN) == Actor(PersonRef("telegram", "11"), "Ann Lee", lang="ru")
    assert actor_of(BOB).lang is None  # German: the chat's language applies
    assert actor_of(User(5, "Ua", False, language_code="uk-UA")).lang == "uk"
    assert actor_of(CY, admin=True).admin


def test_a_group_message_is_in_the_group_and_a_forum_topic_message_in_its_topic():
    assert chat_of(message("/svolota")) == ChatRef("telegram", "-100123")
    in_topic = message("/speed", chat=FORUM, message_thread_id=42, is_topic_message=True)
    assert chat_of(in_topic) == ChatRef("telegram", "-100456", "42")
    # a reply thread in an ordinary group is not a topic: the game lives in the group
    assert chat_of(message("/speed", message_thread_id=7)) == ChatRef("telegram", "-100123")


def test_a_command_replying_to_someone_names_them():
    replied = message("hi", sender=BOB)
    found, unknown = named_people(message("/speed", reply_to_message=replied), Directory(), "cardbot")
    assert found == [(PersonRef("telegram", "22"), "Bob")]
    assert unknown == []


def test_a_reply_to_the_bot_names_nobody():
    replied = message("the board", sender=BOT)
    assert named_people(message("/speed", reply_to_message=replied), Directory(), "cardbot") == ([], [])


def test_text_mentions_and_known_usernames_name_people_and_unknown_usernames_are_reported():
    directory = Directory()
    directory.remember(BOB)
    text = "/demon @bobby Cy @stranger @cardbot"
    entities = [
        MessageEntity(MessageEntity.MENTION, 7, 6),
        MessageEntity(MessageEntity.TEXT_MENTION, 14, 2, user=CY),
        MessageEntity(MessageEntity.MENTION, 17, 9),
        MessageEntity(MessageEntity.MENTION, 27, 8),
    ]
    found, unknown = named_people(message(text, entities=entities), directory, "cardbot")
    assert found == [(PersonRef("telegram", "22"), "Bob"), (PersonRef("telegram", "33"), "Cy")]
    assert unknown == ["@stranger"]


def test_tables_are_named_t_and_their_id_in_queries_and_deep_links():
    assert table_query(12) == "t12"
    assert table_named("t12") == 12
    assert table_named(" t12 more words") == 12
    for garbage in ("", "12", "t", "tx", "t12x", "t" + "9" * 13, None):
        assert table_named(garbage) is None
    assert deep_link("cardbot", "t12") == "https://t.me/cardbot?start=t12"


def test_games_and_settings_are_read_in_every_language():
    assert game_named("Demon") == "racing_demon"
    assert game_named("сволота") == "svolota"
    assert game_named("chess") == "chess"
    assert setting_of(["timer", "90"]).value == 90
    assert setting_of(["tables", "вкл"]).value is True
    rule = setting_of(["rule", "svolota", "free_pass", "on"])
    assert (rule.name, rule.value, rule.game) == ("house_rule", ("free_pass", True), "svolota")
    assert setting_of(["lang"]) is None
    assert setting_of(["rule", "svolota"]) is None


def test_in_a_forum_topic_the_topic_head_is_not_a_reply_to_someone():
    head = Message(42, NOW, FORUM, from_user=BOB, forum_topic_created=ForumTopicCreated("Cards", 0))
    in_topic = message("/speed", chat=FORUM, message_thread_id=42, is_topic_message=True, reply_to_message=head)
    assert named_people(in_topic, Directory(), "cardbot") == ([], [])
    bobs = Message(50, NOW, FORUM, from_user=BOB, text="me!", message_thread_id=42, is_topic_message=True)
    reply = message("/speed", chat=FORUM, message_thread_id=42, is_topic_message=True, reply_to_message=bobs)
    assert named_people(reply, Directory(), "cardbot")[0] == [(PersonRef("telegram", "22"), "Bob")]
