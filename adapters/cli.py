"""`cardbot`: every entry point of the bot in one command.

cardbot play [GAME] …          a game in the terminal (adapters/console)
cardbot db upgrade [REV]       migrate the database in DATABASE_URL (default: to the newest)
cardbot db downgrade [REV]     migrate it back (default: one step)
cardbot replay TABLE_ID        a game from the database, move by move
cardbot tables                 the tables set aside after repeated errors, and why
cardbot tables retry TABLE_ID  put a table set aside back into play (after fixing the cause)
cardbot telegram               the Telegram bot (TELEGRAM_BOT_TOKEN; the database migrated first)
cardbot discord                the Discord bot (DISCORD_BOT_TOKEN; the database migrated first)
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from adapters.console import cli as console
from adapters.sql import migrate
from adapters.sql.replay import replay_lines
from adapters.sql.settings import DatabaseSettings
from adapters.sql.store import SqlStore

OPERATOR_COMMANDS = ("db", "replay", "tables", "telegram", "discord")


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in OPERATOR_COMMANDS:
        return console.main(args)  # play, and the localised help
    parser = argparse.ArgumentParser(prog="cardbot", description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    db = commands.add_parser("db", help="migrate the database in DATABASE_URL")
    db.add_argument("direction", choices=["upgrade", "downgrade"])
    db.add_argument("revision", nargs="?", help="default: head for upgrade, -1 for downgrade")
    replay = commands.add_parser("replay", help="print a game move by move from the database")
    replay.add_argument("table_id", type=int)
    stopped = commands.add_parser("tables", help="the tables set aside after repeated errors")
    stopped.add_argument("action", nargs="?", choices=["retry"])
    stopped.add_argument("table_id", nargs="?", type=int)
    telegram = commands.add_parser("telegram", help="run the Telegram bot until stopped (see adapters/telegram)")
    telegram.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    discord = commands.add_parser("discord", help="run the Discord bot until stopped (see adapters/discord)")
    discord.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    ns = parser.parse_args(args)
    if ns.command == "telegram":
        from adapters.telegram.main import main as telegram_bot  # python-telegram-bot only when asked

        return telegram_bot(ns.log_level)
    if ns.command == "discord":
        from adapters.discord.main import main as discord_bot  # discord.py only when asked

        return discord_bot(ns.log_level)
    url = DatabaseSettings().database_url
    if ns.command == "db":
        if ns.direction == "upgrade":
            migrate.upgrade(url, ns.revision or "head")
        else:
            migrate.downgrade(url, ns.revision or "-1")
        return 0
    if ns.command == "tables":
        if ns.action == "retry" and ns.table_id is None:
            parser.error("tables retry needs a TABLE_ID")
        return asyncio.run(_tables(url, ns.table_id if ns.action == "retry" else None))
    return asyncio.run(_replay(url, ns.table_id))


async def _tables(url: str, retry: int | None) -> int:
    store = SqlStore(url)
    try:
        if retry is not None:
            if not await store.retry(retry):
                sys.stderr.write(f"cardbot: table {retry} is not set aside\n")
                return 1
            print(f"table {retry} is back in play: its timers fire again")
            return 0
        for table_id, chat, game, why in await store.stopped():
            print(f"{table_id}\t{chat}\t{game}\t{why}")
        return 0
    finally:
        await store.close()


async def _replay(url: str, table_id: int) -> int:
    store = SqlStore(url)
    try:
        table = await store.load(table_id)
        if table is None:
            sys.stderr.write(f"cardbot: there is no table {table_id} in the database\n")
            return 1
        for line in replay_lines(table, await store.moves(table_id)):
            print(line)
        return 0
    finally:
        await store.close()
