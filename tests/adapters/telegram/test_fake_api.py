"""The fake Bot API, driven by the real python-telegram-bot: it must be faithful enough that the
adapter's tests against it mean something."""

from __future__ import annotations

import asyncio
import datetime as dtm

import pytest
from telegram import (
    Bot,
    BotCommand,
    BotCommandScopeAllGroupChats,
    BotCommandScopeChat,
    ChatMemberOwner,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputTextMessageContent,
    ReplyParameters,
    Update,
)
from telegram.error import BadRequest, Conflict, EndPointNotFound, Forbidden, InvalidToken, NetworkError, RetryAfter
from telegram.ext import (
    Application,
    ApplicationBuilder,
    CallbackContext,
    CallbackQueryHandler,
    ChosenInlineResultHandler,
    CommandHandler,
    InlineQueryHandler,
)

from tests.adapters.telegram.fake_api import FakeBotApi, polling
from tests.adapters.telegram.world import Chat, User

KEYBOARD = InlineKeyboardMarkup(
    [
        [InlineKeyboardButton("Join", callback_data="join:1"), InlineKeyboardButton("Leave", callback_data="leave:1")],
        [InlineKeyboardButton("Choose cards", switch_inline_query_current_chat="t1 ")],
    ]
)


async def open_bot(api: FakeBotApi) -> Bot:
    bot = Bot(api.token, base_url=api.base_url, base_file_url=api.base_file_url)
    await bot.initialize()
    return bot


def build_app(api: FakeBotApi) -> Application:
    return ApplicationBuilder().token(api.token).base_url(api.base_url).base_file_url(api.base_file_url).build()


@pytest.fixture
def events() -> list[tuple[str, object]]:
    return []


@pytest.fixture
def app(fake_api: FakeBotApi, events: list[tuple[str, object]]) -> Application:
    """A minimal bot: /hello answers with a keyboard, a press is answered and edits the message,
    inline queries get two personal results."""

    async def hello(update: Update, context: CallbackContext) -> None:
        events.append(("hello", update.message.text))
        await update.message.reply_text("Hi! Join?", reply_markup=KEYBOARD)

    async def pressed(update: Update, context: CallbackContext) -> None:
        query = update.callback_query
        events.append(("pressed", query.data))
        await query.answer(f"got {query.data}")
        await query.edit_message_text(f"{query.from_user.first_name} pressed {query.data}")

    async def inline(update: Update, context: CallbackContext) -> None:
        query = update.inline_query
        events.append(("inline", query.query))
        results = [
            InlineQueryResultArticle(f"play:{card}", card, InputTextMessageContent(f"plays {card}")) for card in "AK"
        ]
        await query.answer(results, cache_time=0, is_personal=True)

    async def chosen(update: Update, context: CallbackContext) -> None:
        events.append(("chosen", update.chosen_inline_result.result_id))

    application = build_app(fake_api)
    application.add_handler(CommandHandler("hello", hello))
    application.add_handler(CallbackQueryHandler(pressed))
    application.add_handler(InlineQueryHandler(inline))
    application.add_handler(ChosenInlineResultHandler(chosen))
    return application


# --- the basics -----------------------------------------------------------------------------------


async def test_get_me_through_the_real_bot(fake_api: FakeBotApi) -> None:
    bot = await open_bot(fake_api)
    try:
        me = await bot.get_me()
    finally:
        await bot.shutdown()
    assert (me.id, me.username, me.is_bot) == (fake_api.bot.id, "cardbot_test_bot", True)
    assert me.supports_inline_queries and not me.can_read_all_group_messages
    assert [r.method for r in fake_api.requests] == ["getMe", "getMe"]  # initialize() calls it too


async def test_a_wrong_token_is_unauthorized(fake_api: FakeBotApi) -> None:
    bot = Bot("7000000001:wrong", base_url=fake_api.base_url)
    with pytest.raises(InvalidToken):
        await bot.initialize()


async def test_a_command_reaches_its_handler_and_the_reply_has_buttons(
    fake_api: FakeBotApi, app: Application, events: list, alice: User, group: Chat
) -> None:
    async with polling(app):
        fake_api.send_text(alice, group, "/hello@cardbot_test_bot there")
        reply = await fake_api.next_message(group)
    assert events == [("hello", "/hello@cardbot_test_bot there")]
    assert reply.text == "Hi! Join?" and reply.reply_to.text.startswith("/hello")  # PTB quotes in groups
    assert fake_api.buttons(reply) == [
        [{"text": "Join", "callback_data": "join:1"}, {"text": "Leave", "callback_data": "leave:1"}],
        [{"text": "Choose cards", "switch_inline_query_current_chat": "t1 "}],
    ]
    sent = fake_api.calls("sendMessage", chat=group)
    assert len(sent) == 1 and sent[0].params["reply_markup"]["inline_keyboard"][0][0]["callback_data"] == "join:1"


async def test_a_press_reaches_the_callback_handler_which_answers_and_edits(
    fake_api: FakeBotApi, app: Application, events: list, alice: User, bob: User, group: Chat
) -> None:
    async with polling(app):
        fake_api.send_text(alice, group, "/hello")
        lobby = await fake_api.next_message(group)
        press = fake_api.press(bob, lobby, text="Join")
        await fake_api.wait_for(lambda: lobby.text == "Боря pressed join:1")
    assert ("pressed", "join:1") in events
    assert fake_api.answers_to(press) == {"text": "got join:1", "show_alert": False}
    assert lobby.buttons == [] and lobby.history == ["Hi! Join?"]  # an edit without reply_markup drops the keyboard
    update = next(u for u in fake_api.updates if "callback_query" in u)["callback_query"]
    assert update["message"]["message_id"] == lobby.message_id and update["chat_instance"] == group.instance


async def test_privacy_mode_hides_chatter_but_not_replies_to_the_bot(
    fake_api: FakeBotApi, alice: User, bob: User, group: Chat
) -> None:
    bot = await open_bot(fake_api)
    try:
        own = await bot.send_message(group.id, "I am here")
        fake_api.send_text(alice, group, "just chatting")
        fake_api.send_text(bob, group, "/other@some_other_bot")
        fake_api.send_text(bob, group, "answer", reply_to=fake_api.last_message(group))
        updates = await bot.get_updates(timeout=0)
    finally:
        await bot.shutdown()
    assert [u.message.text for u in updates] == ["answer"]
    assert updates[0].message.reply_to_message.message_id == own.message_id


# --- errors as Telegram gives them -------------------------------------------------------------------


async def test_editing_with_identical_content_is_not_modified(fake_api: FakeBotApi, group: Chat) -> None:
    bot = await open_bot(fake_api)
    try:
        sent = await bot.send_message(group.id, "<b>Board</b>", parse_mode="HTML", reply_markup=KEYBOARD)
        assert (sent.text, sent.entities[0].type) == ("Board", "bold")
        with pytest.raises(BadRequest, match="Message is not modified"):
            await bot.edit_message_text(
                "<b>Board</b>", group.id, sent.message_id, parse_mode="HTML", reply_markup=KEYBOARD
            )
        with pytest.raises(BadRequest, match="Message is not modified"):
            await bot.edit_message_reply_markup(group.id, sent.message_id, reply_markup=KEYBOARD)
        await bot.delete_message(group.id, sent.message_id)
        with pytest.raises(BadRequest, match="Message to edit not found"):
            await bot.edit_message_text("gone", group.id, sent.message_id)
        with pytest.raises(BadRequest, match="Message to delete not found"):
            await bot.delete_message(group.id, sent.message_id)
    finally:
        await bot.shutdown()


async def test_limits_on_text_and_callback_data(fake_api: FakeBotApi, group: Chat) -> None:
    bot = await open_bot(fake_api)
    try:
        with pytest.raises(BadRequest, match="Message is too long"):
            await bot.send_message(group.id, "x" * 4097)
        await bot.send_message(group.id, "x" * 4096)
        too_long = InlineKeyboardMarkup.from_button(InlineKeyboardButton("go", callback_data="d" * 65))
        with pytest.raises(BadRequest, match="Button_data_invalid"):
            await bot.send_message(group.id, "hi", reply_markup=too_long)
        with pytest.raises(BadRequest, match="haracter '!' is reserved"):
            await bot.send_message(group.id, "Hello!", parse_mode="MarkdownV2")
        with pytest.raises(BadRequest, match="Message to be replied not found"):
            await bot.send_message(group.id, "hi", reply_parameters=ReplyParameters(999))
    finally:
        await bot.shutdown()
    assert len(fake_api.messages(group)) == 1


async def test_private_messages_need_a_started_and_unblocked_person(fake_api: FakeBotApi, carol: User) -> None:
    bot = await open_bot(fake_api)
    try:
        with pytest.raises(Forbidden, match="bot can't initiate conversation with a user"):
            await bot.send_message(carol.id, "psst")
        start = fake_api.start_private(carol, "join-t1")
        assert start.text == "/start join-t1" and start.entities[0]["type"] == "bot_command"
        await bot.send_message(carol.id, "your panel")
        fake_api.block(carol)
        with pytest.raises(Forbidden, match="bot was blocked by the user"):
            await bot.send_message(carol.id, "again")
        updates = await bot.get_updates(timeout=0)
    finally:
        await bot.shutdown()
    assert [u.message.text if u.message else u.my_chat_member.new_chat_member.status for u in updates] == [
        "/start join-t1",
        "kicked",
    ]
    assert [m.text for m in fake_api.messages(fake_api.private_chat(carol), from_bot=True)] == ["your panel"]


async def test_a_callback_query_is_answered_once(fake_api: FakeBotApi, alice: User, group: Chat) -> None:
    bot = await open_bot(fake_api)
    try:
        await bot.send_message(group.id, "pick", reply_markup=KEYBOARD)
        press = fake_api.press(alice, fake_api.last_message(group), "leave:1")
        await bot.answer_callback_query(press, "ok")
        with pytest.raises(BadRequest, match="Query is too old"):
            await bot.answer_callback_query(press, "twice")
        with pytest.raises(BadRequest, match="Query is too old"):
            await bot.answer_callback_query("12345", "unknown")
    finally:
        await bot.shutdown()
    assert fake_api.answers_to(press)["text"] == "ok"


async def test_a_429_raises_retry_after_with_its_delay(fake_api: FakeBotApi, group: Chat) -> None:
    fake_api.fail_next("sendMessage", status=429, retry_after=3)
    bot = await open_bot(fake_api)
    try:
        with pytest.raises(RetryAfter) as raised:
            await bot.send_message(group.id, "flood")
        await bot.send_message(group.id, "fine now")
    finally:
        await bot.shutdown()
    delay = raised.value._retry_after
    assert delay == dtm.timedelta(seconds=3)
    assert [(r.status, r.description) for r in fake_api.calls("sendMessage")] == [
        (429, "Too Many Requests: retry after 3"),
        (200, None),
    ]


async def test_flood_control_when_asked(fake_api: FakeBotApi, group: Chat) -> None:
    fake_api.group_limit_per_minute = 2
    bot = await open_bot(fake_api)
    try:
        await bot.send_message(group.id, "1")
        await bot.send_message(group.id, "2")
        with pytest.raises(RetryAfter):
            await bot.send_message(group.id, "3")
    finally:
        await bot.shutdown()


# --- inline mode ------------------------------------------------------------------------------------


async def test_an_inline_query_is_answered_and_the_choice_comes_back(
    fake_api: FakeBotApi, app: Application, events: list, alice: User, group: Chat
) -> None:
    async with polling(app):
        await app.bot.send_message(group.id, "Your turn", reply_markup=KEYBOARD)
        query = fake_api.press(alice, fake_api.last_message(group), text="Choose cards")
        answer = await fake_api.wait_for(lambda: fake_api.inline_answers(query))
        posted = fake_api.choose_inline(alice, "play:K", "t1 ")
        await fake_api.wait_for(lambda: ("chosen", "play:K") in events)
    assert ("inline", "t1 ") in events
    assert [r["id"] for r in answer["results"]] == ["play:A", "play:K"]
    assert (answer["cache_time"], answer["is_personal"]) == (0, True)
    assert posted.text == "plays K" and posted.via_bot is fake_api.bot and posted.sender is alice
    assert fake_api.inline_queries[query].chat_type == "supergroup"


async def test_without_inline_feedback_no_choice_arrives(fake_api: FakeBotApi, alice: User, group: Chat) -> None:
    fake_api.inline_feedback = False
    bot = await open_bot(fake_api)
    try:
        query = fake_api.inline_query(alice, "x", chat=group)
        await bot.answer_inline_query(query, [InlineQueryResultArticle("r", "R", InputTextMessageContent("r!"))])
        fake_api.choose_inline(alice, "r", "x")
        updates = await bot.get_updates(timeout=0)
    finally:
        await bot.shutdown()
    assert [u.inline_query is not None or u.message.via_bot.id == fake_api.bot.id for u in updates] == [True, True]


# --- long polling ----------------------------------------------------------------------------------


async def test_get_updates_waits_and_returns_early_and_offsets_confirm(
    fake_api: FakeBotApi, alice: User, group: Chat
) -> None:
    bot = await open_bot(fake_api)
    try:
        waiting = asyncio.create_task(bot.get_updates(timeout=600))
        await fake_api.wait_for(lambda: fake_api.calls("getUpdates"), what="the long poll to arrive")
        assert not waiting.done()  # held: nothing to answer yet
        fake_api.send_text(alice, group, "/one")
        first = await asyncio.wait_for(waiting, 10)  # answered at once, not after its 600 s
        fake_api.send_text(alice, group, "/two")
        again = await bot.get_updates(timeout=0)
        assert [u.message.text for u in again] == ["/one", "/two"]  # unconfirmed ones come again
        rest = await bot.get_updates(offset=first[0].update_id + 1, timeout=0)
        assert [u.message.text for u in rest] == ["/two"]
        fake_api.press(alice, fake_api.send_text(alice, group, "/three"), "x", strict=False)
        only_messages = await bot.get_updates(offset=rest[0].update_id + 1, timeout=0, allowed_updates=["message"])
        assert [u.message.text for u in only_messages] == ["/three"]
        await bot.set_webhook("https://example.org/hook")
        with pytest.raises(Conflict, match="webhook is active"):
            await bot.get_updates(timeout=0)
        await bot.delete_webhook()
    finally:
        await bot.shutdown()


async def test_requests_are_watched_as_they_arrive_and_confirmations_are_known(
    fake_api: FakeBotApi, alice: User, group: Chat
) -> None:
    seen: list[str] = []

    def watch(method: str, params: dict[str, object]) -> bool:
        seen.append(method)
        return method == "sendMessage"  # as if the bot died before Telegram got it

    fake_api.on_request = watch
    bot = await open_bot(fake_api)
    try:
        with pytest.raises(NetworkError, match="dropped"):
            await bot.send_message(group.id, "lost")
        assert fake_api.messages(group, from_bot=True) == []
        fake_api.send_text(alice, group, "/one")
        (update,) = await bot.get_updates(timeout=0)
        assert not fake_api.confirmed(update.update_id)  # fetched, not confirmed: it would come again
        await bot.get_updates(offset=update.update_id + 1, timeout=0)
        assert fake_api.confirmed(update.update_id)
        assert seen == ["getMe", "sendMessage", "getUpdates", "getUpdates"]
    finally:
        await bot.shutdown()


async def test_a_second_poller_terminates_the_first(fake_api: FakeBotApi) -> None:
    first_bot, second_bot = await open_bot(fake_api), await open_bot(fake_api)  # two bot processes
    try:
        first = asyncio.create_task(first_bot.get_updates(timeout=5))
        await fake_api.wait_for(lambda: fake_api.calls("getUpdates"), what="the first long poll to arrive")
        second = asyncio.create_task(second_bot.get_updates(timeout=0))
        with pytest.raises(Conflict, match="terminated by other getUpdates request"):
            await first
        assert await second == ()
    finally:
        await first_bot.shutdown()
        await second_bot.shutdown()


# --- commands, chats, topics -------------------------------------------------------------------------


async def test_commands_per_scope_and_language(fake_api: FakeBotApi, alice: User, bob: User, group: Chat) -> None:
    bot = await open_bot(fake_api)
    try:
        await bot.set_my_commands([BotCommand("svolota", "Play Svolota"), BotCommand("help", "Help")])
        await bot.set_my_commands([BotCommand("svolota", "Играть в Сволоту")], language_code="ru")
        await bot.set_my_commands([BotCommand("settings", "Settings")], scope=BotCommandScopeChat(group.id))
        assert [c.command for c in await bot.get_my_commands(language_code="ru")] == ["svolota"]
        assert await bot.get_my_commands(scope=BotCommandScopeAllGroupChats()) == ()
        with pytest.raises(BadRequest, match="Bot_command_invalid"):
            await bot.set_my_commands([BotCommand("Bad-Command", "x")])
    finally:
        await bot.shutdown()
    private = fake_api.private_chat(bob)
    assert fake_api.visible_commands(bob, private)[0]["description"] == "Играть в Сволоту"
    assert [c["command"] for c in fake_api.visible_commands(alice, group)] == ["settings"]


async def test_chats_and_members(
    fake_api: FakeBotApi, alice: User, carol: User, group: Chat, basic_group: Chat
) -> None:
    bot = await open_bot(fake_api)
    try:
        chat = await bot.get_chat(group.id)
        owner = await bot.get_chat_member(group.id, alice.id)
        stranger = await bot.get_chat_member(basic_group.id, carol.id)
        admins = await bot.get_chat_administrators(group.id)
        with pytest.raises(BadRequest, match="Chat not found"):
            await bot.get_chat(-100999)
    finally:
        await bot.shutdown()
    assert (chat.type, chat.title, basic_group.type) == ("supergroup", "Card night", "group")
    assert isinstance(owner, ChatMemberOwner) and stranger.status == "left"
    assert [m.user.id for m in admins] == [alice.id]


async def test_forum_topics(fake_api: FakeBotApi, alice: User, forum: Chat, topic: int) -> None:
    bot = await open_bot(fake_api)
    try:
        said = fake_api.send_text(alice, forum, "/svolota", thread_id=topic)
        (update,) = await bot.get_updates(timeout=0)
        assert update.message.message_thread_id == topic and update.message.is_topic_message
        assert update.message.reply_to_message.forum_topic_created.name == "Cards"  # as in real forums
        sent = await bot.send_message(forum.id, "lobby", message_thread_id=topic)
        with pytest.raises(BadRequest, match="Message thread not found"):
            await bot.send_message(forum.id, "lost", message_thread_id=topic + 100)
    finally:
        await bot.shutdown()
    assert said.thread_id == sent.message_thread_id == topic
    assert [m.text for m in fake_api.messages(forum, thread_id=topic)] == ["/svolota", "lobby"]


# --- the spec --------------------------------------------------------------------------------------


async def test_spec_validation_catches_an_unknown_parameter(fake_api: FakeBotApi, group: Chat) -> None:
    if fake_api.spec is None:
        pytest.skip("no Bot API spec in ../shared/specs")
    bot = await open_bot(fake_api)
    try:
        with pytest.raises(BadRequest, match="unknown parameter 'bogus'"):
            await bot.do_api_request("sendMessage", api_kwargs={"chat_id": group.id, "text": "x", "bogus": 1})
        with pytest.raises(BadRequest, match="required parameter 'text' is missing"):
            await bot.do_api_request("sendMessage", api_kwargs={"chat_id": group.id})
        with pytest.raises(EndPointNotFound):
            await bot.do_api_request("sendTelepathy", api_kwargs={"chat_id": group.id})
    finally:
        await bot.shutdown()
    assert fake_api.spec_errors == [
        "sendMessage: unknown parameter 'bogus'",
        "sendMessage: required parameter 'text' is missing",
        "unknown Bot API method 'sendTelepathy'",
    ]
    assert fake_api.messages(group) == []
    fake_api.spec_errors.clear()


# --- what people type, and what the bot's formatting becomes ------------------------------------------


async def test_people_mark_commands_and_mentions(
    fake_api: FakeBotApi, ptb_bot: Bot, alice: User, bob: User, carol: User, group: Chat
) -> None:
    fake_api.send_text(alice, group, "/speed @borya_k and Оля", mentions=[bob, carol])
    (update,) = await ptb_bot.get_updates(timeout=0)
    message = update.message
    assert [(e.type, message.parse_entity(e)) for e in message.entities] == [
        ("bot_command", "/speed"),
        ("mention", "@borya_k"),
        ("text_mention", "Оля"),
    ]
    assert message.entities[2].user.id == carol.id and message.from_user.language_code == "en"


async def test_formatting_is_parsed_like_telegram(fake_api: FakeBotApi, ptb_bot: Bot, group: Chat) -> None:
    html = await ptb_bot.send_message(
        group.id, "  <b>A&amp;B</b> <a href='https://x.org'>link</a> 🂡 <i>end</i>\n", "HTML"
    )
    assert html.text == "A&B link 🂡 end"
    assert [(e.type, html.parse_entity(e)) for e in html.entities] == [
        ("bold", "A&B"),
        ("text_link", "link"),
        ("italic", "end"),  # offsets in UTF-16: the card is two units
    ]
    v2 = await ptb_bot.send_message(group.id, r"*Turn* of _Ann_ \(3\.5s\)", "MarkdownV2")
    assert v2.text == "Turn of Ann (3.5s)" and [e.type for e in v2.entities] == ["bold", "italic"]
    with pytest.raises(BadRequest, match="nsupported start tag"):
        await ptb_bot.send_message(group.id, "<div>x</div>", "HTML")


async def test_a_deep_link_button_opens_the_private_chat(
    fake_api: FakeBotApi, ptb_bot: Bot, carol: User, group: Chat
) -> None:
    link = f"https://t.me/{fake_api.bot.username}?start=join-7"
    await ptb_bot.send_message(
        group.id, "Join", reply_markup=InlineKeyboardMarkup.from_button(InlineKeyboardButton("Start the bot", url=link))
    )
    start = fake_api.press(carol, fake_api.last_message(group), text="Start the bot")
    assert start.text == "/start join-7" and start.chat is fake_api.private_chat(carol) and carol.started


async def test_inline_messages_are_edited_by_their_inline_id(
    fake_api: FakeBotApi, ptb_bot: Bot, alice: User, group: Chat
) -> None:
    query = fake_api.inline_query(alice, "", chat=group)
    result = InlineQueryResultArticle("r1", "Board", InputTextMessageContent("board v1"), reply_markup=KEYBOARD)
    await ptb_bot.answer_inline_query(query, [result])
    posted = fake_api.choose_inline(alice, "r1", "")
    updates = await ptb_bot.get_updates(timeout=0)
    chosen = next(u.chosen_inline_result for u in updates if u.chosen_inline_result)
    assert chosen.inline_message_id == posted.inline_message_id
    edited = await ptb_bot.edit_message_text(
        "board v2", inline_message_id=chosen.inline_message_id, reply_markup=KEYBOARD
    )
    assert edited is True
    press = fake_api.press(alice, posted, "join:1")
    (update,) = await ptb_bot.get_updates(offset=updates[-1].update_id + 1, timeout=0)
    assert update.callback_query.inline_message_id == posted.inline_message_id
    assert update.callback_query.message is None and update.callback_query.id == press
    assert posted.text == "board v2" and posted.history == ["board v1"]
