"""Signed page links (adapters/web/page_links.py): a token names exactly the page it was signed for,
until it expires; a changed character, another key, another kind of token or garbage names nothing
(and never raises); only a chat's public link lives for ever, and only with the moment it was
made public."""

from __future__ import annotations

import string

from hypothesis import given
from hypothesis import strategies as st

from adapters.web.auth import link_secret, sign_link
from adapters.web.page_links import PageLinks, read_page, sign_page
from bot.pages import ChatPage, PlayerPage, ReplayPage
from bot.people import ChatRef, PersonRef

KEY = link_secret("123:bot-token")
ANN = PlayerPage(PersonRef("telegram", "42"))
GROUP = ChatPage(ChatRef("discord", "9001"))
GAME = ReplayPage(77)


def test_each_token_names_its_page_until_it_expires():
    for page in (ANN, GROUP, GAME):
        reading = read_page(KEY, sign_page(KEY, page, expires=1_000.0))
        assert reading is not None and reading.page == page
        assert not reading.expired(999.9) and reading.expired(1_000.0)


def test_a_changed_character_another_key_or_a_live_table_link_names_nothing():
    token = sign_page(KEY, ANN, expires=1_000.0)
    for i in (0, len(token) // 2, len(token) - 2):  # (the last character has spare bits)
        changed = token[:i] + ("A" if token[i] != "A" else "B") + token[i + 1 :]
        assert read_page(KEY, changed) is None
    assert read_page(link_secret("another bot"), token) is None
    live = sign_link(KEY, ANN.person, 77, 1_000.0, "nonce")  # the same key, the live table's salt
    assert read_page(KEY, live) is None


def test_only_a_chats_public_link_lives_for_ever_and_it_carries_when_it_was_made_public():
    public = read_page(KEY, sign_page(KEY, GROUP, expires=0, since=500.0))
    assert public is not None and public.since == 500.0 and not public.expired(10**12)
    assert read_page(KEY, sign_page(KEY, GROUP, expires=0)) is None  # no moment: not a public link
    assert read_page(KEY, sign_page(KEY, ANN, expires=0, since=500.0)) is None  # a person's never is


def test_the_addresses_name_the_page_kind_under_the_base_url():
    links = PageLinks(KEY, "https://cards.example.org/", seconds=60, clock=lambda: 1_000.0)
    player, replay = links(ANN), links(GAME)
    assert player.startswith("https://cards.example.org/page/")
    assert replay.startswith("https://cards.example.org/replay/")
    reading = read_page(KEY, player.rsplit("/", 1)[1])
    assert reading is not None and reading.expires == 1_060.0
    public = read_page(KEY, links(ChatPage(GROUP.chat, since=5.0)).rsplit("/", 1)[1])
    assert public is not None and public.page == GROUP and (public.expires, public.since) == (0, 5.0)


@given(st.text(alphabet=string.ascii_letters + string.digits + "-_.", max_size=600))
def test_garbage_names_nothing_and_never_raises(token: str):
    assert read_page(KEY, token) is None
