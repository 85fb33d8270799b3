"""`cardbot telegram` is an operator command: without a token it says which variable is missing,
and a settings error never echoes the token. The chat command /look sets a person's own look, in a
group and in private."""

from __future__ import annotations

from adapters.cli import main
from adapters.telegram import texts
from bot.clock import FakeClock
from bot.i18n import translator
from bot.people import PersonRef
from tests.adapters.telegram.fake_api import FakeBotApi
from tests.adapters.telegram.test_scenarios import Running
from tests.adapters.telegram.world import Chat, User

TOKEN = "123456:do-not-print-me"


def test_without_a_token_it_names_the_variable_and_exits_2(monkeypatch, capsys):
    monkeypatch.delenv("TELEGRAM_BOT_TOKEN", raising=False)
    assert main(["telegram"]) == 2
    assert "TELEGRAM_BOT_TOKEN" in capsys.readouterr().err


def test_a_settings_error_does_not_echo_the_token(monkeypatch, capsys):
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TOKEN)
    monkeypatch.setenv("TELEGRAM_PORT", "not-a-port")
    assert main(["telegram"]) == 2
    err = capsys.readouterr().err
    assert "TELEGRAM_PORT" in err and TOKEN not in err


def test_it_is_listed_among_the_operator_commands(capsys):
    try:
        main(["telegram", "--help"])
    except SystemExit as done:
        assert done.code == 0
    assert "--log-level" in capsys.readouterr().out


# --- /look, the real bot against the fake Bot API -------------------------------------------------


async def test_look_sets_a_persons_own_look_in_a_group_and_in_private(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, group: Chat
):
    en, ru = translator("en"), translator("ru")
    async with Running(fake_api, url, clock, menu=True) as bot:
        assert "look" in [c["command"] for c in fake_api.visible_commands(alice, group)]
        assert "look" in [c["command"] for c in fake_api.visible_commands(alice, fake_api.private_chat(alice))]
        fake_api.send_text(alice, group, "/look")  # no word: how her panels look, and the choices
        assert (await fake_api.next_message(group)).text == texts.look_text(None, "classic", en)
        fake_api.send_text(bob, group, "/look sepia")
        refused = await fake_api.next_message(group)
        assert refused.text == "✗ " + ru.gettext("cards look: classic, four (colours) or text")
        fake_api.send_text(alice, group, "/look four")
        saved = await fake_api.next_message(group)
        assert saved.text == "Look saved: four-colour deck." and saved.reply_to is not None
        private = fake_api.private_chat(bob)
        fake_api.send_text(bob, private, "/look text")
        assert (await fake_api.next_message(private)).text == "Вид карт сохранён: только текст."
        fake_api.send_text(bob, private, "/look")
        assert (await fake_api.next_message(private)).text == texts.look_text("text", None, ru)
        await bot.settled()
        assert await bot.store.person_look(person_of(alice)) == "four_colour"
        assert await bot.store.person_look(person_of(bob)) == "text"


def person_of(user: User) -> PersonRef:
    return PersonRef("telegram", str(user.id))
