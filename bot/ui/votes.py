"""What a board says about removing someone (bot/kicks.py): a vote while it runs, with its two
buttons, and for a while after a removal or a failed vote, one line saying so."""

from __future__ import annotations

from dataclasses import replace

from bot.bidi import isolated
from bot.i18n import Translator
from bot.kicks import NOTICE_SECONDS, needed, voters
from bot.tables import Status, Table
from bot.ui.buttons import token
from bot.ui.screen import Button, Countdown, Screen
from bot.ui.words import compose


def with_votes(screen: Screen, table: Table, t: Translator, now: float) -> Screen:
    """The board with the vote (and its buttons) or the latest removal below its text."""
    lines: list[str] = []
    notice = table.notice
    if notice is not None and now < notice.at + NOTICE_SECONDS:
        said = {
            "removed": t.gettext("🚫 {name} was removed from the table."),
            "voted_out": t.gettext("🗳 {name} was voted out: a computer plays for them."),
            "kept": t.gettext("🗳 The vote failed: {name} stays."),
        }[notice.kind]
        if notice.kind == "voted_out" and table.status is Status.LOBBY:
            said = t.gettext("🗳 {name} was voted out.")
        lines.append(said.format(name=isolated(notice.name)))
    vote = table.vote
    if vote is None:
        return _below(screen, lines) if lines else screen
    name = isolated(table.seats[vote.target].name)
    counted = set(voters(table))
    yes = len(counted.intersection(vote.yes))
    head = "\n".join([screen.text, *lines, ""])
    left = t.seconds(max(0, round(vote.due - now)))
    line, spans = compose(
        t.gettext("🗳 Remove {name}? Yes: {yes} of {needed} needed · ends in {left}"),
        name=name,
        yes=str(yes),
        needed=str(needed(table)),
        left=left,
    )
    start = len(head)
    marks = (*screen.marks, Countdown(start + spans["left"][0], start + spans["left"][1], vote.due))
    buttons = (
        Button(t.gettext("✅ Remove"), token(table, "vote", f"y{vote.number}")),
        Button(t.gettext("❌ Keep"), token(table, "vote", f"n{vote.number}")),
    )
    return replace(screen, text=head + line, buttons=(*screen.buttons, buttons), marks=marks)


def _below(screen: Screen, lines: list[str]) -> Screen:
    return replace(screen, text="\n".join([screen.text, "", *lines]))
