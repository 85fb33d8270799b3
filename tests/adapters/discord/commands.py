"""Application commands: Discord's rules for the commands a bot syncs, the stored form Discord answers
with, and the `options`/`resolved` of a slash command interaction built from a command's definition."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

from tests.adapters.discord.world import LOCALES

JSON = dict[str, Any]
Problem = tuple[list[Any], str, str]

SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(
    1, 12
)
CHAT_INPUT = 1
MAX_SAFE_INTEGER = 2**53
# Discord: ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$ (\w is letters, digits and "_", plus marks)
_NAME = re.compile(r"^[-_'\w\u0900-\u097f\u0e00-\u0e7f]{1,32}$")


# --- checks ------------------------------------------------------------------------------------


def check_commands(commands: list[Any], *, global_: bool, existing: list[JSON] | None = None) -> list[Problem]:
    """Breaches of Discord's rules in a list of command definitions (a bulk overwrite or one POST)."""
    problems: list[Problem] = []
    seen: set[tuple[str, int]] = set()
    counts = {1: 0, 2: 0, 3: 0}
    for c, command in enumerate(commands):
        if not isinstance(command, dict):
            problems.append(([c], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"))
            continue
        kind = command.get("type") or CHAT_INPUT
        key = (str(command.get("name")), kind)
        if key in seen:
            problems.append(
                (
                    [c, "name"],
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    f"Application command names must be unique: {key[0]!r}",
                )
            )
        seen.add(key)
        counts[kind] = counts.get(kind, 0) + 1
        problems += [([c, *p], code, m) for p, code, m in _check_command(command, kind)]
    limits = {1: 100, 2: 15, 3: 15}
    for kind, count in counts.items():
        if count + len([e for e in existing or [] if e.get("type", 1) == kind]) > limits.get(kind, 100):
            problems.append(([], "APPLICATION_COMMANDS_TOO_MANY", f"Too many commands of type {kind}"))
    return problems


def _check_command(command: JSON, kind: int) -> list[Problem]:
    problems = _check_name(command.get("name"), kind == CHAT_INPUT, ["name"])
    description = command.get("description")
    if kind == CHAT_INPUT:
        problems += _check_text(description, 1, 100, ["description"])
    elif description not in (None, ""):
        problems.append(
            (
                ["description"],
                "APPLICATION_COMMAND_DESCRIPTION_NOT_ALLOWED",
                "User and message commands take no description",
            )
        )
    problems += _check_localizations(command, kind == CHAT_INPUT, [])
    permissions = command.get("default_member_permissions")
    if permissions is not None and not re.fullmatch(r"[0-9]+", str(permissions)):
        problems.append(
            (["default_member_permissions"], "BASE_TYPE_BAD_INT", "Value is not a valid permission integer")
        )
    if kind == CHAT_INPUT:
        problems += _check_options(command.get("options") or [], ["options"], depth=0)
    elif command.get("options"):
        problems.append(
            (["options"], "APPLICATION_COMMAND_OPTIONS_NOT_ALLOWED", "User and message commands take no options")
        )
    return problems


def _check_name(name: Any, lowercase: bool, where: list[Any]) -> list[Problem]:
    if not isinstance(name, str) or not 1 <= len(name) <= 32:
        return [(where, "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 32 in length.")]
    if lowercase and (not _NAME.match(name) or name != name.lower()):
        return [(where, "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}")]
    return []


def _check_text(text: Any, low: int, high: int, where: list[Any]) -> list[Problem]:
    if not isinstance(text, str) or not low <= len(text) <= high:
        return [(where, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")]
    return []


def _check_localizations(item: JSON, lowercase: bool | None, where: list[Any]) -> list[Problem]:
    """Localised names follow the rules of names (`lowercase`: of slash commands; None: choice
    names, any text of 1..100); descriptions are 1..100 characters; locales are Discord's."""
    problems: list[Problem] = []
    keys = ["name_localizations", "description_localizations"]
    for key in keys:
        values = item.get(key)
        if values is None:
            continue
        if not isinstance(values, dict):
            problems.append(([*where, key], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"))
            continue
        for locale, text in values.items():
            at = [*where, key, locale]
            if locale not in LOCALES:
                problems.append((at, "LOCALE_INVALID", f"Invalid locale {locale!r}"))
            elif key == "name_localizations" and lowercase is not None:
                problems += _check_name(text, lowercase, at)
            else:
                problems += _check_text(text, 1, 100, at)
    return problems


def _check_options(options: list[Any], where: list[Any], depth: int) -> list[Problem]:
    problems: list[Problem] = []
    if len(options) > 25:
        problems.append((where, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
    names: set[str] = set()
    optional_seen = False
    kinds = [o.get("type") for o in options if isinstance(o, dict)]
    if any(k in (SUB_COMMAND, SUB_COMMAND_GROUP) for k in kinds) and not all(
        k in (SUB_COMMAND, SUB_COMMAND_GROUP) for k in kinds
    ):
        problems.append(
            (where, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Subcommands cannot be mixed with other options")
        )
    for o, option in enumerate(options):
        at = [*where, o]
        if not isinstance(option, dict):
            problems.append((at, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"))
            continue
        kind = option.get("type")
        name = option.get("name")
        problems += _check_name(name, True, [*at, "name"])
        problems += _check_text(option.get("description"), 1, 100, [*at, "description"])
        problems += _check_localizations(option, True, at)
        if name in names:
            problems.append(
                (
                    [*at, "name"],
                    "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                    f"Option name {name!r} is already used",
                )
            )
        names.add(str(name))
        if kind not in range(1, 12):
            problems.append(([*at, "type"], "BASE_TYPE_CHOICES", "Value must be one of 1..11."))
            continue
        if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
            if depth >= (1 if kind == SUB_COMMAND_GROUP else 2) or (depth == 1 and kind == SUB_COMMAND_GROUP):
                problems.append(
                    (at, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Subcommands nest at most: group > subcommand")
                )
            inner = option.get("options") or []
            if kind == SUB_COMMAND_GROUP and any(i.get("type") != SUB_COMMAND for i in inner if isinstance(i, dict)):
                problems.append(
                    ([*at, "options"], "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "A group holds only subcommands")
                )
            problems += _check_options(inner, [*at, "options"], depth + 1)
            continue
        if option.get("required"):
            if optional_seen:
                problems.append(
                    (
                        [*at, "required"],
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    )
                )
        else:
            optional_seen = True
        choices = option.get("choices")
        if choices:
            if kind not in (STRING, INTEGER, NUMBER):
                problems.append(
                    (
                        [*at, "choices"],
                        "APPLICATION_COMMAND_OPTION_CHOICES_NOT_ALLOWED",
                        "Only string, integer and number options take choices",
                    )
                )
            if option.get("autocomplete"):
                problems.append(
                    (
                        [*at, "autocomplete"],
                        "APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES",
                        "Autocomplete and choices exclude each other",
                    )
                )
            if len(choices) > 25:
                problems.append(([*at, "choices"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
            for ch, choice in enumerate(choices):
                problems += _check_text(choice.get("name"), 1, 100, [*at, "choices", ch, "name"])
                problems += _check_localizations(choice, None, [*at, "choices", ch])
                value = choice.get("value")
                if kind == STRING and not (isinstance(value, str) and len(value) <= 100):
                    problems.append(
                        ([*at, "choices", ch, "value"], "BASE_TYPE_BAD_LENGTH", "Must be a string of 100 or fewer")
                    )
                if kind == INTEGER and not (isinstance(value, int) and not isinstance(value, bool)):
                    problems.append(([*at, "choices", ch, "value"], "NUMBER_TYPE_COERCE", "Value is not an integer"))
        if (option.get("min_value") is not None or option.get("max_value") is not None) and kind not in (
            INTEGER,
            NUMBER,
        ):
            problems.append(
                (at, "APPLICATION_COMMAND_OPTION_MIN_MAX_NOT_ALLOWED", "min_value/max_value are for numbers")
            )
        if (option.get("min_length") is not None or option.get("max_length") is not None) and kind != STRING:
            problems.append(
                (at, "APPLICATION_COMMAND_OPTION_LENGTH_NOT_ALLOWED", "min_length/max_length are for strings")
            )
    return problems


# --- the stored form ---------------------------------------------------------------------------


def stored_command(
    definition: JSON,
    old: JSON | None,
    new_id: Callable[[], int],
    application_id: int,
    guild_id: int | None,
) -> JSON:
    """A command as Discord stores and answers it (an overwritten command keeps its id)."""
    kind = definition.get("type") or CHAT_INPUT
    permissions = definition.get("default_member_permissions")
    command: JSON = {
        "id": old["id"] if old else str(new_id()),
        "application_id": str(application_id),
        "version": str(new_id()),
        "default_member_permissions": None if permissions is None else str(permissions),
        "type": kind,
        "name": definition["name"],
        "name_localizations": definition.get("name_localizations") or None,
        "description": definition.get("description") or "",
        "description_localizations": definition.get("description_localizations") or None,
        "contexts": definition.get("contexts"),
        "integration_types": definition.get("integration_types") or [0],
        "nsfw": bool(definition.get("nsfw")),
    }
    if guild_id is not None:
        command["guild_id"] = str(guild_id)
    else:
        command["dm_permission"] = definition.get("dm_permission") is not False
    options = [_stored_option(o) for o in definition.get("options") or []]
    if options:
        command["options"] = options
    return command


def _stored_option(option: JSON) -> JSON:
    result = {k: copy.deepcopy(v) for k, v in option.items() if v is not None and k != "options"}
    if not result.get("required"):
        result.pop("required", None)
    if not result.get("autocomplete"):
        result.pop("autocomplete", None)
    if option.get("options"):
        result["options"] = [_stored_option(o) for o in option["options"]]
    return result


def without_localizations(command: JSON) -> JSON:
    """A command as GET answers it without `with_localizations=true`."""

    def strip(node: Any) -> Any:
        if isinstance(node, dict):
            return {
                k: strip(v) for k, v in node.items() if k not in ("name_localizations", "description_localizations")
            }
        if isinstance(node, list):
            return [strip(v) for v in node]
        return node

    return strip(command)


# --- interactions ------------------------------------------------------------------------------


def interaction_options(
    command: JSON,
    subcommands: list[str],
    values: dict[str, Any],
    resolve: Callable[[int, Any], tuple[str, JSON]],
) -> tuple[list[JSON], JSON]:
    """(`data.options`, `data.resolved`) of a slash command used with `values` by option name, as
    the Discord client would send them: checked against the command's definition."""
    definitions = command.get("options") or []
    wrappers: list[JSON] = []
    for name in subcommands:
        found = next(
            (o for o in definitions if o["name"] == name and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None
        )
        if found is None:
            raise LookupError(f"/{command['name']} has no subcommand {name!r}")
        wrappers.append({"type": found["type"], "name": name})
        definitions = found.get("options") or []
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in definitions):
        raise LookupError(f"/{command['name']} needs a subcommand: {[o['name'] for o in definitions]}")
    by_name = {o["name"]: o for o in definitions}
    unknown = [name for name in values if name not in by_name]
    if unknown:
        raise LookupError(f"/{command['name']} has no option {unknown} (its options: {list(by_name)})")
    missing = [o["name"] for o in definitions if o.get("required") and values.get(o["name"]) is None]
    if missing:
        raise ValueError(f"/{command['name']} needs the options {missing}")
    options: list[JSON] = []
    resolved: JSON = {}
    for definition in definitions:
        value = values.get(definition["name"])
        if value is None:
            continue
        sent, entries = _option_value(definition, value, resolve)
        options.append({"name": definition["name"], "type": definition["type"], "value": sent})
        for kind, items in entries.items():
            resolved.setdefault(kind, {}).update(items)
    for wrapper in reversed(wrappers):
        wrapper["options"] = options
        options = [wrapper]
    return options, resolved


def _option_value(definition: JSON, value: Any, resolve: Callable[[int, Any], tuple[str, JSON]]) -> tuple[Any, JSON]:
    kind, name = definition["type"], definition["name"]
    choices = [c["value"] for c in definition.get("choices") or []]
    if kind == STRING:
        if not isinstance(value, str):
            raise TypeError(f"option {name!r} takes a string, not {value!r}")
        low, high = definition.get("min_length") or 0, definition.get("max_length") or 6000
        if not low <= len(value) <= high:
            raise ValueError(f"option {name!r} takes {low}..{high} characters")
    elif kind in (INTEGER, NUMBER):
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or (kind == INTEGER and not isinstance(value, int))
        ):
            raise TypeError(f"option {name!r} takes {'an integer' if kind == INTEGER else 'a number'}, not {value!r}")
        low = definition.get("min_value", -MAX_SAFE_INTEGER)
        high = definition.get("max_value", MAX_SAFE_INTEGER)
        if not low <= value <= high:
            raise ValueError(f"option {name!r} takes {low}..{high}, not {value}")
    elif kind == BOOLEAN:
        if not isinstance(value, bool):
            raise TypeError(f"option {name!r} takes True or False, not {value!r}")
    elif kind in (USER, CHANNEL, ROLE, MENTIONABLE):
        return resolve(kind, value)
    else:
        raise NotImplementedError(f"options of type {kind} are not simulated")
    if choices and value not in choices:
        raise ValueError(f"option {name!r} takes one of {choices}, not {value!r}")
    return value, {}
