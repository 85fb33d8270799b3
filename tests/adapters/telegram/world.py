"""The simulated Telegram world: people, chats, topics and messages, rendered as Bot API JSON."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

JSON = dict[str, Any]

ACTIONS = (
    "callback_data",
    "url",
    "switch_inline_query_current_chat",
    "switch_inline_query",
    "switch_inline_query_chosen_chat",
    "web_app",
    "login_url",
    "copy_text",
    "callback_game",
    "pay",
)


@dataclass(eq=False)
class User:
    id: int
    first_name: str
    username: str | None = None
    last_name: str | None = None
    language_code: str | None = "en"
    is_bot: bool = False
    started: bool = False  # has pressed Start in the bot's private chat
    blocked: bool = False  # has blocked the bot

    def to_dict(self) -> JSON:
        data: JSON = {"id": self.id, "is_bot": self.is_bot, "first_name": self.first_name}
        if self.last_name:
            data["last_name"] = self.last_name
        if self.username:
            data["username"] = self.username
        if self.language_code and not self.is_bot:
            data["language_code"] = self.language_code
        return data

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}" if self.last_name else self.first_name

    def __repr__(self) -> str:
        return f"User({self.id}, {self.username or self.first_name!r})"


@dataclass(eq=False)
class Chat:
    id: int
    type: str  # "private", "group", "supergroup"
    title: str | None = None
    username: str | None = None
    is_forum: bool = False
    user: User | None = None  # the person, for a private chat
    members: dict[int, str] = field(default_factory=dict)  # user id -> creator/administrator/member/left/kicked
    topics: dict[int, str] = field(default_factory=dict)  # message_thread_id -> topic name
    next_message_id: int = 1

    def to_dict(self) -> JSON:
        data: JSON = {"id": self.id, "type": self.type}
        if self.type == "private" and self.user:
            data["first_name"] = self.user.first_name
            if self.user.last_name:
                data["last_name"] = self.user.last_name
            if self.user.username:
                data["username"] = self.user.username
            return data
        data["title"] = self.title
        if self.username:
            data["username"] = self.username
        if self.is_forum:
            data["is_forum"] = True
        return data

    @property
    def is_group(self) -> bool:
        return self.type in ("group", "supergroup")

    @property
    def instance(self) -> str:
        """The `chat_instance` of callback queries from this chat."""
        return str((abs(self.id) * 2654435761 + 97) % 10**19)

    def status(self, user_id: int) -> str:
        if self.type == "private":
            return "member"
        return self.members.get(user_id, "left")

    def __repr__(self) -> str:
        return f"Chat({self.id}, {self.type}, {self.title or (self.user and self.user.first_name)!r})"


@dataclass(eq=False)
class Message:
    chat: Chat
    message_id: int
    sender: User
    date: int
    text: str = ""
    entities: list[JSON] = field(default_factory=list)
    reply_markup: JSON | None = None
    thread_id: int | None = None
    reply_to: Message | None = None
    via_bot: User | None = None
    edit_date: int | None = None
    deleted: bool = False
    inline_message_id: str | None = None
    service: JSON = field(default_factory=dict)  # e.g. {"forum_topic_created": {...}}
    history: list[str] = field(default_factory=list)  # earlier texts, oldest first
    photo: list[JSON] | None = None  # a photo's sizes (its `text` and `entities` are then its caption)
    pictures: list[str] = field(default_factory=list)  # file ids it showed before, oldest first

    @property
    def file_id(self) -> str | None:
        """The file id of the photo it shows (its largest size), None for a text message."""
        return self.photo[-1]["file_id"] if self.photo else None

    @property
    def from_bot(self) -> bool:
        return self.sender.is_bot

    @property
    def buttons(self) -> list[list[JSON]]:
        """Rows of inline buttons: {"text", and its action: callback_data | url | switch_inline_query_current_chat}."""
        if not self.reply_markup or "inline_keyboard" not in self.reply_markup:
            return []
        return [[copy.deepcopy(button) for button in row] for row in self.reply_markup["inline_keyboard"]]

    def button(self, text: str) -> JSON:
        """The inline button whose text is `text` (or contains it)."""
        flat = [b for row in self.buttons for b in row]
        for candidate in [b for b in flat if b["text"] == text] or [b for b in flat if text in b["text"]]:
            return candidate
        raise LookupError(f"no button {text!r} on message {self.message_id}; buttons: {[b['text'] for b in flat]}")

    def to_dict(self, depth: int = 1) -> JSON:
        data: JSON = {"message_id": self.message_id}
        if self.thread_id is not None:
            data["message_thread_id"] = self.thread_id
        data["from"] = self.sender.to_dict()
        data["date"] = self.date
        data["chat"] = self.chat.to_dict()
        if self.thread_id is not None and self.chat.is_forum:
            data["is_topic_message"] = True
        if self.reply_to is not None and depth > 0:
            data["reply_to_message"] = self.reply_to.to_dict(depth - 1)
        if self.via_bot is not None:
            data["via_bot"] = self.via_bot.to_dict()
        if self.edit_date is not None:
            data["edit_date"] = self.edit_date
        if self.photo is not None:
            data["photo"] = copy.deepcopy(self.photo)
        text, entities = ("caption", "caption_entities") if self.photo is not None else ("text", "entities")
        if self.text:
            data[text] = self.text
        if self.entities:
            data[entities] = copy.deepcopy(self.entities)
        data.update(copy.deepcopy(self.service))
        if self.reply_markup is not None:
            data["reply_markup"] = copy.deepcopy(self.reply_markup)
        return data

    def __repr__(self) -> str:
        who = "bot" if self.from_bot else self.sender.first_name
        kind = "photo, " if self.photo is not None else ""
        return f"Message({self.chat.id}/{self.message_id} by {who}: {kind}{self.text[:40]!r})"


def chat_member(chat: Chat, user: User) -> JSON:
    status = chat.status(user.id)
    data: JSON = {"status": status, "user": user.to_dict()}
    if status == "creator":
        data["is_anonymous"] = False
    elif status == "administrator":
        data.update(
            {
                "can_be_edited": False,
                "is_anonymous": False,
                "can_manage_chat": True,
                "can_delete_messages": True,
                "can_manage_video_chats": True,
                "can_restrict_members": True,
                "can_promote_members": False,
                "can_change_info": True,
                "can_invite_users": True,
                "can_post_stories": False,
                "can_edit_stories": False,
                "can_delete_stories": False,
                "can_pin_messages": True,
            }
        )
        if chat.is_forum:
            data["can_manage_topics"] = True
    elif status == "kicked":
        data["until_date"] = 0
    return data


def chat_full_info(chat: Chat) -> JSON:
    data = chat.to_dict()
    data.update(
        {
            "accent_color_id": abs(chat.id) % 7,
            "max_reaction_count": 11,
            "accepted_gift_types": {
                "unlimited_gifts": False,
                "limited_gifts": False,
                "unique_gifts": False,
                "premium_subscription": False,
                "gifts_from_channels": False,
            },
        }
    )
    if chat.type == "private" and chat.user and chat.user.is_bot:
        return data
    if chat.is_group:
        data["permissions"] = {
            "can_send_messages": True,
            "can_send_audios": True,
            "can_send_documents": True,
            "can_send_photos": True,
            "can_send_videos": True,
            "can_send_video_notes": True,
            "can_send_voice_notes": True,
            "can_send_polls": True,
            "can_send_other_messages": True,
            "can_add_web_page_previews": True,
            "can_change_info": False,
            "can_invite_users": True,
            "can_pin_messages": False,
            "can_manage_topics": False,
        }
    return data
