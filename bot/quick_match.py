"""Quick match (`/quickmatch <game>`): a queue per game and platform, and the tables it opens.

- **Joining** (`QuickMatch`, in a group or in private; answered to the person alone): one entry per
  person, stored (it survives a restart). Asking for another game moves them (the answer says
  so); asking again for the same game changes nothing. Refused: an unknown game; a person seated
  at an open quick-match table (finish it first); more than `JOINS_PER_MINUTE` joins in a minute.
  The person chooses when computers may fill their table (`QuickMatch.computers_after`: at once,
  after 1 or 3 minutes, or never); the queue's message has "Play with computers now" and "Leave
  the queue" buttons.
- **Leaving**: `/quickmatch stop` (`LeaveQueue`), the button, or `MAX_WAIT` seconds of waiting, after
  which they are told in private.
- **Matching** (bot/matching.py, a pure function) runs when someone joins and on every `tick`
  (bot/match_ticks.py, beside the scheduler), over the queues of the joiner's platform (each
  platform's process opens its own people's tables, which its notifier draws). A group's table is
  dealt, in a match chat of its own (bot/match_chats.py), and the group is seated at it and it is
  saved in one transaction (`Transaction.open_match`, all or nothing: two processes matching the
  same people, one wins; a process stopped before the commit leaves them all waiting), then drawn:
  its board and each person's panel go to their private place (bot/match_screens.py), with the
  live table's link. Computers join at the game's normal level. From then on it is a table like
  any other (turn timers, windows, AFK stand-ins, /forget), rated in the global scope alone.
- A tick opens its tables `TABLES_PER_TRANSACTION` to a transaction (a burst after a restart: a
  commit for many tables, and between two the writer is free for presses), one matcher of a
  platform at a time (the lock "quick-match:<platform>": a second process waits, then finds the
  people seated). A transaction that fails is tried again a group to a transaction, so that only
  the group at fault waits on (logged; the next tick tries it again).
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from dataclasses import replace
from typing import Final, Protocol

from cachetools import TTLCache

from bot import lobby, running
from bot.chats import Chats
from bot.clock import Clock
from bot.commands import LeaveQueue, Press, QuickMatch
from bot.drawing import Drawing
from bot.i18n import LANGUAGES, Translator, translator
from bot.match_chats import match_chat
from bot.matching import Group, Waiting, match
from bot.notifier import Notifier
from bot.observers import Observer
from bot.openings import check_game
from bot.people import PersonRef
from bot.ratings import GLOBAL, Rating
from bot.refusals import Refused
from bot.settings import ChatSettings, ServiceConfig
from bot.store.people import PeopleStore
from bot.store.queue import Queued, QueueStore
from bot.store.tables import TableStore
from bot.tables import Seat, Table
from bot.tokens import NO_TABLE, decode
from bot.ui.quick_match import COMPUTERS_NOW, LEAVE, already_text, left_screen, opening_text, queue_screen
from bot.ui.screen import Reply

log = logging.getLogger(__name__)
MAX_WAIT: Final = 600.0  # seconds in a queue, then the person leaves it (told in private)
JOINS_PER_MINUTE: Final = 6  # quick-match joins a person may ask for in a minute
PEOPLE_KEPT: Final = 100_000  # people whose joins of the last minute are counted
# A tick's tables seated and saved in one transaction (a burst: one commit, not four, a table);
# between two, the writer is free for the presses waiting (SQLite has one at a time).
TABLES_PER_TRANSACTION: Final = 16


class QuickStore(QueueStore, TableStore, PeopleStore, Protocol):
    pass


def is_queue_press(press: Press) -> bool:
    token = decode(press.token)
    return token is not None and token.action == "queue" and token.table_id == NO_TABLE


class QuickMatches:
    def __init__(
        self,
        store: QuickStore,
        drawing: Drawing,
        notifier: Notifier,
        chats: Chats,
        clock: Clock,
        config: ServiceConfig,
        observer: Observer,
        seed: int | None = None,
    ) -> None:
        self._store = store
        self._drawing = drawing
        self._notifier = notifier
        self._chats = chats
        self._clock = clock
        self._config = config
        self._observer = observer
        self._seed = seed
        # joins per person in the current minute (a fixed window on the service's clock)
        self._joins: TTLCache[tuple[PersonRef, int], int] = TTLCache(PEOPLE_KEPT, 60.0, timer=clock.now)
        self._ticking = asyncio.Lock()

    # ----- commands ----------------------------------------------------------------------------

    async def join(self, cmd: QuickMatch) -> Reply:
        check_game(cmd.game, {})
        person, now = cmd.actor.person, self._clock.now()
        key = (person, int(now // 60))
        if self._joins.get(key, 0) >= JOINS_PER_MINUTE:
            raise Refused("too many quick-match requests: try again in a minute")
        self._joins[key] = self._joins.get(key, 0) + 1
        t = translator(await self._chats.lang_of(cmd.actor))
        row = await self._store.queued(person)
        if row is not None and row.table_id is not None and await self._at_open_table(person, row.table_id):
            raise Refused("you are at a quick-match table already: finish it first")
        waiting_row = row if row is not None and row.table_id is None else None
        if waiting_row is not None and waiting_row.game == cmd.game:
            count = sum(1 for r in await self._store.waiting(person.platform) if r.game == cmd.game)
            screen = queue_screen(person, cmd.game, count, waiting_row.computers_after, t, None)
            return Reply(already_text(cmd.game, t), screens=(screen,))
        rated = await self._store.ratings(cmd.game, GLOBAL, [person])
        ordinal = rated[person].ordinal if person in rated else Rating(cmd.game, GLOBAL, person, "").ordinal
        entry = Queued(person, cmd.game, cmd.actor.name, cmd.actor.lang, now, ordinal, cmd.computers_after)
        if not await self._store.put_queued(entry, row):
            return await self._changed_meanwhile(person, t)
        opened = await self.tick(person.platform)
        if person in opened:
            return Reply(opening_text(cmd.game, t))
        count = sum(1 for r in await self._store.waiting(person.platform) if r.game == cmd.game)
        moved = waiting_row.game if waiting_row is not None else None
        return Reply(screens=(queue_screen(person, cmd.game, count, cmd.computers_after, t, moved),))

    async def leave(self, cmd: LeaveQueue) -> Reply:
        row = await self._store.drop_queued(cmd.actor.person)
        if row is None:
            raise Refused("you are not in a quick-match queue")
        t = translator(await self._chats.lang_of(cmd.actor))
        return Reply(screens=(left_screen(cmd.actor.person, row.game, t),))

    async def press(self, cmd: Press) -> Reply:
        """The queue message's buttons: they act on the presser's own entry, whoever's message it was."""
        token = decode(cmd.token)
        assert token is not None
        if token.arg == LEAVE:
            return await self.leave(LeaveQueue(cmd.actor))
        if token.arg != COMPUTERS_NOW:
            raise Refused("this button is no longer valid")
        row = await self._store.queued(cmd.actor.person)
        if row is None or row.table_id is not None:
            raise Refused("you are not in a quick-match queue")
        t = translator(await self._chats.lang_of(cmd.actor))
        if not await self._store.put_queued(replace(row, computers_after=0.0), row):
            return await self._changed_meanwhile(cmd.actor.person, t)
        opened = await self.tick(row.person.platform)
        return Reply(opening_text(row.game, t)) if cmd.actor.person in opened else Reply()

    async def _changed_meanwhile(self, person: PersonRef, t: Translator) -> Reply:
        """The person's row changed between reading and writing it: a matcher seated them (their
        table is opening), or another command of theirs came first."""
        row = await self._store.queued(person)
        if row is not None and row.table_id is not None:
            return Reply(opening_text(row.game, t))
        raise Refused("your place in the queue just changed: try again")

    # ----- the matcher ---------------------------------------------------------------------------

    async def tick(self, platform: str | None = None) -> set[PersonRef]:
        """Let go of those who waited too long, then open the tables the queue makes now; the
        people seated. One tick at a time in a process: a join (or the periodic tick) that finds one
        running leaves its people to it or to the next second's, instead of matching the same
        queue again beside it (a herd of joins each took table ids and seat checks for groups the
        first had taken: bench.scale)."""
        if self._ticking.locked():
            return set()
        async with self._ticking:
            return await self._tick(platform)

    async def _tick(self, platform: str | None) -> set[PersonRef]:
        now = self._clock.now()
        rows: list[Queued] = []
        for row in await self._store.waiting(platform):
            if now - row.joined >= MAX_WAIT:
                await self._expire(row)
            else:
                rows.append(row)
        by_key = {_key(r.person): r for r in rows}
        waiting = [waiting_of(r) for r in by_key.values()]
        groups = [(group, [by_key[w.who] for w in group.people]) for group in match(waiting, now)]
        seated: set[PersonRef] = set()
        for start in range(0, len(groups), TABLES_PER_TRANSACTION):
            for table in await self._open(groups[start : start + TABLES_PER_TRANSACTION]):
                seated |= {s.person for s in table.seats if s.person is not None}
        return seated

    async def _expire(self, row: Queued) -> None:
        if await self._store.drop_queued(row.person, row.joined) is None:
            return  # left, or seated, meanwhile
        lang = await self._chats.person_lang(row.person) or row.lang or "en"
        screen = left_screen(row.person, row.game, translator(lang), int(MAX_WAIT // 60))
        await self._notifier.show(match_chat(row.person.platform, NO_TABLE), [screen])

    async def _open(self, groups: list[tuple[Group, list[Queued]]]) -> list[Table]:
        """Seat these groups and save their tables in one transaction, then draw the tables; if
        that fails, each group in a transaction of its own, so that only one at fault stays
        waiting (logged; the next tick tries it again). The tables opened."""
        try:
            opened = await self._seat(groups)
        except Exception as e:
            if len(groups) > 1:
                opened = [table for one in groups for table in await self._open([one])]
                return opened  # (each drawn by its own call)
            log.warning("a quick-match table could not be opened; its people wait on: %r", e)
            return []
        for table in opened:
            self._observer.committed(table)
            await self._drawing.redraw(table)
        return opened

    async def _seat(self, groups: list[tuple[Group, list[Queued]]]) -> list[Table]:
        """One transaction: each group still waiting is seated at its table, dealt, saved with it
        (`Transaction.open_match`): a stop anywhere before the commit leaves them all waiting."""
        opened: list[tuple[Table, ChatSettings]] = []
        async with self._store.transaction() as tx:
            # one matcher of a platform at a time (two processes, or a join beside the tick): the
            # second then finds the people seated, instead of locking rows in another order
            for platform in sorted({entries[0].person.platform for _, entries in groups}):
                await tx.lock(f"quick-match:{platform}")
            ids = [await tx.new_table_id() for _ in groups]
            # every table dealt before any is written: one that cannot be fails the lot, writing nothing
            tables = [self._table(group, entries, i) for (group, entries), i in zip(groups, ids, strict=True)]
            for (_, entries), (table, settings) in zip(groups, tables, strict=True):
                if await tx.open_match(entries, table, settings):
                    opened.append((table, settings))
        for table, settings in opened:
            self._chats.saved(table.chat, settings)
        return [table for table, _ in opened]

    def _table(self, group: Group, entries: list[Queued], table_id: int) -> tuple[Table, ChatSettings]:
        """The group's table, dealt, in a match chat of its own; and that chat's settings."""
        first = entries[0].person
        chat = match_chat(first.platform, table_id)
        settings = ChatSettings(lang=board_language([e.lang for e in entries]))
        now = self._clock.now()
        table = Table(
            id=table_id,
            chat=chat,
            game=group.game,
            creator=first,
            seats=[Seat(e.name, e.person, lang=e.lang) for e in entries],
            created_at=now,
            updated_at=now,
        )
        for _ in range(group.computers):
            table.seats.append(Seat(lobby.computer_name(table), None))
        running.start(table, now, self._deal_seed(table_id), settings, self._config)
        return table, settings

    async def _at_open_table(self, person: PersonRef, table_id: int) -> bool:
        table = await self._store.load(table_id)
        if table is None or not table.status.open:
            return False
        seat = table.seat_of(person)
        return seat is not None

    def _deal_seed(self, table_id: int) -> int:
        if self._seed is None:
            return secrets.randbits(63)
        return random.Random(f"{self._seed}:{table_id}").getrandbits(63)


def board_language(langs: list[str | None]) -> str:
    """The language of a quick match's board (each panel speaks its person's): the one most of its
    people speak, the first seat's on a tie; English for none the bot knows."""
    known = [lang if lang in LANGUAGES else "en" for lang in langs] or ["en"]
    return max(known, key=lambda lang: (known.count(lang), -known.index(lang)))


def _key(person: PersonRef) -> str:
    return f"{person.platform}:{person.user_id}"


def waiting_of(row: Queued) -> Waiting:
    """A queue row as the matcher sees it (bot/matching.py): one queue per game and platform."""
    return Waiting(_key(row.person), (row.game, row.person.platform), row.joined, row.ordinal, row.computers_after)
