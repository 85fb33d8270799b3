"""Who a viewer is: Telegram's initData checked as Telegram specifies, and the bot's own links."""

from __future__ import annotations

import time
from dataclasses import replace
from urllib.parse import parse_qsl, urlencode

from itsdangerous import URLSafeSerializer

from adapters.web.auth import LINK_SALT, SIGNER, Viewer, link_secret, read_link, sign_link, telegram_viewer
from bot.people import PersonRef
from tests.adapters.web.live import ANN, BOT_TOKEN, init_data

NOW = time.time()  # (signed as of NOW: the module is imported minutes before a full run gets here)


def _changed(data: str, **fields: str) -> str:
    pairs = dict(parse_qsl(data))
    pairs.update(fields)
    return urlencode(pairs)


def test_initdata_signed_with_the_bots_token_names_the_person():
    viewer = telegram_viewer(init_data(ANN, auth_date=NOW, start="t42"), BOT_TOKEN, NOW)
    assert viewer == Viewer(PersonRef("telegram", "101"), "Ann", "en", 42)


def test_initdata_without_a_start_param_is_for_any_table():
    viewer = telegram_viewer(init_data(ANN, auth_date=NOW), BOT_TOKEN, NOW)
    assert viewer is not None and viewer.table_id is None


def test_expired_initdata_is_refused():
    assert telegram_viewer(init_data(ANN, auth_date=NOW - 3601), BOT_TOKEN, NOW) is None
    assert telegram_viewer(init_data(ANN, auth_date=NOW - 3500), BOT_TOKEN, NOW) is not None


def test_initdata_from_the_future_is_refused():
    assert telegram_viewer(init_data(ANN, auth_date=NOW + 120), BOT_TOKEN, NOW) is None
    assert telegram_viewer(init_data(ANN, auth_date=NOW + 30), BOT_TOKEN, NOW) is not None


def test_a_tampered_field_is_refused():
    data = init_data(ANN, auth_date=NOW, start="t42")
    assert telegram_viewer(_changed(data, start_param="t43"), BOT_TOKEN, NOW) is None
    assert telegram_viewer(_changed(data, user='{"id":999,"first_name":"Mallory"}'), BOT_TOKEN, NOW) is None


def test_initdata_signed_with_another_token_is_refused():
    assert telegram_viewer(init_data(ANN, auth_date=NOW, token="999:other"), BOT_TOKEN, NOW) is None


def test_initdata_without_a_hash_is_refused():
    pairs = [(k, v) for k, v in parse_qsl(init_data(ANN, auth_date=NOW)) if k != "hash"]
    assert telegram_viewer(urlencode(pairs), BOT_TOKEN, NOW) is None


def test_the_signature_field_stays_in_the_checked_string():
    data = init_data(ANN, auth_date=NOW, signature="c2lnbmVk")
    assert telegram_viewer(data, BOT_TOKEN, NOW) is not None
    assert telegram_viewer(_changed(data, signature="b3RoZXI"), BOT_TOKEN, NOW) is None
    without = urlencode([(k, v) for k, v in parse_qsl(data) if k != "signature"])
    assert telegram_viewer(without, BOT_TOKEN, NOW) is None


def test_a_field_given_twice_or_garbage_is_refused():
    data = init_data(ANN, auth_date=NOW)
    assert telegram_viewer(data + "&auth_date=1", BOT_TOKEN, NOW) is None
    assert telegram_viewer("", BOT_TOKEN, NOW) is None
    assert telegram_viewer("%%%", BOT_TOKEN, NOW) is None


SECRET = link_secret(BOT_TOKEN)
BOB = PersonRef("discord", "555")


def test_a_signed_link_names_its_person_table_and_nonce():
    token = sign_link(SECRET, BOB, 7, NOW + 900, "n1", "Bob", "uk")
    assert read_link(SECRET, token, NOW) == (Viewer(BOB, "Bob", "uk", 7), "n1")


def test_a_link_may_vouch_that_its_person_is_in_the_tables_chat():
    """(A Discord Activity's sign-in saw them in an instance in its channel: adapters/discord/activity.py.)"""
    vouched = sign_link(SECRET, BOB, 7, NOW + 900, "n1", "Bob", "uk", member=True)
    assert read_link(SECRET, vouched, NOW) == (Viewer(BOB, "Bob", "uk", 7, member=True), "n1")
    assert read_link(SECRET, sign_link(SECRET, BOB, 7, NOW + 900, "n2"), NOW)[0].member is False  # type: ignore[index]


def test_an_expired_link_is_refused():
    assert read_link(SECRET, sign_link(SECRET, BOB, 7, NOW - 1, "n1"), NOW) is None


def test_a_link_with_a_tampered_payload_is_refused():
    token = sign_link(SECRET, BOB, 7, NOW + 900, "n1")
    other = sign_link(SECRET, BOB, 8, NOW + 900, "n1")
    assert read_link(SECRET, other.rpartition(".")[0] + "." + token.rpartition(".")[2], NOW) is None
    # the payload as itsdangerous reads it: base64url JSON, or "." and zlib'd when that is shorter
    unsigned = URLSafeSerializer(b"", salt=LINK_SALT)
    forged = unsigned.dump_payload({**unsigned.load_payload(token.rpartition(".")[0].encode()), "t": 8})
    assert read_link(SECRET, forged.decode() + "." + token.rpartition(".")[2], NOW) is None


def test_a_link_with_a_tampered_mac_is_refused():
    payload, _, mac = sign_link(SECRET, BOB, 7, NOW + 900, "n1").rpartition(".")
    flipped = ("A" if mac[0] != "A" else "B") + mac[1:]
    assert read_link(SECRET, f"{payload}.{flipped}", NOW) is None
    assert read_link(SECRET, payload, NOW) is None
    assert read_link(SECRET, f"{payload}.", NOW) is None
    assert read_link(SECRET, "not a token", NOW) is None
    assert read_link(SECRET, "", NOW) is None


def test_something_else_signed_with_the_same_secret_is_no_link():
    """The links' salt: a token another part of the bot might sign with the key is not a link."""
    payload = {"p": "discord", "u": "555", "t": 7, "e": NOW + 900, "o": "n1"}
    assert read_link(SECRET, URLSafeSerializer(SECRET, signer_kwargs=SIGNER).dumps(payload), NOW) is None
    assert read_link(SECRET, URLSafeSerializer(SECRET, salt=LINK_SALT, signer_kwargs=SIGNER).dumps(payload), NOW)


def test_a_signed_payload_that_is_no_link_is_refused():
    for payload in ([1, 2], "text", {"p": "discord"}, {"p": "d", "u": "1", "t": "seven", "e": NOW + 900, "o": "n"}):
        token = URLSafeSerializer(SECRET, salt=LINK_SALT, signer_kwargs=SIGNER).dumps(payload)
        assert read_link(SECRET, token, NOW) is None


def test_a_link_signed_with_another_bots_secret_is_refused():
    token = sign_link(link_secret("999:other"), BOB, 7, NOW + 900, "n1")
    assert read_link(SECRET, token, NOW) is None


def test_the_clients_language_code_names_one_of_ours_or_none():
    for code, lang in (("ru", "ru"), ("pt-br", "pt_BR"), ("de-AT", "de"), ("nl", None)):
        who = replace(ANN, lang=code)
        viewer = telegram_viewer(init_data(who, auth_date=NOW), BOT_TOKEN, NOW)
        assert viewer is not None and viewer.lang == lang, code
