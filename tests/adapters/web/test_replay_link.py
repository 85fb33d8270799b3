"""After the game the live page links to its replay (adapters/web/views.py `replay`): players and
spectators alike get the result board's "▶ Watch the replay" as a link signed for the finished game
(adapters/web/page_links.py), under the public URL, which opens the replay and its data on the same
server; none while the game is played, and none where no page links are served (no public URL)."""

from __future__ import annotations

import time
from urllib.parse import urlsplit

from adapters.web.page_links import read_page
from bot.pages import ReplayPage
from tests.adapters.web.live import ANN, BOB, BOT_TOKEN, EVE, PUBLIC_URL, live_table
from tests.adapters.web.test_rematch import played_out

DAY = 86400.0


async def test_a_finished_games_page_links_players_and_spectators_to_its_replay(aio_loop):
    async with live_table() as live:
        playing = await live.watching(EVE)
        assert playing.got[-1]["replay"] is None  # not while it is played
        await played_out(live)
        secret = live.server.settings.link_key(BOT_TOKEN)
        for who in (ANN, BOB, EVE):  # two players and a spectator
            view = (await live.watching(who)).got[-1]
            assert view["replay"]["label"] == "▶ Watch the replay", who
            url = urlsplit(view["replay"]["url"])
            assert f"{url.scheme}://{url.netloc}" == PUBLIC_URL and url.path.startswith("/replay/")
            token = url.path.removeprefix("/replay/")
            reading = read_page(secret, token)
            assert reading is not None and reading.page == ReplayPage(live.table_id)
            days = live.server.settings.page_days
            assert time.time() + days * DAY - 60 < reading.expires <= time.time() + days * DAY
            # the link opens the replay, served by the same server
            async with live.session.get(f"{live.origin}{url.path}") as page:
                assert page.status == 200 and "Ann" in await page.text()
            async with live.session.get(f"{live.origin}/api/v1/games/{token}") as data:
                assert data.status == 200 and (await data.json())["game"] == "svolota"
        # the spectator who watched the game through got it with the result too
        ended = await playing.until(lambda m: m["type"] == "view" and m["replay"] is not None)
        assert ended["replay"]["label"] == "▶ Watch the replay"


async def test_without_page_links_a_finished_game_has_no_replay_link(aio_loop):
    async with live_table(url=None) as live:
        assert live.server.pages is None
        await played_out(live)
        for who in (ANN, EVE):
            view = (await live.watching(who)).got[-1]
            assert view["replay"] is None and view["board"]["text"]
