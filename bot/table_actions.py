"""What the buttons of a table do: lobby and challenge answers, moves, leaving, the private panel,
house rules, votes, the rematch; and a move typed or chosen rather than pressed (`Play`). Each runs
as a step of a change (bot/changer.py: under the table's lock, in one transaction, saved before
anyone hears of it); the pure decisions are in bot/lobby.py, bot/kicks.py, bot/house_rules.py
and bot/running.py."""

from __future__ import annotations

import copy
import random
import secrets

from bot import house_rules, kicks, lobby, running
from bot.change import Change
from bot.changer import Changer
from bot.chats import Chats
from bot.clock import Clock
from bot.commands import Play, Press
from bot.deadlines import Kind
from bot.i18n import translator
from bot.openings import make_room
from bot.people import Actor, ChatRef
from bot.refusals import Refused, named
from bot.running import is_live
from bot.settings import ServiceConfig
from bot.tables import Seat, Status, Table
from bot.tokens import Token, decode
from bot.ui.render import panel_screens
from bot.ui.screen import Reply
from bot.ui.words import game_name
from core import IllegalMove, game_class

# a person's own seat: what their panel holds, and the rematch of a game they sat at (the live
# table's page offers it: `_rematch` refuses anyone not seated)
PRIVATE_ACTIONS = frozenset({"panel", "move", "leave", "rematch"})


def judge_place(table: Table, where: ChatRef | None, action: str) -> None:
    """A button or a move counts only where the table lives: in its chat, or for the presser's own
    seat from their private panel (`where` None). Forged data from another chat changes nothing."""
    if where is None:
        if action not in PRIVATE_ACTIONS:
            raise Refused("press that on the game's board, in its chat")
    elif (where.platform, where.chat_id) != (table.chat.platform, table.chat.chat_id):
        raise Refused("that game is in another chat")


class TableActions:
    def __init__(
        self, changer: Changer, chats: Chats, clock: Clock, config: ServiceConfig, seed: int | None = None
    ) -> None:
        self._changer = changer
        self._chats = chats
        self._clock = clock
        self._config = config
        self._seed = seed  # tests and the console deal the same games again (`_deal_seed`)

    # ----- the commands -----------------------------------------------------------------------

    async def press(self, press: Press) -> Reply:
        token = decode(press.token)
        if token is None:
            raise Refused("that button is not one of ours")

        async def on_table(table: Table, change: Change) -> Reply | None:
            return await self._button(table, change, press.actor, token, press.where)

        return await self._changer.run(token.table_id, press.actor, on_table, press.once, press.committed)

    async def play(self, play: Play) -> Reply:
        async def on_table(table: Table, change: Change) -> Reply | None:
            return await self._move(table, play, change)

        return await self._changer.run(play.table_id, play.actor, on_table, play.once)

    # ----- buttons ----------------------------------------------------------------------------

    async def _button(
        self, table: Table, change: Change, actor: Actor, token: Token, where: ChatRef | None
    ) -> Reply | None:
        judge_place(table, where, token.action)
        now = self._clock.now()
        if token.action == "panel":
            return await self._panel(table, actor)
        if not table.status.open and token.action != "rematch":
            raise Refused("this game is over")
        # Real-time play moves on between redraws: its buttons are judged against the position as
        # it is now (a move that no longer fits is "too slow"), not against a version. A vote's
        # buttons stay good while its vote runs (its number says which), whatever else changes.
        if token.version != table.version and not is_live(table) and token.action != "vote":
            raise Refused("too late: the table has changed since")
        match token.action:
            case "join" | "add_computer":
                if token.action == "join":
                    lobby.join(table, actor)
                else:  # the token's argument may name the computer's level
                    lobby.add_computer(table, actor, token.arg or table.level)
                table.bump(now)
                lobby.arm_expiry(table, now, self._config.lobby_seconds)
                if lobby.full(table):  # a full table starts by itself
                    await self._start(table)
            case "leave":
                await self._leave(table, actor, change)
            case "remove_computer":
                lobby.remove_computer(table, actor)
                kicks.end_vote(table)
                table.bump(now)
                lobby.arm_expiry(table, now, self._config.lobby_seconds)
            case "start":
                lobby.may_start(table, actor)
                await self._start(table)
            case "accept" | "decline":
                lobby.answer(table, actor, token.action == "accept")
                table.bump(now)
                if lobby.challenge_settled(table):
                    await self._settle_challenge(table)
            case "move":
                return await self._move(table, Play(actor, table.id, token.arg, where=where), change)
            case "rematch":
                await self._rematch(table, change, actor)
            case "extend":
                lobby.may_extend(table, actor)
                table.bump(now)
                lobby.arm_expiry(table, now, self._config.lobby_seconds, self._config.extend_seconds)
            case "rules":
                return await self._rules(table, actor, token.arg.replace(" ", "_"))
            case "vote":
                await self._vote(table, change, actor, token.arg)
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
        settings = await self._chats.settings(table.chat)
        if table.seats[seat].stand_in:  # opening your cards says "I'm back"
            now = self._clock.now()
            table.seats[seat].stand_in = False
            table.seats[seat].missed = 0
            table.seats[seat].last_active = now
            table.bump(now)
            running.arm_next(table, running.game_of(table), now, settings, self._config)
        lang = await self._chats.lang_of(actor, table.chat)
        panels = panel_screens(table, seat, lang, settings.look, self._config.live_table, settings.ranks)
        return Reply(screens=tuple(panels))

    async def _move(self, table: Table, play: Play, change: Change) -> Reply | None:
        judge_place(table, play.where, "move")
        if table.status is not Status.PLAYING:
            raise Refused("the game is not running")
        seat = table.seat_of(play.actor.person)
        if seat is None:
            raise Refused("you are not playing at this table")
        if table.seats[seat].person is None:
            raise Refused("you left this game")
        now = self._clock.now()
        game = running.game_of(table)
        try:
            running.apply(table, game, seat, play.move, now, "person")
        except IllegalMove as illegal:  # TooSlow included: its own words tell a lost race from a mistake
            raise Refused(illegal.template, **named(table, illegal.params)) from illegal
        table.seats[seat].missed = 0
        table.seats[seat].stand_in = False
        table.seats[seat].last_active = now
        running.arm_next(table, game, now, await self._chats.settings(table.chat), self._config)
        if is_live(table):
            change.panels.append(seat)
        return None

    async def _leave(self, table: Table, actor: Actor, change: Change) -> None:
        now = self._clock.now()
        if table.status is Status.PLAYING:
            seat = lobby.must_be_seated(table, actor)
            table.seats[seat].left = actor.person
            table.seats[seat].person = None  # a computer player takes the seat; the game goes on
            table.seats[seat].stand_in = False
            if table.vote is not None:  # one voter fewer, or the person it was about gone
                if table.vote.target == seat:
                    kicks.end_vote(table)
                else:
                    await self._settle_vote(table, change)
            table.bump(now)
            game = running.game_of(table)
            running.arm_next(table, game, now, await self._chats.settings(table.chat), self._config)
            return
        lobby.leave(table, actor)
        kicks.end_vote(table)
        table.bump(now)
        if not any(s.person for s in table.seats):
            table.status = Status.CANCELLED
            table.deadlines = []
        else:
            if actor.person == table.creator:
                table.creator = next(s.person for s in table.seats if s.person)
            lobby.arm_expiry(table, now, self._config.lobby_seconds)

    async def _start(self, table: Table) -> None:
        settings = await self._chats.settings(table.chat)
        try:
            running.start(table, self._clock.now(), self._deal_seed(table), settings, self._config)
        except ValueError as e:  # house rules that do not fit this many players: the lobby stays as it is
            raise Refused("these house rules do not fit this table: {reason}", reason=str(e)[:100]) from None

    def _deal_seed(self, table: Table) -> int:
        """A fresh random seed per game; with a service seed (tests, the console), one that depends
        only on it and the table, so a restarted service deals the same games."""
        if self._seed is None:
            return secrets.randbits(63)
        return random.Random(f"{self._seed}:{table.id}").getrandbits(63)

    async def _settle_challenge(self, table: Table) -> None:
        outcome = lobby.challenge_outcome(table)
        table.disarm(Kind.CHALLENGE_EXPIRY)
        if outcome is Status.PLAYING:
            await self._start(table)
        elif outcome is Status.LOBBY:
            table.status = Status.LOBBY
            lobby.arm_expiry(table, self._clock.now(), self._config.lobby_seconds)
        else:
            table.status = Status.CANCELLED
            table.deadlines = []

    async def _rules(self, table: Table, actor: Actor, arg: str) -> Reply | None:
        """The lobby's house rules view: shown or hidden (no argument), a rule or the computers'
        level moved on, or the rules saved as the chat's defaults."""
        house_rules.may_pick(table, actor)
        now = self._clock.now()
        settings = await self._chats.settings(table.chat)
        if not arg:
            table.rules_open = not table.rules_open
        elif arg == "save":
            changed = copy.deepcopy(settings)
            house_rules.save(table, changed, actor)
            await self._chats.save(table.chat, changed)
            table.rules_open = False
            table.bump(now)
            lobby.arm_expiry(table, now, self._config.lobby_seconds)
            t = translator(await self._chats.lang_of(actor, table.chat))
            saved = t.gettext("Saved: new {game} tables here start with these rules.")
            return Reply(saved.format(game=game_name(table.game, t)))
        else:
            house_rules.pick(table, settings, arg)
        table.bump(now)
        lobby.arm_expiry(table, now, self._config.lobby_seconds)
        return None

    async def _vote(self, table: Table, change: Change, actor: Actor, arg: str) -> None:
        if len(arg) < 2 or arg[0] not in "yn" or not arg[1:].isdigit():
            raise Refused("that button is not one of ours")
        kicks.cast(table, actor, int(arg[1:]), arg[0] == "y")
        await self._settle_vote(table, change)

    async def _settle_vote(self, table: Table, change: Change) -> None:
        removed = kicks.settle(table, self._clock.now(), await self._chats.settings(table.chat), self._config)
        if removed is not None:
            change.removed.append(removed)

    async def _rematch(self, table: Table, change: Change, actor: Actor) -> None:
        if table.status is not Status.FINISHED:
            raise Refused("the game is not over yet")
        if table.tournament is not None:  # (its next round is the tournament's: bot/tournaments.py)
            raise Refused("this game is over")
        lobby.must_be_seated(table, actor)
        if table.rematch is not None:
            raise Refused("the rematch has already started")
        await make_room(change.tx, table.chat, await self._chats.settings(table.chat))
        new = Table(
            id=await change.tx.new_table_id(),
            chat=table.chat,
            game=table.game,
            creator=actor.person,
            options=dict(table.options),
            level=table.level,
            seats=[Seat(s.name, s.person, s.level, lang=s.lang) for s in table.seats],
            rematch_of=table.id,
            created_at=self._clock.now(),
        )
        if table.result is not None and any(o.name == "first" for o in game_class(table.game).declared_options):
            winner = table.result.index(min(table.result))  # (the seat after the winner leads: Svolota)
            new.options["first"] = (winner + 1) % len(new.seats)
        await self._start(new)
        await change.tx.save(new, -1)
        table.rematch = new.id
        table.bump(self._clock.now())
        change.redraw.append(new)
