"""A chat's tournaments on its group page (issue #38) end to end: tournaments run through the service
on a real SQLite file, the page and its API served on 127.0.0.1. The page lists the open one
(signing up) and the finished one, newest first, each with its standings as an HTML table (no
script needed), in the reader's language and direction; the API's answer matches its closed
schema; a person who asked to be forgotten is "a former player" there and named nowhere."""

from __future__ import annotations

import re
from html import escape

import jsonschema

from bot.history_tournaments import tournament_line
from bot.i18n import translator
from bot.pages import ChatPage
from bot.standings import standings, winner
from bot.tournament import Stage
from tests.adapters.web.test_api import schema
from tests.adapters.web.test_pages_served import Served, served  # noqa: F401 (the fixture)
from tests.bot.harness import ANN, BOB, CHAT, CY
from tests.bot.tournament_harness import create, press, tournament, until_over


def tournaments(s: Served) -> tuple[int, int]:
    """A finished Friday cup of Ann and Bob (Swiss, one round), then an open one Cy signed up to."""
    h = s.h
    assert create(h, name="Friday cup", rounds=1).ok
    for who in (ANN, BOB):
        assert press(h, who, "Join").ok
    cup = until_over(h, tournament(h).id)
    assert cup.stage is Stage.FINISHED
    assert create(h, game="svolota", fmt="points", rounds=2).ok
    assert press(h, CY, "Join").ok
    return cup.id, tournament(h).id


def rows(html: str, caption: str) -> list[list[str]]:
    """The cells of the standings table under `caption`, row by row, tags stripped."""
    table = re.split(rf'<caption id="standings-\d+">{re.escape(escape(caption))}</caption>', html)[1]
    table = table.split("</table>", 1)[0]
    body = table.split("<tbody>", 1)[1]
    return [
        [re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body)
    ]


def test_the_group_page_lists_the_open_and_finished_tournaments_with_their_standings(served: Served):  # noqa: F811 (the fixture imported)
    h = served.h
    cup, open_one = tournaments(served)
    finished = tournament(h, cup)
    first = finished.entrants[winner(finished)].name

    status, html = served.get(served.links(ChatPage(CHAT)))

    assert status == 200
    assert '<h2 id="tournaments-title">Tournaments</h2>' in html
    assert html.index(f'id="tournament-{open_one}"') < html.index(f'id="tournament-{cup}"')  # newest first
    assert "Sign-up is open · Entrants (1): <bdi>Cy</bdi>" in html
    assert "<bdi>Friday cup</bdi>" in html and "Speed · Swiss" in html
    assert f"<dd><strong><bdi>{first}</bdi></strong></dd>" in html
    expected = [[str(r.place), r.name, f"{r.points:g}"] for r in standings(finished)]
    assert [row[:3] for row in rows(html, "Final standings")] == expected

    status, answer = served.api(ChatPage(CHAT))

    assert status == 200
    jsonschema.validate(answer, schema("Chat"))
    assert [c["stage"] for c in answer["tournaments"]] == ["signup", "finished"]
    friday = answer["tournaments"][1]
    assert (friday["name"], friday["format"], friday["round"], friday["rounds"]) == ("Friday cup", "swiss", 1, 1)
    assert [e.get("name") for e in friday["standings"]] == [r.name for r in standings(finished)]
    won = [e.winner for e in tournament_line(finished).standings]
    assert [e.get("winner", False) for e in friday["standings"]] == won and won[0]


def test_in_arabic_the_tournaments_read_right_to_left_and_a_forgotten_entrant_is_a_former_player(served: Served):  # noqa: F811 (the fixture imported)
    h = served.h
    cup, _ = tournaments(served)
    assert h.run(h.store.forget(BOB.person)).forgot.value == "done"
    ar = translator("ar")

    status, html = served.get(served.links(ChatPage(CHAT)), "ar")

    assert status == 200 and 'dir="rtl"' in html
    assert f'<h2 id="tournaments-title">{escape(ar.gettext("Tournaments"))}</h2>' in html
    names = [row[1] for row in rows(html, ar.gettext("Final standings"))]
    assert sorted(names) == sorted(["Ann", ar.gettext("a former player")])
    assert "Bob" not in html
    _, answer = served.api(ChatPage(CHAT))
    assert "Bob" not in str(answer)
    (gone,) = [e for c in answer["tournaments"] for e in c["standings"] if e.get("forgotten")]
    assert "name" not in gone and tournament(h, cup).stage is Stage.FINISHED
