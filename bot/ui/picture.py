"""What a screen's picture shows, as plain data: the adapters hand it to the renderer
(adapters/pictures/), which draws it; the service never sees a pixel.

Cards are written in the SPEC's notation ("8H", "10S", "JK" a joker); `DOWN` is a face-down card
and `EMPTY` an empty place. Words in a picture (names, a few labels) come already translated:
the renderer draws what it is given and knows no language. Equal descriptions draw equal
pictures, so a description is its picture's cache key."""

from __future__ import annotations

from dataclasses import dataclass

DOWN = "??"  # a face-down card
EMPTY = ""  # an empty place
# The letters the jack, queen, king and ace are drawn with: J Q K A, or the chat's own
# (ChatSettings.ranks: "ВДКТ" in Russian).
COURT = "JQKA"


@dataclass(frozen=True, slots=True)
class Hand:
    """A person's cards, in the order they hold them (Svolota)."""

    cards: tuple[str, ...]
    court: str = COURT


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One player as a board shows them."""

    name: str
    cards: int  # cards in hand (Svolota) or left in the demon (Racing Demon)
    turn: bool = False  # whose turn it is (Svolota)
    passed: bool = False  # passed since the last play (Svolota)
    score: int | None = None  # Racing Demon: the score as it stands
    top: str = EMPTY  # Racing Demon: the demon's top card


@dataclass(frozen=True, slots=True)
class SvolotaBoard:
    """The pile (its last play, which way it goes, the colour the next play starts with), every
    player's card count, the reserve and its face-up card; `hand` on a person's own picture."""

    last_play: tuple[str, ...]  # () for an empty pile
    up: bool
    follow: str | None  # "red" or "black": what the next play starts with (None on an empty pile)
    seats: tuple[SeatLine, ...]
    reserve: int
    face_up: str = EMPTY
    hand: tuple[str, ...] | None = None
    court: str = COURT


@dataclass(frozen=True, slots=True)
class SpeedLayout:
    name: str
    stacks: tuple[str, ...]  # the five stack tops, left to right: a card, DOWN or EMPTY
    stack_cards: int  # cards in the stacks
    reserve: int


@dataclass(frozen=True, slots=True)
class SpeedBoard:
    """Both layouts (the viewer's below, when it is a player's own picture) and the centre."""

    centre: tuple[str, ...]  # each centre pile's top
    layouts: tuple[SpeedLayout, SpeedLayout]  # the top one first
    court: str = COURT


@dataclass(frozen=True, slots=True)
class DemonOwn:
    """A player's own Racing Demon layout."""

    demon: str  # its top card (EMPTY when it is empty)
    demon_cards: int
    work: tuple[str, ...]  # the four work piles' tops
    waste: str
    stock: int


@dataclass(frozen=True, slots=True)
class DemonBoard:
    """The open foundations' tops, how many are complete, everyone's demon and score; `own` on a
    player's own picture."""

    foundations: tuple[str, ...]
    complete: int
    seats: tuple[SeatLine, ...]
    own: DemonOwn | None = None
    court: str = COURT


@dataclass(frozen=True, slots=True)
class Standing:
    place: int
    name: str
    score: str  # as the result's text says it ("0 cards left", "12 points")
    change: int | None = None  # the rating change shown (None: not rated)


@dataclass(frozen=True, slots=True)
class Podium:
    """The result: the game's name, the places, each person's rating change."""

    title: str
    standings: tuple[Standing, ...]


@dataclass(frozen=True, slots=True)
class ChartLine:
    """One game's rating over time: its name, its points oldest first as (UNIX time, shown rating),
    and which of the chart's inks and marks it is drawn with (a game keeps its own on every chart)."""

    name: str
    points: tuple[tuple[float, int], ...]
    ink: int = 0


@dataclass(frozen=True, slots=True)
class SeasonMark:
    """A season's start on a chart's time axis, with the season's name."""

    at: float
    name: str


@dataclass(frozen=True, slots=True)
class RatingChart:
    """A person's rating per game over time (the chart of their page, adapters/web/static/pages.js,
    as a picture for /stats): a line a game, each season's start within it as a faint dashed line
    with its name, the ratings up the side and the first and last day along the time axis. Time
    runs left to right in every language, as on the page (and as the days under it read); the
    title and the legend start on the right in a language written from the right (`rtl`)."""

    title: str
    lines: tuple[ChartLine, ...]
    seasons: tuple[SeasonMark, ...] = ()
    first_day: str = ""  # the first point's day, as the reader writes it
    last_day: str = ""
    rtl: bool = False


# --- A tournament's standings and bracket (issue #38: bot/ui/tournament_picture.py) ---


@dataclass(frozen=True, slots=True)
class StandingsLine:
    """One entrant's row of a Swiss or points tournament's standings, its figures as read."""

    place: int
    name: str
    points: str
    tiebreaks: tuple[str, ...]  # in the order of the picture's headings after the points
    out: bool = False  # no longer paired (disqualified, left): drawn dim, with a no-entry sign


@dataclass(frozen=True, slots=True)
class BracketSeat:
    name: str
    score: str = ""  # the match's points as read ("1", "½", "0"); "" until it is over
    won: bool = False  # went on from this match (a bye too)
    lost: bool = False  # went out here


@dataclass(frozen=True, slots=True)
class BracketColumn:
    """One round of an elimination bracket: `places` matches from top to bottom, each the seats
    of one (top seat first) or None where it is not paired yet; a match of one seat is a bye."""

    heading: str
    matches: tuple[tuple[BracketSeat, ...] | None, ...]


@dataclass(frozen=True, slots=True)
class TournamentPicture:
    """A tournament after a round: its name, which round (or the final standings), and either the
    standings as a table (Swiss, points: place, name, points, tie-breaks under `headings`) or
    the bracket (elimination: rounds as columns, each match's winner marked, the champion at the
    end). Words come translated; `rtl`: the table's columns and the bracket run from the right."""

    title: str
    subtitle: str
    headings: tuple[str, ...] = ()  # the table's: place, name, points, then each tie-break
    rows: tuple[StandingsLine, ...] = ()
    more: int = 0  # rows left out at the foot (a very large field)
    columns: tuple[BracketColumn, ...] = ()
    champion: str = ""  # the bracket's winner, once there is one
    champion_heading: str = ""
    bye: str = ""  # the word in a bye's empty seat
    rtl: bool = False


Picture = Hand | SvolotaBoard | SpeedBoard | DemonBoard | Podium | RatingChart | TournamentPicture
