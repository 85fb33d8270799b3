"""`/notify`: a person asks to hear when a game opens in a chat; the next lobby there pings them
(one message, a mention each), until they ask again."""

from bot.commands import Notify
from bot.people import Actor, ChatRef
from bot.ui.screen import Mention
from tests.bot.harness import ANN, BOB, CHAT, CY, DAN, Harness

OTHER = ChatRef("test", "chat-2")


def notify(h: Harness, actor: Actor, chat: ChatRef = CHAT, on: bool | None = None) -> str:
    reply = h.run(h.service.handle(Notify(chat, actor, on)))
    assert reply.ok
    return reply.text or ""


def pinged(h: Harness, table_id: int) -> list[str]:
    """The names the lobby's ping mentions, checked against the people they notify."""
    screen = h.notifier.last(table_id, None, "ping")
    if screen is None:
        return []
    assert screen.final and not screen.buttons
    marks = [m for m in screen.marks if isinstance(m, Mention)]
    names = [screen.text[m.start : m.end] for m in marks]
    assert [m.person.user_id for m in marks] == [n.lower() for n in names]
    return names


def test_a_lobby_pings_everyone_who_asked_but_its_opener_in_the_order_they_asked():
    h = Harness()
    assert "tell you when a game opens" in notify(h, CY)
    notify(h, BOB)
    notify(h, ANN)
    t = h.open(ANN, "svolota").table_id
    assert pinged(h, t) == ["Cy", "Bob"]
    assert h.screen(t, slot="ping").text.startswith("🔔 Svolota: a table is open — ")


def test_notify_again_turns_it_off_and_each_chat_keeps_its_own_list():
    h = Harness()
    notify(h, BOB)
    notify(h, DAN, OTHER)
    assert "No more pings" in notify(h, BOB)
    t = h.open(ANN, "speed").table_id
    assert pinged(h, t) == []
    t2 = h.open(ANN, "speed", chat=OTHER).table_id
    assert pinged(h, t2) == ["Dan"]


def test_on_and_off_are_idempotent():
    h = Harness()
    notify(h, BOB, on=True)
    notify(h, BOB, on=True)
    assert h.run(h.store.notify_list(CHAT)) == [(BOB.person, "Bob")]
    notify(h, BOB, on=False)
    notify(h, BOB, on=False)
    assert h.run(h.store.notify_list(CHAT)) == []


def test_a_challenge_or_a_rematch_pings_nobody():
    h = Harness()
    notify(h, CY)
    t = h.challenge(ANN, "speed", BOB).table_id
    assert pinged(h, t) == []


def test_the_ping_speaks_the_chats_language():
    h = Harness()
    h.setting(Actor(ANN.person, "Ann", admin=True), "lang", "uk")
    notify(h, BOB)
    t = h.open(ANN, "svolota").table_id
    assert h.screen(t, slot="ping").text.startswith("🔔 Сволота")
