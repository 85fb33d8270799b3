"""The simulated Discord world: people, guilds with roles, channels and members, messages, and the
interactions people start, rendered as the JSON Discord sends (REST answers and gateway events)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from tests.adapters.discord.components import Button, Select, buttons_of, selects_of, texts_of

JSON = dict[str, Any]

DISCORD_EPOCH_MS = 1420070400000

# permission bits
CREATE_INSTANT_INVITE = 1 << 0
KICK_MEMBERS = 1 << 1
BAN_MEMBERS = 1 << 2
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
CONNECT = 1 << 20
SPEAK = 1 << 21
CHANGE_NICKNAME = 1 << 26
USE_APPLICATION_COMMANDS = 1 << 31
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 51) - 1
DEFAULT_PERMISSIONS = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | CONNECT
    | SPEAK
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | SEND_MESSAGES_IN_THREADS
)

# message flags
SUPPRESS_EMBEDS = 1 << 2
EPHEMERAL = 1 << 6
LOADING = 1 << 7
EMBEDDED = 1 << 17  # an application flag: the application has Activities
SUPPRESS_NOTIFICATIONS = 1 << 12
IS_COMPONENTS_V2 = 1 << 15

ATTACHMENT_URL = "attachment://"  # an embed's url of one of its message's attachments

# interaction types
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3

LOCALES = (
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl", "pt-BR",
    "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko", "ar", "he",
)  # fmt: skip


def iso(timestamp: float) -> str:
    """A Unix time as Discord writes timestamps: ISO 8601 with microseconds and +00:00."""
    moment = datetime.datetime.fromtimestamp(timestamp, datetime.UTC)
    return moment.isoformat(timespec="microseconds")


def snowflake_time(snowflake: int) -> float:
    return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000


@dataclass(eq=False)
class User:
    id: int
    username: str
    global_name: str | None = None
    locale: str = "en-US"
    bot: bool = False
    dms_open: bool = True  # False: "Cannot send messages to this user" (50007)

    @property
    def display_name(self) -> str:
        return self.global_name or self.username

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def to_dict(self) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "username": self.username,
            "avatar": None,
            "discriminator": "0",
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "global_name": self.global_name,
            "avatar_decoration_data": None,
            "collectibles": None,
            "primary_guild": None,
        }
        if self.bot:
            data["bot"] = True
        return data

    def __repr__(self) -> str:
        return f"User({self.id}, {self.username!r})"


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int = 0
    position: int = 0
    color: int = 0

    def to_dict(self) -> JSON:
        return {
            "id": str(self.id),
            "name": self.name,
            "description": None,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": self.color,
            "colors": {"primary_color": self.color, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }

    def __repr__(self) -> str:
        return f"Role({self.id}, {self.name!r})"


@dataclass(eq=False)
class Member:
    user: User
    guild: Guild
    roles: list[Role] = field(default_factory=list)  # besides @everyone
    nick: str | None = None
    joined_at: float = 0.0

    @property
    def permissions(self) -> int:
        """Guild-level permissions (owner and administrators have all)."""
        if self.user is self.guild.owner:
            return ALL_PERMISSIONS
        value = self.guild.everyone.permissions
        for role in self.roles:
            value |= role.permissions
        return ALL_PERMISSIONS if value & ADMINISTRATOR else value

    def permissions_in(self, channel: Channel) -> int:
        value = self.permissions
        if value & ADMINISTRATOR or self.user is self.guild.owner:
            return ALL_PERMISSIONS
        value &= ~channel.denied.get(self.user.id, 0)
        for role in [self.guild.everyone, *self.roles]:
            value &= ~channel.denied.get(role.id, 0)
        return value

    def to_dict(self) -> JSON:
        return {
            "user": self.user.to_dict(),
            "roles": [str(role.id) for role in self.roles],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }

    def __repr__(self) -> str:
        return f"Member({self.user.username!r} in {self.guild.name!r})"


@dataclass(eq=False)
class Channel:
    id: int
    name: str | None
    guild: Guild | None = None  # None: a DM channel
    type: int = 0  # 0 guild text, 1 DM
    position: int = 0
    topic: str | None = None
    recipient: User | None = None  # of a DM channel
    denied: dict[int, int] = field(default_factory=dict)  # role or user id -> denied permission bits
    last_message_id: int | None = None

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def to_dict(self) -> JSON:
        if self.guild is None:
            return {
                "id": str(self.id),
                "type": self.type,
                "last_message_id": str(self.last_message_id) if self.last_message_id else None,
                "flags": 0,
                "recipients": [self.recipient.to_dict()] if self.recipient else [],
            }
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [
                {
                    "id": str(target),
                    "type": 0 if target in self.guild.roles else 1,
                    "allow": "0",
                    "deny": str(bits),
                }
                for target, bits in self.denied.items()
            ],
            "topic": self.topic,
            "nsfw": False,
            "last_message_id": str(self.last_message_id) if self.last_message_id else None,
            "rate_limit_per_user": 0,
            "parent_id": None,
            "flags": 0,
        }

    def __repr__(self) -> str:
        return f"Channel({self.id}, {self.name or 'DM'!r})"


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner: User
    preferred_locale: str = "en-US"
    roles: dict[int, Role] = field(default_factory=dict)  # includes @everyone (id = guild id)
    channels: dict[int, Channel] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    created: float = 0.0

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def member(self, user: User) -> Member | None:
        return self.members.get(user.id)

    def to_dict(self) -> JSON:
        """As REST answers a guild (GET /guilds/{id})."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "description": None,
            "home_header": None,
            "splash": None,
            "discovery_splash": None,
            "features": [],
            "banner": None,
            "owner_id": str(self.owner.id),
            "application_id": None,
            "region": "deprecated",
            "afk_channel_id": None,
            "afk_timeout": 300,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "widget_enabled": False,
            "widget_channel_id": None,
            "verification_level": 0,
            "roles": [role.to_dict() for role in self.roles.values()],
            "default_message_notifications": 0,
            "mfa_level": 0,
            "explicit_content_filter": 0,
            "max_presences": None,
            "max_members": 500000,
            "max_stage_video_channel_users": 50,
            "max_video_channel_users": 25,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.preferred_locale,
            "rules_channel_id": None,
            "safety_alerts_channel_id": None,
            "public_updates_channel_id": None,
            "premium_progress_bar_enabled": False,
            "nsfw": False,
            "nsfw_level": 0,
            "emojis": [],
            "stickers": [],
            "incidents_data": None,
        }

    def gateway_dict(self, bot: User, *, all_members: bool, large_threshold: int) -> JSON:
        """As GUILD_CREATE carries it: with channels, and members (all of them, or only the bot's)."""
        members = list(self.members.values()) if all_members else [m for m in self.members.values() if m.user is bot]
        joined = self.members[bot.id].joined_at if bot.id in self.members else self.created
        return {
            **self.to_dict(),
            "joined_at": iso(joined),
            "large": len(self.members) > large_threshold,
            "unavailable": False,
            "member_count": len(self.members),
            "members": [member.to_dict() for member in members],
            "channels": [channel.to_dict() for channel in self.channels.values()],
            "threads": [],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "lazy": True,
            "application_command_counts": {},
            "embedded_activities": [],
            "version": 0,
        }

    def __repr__(self) -> str:
        return f"Guild({self.id}, {self.name!r})"


@dataclass(eq=False)
class Message:
    """A message as people see it. `components` are as Discord answers them (with numeric `id`s);
    read them through `buttons`, `selects` and `button(...)`."""

    id: int
    channel: Channel
    author: User
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: float = 0.0
    edited_timestamp: float | None = None
    mentions: list[User] = field(default_factory=list)
    ephemeral_to: User | None = None  # the only person who sees an ephemeral message
    interaction: Interaction | None = None  # the interaction this message answers, if any
    webhook_id: int | None = None
    application_id: int | None = None
    reference: JSON | None = None
    deleted: bool = False
    history: list[JSON] = field(default_factory=list)  # earlier versions (Message.snapshot)
    attachments: list[Attachment] = field(default_factory=list)
    uploads: int = 0  # files uploaded to it, ever (sent with it, or with an edit)

    @property
    def picture(self) -> Attachment | None:
        """The attachment its (first) embed shows as its image, if any."""
        for embed in self.embeds:
            url = str((embed.get("image") or {}).get("url") or "")
            if url.startswith(ATTACHMENT_URL):
                name = url[len(ATTACHMENT_URL) :]
                return next((a for a in self.attachments if a.filename == name), None)
        return None

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred response still "thinking"."""
        return bool(self.flags & LOADING)

    @property
    def text(self) -> str:
        """The content, the embeds' titles, descriptions and fields, and the text displays
        (components v2), as one readable text."""
        parts = [self.content] if self.content else []
        parts += texts_of(self.components)
        for embed in self.embeds:
            for key in ("title", "description"):
                if embed.get(key):
                    parts.append(str(embed[key]))
            for item in embed.get("fields", []):
                parts.append(f"{item.get('name', '')}: {item.get('value', '')}")
            if embed.get("footer", {}).get("text"):
                parts.append(embed["footer"]["text"])
        return "\n".join(parts)

    @property
    def buttons(self) -> list[list[Button]]:
        """Rows of buttons (rows without buttons, e.g. a select menu's row, are left out)."""
        return buttons_of(self.components)

    @property
    def selects(self) -> list[Select]:
        return selects_of(self.components)

    @property
    def custom_ids(self) -> list[str]:
        ids = [b.custom_id for row in self.buttons for b in row if b.custom_id]
        return ids + [s.custom_id for s in self.selects]

    def button(self, label: str | None = None, *, custom_id: str | None = None, contains: str | None = None) -> Button:
        """The button with this label (or custom_id, or whose label contains `contains`)."""
        for row in self.buttons:
            for button in row:
                if label is not None and button.label == label:
                    return button
                if custom_id is not None and button.custom_id == custom_id:
                    return button
                if contains is not None and contains in (button.label or ""):
                    return button
        labels = [b.label for row in self.buttons for b in row]
        raise LookupError(f"no button {label or custom_id or contains!r} on {self!r}; buttons: {labels}")

    def snapshot(self) -> JSON:
        return {
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "flags": self.flags,
            "attachments": [a.filename for a in self.attachments],
        }

    def to_dict(self) -> JSON:
        data: JSON = {
            "type": self.type,
            "content": self.content,
            "mentions": [user.to_dict() for user in self.mentions],
            "mention_roles": [],
            "attachments": [attachment.to_dict() for attachment in self.attachments],
            "embeds": self.embeds,
            "timestamp": iso(self.timestamp),
            "edited_timestamp": iso(self.edited_timestamp) if self.edited_timestamp else None,
            "flags": self.flags,
            "components": self.components,
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.to_dict(),
            "pinned": False,
            "mention_everyone": False,
            "tts": False,
        }
        if self.webhook_id:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id:
            data["application_id"] = str(self.application_id)
        if self.reference:
            data["message_reference"] = self.reference
        if self.interaction is not None:
            data["interaction_metadata"] = self.interaction.metadata(self)
            if self.interaction.type == APPLICATION_COMMAND:
                data["interaction"] = {
                    "id": str(self.interaction.id),
                    "type": self.interaction.type,
                    "name": self.interaction.command_name or "",
                    "user": self.interaction.user.to_dict(),
                }
        return data

    def __repr__(self) -> str:
        where = f"ephemeral to {self.ephemeral_to.username}" if self.ephemeral_to else f"in {self.channel.name}"
        return f"Message({self.id} {where}: {self.content[:40]!r})"


@dataclass(eq=False)
class Attachment:
    """A file sent with a message (its bytes are kept for tests)."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None
    base_url: str = "http://127.0.0.1"

    def to_dict(self) -> JSON:
        url = f"{self.base_url}/attachments/{self.id}/{self.filename}"
        data: JSON = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
        }
        if self.content_type:
            data["content_type"] = self.content_type
        if self.description:
            data["description"] = self.description
        return data


@dataclass
class Callback:
    """One interaction callback (POST /interactions/{id}/{token}/callback) as received."""

    type: int
    data: JSON | None
    time: float  # on the fake's clock
    status: int = 0  # the HTTP status it was answered with


@dataclass(eq=False)
class Interaction:
    """An interaction a person started: a slash command (type 2) or a component press (type 3)."""

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    guild: Guild | None
    created: float  # on the fake's clock
    data: JSON
    command_name: str | None = None  # the full command path ("leaderboard", "game start")
    message: Message | None = None  # the message whose component was used (type 3)
    payload: JSON = field(default_factory=dict)  # the INTERACTION_CREATE data as sent
    delivered: bool = False  # reached a connected bot
    callbacks: list[Callback] = field(default_factory=list)
    response_type: int | None = None  # the accepted callback's type
    acknowledged_at: float | None = None
    late: bool = False  # answered after 3 s (Discord refused it with 10062)
    original: Message | None = None  # the response message (types 4/5); for 6/7 the pressed message
    followups: list[Message] = field(default_factory=list)
    modal: JSON | None = None  # type 9 callbacks
    launched: str | None = None  # a type 12 callback: the Activity instance it opened
    choices: list[JSON] | None = None  # type 8 (autocomplete) callbacks

    @property
    def custom_id(self) -> str | None:
        return self.data.get("custom_id")

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def answer_delay(self) -> float | None:
        return None if self.acknowledged_at is None else self.acknowledged_at - self.created

    @property
    def deferred(self) -> bool:
        return self.response_type in (5, 6)

    @property
    def ephemeral(self) -> bool:
        """Whether the original response is ephemeral."""
        return self.original is not None and self.original.ephemeral and self.response_type in (4, 5)

    @property
    def messages(self) -> list[Message]:
        """The original response (if any, and not the pressed message) and the follow-ups."""
        own = [self.original] if self.original is not None and self.response_type in (4, 5) else []
        return [m for m in own + self.followups if not m.deleted]

    def metadata(self, message: Message) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "type": self.type,
            "user": self.user.to_dict(),
            "authorizing_integration_owners": {"0": str(self.guild.id)} if self.guild else {"1": str(self.user.id)},
        }
        if self.type == MESSAGE_COMPONENT and self.message is not None:
            data["interacted_message_id"] = str(self.message.id)
        if self.original is not None and message is not self.original and self.response_type in (4, 5):
            data["original_response_message_id"] = str(self.original.id)
        return data

    def __repr__(self) -> str:
        what = f"/{self.command_name}" if self.command_name else f"press {self.custom_id!r}"
        return f"Interaction({self.id} {self.user.username} {what})"
