"""Linked accounts in the store (bot/store/account_links.py `LinkStore`), on every store: codes kept as keyed
digests that another process (or the same after a restart) redeems once; identities; the names each
platform shows; unlink; and a forgotten linked account leaves no trace in the new tables either."""

from __future__ import annotations

from collections.abc import Callable

from bot.account_links import VALID_SECONDS, Linking, new_code, shown_code
from bot.forgotten import Forgot
from bot.people import Actor, ChatRef, PersonRef
from bot.settings import ServiceConfig
from tests.bot.harness import BOB, Harness, played_out
from tests.store.conftest import Store
from tests.store.test_forget import ZEPH, traces

TG = PersonRef("telegram", "41")
DC = PersonRef("discord", "42")
NOW = 1_000_000.0


def test_a_code_shown_in_one_process_is_redeemed_in_another_once_and_is_not_stored_as_itself(
    stores: Callable[[], Store],
):
    shower, redeemer = stores(), stores()
    code = new_code()
    Harness(store=shower).run(shower.put_link_code(TG, "Tess", code, NOW))
    h = Harness(store=redeemer)
    if hasattr(shower, "engine"):  # the database holds its digest, never the code
        assert not any(code in str(row) or shown_code(code) in str(row) for row in _rows(shower))

    done = h.run(redeemer.redeem(code, DC, "Dee", NOW + 60))

    assert (done.linking, done.other) == (Linking.LINKED, TG)
    assert h.run(redeemer.redeem(code, PersonRef("discord", "43"), "Eve", NOW + 61)).linking is Linking.USED
    assert h.run(shower.identities([TG, DC, BOB.person])) == {TG: TG, DC: TG}
    assert [(a.person, a.name) for a in h.run(shower.accounts(TG))] == [(DC, "Dee"), (TG, "Tess")]


def test_a_code_expires_and_a_new_one_replaces_the_old(store: Store):
    h = Harness(store=store)
    old, new = new_code(), new_code()
    h.run(store.put_link_code(TG, "Tess", old, NOW))
    h.run(store.put_link_code(TG, "Tess", new, NOW + 1))
    assert h.run(store.redeem(old, DC, "Dee", NOW + 2)).linking is Linking.UNKNOWN
    assert h.run(store.redeem(new, DC, "Dee", NOW + 1 + VALID_SECONDS)).linking is Linking.EXPIRED
    assert h.run(store.identities([TG, DC])) == {}


def test_names_on_a_platform_are_its_accounts_latest_there_else_as_linked(store: Store):
    h = Harness(store=store)
    code = new_code()
    h.run(store.put_link_code(TG, "Tess", code, NOW))
    h.run(store.redeem(code, DC, "Dee", NOW))
    assert h.run(store.names_on("discord", [TG])) == {TG: "Dee"}
    assert h.run(store.names_on("telegram", [TG, BOB.person])) == {TG: "Tess"}
    assert h.run(store.names_on("telegram", [])) == {}
    assert h.run(store.unlink(DC)) == TG and h.run(store.unlink(DC)) is None
    assert h.run(store.names_on("discord", [TG])) == {}


def test_a_forgotten_linked_account_leaves_no_trace_in_the_links_either(store: Store):
    h = Harness(ServiceConfig(idle_seconds=3), seed=3, store=store)
    other = Actor(PersonRef("discord", "9"), "Zeph elsewhere")
    speed = h.open(ZEPH, "speed", chat=ChatRef("test", "chat-1")).table_id
    h.press(BOB, speed, "Join")
    played_out(h, speed)
    code, own = new_code(), new_code()
    h.run(store.put_link_code(other.person, other.name, code, h.clock.now()))
    assert h.run(store.redeem(code, ZEPH.person, ZEPH.name, h.clock.now())).linking is Linking.LINKED
    h.run(store.put_link_code(ZEPH.person, ZEPH.name, own, h.clock.now()))  # (a code of hers, unused)
    left = set(traces(store, h))
    assert {
        "account_links.user_id",
        "account_links.name",
        "link_codes.user_id",
        "link_codes.name",
    } <= left or "_links" in left

    assert h.run(store.forget(ZEPH.person)).forgot is Forgot.DONE

    assert traces(store, h) == []
    assert h.run(store.identities([other.person])) == {}
    assert h.run(store.person_stats(other.person, "global"))  # the other account kept the joint record


def _rows(store: Store) -> list[object]:
    from sqlalchemy import select

    from adapters.sql.models import Base

    with store.engine.connect() as conn:  # type: ignore[union-attr]
        return [row for table in Base.metadata.sorted_tables for row in conn.execute(select(table))]


def test_a_linked_accounts_page_shows_the_joint_totals_both_accounts_games_and_its_own_name(store: Store):
    h = Harness(ServiceConfig(idle_seconds=3), seed=3, store=store)
    tess, dee = Actor(TG, "Tess"), Actor(DC, "Dee")
    others = Actor(PersonRef("telegram", "50"), "Bo"), Actor(PersonRef("discord", "51"), "Di")
    tables = []
    for me, other, chat in ((tess, others[0], ChatRef("telegram", "-1")), (dee, others[1], ChatRef("discord", "7"))):
        tables.append(h.open(me, "speed", chat=chat).table_id)
        h.press(other, tables[-1], "Join")
        played_out(h, tables[-1])
    code = new_code()
    h.run(store.put_link_code(TG, "Tess", code, h.clock.now()))
    assert h.run(store.redeem(code, DC, "Dee", h.clock.now())).linking is Linking.LINKED

    for account, name in ((TG, "Tess"), (DC, "Dee")):
        page = h.run(store.player(account))
        assert page is not None and page.person == account and page.name == name
        assert [(g.game, g.games) for g in page.games] == [("speed", 2)]
        assert sorted(line.table_id for line in page.recent) == sorted(tables)
        assert [r.name for r in page.rivals] == ["Bo" if account == TG else "Di"]  # (its own platform's)
    assert len(h.run(store.rating_points(DC, "global"))) == 0  # (the joint chart is the identity's)
    assert len(h.run(store.rating_points(TG, "global"))["speed"]) == 2
