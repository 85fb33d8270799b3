"""Migration 0009 (the pages' history) on a database that has played before it: its ratings keep
their figures with streaks from 0, the history starts empty, and the pages read it. Down again
keeps the ratings. On SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from adapters.sql.engine import make_engine
from adapters.sql.migrate import downgrade, upgrade
from adapters.sql.store import SqlStore
from bot.people import PersonRef
from tests.sql.databases import KINDS, empty_url
from tests.store.examples import play

ANN = PersonRef("telegram", "1")
RATING = (
    "INSERT INTO ratings (game, scope, platform, user_id, name, mu, sigma, games, wins, practice_games,"
    " practice_wins, best, trend, updated_at) VALUES ('svolota', 'global', 'telegram', '1', 'Ann', 30.0, 5.0,"
    " 12, 7, 1, 0, 0, 1.5, 50.0)"
)


@pytest.mark.parametrize("db_kind", KINDS)
def test_ratings_from_before_the_upgrade_show_with_an_empty_history(db_kind, tmp_path):
    url = empty_url(db_kind, tmp_path)
    upgrade(url, "0008")
    engine = make_engine(url)
    with engine.begin() as conn:
        conn.execute(text(RATING))
    engine.dispose()
    upgrade(url)
    store = SqlStore(url)

    async def body() -> None:
        page = await store.player(ANN)
        assert page is not None and page.name == "Ann"
        (svolota,) = page.games
        assert (svolota.games, svolota.wins, svolota.practice_games, svolota.rating) == (12, 7, 1, 1150)
        assert (svolota.best_streak, svolota.history, page.recent, page.rivals) == (0, (), (), ())
        await store.close()

    play(body)
    downgrade(url, "0008")
    engine = make_engine(url)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT games FROM ratings")).scalar() == 12
    engine.dispose()
