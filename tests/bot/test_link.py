"""`/link` and `/unlink` through the service (bot/linker.py, bot/account_links.py), on every store: one person
with a Telegram and a Discord account links them with a code, and from then on is one player in
the global scope (ratings, stats, achievements), named as each platform names them; unlinking
leaves each account a copy. Every refusal changes nothing in the store."""

from __future__ import annotations

import json
import re
from typing import Any

from sqlalchemy import select

from adapters.sql.models import Base
from bot import account_links
from bot.commands import Forget, Leaderboard, Link, Stats, Unlink
from bot.linker import MAX_TRIES, TRIES_SECONDS
from bot.memory_store import MemoryStore
from bot.people import Actor, ChatRef, PersonRef
from bot.ratings import GLOBAL, chat_scope
from bot.settings import ServiceConfig
from bot.ui.screen import Reply
from tests.bot.harness import Harness
from tests.bot.test_leaderboard import svolota
from tests.store.test_forget import plays

TG_CHAT, DC_CHAT = ChatRef("telegram", "-100"), ChatRef("discord", "500")
ANN_TG = Actor(PersonRef("telegram", "11"), "Ann on Telegram")
ANN_DC = Actor(PersonRef("discord", "22"), "Ann on Discord")
BOB_TG = Actor(PersonRef("telegram", "12"), "Bob T")
BOB_DC = Actor(PersonRef("discord", "23"), "Bob D")
CODE = re.compile(r"[A-Z2-9]{4}-[A-Z2-9]{4}")


def link(h: Harness, actor: Actor, code: str | None = None) -> Reply:
    reply: Reply = h.run(h.service.handle(Link(actor, code)))
    return reply


def code_of(h: Harness, actor: Actor) -> str:
    reply = link(h, actor)
    assert reply.ok, reply.text
    found = CODE.search(reply.text or "")
    assert found, reply.text
    return found[0]


def linked(h: Harness) -> Reply:
    """Ann's accounts linked: the code shown on Telegram, typed on Discord."""
    reply = link(h, ANN_DC, code_of(h, ANN_TG))
    assert reply.ok, reply.text
    return reply


def stats_text(h: Harness, actor: Actor, chat: ChatRef, everywhere: bool = True) -> str:
    reply: Reply = h.run(h.service.handle(Stats(chat, actor, None, everywhere)))
    assert reply.ok and reply.screens
    return reply.screens[0].text


def board_text(h: Harness, actor: Actor, chat: ChatRef, everywhere: bool = True) -> str:
    reply: Reply = h.run(h.service.handle(Leaderboard(chat, actor, "svolota", everywhere, season="all")))
    assert reply.ok and reply.screens
    return reply.screens[0].text


def global_rows(h: Harness, person: PersonRef) -> dict[str, Any]:
    return {r.game: (r.games, r.wins, r.practice_games) for r in h.run(h.store.person_stats(person, GLOBAL))}


def dump(store: Any) -> Any:
    """Everything the store holds (SQL: every row of every table; memory: its attributes)."""
    if isinstance(store, MemoryStore):
        return repr({k: v for k, v in vars(store).items() if k != "history"}) + repr(vars(store._links))
    with store.engine.connect() as conn:
        return {
            table.name: sorted(
                json.dumps(dict(r), default=str, sort_keys=True) for r in conn.execute(select(table)).mappings()
            )
            for table in Base.metadata.sorted_tables
        }


def until_won(h: Harness, actor: Actor, other: Actor, chat: ChatRef) -> None:
    """Speed games of `actor` (playing) and `other` (stood in for) until `actor` earns an achievement."""
    for _ in range(6):
        if h.run(h.store.achievements_of(actor.person)):
            return
        t = h.open(actor, "speed", chat=chat).table_id
        h.press(other, t, "Join")
        plays(h, actor, t)
    raise AssertionError("never won")


def two_games(h: Harness) -> None:
    """Ann plays one rated Svolota game on each platform, before any link."""
    svolota(h, ANN_TG, BOB_TG, chat=TG_CHAT)
    svolota(h, ANN_DC, BOB_DC, chat=DC_CHAT)


def test_a_code_is_shown_privately_and_links_the_two_accounts_into_one_global_record():
    h = Harness(ServiceConfig(missed_turns=1))
    two_games(h)
    assert global_rows(h, ANN_TG.person) == {"svolota": (1, *global_rows(h, ANN_TG.person)["svolota"][1:])}

    reply = linked(h)

    assert "Telegram" in (reply.text or "")
    assert h.run(h.store.identities([ANN_TG.person, ANN_DC.person])) == {
        ANN_TG.person: ANN_TG.person,
        ANN_DC.person: ANN_TG.person,
    }
    assert global_rows(h, ANN_TG.person)["svolota"][0] == 2  # both games, one identity
    assert global_rows(h, ANN_DC.person) == {}  # (kept under the identity alone)
    assert h.run(h.store.person_stats(ANN_DC.person, chat_scope(DC_CHAT)))  # a chat's rows stay the account's


def test_games_after_the_link_count_once_everywhere_and_stats_show_both_from_either_platform():
    h = Harness(ServiceConfig(missed_turns=1))
    linked(h)
    svolota(h, ANN_TG, BOB_TG, chat=TG_CHAT)
    svolota(h, ANN_DC, BOB_DC, chat=DC_CHAT)

    assert global_rows(h, ANN_TG.person)["svolota"][0] == 2
    for actor, chat in ((ANN_TG, TG_CHAT), (ANN_DC, DC_CHAT)):
        text = stats_text(h, actor, chat)
        assert actor.name in text and "2" in text
    assert "Ann on Discord" not in stats_text(h, ANN_TG, TG_CHAT)
    here = stats_text(h, ANN_DC, DC_CHAT, everywhere=False)  # the chat's own: its one game
    assert h.run(h.store.person_stats(ANN_DC.person, chat_scope(DC_CHAT)))[0].games == 1 and ANN_DC.name in here


def test_leaderboards_name_a_linked_person_as_the_platform_asking_shows_them():
    h = Harness(ServiceConfig(missed_turns=1))
    two_games(h)
    linked(h)
    svolota(h, ANN_DC, BOB_DC, chat=DC_CHAT)  # her latest game is on Discord

    on_telegram, on_discord = board_text(h, BOB_TG, TG_CHAT), board_text(h, BOB_DC, DC_CHAT)
    assert "Ann on Telegram" in on_telegram and "Ann on Discord" not in on_telegram
    assert "Ann on Discord" in on_discord and "Ann on Telegram" not in on_discord
    assert "Ann on Telegram" in board_text(h, BOB_TG, TG_CHAT, everywhere=False)
    assert "Ann on Discord" in board_text(h, BOB_DC, DC_CHAT, everywhere=False)


def test_achievements_are_one_set_with_the_earliest_of_each():
    h = Harness(ServiceConfig(idle_seconds=3, computer_think=0.5), seed=3)
    until_won(h, ANN_DC, BOB_DC, DC_CHAT)  # Discord first: its achievements are the earlier
    until_won(h, ANN_TG, BOB_TG, TG_CHAT)
    earliest: dict[str, float] = {}
    for p in (ANN_TG, ANN_DC):
        for e in h.run(h.store.achievements_of(p.person)):
            earliest[e.achievement] = min(e.at, earliest.get(e.achievement, e.at))
    assert len(earliest) >= 1

    linked(h)

    after = h.run(h.store.achievements_of(ANN_TG.person))
    assert {e.achievement: e.at for e in after} == earliest
    assert {e.person for e in after} == {ANN_TG.person} and h.run(h.store.achievements_of(ANN_DC.person)) == []


def test_unlink_leaves_both_accounts_a_copy_and_they_go_on_apart():
    h = Harness(ServiceConfig(missed_turns=1, idle_seconds=3, computer_think=0.5), seed=3)
    until_won(h, ANN_TG, BOB_TG, TG_CHAT)
    two_games(h)
    linked(h)
    joint = global_rows(h, ANN_TG.person)
    earned = {e.achievement for e in h.run(h.store.achievements_of(ANN_TG.person))}
    assert earned

    reply = h.run(h.service.handle(Unlink(ANN_DC)))

    assert reply.ok and "Telegram" in (reply.text or "")
    assert h.run(h.store.identities([ANN_TG.person, ANN_DC.person])) == {}
    assert global_rows(h, ANN_TG.person) == joint == global_rows(h, ANN_DC.person)
    assert {e.achievement for e in h.run(h.store.achievements_of(ANN_DC.person))} == earned
    assert ANN_DC.name in stats_text(h, ANN_DC, DC_CHAT)  # her copy under the name Discord shows
    svolota(h, ANN_DC, BOB_DC, chat=DC_CHAT)
    assert global_rows(h, ANN_DC.person)["svolota"][0] == joint["svolota"][0] + 1
    assert global_rows(h, ANN_TG.person) == joint
    again = h.run(h.service.handle(Unlink(ANN_TG)))
    assert not again.ok and "not linked" in (again.text or "")


def test_a_code_may_be_used_once_only():
    h = Harness()
    code = code_of(h, ANN_TG)
    assert link(h, ANN_DC, code).ok
    h.run(h.service.handle(Unlink(ANN_DC)))
    before = dump(h.store)
    reply = link(h, BOB_DC, code)
    assert not reply.ok and "used" in (reply.text or "")
    assert dump(h.store) == before


def refused(h: Harness, actor: Actor, code: str, words: str) -> None:
    """`/link code` refused with an answer saying `words`, and nothing in the store changed."""
    before = dump(h.store)
    reply = link(h, actor, code)
    assert not reply.ok and words in (reply.text or ""), reply.text
    assert dump(h.store) == before


def test_a_code_typed_on_the_platform_it_was_shown_on_or_by_its_own_account_is_refused():
    h = Harness()
    code = code_of(h, ANN_TG)
    refused(h, BOB_TG, code, "other platform")
    refused(h, ANN_TG, code, "other platform")
    assert link(h, ANN_DC, code.lower().replace("-", " ")).ok  # (any case, any separator: still good)


def test_an_expired_unknown_or_garbled_code_is_refused():
    h = Harness()
    code = code_of(h, ANN_TG)
    h.clock.advance(account_links.VALID_SECONDS + 1)
    refused(h, ANN_DC, code, "expired")
    refused(h, ANN_DC, "ABCD-EFGH", "no such link code")
    refused(h, ANN_DC, "hello", "not a link code")


def test_a_new_code_replaces_the_earlier_one():
    h = Harness()
    first = code_of(h, ANN_TG)
    second = code_of(h, ANN_TG)
    refused(h, ANN_DC, first, "no such link code")
    assert link(h, ANN_DC, second).ok


def test_an_account_linked_already_cannot_link_again_on_either_side():
    h = Harness()
    linked(h)
    before = dump(h.store)
    for actor in (ANN_TG, ANN_DC):
        reply = link(h, actor)
        assert not reply.ok and "/unlink" in (reply.text or "")
    assert dump(h.store) == before
    bobs = code_of(h, BOB_TG)
    refused(h, ANN_DC, bobs, "linked already")
    annas = code_of(h, BOB_DC)  # Bob's Discord code, typed by Ann's linked Telegram account
    refused(h, ANN_TG, annas, "linked already")


def test_the_code_of_an_account_linked_meanwhile_is_refused():
    h = Harness()
    code = code_of(h, ANN_TG)
    other = code_of(h, BOB_DC)
    assert link(h, ANN_TG, other).ok  # Ann's Telegram account links with Bob's Discord one meanwhile
    refused(h, ANN_DC, code, "linked already")


def test_a_forgotten_person_cannot_link_until_they_play_again():
    h = Harness()
    assert h.run(h.store.forget(ANN_DC.person)).forgot.value == "done"
    code = code_of(h, ANN_TG)
    refused(h, ANN_DC, code, "forgotten")
    reply = link(h, ANN_DC)
    assert not reply.ok and "forgotten" in (reply.text or "")


def test_too_many_wrong_codes_are_refused_for_a_while_even_the_right_one():
    h = Harness()
    code = code_of(h, ANN_TG)
    for _ in range(MAX_TRIES):
        refused(h, ANN_DC, "ZZZZ-ZZZZ", "no such link code")
    refused(h, ANN_DC, code, "too many")
    assert link(h, BOB_DC, "ZZZZ-ZZZZ").text != link(h, ANN_DC, code).text  # (per account)
    h.clock.advance(TRIES_SECONDS + 1)
    code = code_of(h, ANN_TG)
    assert link(h, ANN_DC, code).ok


def test_forget_on_a_linked_account_unlinks_it_first_and_the_other_keeps_the_record():
    h = Harness(ServiceConfig(idle_seconds=3, computer_think=0.5), seed=3)
    until_won(h, ANN_TG, BOB_TG, TG_CHAT)
    linked(h)
    joint = global_rows(h, ANN_TG.person)

    done = h.run(h.store.forget(ANN_TG.person))  # (the identity itself)

    assert done.forgot.value == "done"
    assert h.run(h.store.identities([ANN_TG.person, ANN_DC.person])) == {}
    assert global_rows(h, ANN_DC.person) == joint and global_rows(h, ANN_TG.person) == {}
    assert h.run(h.store.achievements_of(ANN_DC.person))
    assert h.run(h.service.handle(Forget(ANN_DC))).ok  # (and the other may be forgotten in turn)
