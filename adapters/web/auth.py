"""Who a viewer is: a Telegram Mini App's initData (signed by Telegram with the bot's token), or a
link the bot signed itself (Discord's ephemeral panel has no identity to hand to a browser).

Nothing here trusts its input: a check that fails for any reason (malformed, tampered, expired,
from the future) gives None, never an exception.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl

from itsdangerous import BadData, URLSafeSerializer

from bot.i18n import language_named
from bot.people import PersonRef

FUTURE = 60.0  # seconds an initData's auth_date may be ahead of our clock (clocks drift)
MAX_NAME = 64  # characters of a name kept (it is shown to others)
LINK_SALT = "cardbot live table link"
# The expiry is the payload's own, not TimestampSigner's: the signer says how long a link lives, to
# the second the hub remembers its nonce (a link's whole-second age could outlive that memory), and
# a link from a process whose clock runs a little ahead is not refused as "from the future".
SIGNER: dict[str, Any] = {"key_derivation": "hmac", "digest_method": hashlib.sha256}


@dataclass(frozen=True, slots=True)
class Viewer:
    person: PersonRef
    name: str
    lang: str | None  # the language their client's code names ("ru", "pt_BR" for pt-br), if one of ours
    table_id: int | None  # the table the credential was made for (None: any)
    # vouched for by whoever signed the link as being in the table's chat (a Discord Activity's
    # sign-in saw them in an instance in its channel): they may press its board's buttons
    member: bool = False


def telegram_viewer(init_data: str, bot_token: str, now: float, max_age: float = 3600) -> Viewer | None:
    """The viewer a Mini App's initData names, checked as Telegram specifies
    (core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app); None if it does not
    check out. A field given twice is refused (which one would the hash cover?)."""
    try:
        pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        return None
    fields = dict(pairs)
    if len(fields) != len(pairs) or "hash" not in fields:
        return None
    given = fields.pop("hash")
    check = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()))  # `signature` stays in, as Telegram says
    secret = hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()
    if not hmac.compare_digest(given.lower(), hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()):
        return None
    try:
        auth_date = int(fields["auth_date"])
        user = json.loads(fields["user"])
        user_id = int(user["id"])
    except (KeyError, ValueError, TypeError):
        return None
    if not isinstance(user, dict) or not now - max_age <= auth_date <= now + FUTURE:
        return None
    name = " ".join(str(user.get(k) or "") for k in ("first_name", "last_name")).strip()
    name = name or str(user.get("username") or user_id)
    start = fields.get("start_param", "")
    table_id = int(start[1:]) if start[:1] == "t" and start[1:].isdigit() else None
    lang = language_named(user.get("language_code"))
    return Viewer(PersonRef("telegram", str(user_id)), name[:MAX_NAME], lang, table_id)


def link_secret(token: str) -> bytes:
    """The links' key derived from a bot token (used unless CARDBOT_WEB_SECRET is set)."""
    return hashlib.sha256(b"cardbot web links\0" + token.encode()).digest()


def _links(secret: bytes) -> URLSafeSerializer:
    """Link tokens: compact JSON, base64url (zlib'd when that is shorter), "." and its HMAC-SHA256
    under a key derived from `secret` for links alone (the salt)."""
    return URLSafeSerializer(secret, salt=LINK_SALT, signer_kwargs=SIGNER)


def sign_link(
    secret: bytes,
    person: PersonRef,
    table_id: int,
    expires: float,
    nonce: str,
    name: str = "",
    lang: str | None = None,
    member: bool = False,
) -> str:
    """A link token for this person and table, good until `expires` (epoch seconds); `member`: the
    signer vouches that they are in the table's chat (`Viewer.member`)."""
    payload: dict[str, object] = {
        "p": person.platform,
        "u": person.user_id,
        "n": name[:MAX_NAME],
        "l": lang,
        "t": table_id,
        "e": expires,
        "o": nonce,
    }
    if member:
        payload["m"] = 1
    return _links(secret).dumps(payload)


def read_link(secret: bytes, token: str, now: float) -> tuple[Viewer, str] | None:
    """The viewer and the nonce of a link token; None if tampered, malformed or expired. (Whether
    the nonce was used before is the hub's to know.) The signature is checked before anything of
    the payload is read."""
    try:
        data = _links(secret).loads(token)
        person = PersonRef(str(data["p"]), str(data["u"]))
        expires, table_id, nonce = float(data["e"]), int(data["t"]), str(data["o"])
        lang = data.get("l")
        name = str(data.get("n") or person.user_id)
    except (BadData, ValueError, TypeError, KeyError):
        return None
    if now >= expires:
        return None
    member = data.get("m") == 1
    return Viewer(person, name[:MAX_NAME], lang if isinstance(lang, str) else None, table_id, member), nonce
