"""`cardbot seed-history` (adapters/sql/seed.py): the rows are what the bot's saves would have
written, the pages read them, the bot's next table gets a new id, and a database with tables is
left alone. On SQLite and PostgreSQL."""

from __future__ import annotations

from collections import Counter

import pytest
from sqlalchemy import text

from adapters import cli
from adapters.sql.engine import make_engine
from adapters.sql.seed import seed_history
from adapters.sql.store import SqlStore
from bot.ratings import GLOBAL
from tests.sql.databases import KINDS, fresh_url
from tests.store.examples import play


@pytest.mark.parametrize("db_kind", KINDS)
def test_a_seeded_history_is_what_the_saves_would_have_written(db_kind, tmp_path):
    url = fresh_url(db_kind, tmp_path)
    built = seed_history(url, games=120, players=30, groups=4, seasons=3, seed=7)
    assert built.games == 120 and len(built.seasons) == 3 and sum(n for _, n in built.chats) == 120
    engine = make_engine(url)
    with engine.connect() as conn:
        seats = Counter(
            (r.platform, r.user_id, r.game)
            for r in conn.execute(
                text("SELECT r.platform, r.user_id, t.game FROM results r JOIN tables t ON t.id = r.table_id")
            )
        )
        query = "SELECT platform, user_id, game, games, mu, sigma FROM ratings WHERE scope = 'global'"
        rows = conn.execute(text(query))
        for platform, user_id, game, games, mu, sigma in rows:
            assert seats[(platform, user_id, game)] == games  # every seeded game is rated (two people or more)
            points = conn.execute(
                text(
                    "SELECT count(*), max(at) FROM rating_points WHERE platform = :p AND user_id = :u"
                    " AND game = :g AND scope = 'global'"
                ),
                {"p": platform, "u": user_id, "g": game},
            ).one()
            assert points[0] == games
            last = conn.execute(
                text(
                    "SELECT mu, sigma FROM rating_points WHERE platform = :p AND user_id = :u AND game = :g"
                    " AND scope = 'global' AND at = :at"
                ),
                {"p": platform, "u": user_id, "g": game, "at": points[1]},
            ).one()
            assert (last.mu, last.sigma) == (mu, sigma)  # the latest point is the row as it stands
        finished = conn.execute(text("SELECT count(*) FROM finished")).scalar()
        statuses = {s for (s,) in conn.execute(text("SELECT DISTINCT status FROM tables"))}
    engine.dispose()
    assert finished == 120 and statuses == {"finished"}
    store = SqlStore(url)

    async def body() -> None:
        person, games = built.people[0]
        page = await store.player(person)
        assert page is not None and sum(g.games for g in page.games) == games
        assert [g.game for g in page.games] == sorted(g.game for g in page.games)
        chat = await store.chat(built.chats[0][0])
        assert chat is not None and chat.boards and chat.seasons == tuple(reversed(built.seasons))
        stats = await store.person_stats(person, GLOBAL)
        assert [g.rating for g in page.games] == [r.shown for r in stats]
        assert await store.new_table_id() > 120  # the bot's next table does not take a seeded id
        await store.close()

    play(body)
    with pytest.raises(ValueError, match="empty"):
        seed_history(url, games=5, players=5, groups=1)


def test_the_command_seeds_and_says_what_it_built(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'seeded.db'}")
    args = ["seed-history", "--games", "40", "--players", "12", "--groups", "2", "--seasons", "2", "--seed", "3"]
    assert cli.main(args) == 0
    out = capsys.readouterr().out
    assert "40 finished games" in out and "rows: 40 table_ids, 40 tables" in out
    assert cli.main(args) == 1  # not over a history already there
    assert "fills an empty one" in capsys.readouterr().err
    assert cli.main(["seed-history", "--games", "0"]) == 1
