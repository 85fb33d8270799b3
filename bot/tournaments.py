"""Tournaments in a chat, run by the service (issue #38): `/tournament` and its admin's actions,
the board's Join and Leave, and the runner that closes sign-up, opens each round's tables, takes
their results and opens the next round, until the final standings.

How it holds together (a demanding admin's expectations, where the issue is silent):
- **One step at a time, saved, then the world brought in line.** Every change of a tournament is
  made on a fresh copy under its lock and saved over the version it was loaded at (another
  process that saved first makes it run again); only then are its effects brought about by
  `_settle`, which compares the tournament with its tables and does what is missing: a match's
  table that does not exist yet is opened, a table whose match is decided is stopped, a seat whose
  entrant a computer now plays is handed to one. `_settle` may run any number of times.
- **Nothing lost.** A round's table ids are saved in the tournament before the tables exist;
  a table's end is read from the table itself, so a crash between a table's last save and the
  tournament's update is made good by the next look: the runner looks at every open tournament on
  start and then every `SWEEP` seconds, at once whenever one of its tables closes (an observer of
  the service's commits), and when its time comes (sign-up closing, a round's limit: the store's
  `tournaments_due`, fired by the scheduler: bot/scheduler.py). Advancing is idempotent: a match
  already decided is never decided again, a round already opened never opened twice.
- **Time.** Sign-up closes at its time (or when an admin starts it; 0 minutes: only then); with
  too few people the tournament is cancelled, with enough it starts (computers fill seats where
  allowed: bot/tournament_entry.py). A round's time limit stops its unfinished tables and decides
  them by the score so far (bot/tournament_matches.py); the table is stopped first, then its
  match recorded from it, so the board and the standings never disagree.
- **Pause** stops the clock: no round opens, no limit decides; tables already playing go on and
  their results count. **Resume** gives back the time that was left.
- **Disqualify**: the entrant is out; a pair's unfinished match is conceded at once and its table
  stopped; at a multiplayer table a computer takes their seat and they score 0 there. **Leave**
  while running is the same, by the person. **Replace**: a computer plays on as the entrant
  (name and points kept). **Cancel**: the open tables are stopped, the standings kept.
- A disqualified person's presses are refused: the board's buttons (`join`/`leave`), and at
  their tables, where they no longer hold a seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import random
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol

from bot import running, tournament_entry
from bot.change import Change
from bot.changer import Changer
from bot.chats import Chats
from bot.clock import Clock
from bot.commands import CreateTournament, ManageTournament, Press
from bot.drawing import Drawing
from bot.games import game_info
from bot.i18n import translator
from bot.locks import KeyedLocks
from bot.notifier import Notifier
from bot.observers import Observer
from bot.openings import check_game
from bot.pairings import next_round
from bot.people import Actor, PersonRef
from bot.ratings import Z, chat_scope
from bot.refusals import Refused
from bot.settings import ServiceConfig
from bot.standings import bye_match, winner
from bot.store.errors import StaleTournament, StoreUnavailable
from bot.store.people import PeopleStore
from bot.store.tables import TableStore, Transaction
from bot.store.tournaments import TournamentStore
from bot.tables import Status, Table
from bot.tokens import decode
from bot.tournament import Format, Match, Round, Stage, Tournament
from bot.tournament_matches import closed, concede, places_of, record, sizes, table_of, to_computer
from bot.ui import tournament as screens
from bot.ui.screen import Reply, Screen

log = logging.getLogger(__name__)
SWEEP = 60.0  # seconds: every open tournament is looked at this often (and on start), whatever happened
# seconds: the store is asked when a tournament is next due at most this often (the scheduler ticks
# after every firing batch); this process's own saves say so at once, another's within this
DUE_POLL = 1.0
STEPS = 8  # changes in a row one look may make (close sign-up, open a round, record, open the next ...)
ATTEMPTS = 3  # a change another process saved first runs again on what it saved
# each number's most, and its word in /tournament's syntax (bot/tournament_words.py)
LIMITS = {
    "rounds": ("rounds", 20),
    "signup_minutes": ("signup", 7 * 24 * 60),
    "round_minutes": ("round", 24 * 60),
    "max_entrants": ("max", 256),
}
NAME_LONGEST = 64
SYSTEM = PersonRef("", "tournament")  # who stops a tournament's table or hands a seat to a computer


class TournamentsStore(TournamentStore, TableStore, PeopleStore, Protocol):
    """What the tournaments use of the store."""


def is_tournament_press(press: Press) -> bool:
    token = decode(press.token)
    return token is not None and token.action == "tournament"


@dataclass(slots=True)
class News:
    """What a change brought, to be announced once it is saved."""

    opened: list[int] = field(default_factory=list)  # rounds opened
    ended: list[int] = field(default_factory=list)  # rounds over
    finished: bool = False
    too_few: bool = False  # cancelled at sign-up's close
    cancelled: bool = False  # by an admin


class Tournaments(Observer):
    def __init__(
        self,
        store: TournamentsStore,
        changer: Changer,
        drawing: Drawing,
        notifier: Notifier,
        chats: Chats,
        clock: Clock,
        config: ServiceConfig,
        seed: int | None,
        platform: str | None,
        observer: Observer,
    ) -> None:
        self._store = store
        self._changer = changer
        self._drawing = drawing
        self._notifier = notifier
        self._chats = chats
        self._clock = clock
        self._config = config
        self._seed = seed
        self._platform = platform
        self._observer = observer  # the service's: a table opened here is committed news (the live table's hub)
        self._locks = KeyedLocks()  # one per tournament being changed (tables have their own)
        self._pending: set[int] = set()  # tournaments a table of which closed: looked at next tick
        self._next_sweep = 0.0  # the first tick looks at every open tournament (a restart's reconciliation)
        self._due: float | None = None  # the earliest due time known (`DUE_POLL`)
        self._due_asked = -math.inf  # when the store was last asked for it
        self._creating = asyncio.Lock()

    # ----- the commands ---------------------------------------------------------------------------

    async def create(self, cmd: CreateTournament) -> Reply:
        if not cmd.actor.admin:
            raise Refused("only a chat admin can create a tournament")
        check_game(cmd.game, cmd.options)
        t = await self._new(cmd)
        async with self._creating:  # one open tournament a chat: two admins at once, one wins
            if await self._store.open_tournaments(cmd.chat):
                raise Refused("there is already a tournament here: finish or cancel it first")
            t.id = await self._store.new_tournament_id()
            await self._store.save_tournament(t, -1)
            self._expect(t)
        await self._draw(t)
        return Reply()

    async def _new(self, cmd: CreateTournament) -> Tournament:
        try:
            fmt = Format(cmd.format)
        except ValueError:
            raise Refused("unknown format {format}", format=str(cmd.format)[:20]) from None
        info = game_info(cmd.game)
        if fmt.pairs and not info.min_players <= 2 <= info.max_players:
            raise Refused("{game} is not played in pairs: use the points format", game=info.name)
        for name, (word, most) in LIMITS.items():
            if not 0 <= getattr(cmd, name) <= most:
                raise Refused("{setting} must be between 0 and {most}", setting=word, most=most)
        if cmd.table_size and not info.min_players <= cmd.table_size <= info.max_players:
            raise Refused(
                "{game} is played by {least} to {most}", game=info.name, least=info.min_players, most=info.max_players
            )
        if len(cmd.name) > NAME_LONGEST:
            raise Refused("a tournament's name is at most {most} characters", most=NAME_LONGEST)
        settings = await self._chats.settings(cmd.chat)
        now = self._clock.now()
        return Tournament(
            id=0,
            chat=cmd.chat,
            game=cmd.game,
            format=fmt,
            creator=cmd.actor.person,
            name=cmd.name.strip(),
            options={**settings.house_rules.get(cmd.game, {}), **cmd.options},
            rounds_planned=0 if fmt is Format.ELIMINATION else cmd.rounds,
            table_size=2 if fmt.pairs else cmd.table_size,
            max_entrants=cmd.max_entrants,
            computers=cmd.computers,
            level=settings.levels.get(cmd.game, "normal"),
            signup_until=now + cmd.signup_minutes * 60 if cmd.signup_minutes else 0.0,
            round_seconds=round(cmd.round_minutes * 60),
            created_at=now,
            updated_at=now,
        )

    async def manage(self, cmd: ManageTournament) -> Reply:
        found = await self._store.open_tournaments(cmd.chat)
        if not found:
            raise Refused("there is no tournament here")
        tid = found[-1].id
        action = cmd.action

        async def step(t: Tournament, news: News) -> None:
            tournament_entry.may_manage(t, cmd.actor)
            tournament_entry.must_be_open(t)
            now = self._clock.now()
            if action == "start":
                if t.stage is not Stage.SIGNUP:
                    raise Refused("the tournament has started already")
                if not tournament_entry.enough(t):
                    raise Refused("too few people have signed up to start")
                t.signup_until = now
                t.paused = False
                await self._close_signup(t, news)
            elif action == "pause":
                if t.paused:
                    raise Refused("the tournament is paused already")
                t.paused = True
                due = t.signup_until if t.stage is Stage.SIGNUP else (t.current.due if t.current else 0.0)
                t.paused_left = max(0.0, due - now) if due else 0.0
            elif action == "resume":
                if not t.paused:
                    raise Refused("the tournament is not paused")
                t.paused = False
                if t.stage is Stage.SIGNUP and t.signup_until:
                    t.signup_until = now + t.paused_left
                elif t.current is not None and t.current.due:
                    t.current.due = now + t.paused_left
                t.paused_left = 0.0
            elif action in ("disqualify", "replace"):
                i = tournament_entry.entrant_named(t, cmd.target, cmd.name)
                if action == "disqualify":
                    tournament_entry.disqualify(t, i)
                    self._withdraw(t, i)
                else:
                    tournament_entry.replace(t, i)
            elif action == "cancel":
                t.stage = Stage.CANCELLED
                t.finished_at = now
                news.cancelled = True
            else:
                raise Refused("unknown tournament action {action}", action=str(action)[:20])
            t.bump(now)
            await self._advance_in(t, news)

        await self._change(tid, step)
        return Reply()

    async def press(self, cmd: Press) -> Reply:
        """The board's Join and Leave."""
        token = decode(cmd.token)
        arg = token.arg if token is not None else ""
        if len(arg) < 2 or arg[0] not in "jl" or not arg[1:].isdigit():
            raise Refused("that button is not one of ours")
        tid = int(arg[1:])

        async def step(t: Tournament, news: News) -> None:
            if cmd.where is None or (cmd.where.platform, cmd.where.chat_id) != (t.chat.platform, t.chat.chat_id):
                raise Refused("that tournament is in another chat")
            if arg[0] == "j":
                tournament_entry.join(t, cmd.actor)
            else:
                i = tournament_entry.leave(t, cmd.actor)
                if i is not None:
                    self._withdraw(t, i)
            t.bump(self._clock.now())
            await self._advance_in(t, news)

        await self._change(tid, step)
        return Reply()

    # ----- running ---------------------------------------------------------------------------------

    def committed(self, table: Table) -> None:
        """(An observer of the service's commits.) A tournament's table that closed: look at it now."""
        if table.tournament is not None and closed(table):
            self._pending.add(table.tournament)

    async def tick(self) -> int:
        """Look at the tournaments that may move on (a table closed, their time came, or the sweep:
        all of them); how many were looked at. The scheduler calls it beside the deadlines."""
        now = self._clock.now()
        ids, self._pending = set(self._pending), set()
        if now >= self._next_sweep:
            self._next_sweep = now + SWEEP
            ids |= {t.id for t in await self._store.open_tournaments(platform=self._platform)}
        else:
            if now - self._due_asked >= DUE_POLL:
                self._due, self._due_asked = await self._store.next_tournament_due(self._platform), now
            if self._due is not None and self._due <= now:
                ids |= set(await self._store.tournaments_due(now, self._platform))
                self._due_asked = -math.inf  # those looked at are due later now: ask again next tick
        for tid in sorted(ids):
            await self._look_safely(tid)
        return len(ids)

    async def restore(self) -> None:
        """On start: every open tournament's board and latest announcements again (drawing a screen
        again changes nothing), then each is looked at on the first tick."""
        for t in await self._store.open_tournaments(platform=self._platform):
            try:
                await self._draw(t, News(opened=[t.current.number] if t.current else []))
            except Exception as e:
                log.error("could not redraw tournament %s on start: %r", t.id, e)

    def _expect(self, t: Tournament) -> None:
        """A tournament this process saved: its due time, if earlier than the one known."""
        if t.due is not None and (self._due is None or t.due < self._due):
            self._due = t.due

    async def _look_safely(self, tid: int) -> None:
        try:
            await self._change(tid, self._advance_in)
        except StoreUnavailable:
            self._pending.add(tid)  # tried again next tick
        except Refused:
            pass
        except Exception as e:
            log.error("tournament %s could not move on: %r", tid, e, exc_info=True)

    # ----- a change, and its effects ---------------------------------------------------------------

    async def _change(self, tid: int, step: Callable[[Tournament, News], Awaitable[None]]) -> Tournament:
        """`step` on a fresh copy of the tournament under its lock, saved over the version it was
        loaded at (run again when another process saved first), then its effects (`_settle`)."""
        async with self._locks.hold(tid):
            for attempt in range(ATTEMPTS):
                t = await self._store.load_tournament(tid)
                if t is None:
                    raise Refused("this tournament is over")
                before, news = t.version, News()
                await step(t, news)
                if t.version != before:
                    try:
                        await self._store.save_tournament(t, before)
                    except StaleTournament:
                        if attempt == ATTEMPTS - 1:
                            raise
                        continue
                    self._expect(t)
                    await self._draw(t, news)
                await self._settle(t)
                return t
            raise AssertionError("unreachable")

    async def _advance_in(self, t: Tournament, news: News) -> None:
        """Move the tournament on as far as it goes now: sign-up's close, its tables' results, the
        round's time limit, the next round or the end. Changes `t` (bumped) or leaves it alone."""
        for _ in range(STEPS):
            before = t.version
            await self._advance_once(t, news)
            if t.version == before:
                return

    async def _advance_once(self, t: Tournament, news: News) -> None:
        now = self._clock.now()
        if not t.stage.open:
            return
        if t.stage is Stage.SIGNUP:
            if not t.paused and t.signup_until and now >= t.signup_until:
                await self._close_signup(t, news)
                t.bump(now)
            return
        r = t.current
        if r is not None and not r.over:
            changed = await self._take_results(t, r, now)
            if changed:
                t.bump(now)
            if not r.over:
                return
            news.ended.append(r.number)
        if t.paused:
            return
        matches = next_round(t, sizes(t))
        if matches is None:
            t.stage = Stage.FINISHED
            t.finished_at = now
            news.finished = True
        else:
            await self._open_round(t, matches, now)
            news.opened.append(t.rounds[-1].number)
        t.bump(now)

    async def _close_signup(self, t: Tournament, news: News) -> None:
        now = self._clock.now()
        if not tournament_entry.enough(t):
            t.stage = Stage.CANCELLED
            t.finished_at = now
            news.too_few = True
            return
        tournament_entry.fill_with_computers(t)
        people = [e.person for e in t.entrants if e.person is not None]
        rated = await self._store.ratings(t.game, chat_scope(t.chat), people) if people else {}
        for e in t.entrants:
            if e.person is not None and e.person in rated:
                e.rating = rated[e.person].mu - Z * rated[e.person].sigma
        t.stage = Stage.RUNNING

    async def _open_round(self, t: Tournament, matches: list[list[int]], now: float) -> None:
        r = Round(len(t.rounds) + 1, started_at=now, due=now + t.round_seconds if t.round_seconds else 0.0)
        for seats in matches:
            if len(seats) == 1:
                r.matches.append(bye_match(t.format, seats[0], matches))
            else:
                r.matches.append(Match(list(seats), await self._store.new_table_id()))
        t.rounds.append(r)

    async def _take_results(self, t: Tournament, r: Round, now: float) -> bool:
        """Each closed table's result into its match; past the round's limit (and not paused), the
        tables still playing stopped and decided by the score so far. Whether any match ended."""
        timed_out = bool(r.due) and now >= r.due and not t.paused
        changed = False
        for m in r.matches:
            if m.over or m.table_id is None:
                continue
            table = await self._store.load(m.table_id)
            if table is not None and not closed(table):
                if not timed_out:
                    continue
                table = await self._stop(table.id)
            elif table is None and not timed_out:
                continue  # not opened yet (a crash before `_settle`): it will be
            places, decided = places_of(table, len(m.entrants))
            record(t, m, places, decided)
            changed = True
        return changed

    def _withdraw(self, t: Tournament, i: int) -> None:
        """The entrant's unfinished match in the current round: conceded (a pair's), or played on
        by a computer in their seat (a multiplayer table's, scoring them 0: `record`)."""
        r = t.current
        if t.stage is not Stage.RUNNING or r is None:
            return
        for m in r.matches:
            if i in m.entrants and not m.over:
                concede(t, m, i)

    async def _settle(self, t: Tournament) -> None:
        """Bring the tables in line with the tournament (any number of times, after a crash too):
        the current round's missing tables opened, tables of decided matches stopped, seats whose
        entrant a computer now plays handed to it."""
        r = t.current
        if r is None:
            return
        for m in r.matches:
            if m.table_id is None:
                continue
            table = await self._store.load(m.table_id)
            if table is None:
                if t.stage is Stage.RUNNING and not m.over:
                    await self._open_table(t, m)
                continue
            if closed(table):
                continue
            if m.over or not t.stage.open:
                await self._stop(table.id)
            elif seats := to_computer(t, m, table):
                await self._hand_to_computers(table.id, seats)

    async def _open_table(self, t: Tournament, m: Match) -> None:
        """The match's table, dealt and playing (no lobby), unless it exists already."""
        settings = await self._chats.settings(t.chat)
        now = self._clock.now()

        async def create(tx: Transaction) -> Table | None:
            await tx.lock(f"tournament:{t.id}")
            assert m.table_id is not None
            if await tx.load(m.table_id) is not None:
                return None
            table = table_of(t, m, now)
            try:
                running.start(table, now, self._deal_seed(table), settings, self._config)
            except ValueError as e:  # house rules that do not fit this table: it closes, the match is void
                log.warning("tournament %s: table %s cannot start: %s", t.id, table.id, e)
                table.status = Status.CANCELLED
            await tx.save(table, -1)
            return table

        table = await self._changer.transaction(create)
        if table is not None:
            self._observer.committed(table)
            await self._drawing.redraw(table)

    def _deal_seed(self, table: Table) -> int:
        """As a table's own (bot/table_actions.py): fresh, or from the service's seed and the table."""
        if self._seed is None:
            return secrets.randbits(63)
        return random.Random(f"{self._seed}:{table.id}").getrandbits(63)

    async def _stop(self, table_id: int) -> Table | None:
        """Stop a table that is still playing (its game kept as it stands); the table as it is now."""

        async def stop(table: Table, _change: Change) -> None:
            if table.status.open:
                table.status = Status.CANCELLED
                table.deadlines = []
                table.bump(self._clock.now())

        with contextlib.suppress(Refused):  # gone, or set aside (which counts as stopped)
            await self._changer.run(table_id, self._system(), stop)
        return await self._store.load(table_id)

    async def _hand_to_computers(self, table_id: int, seats: list[int]) -> None:
        async def hand(table: Table, _change: Change) -> None:
            if table.status is not Status.PLAYING:
                return
            for k in seats:
                if table.seats[k].person is not None:
                    table.seats[k].left = table.seats[k].person
                    table.seats[k].person = None
                    table.seats[k].stand_in = False
            now = self._clock.now()
            table.bump(now)
            running.arm_next(table, running.game_of(table), now, await self._chats.settings(table.chat), self._config)

        with contextlib.suppress(Refused):
            await self._changer.run(table_id, self._system(), hand)

    def _system(self) -> Actor:
        return Actor(SYSTEM, "tournament", admin=True)

    # ----- drawing ---------------------------------------------------------------------------------

    async def _draw(self, t: Tournament, news: News | None = None) -> None:
        """The board, and what the change brought: rounds opened, standings of rounds over, the end."""
        news = news or News()
        settings = await self._chats.settings(t.chat)
        tr = translator(settings.lang, settings.ranks)
        shown: list[Screen] = []
        for number in news.ended:
            if not news.finished:  # (the final result shows the last standings)
                shown.append(screens.standings_screen(t, number, tr, settings.look))
        for number in news.opened:
            shown.append(screens.round_screen(t, t.rounds[number - 1], tr))
        if news.finished:
            shown.append(screens.final_screen(t, winner(t), tr, settings.look))
        if news.too_few or news.cancelled:
            shown.append(screens.cancelled_screen(t, news.too_few, tr))
        shown.append(screens.board(t, tr, self._clock.now()))
        await self._notifier.show(t.chat, shown)
