"""What the buttons of a table do: lobby and challenge answers, moves, leaving, the private panel,
the rematch. Mixed into the Service, which runs each of them inside a table's lock and transaction
(`Service._change`) and provides the clock, the settings and the chat locks they use."""

from __future__ import annotations

import copy
import random
import secrets
from dataclasses import dataclass, field

from bot import house_rules, kicks, lobby, running
from bot.clock import Clock
from bot.commands import Play
from bot.deadlines import Deadline, Kind
from bot.i18n import translator
from bot.people import Actor, ChatRef, PersonRef
from bot.refusals import Refused, named
from bot.screens.model import Reply
from bot.screens.render import panel_screens
from bot.screens.words import game_name
from bot.settings import ChatSettings, ServiceConfig
from bot.store import Changes
from bot.tables import Seat, Status, Table
from bot.tokens import Token
from core import IllegalMove


@dataclass(slots=True)
class Work:
    """One change in progress: its transaction, other tables to redraw once it is committed, the
    seats whose private panels are redrawn then although the board waits for its window (a
    person's own real-time move: they see its effect at once), and the people it removed."""

    tx: Changes
    redraw: list[Table] = field(default_factory=list)
    panels: list[int] = field(default_factory=list)
    # people removed from the table, told once it is committed: (person, their seat's language)
    removed: list[tuple[PersonRef, str | None]] = field(default_factory=list)


PRIVATE_ACTIONS = frozenset({"panel", "move", "leave"})  # a person's own seat: what their panel holds


def judge_place(table: Table, where: ChatRef | None, action: str) -> None:
    """A button or a move counts only where the table lives: in its chat, or for the presser's own
    seat from their private panel (`where` None). Forged data from another chat changes nothing."""
    if where is None:
        if action not in PRIVATE_ACTIONS:
            raise Refused("press that on the game's board, in its chat")
    elif (where.platform, where.chat_id) != (table.chat.platform, table.chat.chat_id):
        raise Refused("that game is in another chat")


class TableActions:
    clock: Clock
    config: ServiceConfig
    seed: int | None

    # provided by the Service
    async def chat_settings(self, chat: ChatRef) -> ChatSettings:
        raise NotImplementedError

    async def lang_of(self, actor: Actor, chat: ChatRef | None = None) -> str:
        raise NotImplementedError

    async def _room_for_one_more(self, tx: Changes, chat: ChatRef) -> None:
        raise NotImplementedError

    async def _save_settings(self, chat: ChatRef, settings: ChatSettings) -> None:
        raise NotImplementedError

    @staticmethod
    def _live(table: Table) -> bool:
        raise NotImplementedError

    async def _button(
        self, table: Table, work: Work, actor: Actor, token: Token, where: ChatRef | None
    ) -> Reply | None:
        judge_place(table, where, token.action)
        now = self.clock.now()
        # Real-time play moves on between redraws: its buttons are judged against the position
        # as it is now (a move that no longer fits is "too slow"), not against a version.
        live = self._live(table)
        if token.action == "panel":
            return await self._panel(table, actor)
        if not table.status.open and token.action != "rematch":
            raise Refused("this game is over")
        # a vote's buttons stay good while its vote runs (its number says which), whatever else changes
        if token.version != table.version and not live and token.action != "vote":
            raise Refused("too late: the table has changed since")
        match token.action:
            case "join" | "add_computer":
                if token.action == "join":
                    lobby.join(table, actor)
                else:  # the token's argument may name the computer's level
                    lobby.add_computer(table, actor, token.arg or table.level)
                table.bump(now)
                self._arm_lobby(table, now)
                if lobby.full(table):  # a full table starts by itself
                    await self._start(table)
            case "leave":
                return await self._leave(table, actor, work)
            case "remove_computer":
                lobby.remove_computer(table, actor)
                kicks.end_vote(table)
                table.bump(now)
                self._arm_lobby(table, now)
            case "start":
                lobby.may_start(table, actor)
                await self._start(table)
            case "accept" | "decline":
                lobby.answer(table, actor, token.action == "accept")
                table.bump(now)
                if lobby.challenge_settled(table):
                    await self._settle_challenge(table)
            case "move":
                return await self._move(table, Play(actor, table.id, token.arg, where=where), work)
            case "rematch":
                return await self._rematch(table, work, actor)
            case "extend":
                lobby.may_extend(table, actor)
                table.bump(now)
                self._arm_lobby(table, now, self.config.extend_seconds)
            case "rules":
                return await self._rules(table, actor, token.arg.replace(" ", "_"))
            case "vote":
                return await self._vote(table, work, actor, token.arg)
            case "cancel":
                lobby.may_cancel(table, actor)
                table.status = Status.CANCELLED
                table.deadlines = []
                table.bump(now)
            case _:
                raise Refused("that button is not one of ours")
        return None

    async def _panel(self, table: Table, actor: Actor) -> Reply:
        seat = lobby.must_be_seated(table, actor)
        if table.status is not Status.PLAYING:
            raise Refused("the game has not started")
        if table.seats[seat].stand_in:  # opening your cards says "I'm back"
            now = self.clock.now()
            table.seats[seat].stand_in = False
            table.seats[seat].missed = 0
            table.seats[seat].last_active = now
            table.bump(now)
            running.arm_next(table, running.game_of(table), now, await self.chat_settings(table.chat), self.config)
        lang = await self.lang_of(actor, table.chat)
        look = (await self.chat_settings(table.chat)).look
        return Reply(screens=tuple(panel_screens(table, seat, lang, look, live=self.config.live_table)))

    async def _move(self, table: Table, play: Play, work: Work | None = None) -> Reply | None:
        judge_place(table, play.where, "move")
        if table.status is not Status.PLAYING:
            raise Refused("the game is not running")
        seat = table.seat_of(play.actor.person)
        if seat is None:
            raise Refused("you are not playing at this table")
        if table.seats[seat].person is None:
            raise Refused("you left this game")
        now = self.clock.now()
        game = running.game_of(table)
        try:
            running.apply(table, game, seat, play.move, now, "person")
        except IllegalMove as illegal:  # TooSlow included: its own words tell a lost race from a mistake
            raise Refused(illegal.template, **named(table, illegal.params)) from illegal
        table.seats[seat].missed = 0
        table.seats[seat].stand_in = False
        table.seats[seat].last_active = now
        running.arm_next(table, game, now, await self.chat_settings(table.chat), self.config)
        if work is not None and self._live(table):
            work.panels.append(seat)
        return None

    async def _leave(self, table: Table, actor: Actor, work: Work) -> Reply | None:
        now = self.clock.now()
        if table.status is Status.PLAYING:
            seat = lobby.must_be_seated(table, actor)
            table.seats[seat].person = None  # a computer player takes the seat; the game goes on
            table.seats[seat].stand_in = False
            if table.vote is not None:  # one voter fewer, or the person it was about gone
                if table.vote.target == seat:
                    kicks.end_vote(table)
                else:
                    await self._settle_vote(table, work)
            table.bump(now)
            game = running.game_of(table)
            running.arm_next(table, game, now, await self.chat_settings(table.chat), self.config)
            return None
        lobby.leave(table, actor)
        kicks.end_vote(table)
        table.bump(now)
        if not any(s.person for s in table.seats):
            table.status = Status.CANCELLED
            table.deadlines = []
        else:
            if actor.person == table.creator:
                table.creator = next(s.person for s in table.seats if s.person)
            self._arm_lobby(table, now)
        return None

    async def _start(self, table: Table) -> None:
        settings = await self.chat_settings(table.chat)
        try:
            running.start(table, self.clock.now(), self._deal_seed(table), settings, self.config)
        except ValueError as e:  # house rules that do not fit this many players: the lobby stays as it is
            raise Refused("these house rules do not fit this table: {reason}", reason=str(e)[:100]) from None

    def _deal_seed(self, table: Table) -> int:
        """A fresh random seed per game; with a service seed (tests, the console), one that depends
        only on it and the table, so a restarted service deals the same games."""
        if self.seed is None:
            return secrets.randbits(63)
        return random.Random(f"{self.seed}:{table.id}").getrandbits(63)

    async def _settle_challenge(self, table: Table) -> None:
        outcome = lobby.challenge_outcome(table)
        now = self.clock.now()
        table.disarm(Kind.CHALLENGE_EXPIRY)
        if outcome is Status.PLAYING:
            await self._start(table)
        elif outcome is Status.LOBBY:
            table.status = Status.LOBBY
            self._arm_lobby(table, now)
        else:
            table.status = Status.CANCELLED
            table.deadlines = []

    def _arm_lobby(self, table: Table, now: float, more: float = 0.0) -> None:
        """A lobby expires `lobby_seconds` after its latest activity, or later if its join time was
        extended (`more`: seconds added to the time it had)."""
        if table.status is Status.LOBBY:
            had = next((d.due for d in table.deadlines if d.kind == Kind.LOBBY_EXPIRY), now)
            due = max(now + self.config.lobby_seconds, had + more)
            table.arm(Deadline(table.id, Kind.LOBBY_EXPIRY, due, table.version))

    async def _rules(self, table: Table, actor: Actor, arg: str) -> Reply | None:
        """The lobby's house rules view: shown or hidden (no argument), a rule or the computers'
        level moved on, or the rules saved as the chat's defaults."""
        house_rules.may_pick(table, actor)
        now = self.clock.now()
        settings = await self.chat_settings(table.chat)
        if not arg:
            table.rules_open = not table.rules_open
        elif arg == "save":
            changed = copy.deepcopy(settings)
            house_rules.save(table, changed, actor)
            await self._save_settings(table.chat, changed)
            table.rules_open = False
            table.bump(now)
            self._arm_lobby(table, now)
            t = translator(await self.lang_of(actor, table.chat))
            return Reply(
                t.gettext("Saved: new {game} tables here start with these rules.").format(game=game_name(table.game, t))
            )
        else:
            house_rules.pick(table, settings, arg)
        table.bump(now)
        self._arm_lobby(table, now)
        return None

    async def _vote(self, table: Table, work: Work, actor: Actor, arg: str) -> Reply | None:
        if len(arg) < 2 or arg[0] not in "yn" or not arg[1:].isdigit():
            raise Refused("that button is not one of ours")
        kicks.cast(table, actor, int(arg[1:]), arg[0] == "y")
        await self._settle_vote(table, work)
        return None

    async def _settle_vote(self, table: Table, work: Work) -> None:
        target = table.vote.target if table.vote is not None else None
        lang = table.seats[target].lang if target is not None else None
        removed = kicks.settle(table, self.clock.now(), await self.chat_settings(table.chat), self.config)
        if removed is not None:
            work.removed.append((removed, lang))

    async def _rematch(self, table: Table, work: Work, actor: Actor) -> Reply | None:
        if table.status is not Status.FINISHED:
            raise Refused("the game is not over yet")
        lobby.must_be_seated(table, actor)
        if table.rematch is not None:
            raise Refused("the rematch has already started")
        await self._room_for_one_more(work.tx, table.chat)
        new = Table(
            id=await work.tx.new_table_id(),
            chat=table.chat,
            game=table.game,
            creator=actor.person,
            options=dict(table.options),
            level=table.level,
            seats=[Seat(s.name, s.person, s.level, lang=s.lang) for s in table.seats],
            rematch_of=table.id,
            created_at=self.clock.now(),
        )
        if table.game == "svolota" and table.result is not None:
            winner = table.result.index(min(table.result))
            new.options["first"] = (winner + 1) % len(new.seats)
        await self._start(new)
        await work.tx.save(new, -1)
        table.rematch = new.id
        table.bump(self.clock.now())
        work.redraw.append(new)
        return None
