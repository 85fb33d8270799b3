"""The store port, split by concern: tables and deadlines (tables.py), people and their ratings
(people.py), a chat's community (community.py), a chat's settings (chats.py), quick match's queue
(queue.py), linked accounts (account_links.py); and the pages' reads of people's and chats' history
(bot/history.py `History`). Each part of the
service is typed against the part it uses; a whole store (bot/memory_store.py for tests and the
console, adapters/sql for SQLite and PostgreSQL) is all of them, and both pass one contract suite
(tests/store/).

The platforms' own records (which message shows a table, which file id a picture was uploaded
as) are not the service's business: the chat adapters keep them (adapters/chat/records.py)."""

from __future__ import annotations

from typing import Protocol

from bot.history import History
from bot.store.account_links import LinkStore
from bot.store.chats import ChatStore
from bot.store.community import CommunityStore
from bot.store.errors import StaleTable, StoreUnavailable
from bot.store.people import PeopleStore
from bot.store.queue import Queued, QueueStore
from bot.store.tables import TableStore, Transaction
from bot.store.tournaments import TournamentStore

__all__ = [
    "ChatStore",
    "CommunityStore",
    "History",
    "LinkStore",
    "PeopleStore",
    "QueueStore",
    "Queued",
    "StaleTable",
    "Store",
    "StoreUnavailable",
    "TableStore",
    "TournamentStore",
    "Transaction",
]


class Store(
    TableStore, PeopleStore, CommunityStore, ChatStore, QueueStore, TournamentStore, History, LinkStore, Protocol
):
    """Everything a store keeps for the service, and the history the pages read (bot/history.py)."""
