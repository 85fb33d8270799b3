"""The pages' API described as OpenAPI 3.1 (served at /api/v1/openapi.json): its paths, answers and
the schemas of what page_json.py and replay_json.py serve. The schemas are closed (no property they
do not name), so the tests that check served answers against them (tests/adapters/web/test_api.py,
test_replay.py) notice a field added on one side only."""

from __future__ import annotations

from typing import Any

from adapters.web.refusals import SENTENCES

VERSION = "1"
PREFIX = f"/api/v{VERSION}"

Schema = dict[str, Any]


def _object(properties: dict[str, Schema], optional: tuple[str, ...] = ()) -> Schema:
    return {
        "type": "object",
        "properties": properties,
        "required": [name for name in properties if name not in optional],
        "additionalProperties": False,
    }


def _ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def _list(item: Schema) -> Schema:
    return {"type": "array", "items": item}


COUNT = {"type": "integer", "minimum": 0}
TIME = {"type": "string", "format": "date-time", "description": "UTC, to the second"}
TEXT = {"type": "string"}
SEASON = {"type": "string", "pattern": r"^\d{4}-\d{2}$", "description": "a season, named by its first month"}
CARD = {"type": "string", "pattern": r"^(?:(?:[2-9]|10|[JQKA])[CDHS]|JK)$", "description": "7C, 10H, AS, JK"}
NULL_SEAT = {"type": ["integer", "null"], "minimum": 0}
CACHE = "private, max-age=60"  # the pages' answers (api.py)
IMMUTABLE = "private, max-age=3600, immutable"  # a finished game's replay (replays.py): it does not change

SCHEMAS: dict[str, Schema] = {
    "Error": _object(
        {
            "error": {"type": "string", "enum": sorted(SENTENCES)},
            "message": {"type": "string", "description": "a sentence in the reader's language (Accept-Language)"},
        }
    ),
    "Seat": _object(
        {
            "seat": COUNT,
            "name": {"type": "string", "description": "plain text, as the table showed it"},
            "forgotten": {"const": True, "description": "a person who asked to be forgotten: no name"},
            "computer": {"const": True},
            "place": {"type": "integer", "minimum": 1},
            "score": {"type": "integer"},
            "won": {"type": "boolean"},
            "change": {"type": ["integer", "null"], "description": "rating change shown in the chat; null: not rated"},
        },
        optional=("name", "forgotten", "computer"),
    ),
    "GameLine": _object(
        {
            "table": COUNT,
            "game": TEXT,
            "title": {"type": "string", "description": "the game's name in the reader's language"},
            "started_at": TIME,
            "finished_at": TIME,
            "moves": COUNT,
            "seats": _list(_ref("Seat")),
            "seat": {"type": "integer", "minimum": 0, "description": "on a player's page: their seat"},
        },
        optional=("seat",),
    ),
    "RatingPoint": _object({"at": TIME, "table": COUNT, "rating": {"type": "integer"}}),
    "GameTotals": _object(
        {
            "game": TEXT,
            "title": TEXT,
            "games": COUNT,
            "wins": COUNT,
            "practice_games": COUNT,
            "rating": {"type": ["integer", "null"], "description": "null: no rated game yet"},
            "best_streak": COUNT,
            "history": _list(_ref("RatingPoint")),
        }
    ),
    "SeasonStart": _object({"season": SEASON, "name": TEXT, "starts": TIME}),
    "Achievement": _object({"id": TEXT, "emoji": TEXT, "title": TEXT, "description": TEXT, "at": TIME, "table": COUNT}),
    "Rival": _object({"name": TEXT, "games": COUNT, "wins": COUNT, "losses": COUNT, "last": _list(COUNT)}),
    "Player": _object(
        {
            "name": TEXT,
            "games": _list(_ref("GameTotals")),
            "seasons": {**_list(_ref("SeasonStart")), "description": "seasons that began within the history"},
            "achievements": _list(_ref("Achievement")),
            "recent": _list(_ref("GameLine")),
            "rivals": _list(_ref("Rival")),
        }
    ),
    "BoardRow": _object(
        {
            "rank": {"type": "integer", "minimum": 1},
            "name": TEXT,
            "rating": {"type": "integer"},
            "games": COUNT,
            "wins": COUNT,
        }
    ),
    "Board": _object({"game": TEXT, "title": TEXT, "rows": _list(_ref("BoardRow"))}),
    "Active": _object({"name": TEXT, "games": COUNT}),
    "RecordPerson": {
        "oneOf": [
            _object({"name": TEXT}),
            _object({"forgotten": {"const": True}}),
        ]
    },
    "Record": _object(
        {
            "kind": {"type": "string", "enum": ["longest_svolota", "fastest_speed", "best_demon"]},
            "title": TEXT,
            "value": {"type": "number", "description": "moves, seconds or points"},
            "text": {"type": "string", "description": "the value in words, in the reader's language"},
            "table": COUNT,
            "people": _list(_ref("RecordPerson")),
            "at": TIME,
        }
    ),
    "Season": _object({"season": SEASON, "name": TEXT}),
    # a chat's tournaments (bot/history_tournaments.py), each with its standings
    "TournamentEntrant": _object(
        {
            "place": {"type": "integer", "minimum": 1},
            "name": {"type": "string", "description": "plain text, as the standings show it"},
            "forgotten": {"const": True, "description": "a person who asked to be forgotten: no name"},
            "computer": {"const": True},
            "points": {"type": "number"},
            "tiebreaks": {**_list({"type": "number"}), "description": "in the tournament's `tiebreaks` order"},
            "played": {**COUNT, "description": "matches played, byes included"},
            "wins": COUNT,
            "out": {"type": ["string", "null"], "enum": ["eliminated", "disqualified", "left", None]},
            "winner": {"const": True, "description": "the winner of a finished tournament"},
        },
        optional=("name", "forgotten", "computer", "winner"),
    ),
    "Tournament": _object(
        {
            "name": {"type": "string", "description": "as its admin named it; empty: the game's name"},
            "title": {"type": "string", "description": "its name, or the game's in the reader's language"},
            "game": TEXT,
            "game_title": TEXT,
            "format": {"enum": ["swiss", "elimination", "points"]},
            "format_name": {"type": "string", "description": "in the reader's language"},
            "stage": {"enum": ["signup", "running", "finished"]},
            "paused": {"type": "boolean"},
            "round": {**COUNT, "description": "the round under way or last played; 0 while signing up"},
            "rounds": {**COUNT, "description": "the rounds it plays (elimination: its bracket's)"},
            "entrants": {**COUNT, "description": "everyone in its standings (the list may stop sooner)"},
            "created_at": TIME,
            "finished_at": {"type": ["string", "null"], "format": "date-time", "description": "null: not yet"},
            "tiebreaks": {
                **_list({"enum": ["buchholz", "sonneborn_berger", "wins", "rating", "opponents", "round"]}),
                "description": "after the points, in order (docs: tie-breaks)",
            },
            "standings": {**_list(_ref("TournamentEntrant")), "description": "best first"},
        }
    ),
    "Chat": _object(
        {
            "season": {**SEASON, "type": ["string", "null"], "description": "the boards' season; null: all time"},
            "season_name": {"type": ["string", "null"]},
            "seasons": {**_list(_ref("Season")), "description": "seasons with a rated game here, newest first"},
            "boards": _list(_ref("Board")),
            "active": _list(_ref("Active")),
            "records": _list(_ref("Record")),
            "recent": _list(_ref("GameLine")),
            "tournaments": {
                **_list(_ref("Tournament")),
                "description": "open and finished ones, newest first, at most 10; the same in every season",
            },
        }
    ),
    # a replay (replay_json.py): the deal's open table whole, then each step's changes
    "TablePlace": _object(
        {
            "id": {
                "type": "string",
                "description": "a seat's places after its number (1.s1)",
            },
            "kind": {"type": "string", "description": "what the page draws: stack, pile, reserve, hand, demon…"},
            "seat": {**NULL_SEAT, "description": "null: the centre's"},
            "cards": {**_list(CARD), "description": "all of them, bottom first (an open table)"},
            "count": COUNT,
            "down": {**COUNT, "description": "how many of the bottom cards lay face down in play"},
            "spread": {"type": "boolean"},
            "colour": {"type": ["string", "null"], "enum": ["red", "black", None]},
        }
    ),
    "TableSeat": _object(
        {
            "seat": COUNT,
            "name": TEXT,
            "cards": {**COUNT, "description": "cards it still has to get rid of"},
            "turn": {"type": "boolean"},
            "passed": {"type": "boolean"},
            "score": {"type": ["integer", "null"]},
            "deadline": {"type": ["number", "null"]},
        }
    ),
    "OpenTable": _object(
        {
            "game": TEXT,
            "seat": NULL_SEAT,
            "seats": _list(_ref("TableSeat")),
            "places": _list(_ref("TablePlace")),
            "moves": {"type": "array", "maxItems": 0, "description": "none: a replay plays nothing"},
            "court": {"type": "string", "description": "how the chat writes J, Q, K and A"},
            "up": {"type": ["boolean", "null"], "description": "Svolota: the pile goes up; null: no direction"},
            "open": {"const": True},
        }
    ),
    "Step": _object(
        {
            "at": {"type": "number", "minimum": 0, "description": "seconds from the deal"},
            "seat": {**NULL_SEAT, "description": "who moved; null: the deal"},
            "words": {"type": "string", "description": "the move as the chat says it"},
            "places": {**_list(_ref("TablePlace")), "description": "places new or changed, whole"},
            "gone": {**_list(TEXT), "description": "ids of places no longer there"},
            "order": {**_list(TEXT), "description": "every place's id, when the order changed"},
            "seats": {**_list(_ref("TableSeat")), "description": "seats that changed, whole"},
            "up": {"type": ["boolean", "null"], "description": "the pile's direction, when it changed"},
        },
        optional=("places", "gone", "order", "seats", "up"),
    ),
    "Standing": _object(
        {"seat": COUNT, "place": {"type": "integer", "minimum": 1}, "score": {"type": "integer"}, "words": TEXT}
    ),
    "Replay": _object(
        {
            "version": {"const": 1, "description": "of this answer's shape"},
            "lang": TEXT,
            "dir": {"enum": ["ltr", "rtl"]},
            "game": TEXT,
            "title": TEXT,
            "real_time": {"type": "boolean", "description": "its steps replay at their own times"},
            "seats": _list(_object({"seat": COUNT, "name": TEXT})),
            "result": _object(
                {
                    "winner": {**NULL_SEAT, "description": "null: a draw"},
                    "text": TEXT,
                    "standings": {**_list(_ref("Standing")), "description": "best first"},
                }
            ),
            "deal": _ref("OpenTable"),
            "steps": {
                **_list(_ref("Step")),
                "minItems": 1,
                "description": "the deal, then one a logged move: each the changes from the one before",
            },
        }
    ),
}

TOKEN = {
    "name": "token",
    "in": "path",
    "required": True,
    "description": "a page's signed token, from a link the bot handed out in a chat",
    "schema": {"type": "string", "maxLength": 512},
}
LANGUAGE = {
    "name": "Accept-Language",
    "in": "header",
    "required": False,
    "description": "the reader's languages: names and messages are in the first one the bot speaks (else English)",
    "schema": {"type": "string"},
}


def _cached(cache: str) -> Schema:
    return {
        "ETag": {"description": "strong, from the body's hash", "schema": {"type": "string"}},
        "Cache-Control": {"description": cache, "schema": {"type": "string"}},
    }


def _error(description: str) -> Schema:
    return {"description": description, "content": {"application/json": {"schema": _ref("Error")}}}


def _read(
    summary: str, schema: str, errors: dict[str, str], extra: tuple[Schema, ...] = (), cache: str = CACHE
) -> Schema:
    return {
        "get": {
            "summary": summary,
            "parameters": [TOKEN, *extra, LANGUAGE],
            "responses": {
                "200": {
                    "description": "the page's data",
                    "headers": _cached(cache),
                    "content": {"application/json": {"schema": _ref(schema)}},
                },
                "304": {
                    "description": "not modified (If-None-Match names the current ETag)",
                    "headers": _cached(cache),
                },
                **{status: _error(text) for status, text in errors.items()},
                "503": _error("the store cannot be read right now"),
            },
        }
    }


def document() -> Schema:
    """The OpenAPI document."""
    errors = {"404": "not a page's token, or not this kind of page's", "410": "the link has expired"}
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "cardbot pages",
            "version": VERSION,
            "description": "Read-only data behind the player and group pages and the replays. Every address is a "
            "signed link the bot hands out in a chat: there are no guessable ids.",
        },
        "paths": {
            f"{PREFIX}/players/{{token}}": _read(
                "A person's record: ratings over time, achievements, recent games, head-to-head",
                "Player",
                {**errors, "410": "the link has expired, or the person asked to be forgotten"},
            ),
            f"{PREFIX}/chats/{{token}}/leaderboard": _read(
                "A group's leaderboards of a season (or all time), most active players, records, recent games, "
                "tournaments",
                "Chat",
                {
                    **errors,
                    "400": "the season is not a month written YYYY-MM",
                    "403": "the group's page is not public any more (a public link)",
                    "404": "not a group page's token, or no game finished and no tournament in the group yet",
                },
                (
                    {
                        "name": "season",
                        "in": "query",
                        "required": False,
                        "description": "the season's first month; left out: all time",
                        "schema": SEASON,
                    },
                ),
            ),
            f"{PREFIX}/games/{{token}}": _read(
                "A finished game step by step, every hand open: the deal, then each move's changes",
                "Replay",
                {
                    **errors,
                    "404": "not a replay's token, no such game, a game not finished (not_finished), or one whose "
                    "moves do not lead to its end (not_replayable)",
                },
                cache=IMMUTABLE,
            ),
            f"{PREFIX}/openapi.json": {
                "get": {
                    "summary": "This document",
                    "responses": {"200": {"description": "OpenAPI 3.1", "content": {"application/json": {}}}},
                }
            },
        },
        "components": {"schemas": SCHEMAS},
    }
