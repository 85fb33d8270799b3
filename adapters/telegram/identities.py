"""Who is who and where, in Telegram's terms: a User is an Actor (their language from their app's
language), a chat or forum topic is a ChatRef, and a person's private chat is their user id; whom a
command names (a reply, a mention, a known @username)."""

from __future__ import annotations

from cachetools import LRUCache
from telegram import Bot, Chat, Message, MessageEntity, User
from telegram.constants import ChatMemberStatus, ChatType
from telegram.error import TelegramError

from bot.i18n import pick_language
from bot.people import Actor, ChatRef, PersonRef

PLATFORM = "telegram"
ADMINS = frozenset({ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER})
MAX_NAME = 64


def person_of(user: User) -> PersonRef:
    return PersonRef(PLATFORM, str(user.id))


def name_of(user: User) -> str:
    return (user.full_name or user.username or str(user.id))[:MAX_NAME]


def actor_of(user: User, admin: bool = False) -> Actor:
    """The person as the service knows them; their language only if it is one of ours."""
    return Actor(person_of(user), name_of(user), lang=pick_language(user.language_code, "") or None, admin=admin)


def chat_of(message: Message) -> ChatRef:
    """The chat a message is in; in a forum, its topic (a game lives in the topic it started in)."""
    thread = message.message_thread_id if message.is_topic_message else None
    return ChatRef(PLATFORM, str(message.chat.id), None if thread is None else str(thread))


def is_private(chat: Chat) -> bool:
    return chat.type == ChatType.PRIVATE


async def is_admin(bot: Bot, chat: Chat, user: User) -> bool:
    """Whether the user administers this chat (anyone does their own private chat)."""
    if is_private(chat):
        return True
    try:
        member = await bot.get_chat_member(chat.id, user.id)
    except TelegramError:
        return False
    return member.status in ADMINS


class Directory:
    """People seen by their @username, so that `/speed @bob` can name Bob: the Bot API cannot look
    a user up by username, so only someone who has used the bot (in this process) is found."""

    def __init__(self, size: int = 100_000) -> None:
        self._people: LRUCache[str, tuple[PersonRef, str]] = LRUCache(size)  # by @username, in lower case
        self._usernames: LRUCache[str, str] = LRUCache(size)  # Telegram user id -> their @username (as they spell it)

    def remember(self, user: User | None) -> None:
        if user is None or user.is_bot or not user.username:
            return
        self._people[user.username.lower()] = (person_of(user), name_of(user))
        self._usernames[str(user.id)] = user.username

    def find(self, username: str) -> tuple[PersonRef, str] | None:
        return self._people.get(username.lstrip("@").lower())

    def username(self, user_id: str) -> str | None:
        """The @username (without @) of someone seen in this process, to mention them by it."""
        return self._usernames.get(user_id)


def replied_to(message: Message) -> Message | None:
    """The message this one answers; in a forum topic, not the topic's own first message (every
    message of a topic replies to it)."""
    replied = message.reply_to_message
    if replied is None or replied.forum_topic_created is not None:
        return None
    if message.is_topic_message and replied.message_id == message.message_thread_id:
        return None
    return replied


def named_people(
    message: Message, directory: Directory, bot_username: str = ""
) -> tuple[list[tuple[PersonRef, str]], list[str]]:
    """Whom a command names: the author of the message it replies to, people mentioned by link
    (text mentions) and by @username; and the @usernames nobody here knows. Bots are never named."""
    found: dict[PersonRef, str] = {}
    unknown: list[str] = []
    replied = replied_to(message)
    if replied is not None and replied.from_user is not None and not replied.from_user.is_bot:
        found[person_of(replied.from_user)] = name_of(replied.from_user)
    for entity, text in message.parse_entities([MessageEntity.MENTION, MessageEntity.TEXT_MENTION]).items():
        if entity.type == MessageEntity.TEXT_MENTION and entity.user is not None:
            if not entity.user.is_bot:
                found[person_of(entity.user)] = name_of(entity.user)
        elif (known := directory.find(text)) is not None:
            found[known[0]] = known[1]
        elif text.lstrip("@").lower() != bot_username.lower():
            unknown.append(text)
    return list(found.items()), unknown
