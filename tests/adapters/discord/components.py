"""Message components: Discord's own limits on what a bot sends, the stored form Discord answers with
(numeric `id`s, defaults filled in), and readable buttons and select menus for tests.

The limits are checked whether or not the OpenAPI spec is at hand; a breach makes the fake answer
400 "Invalid Form Body" (50035) the way Discord does.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

JSON = dict[str, Any]

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT, TEXT_DISPLAY = 1, 2, 3, 4, 10
SELECTS = (3, 5, 6, 7, 8)  # string, user, role, mentionable, channel select
LINK, PREMIUM = 5, 6
STYLE_NAMES = {1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link", 6: "premium"}


@dataclass
class Button:
    label: str | None
    custom_id: str | None
    style: int
    disabled: bool = False
    url: str | None = None
    emoji: str | None = None  # the emoji's name (a unicode emoji or a custom emoji's name)
    row: int = 0
    id: int = 0  # the component's numeric id within its message

    @property
    def style_name(self) -> str:
        return STYLE_NAMES.get(self.style, str(self.style))


@dataclass
class SelectOption:
    label: str
    value: str
    description: str | None = None
    default: bool = False


@dataclass
class Select:
    custom_id: str
    type: int = STRING_SELECT
    options: list[SelectOption] = field(default_factory=list)
    placeholder: str | None = None
    min_values: int = 1
    max_values: int = 1
    disabled: bool = False
    row: int = 0
    id: int = 0

    @property
    def values(self) -> list[str]:
        return [option.value for option in self.options]


def buttons_of(components: list[JSON]) -> list[list[Button]]:
    rows = []
    for index, row in enumerate(_rows(components)):
        buttons = [_button(item, index) for item in row.get("components", []) if item.get("type") == BUTTON]
        if buttons:
            rows.append(buttons)
    return rows


def selects_of(components: list[JSON]) -> list[Select]:
    found = []
    for index, row in enumerate(_rows(components)):
        for item in row.get("components", []):
            if item.get("type") in SELECTS:
                found.append(
                    Select(
                        custom_id=item.get("custom_id", ""),
                        type=item["type"],
                        options=[
                            SelectOption(o["label"], o["value"], o.get("description"), bool(o.get("default")))
                            for o in item.get("options", [])
                        ],
                        placeholder=item.get("placeholder"),
                        min_values=item.get("min_values", 1),
                        max_values=item.get("max_values", 1),
                        disabled=bool(item.get("disabled")),
                        row=index,
                        id=item.get("id", 0),
                    )
                )
    return found


def find_component(components: list[JSON], custom_id: str) -> JSON | None:
    for row in _rows(components):
        for item in row.get("components", []):
            if item.get("custom_id") == custom_id:
                return item
    return None


def _rows(components: list[JSON]) -> list[JSON]:
    """The action rows, also those nested in components v2 containers and sections."""
    rows = []
    for item in components:
        if item.get("type") == ACTION_ROW:
            rows.append(item)
        else:
            rows += _rows(item.get("components") or [])
    return rows


def texts_of(components: list[JSON]) -> list[str]:
    """The text displays (components v2) of a message, in order."""
    found = []
    for item in components:
        if item.get("type") == TEXT_DISPLAY:
            found.append(str(item.get("content", "")))
        found += texts_of(item.get("components") or [])
    return found


def _button(item: JSON, row: int) -> Button:
    emoji = item.get("emoji") or {}
    return Button(
        label=item.get("label"),
        custom_id=item.get("custom_id"),
        style=item.get("style", 2),
        disabled=bool(item.get("disabled")),
        url=item.get("url"),
        emoji=emoji.get("name"),
        row=row,
        id=item.get("id", 0),
    )


# --- the stored form ---------------------------------------------------------------------------


def stored(components: list[JSON] | None) -> list[JSON]:
    """Components as Discord answers them: every component numbered (`id`, depth first, as
    Discord does), null fields dropped, defaults filled in."""
    result = copy.deepcopy(components or [])
    counter = 0

    def walk(items: list[JSON]) -> None:
        nonlocal counter
        for item in items:
            counter += 1
            for key in [k for k, v in item.items() if v is None]:
                del item[key]
            item.setdefault("id", counter)
            if item.get("type") in SELECTS:
                item.setdefault("min_values", 1)
                item.setdefault("max_values", 1)
            if item.get("type") == STRING_SELECT:
                item.setdefault("options", [])
            walk(item.get("components") or [])

    walk(result)
    return result


# --- Discord's limits --------------------------------------------------------------------------


def check_components(components: Any, flags: int = 0) -> list[tuple[list[Any], str, str]]:
    """Breaches of Discord's component limits, as (path, error code, message) under "components".
    Components v2 messages (flag 1 << 15) are not checked beyond being a list."""
    errors: list[tuple[list[Any], str, str]] = []
    if components is None:
        return errors
    if not isinstance(components, list):
        return [([], "MODEL_TYPE_CONVERT", "Only iterables may be used in a ListType")]
    if flags & (1 << 15):
        return errors
    if len(components) > 5:
        errors.append(([], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."))
    seen: set[str] = set()
    for r, row in enumerate(components):
        if not isinstance(row, dict) or row.get("type") != ACTION_ROW:
            errors.append(([r], "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (1,).'))
            continue
        items = row.get("components")
        if not isinstance(items, list) or not 1 <= len(items) <= 5:
            errors.append(([r, "components"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."))
            continue
        kinds = {item.get("type") for item in items if isinstance(item, dict)}
        if kinds & set(SELECTS) and len(items) > 1:
            errors.append(
                (
                    [r, "components"],
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    "The specified component exceeds the maximum width",
                )
            )
        for i, item in enumerate(items):
            where = [r, "components", i]
            if not isinstance(item, dict):
                errors.append((where, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType"))
                continue
            custom_id = item.get("custom_id")
            if item.get("type") == BUTTON:
                errors.extend(_check_button(item, where))
            elif item.get("type") in SELECTS:
                errors.extend(_check_select(item, where))
            else:
                errors.append(
                    ([*where, "type"], "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (2, 3, 5, 6, 7, 8).')
                )
            if isinstance(custom_id, str):
                if custom_id in seen:
                    errors.append(
                        (
                            [*where, "custom_id"],
                            "COMPONENT_CUSTOM_ID_DUPLICATED",
                            "Component custom id cannot be duplicated",
                        )
                    )
                seen.add(custom_id)
    return errors


def _check_length(value: Any, low: int, high: int, where: list[Any]) -> list[tuple[list[Any], str, str]]:
    if value is None:
        return []
    if not isinstance(value, str):
        return [(where, "BASE_TYPE_STRING", "Must be a string.")]
    if not low <= len(value) <= high:
        if low <= 1:
            return [(where, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")]
        return [(where, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")]
    return []


def _check_button(item: JSON, where: list[Any]) -> list[tuple[list[Any], str, str]]:
    errors = []
    style = item.get("style")
    if style not in STYLE_NAMES:
        errors.append(([*where, "style"], "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3, 4, 5, 6}."))
    if style == LINK:
        if not item.get("url"):
            errors.append(([*where, "url"], "BASE_TYPE_REQUIRED", "This field is required"))
        if item.get("custom_id") is not None:
            errors.append(
                (
                    [*where, "custom_id"],
                    "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
                    "A link button cannot have a custom id",
                )
            )
    elif style != PREMIUM:
        if item.get("custom_id") is None:
            errors.append(([*where, "custom_id"], "BASE_TYPE_REQUIRED", "This field is required"))
        if item.get("url") is not None:
            errors.append(([*where, "url"], "BUTTON_COMPONENT_URL_NOT_ALLOWED", "A non-link button cannot have a url"))
        if not item.get("label") and not item.get("emoji"):
            errors.append((where, "BUTTON_COMPONENT_INVALID", "A button needs a label or an emoji"))
    errors += _check_length(item.get("custom_id"), 1, 100, [*where, "custom_id"])
    errors += _check_length(item.get("label"), 0, 80, [*where, "label"])
    return errors


def _check_select(item: JSON, where: list[Any]) -> list[tuple[list[Any], str, str]]:
    errors = _check_length(item.get("custom_id"), 1, 100, [*where, "custom_id"])
    if item.get("custom_id") is None:
        errors.append(([*where, "custom_id"], "BASE_TYPE_REQUIRED", "This field is required"))
    errors += _check_length(item.get("placeholder"), 0, 150, [*where, "placeholder"])
    low, high = item.get("min_values", 1), item.get("max_values", 1)
    if not (isinstance(low, int) and 0 <= low <= 25):
        errors.append(([*where, "min_values"], "NUMBER_TYPE_MAX", "int value should be between 0 and 25."))
    if not (isinstance(high, int) and 1 <= high <= 25):
        errors.append(([*where, "max_values"], "NUMBER_TYPE_MAX", "int value should be between 1 and 25."))
    if item.get("type") == STRING_SELECT:
        options = item.get("options")
        if not isinstance(options, list) or not 1 <= len(options) <= 25:
            errors.append(([*where, "options"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length."))
            return errors
        if isinstance(high, int) and high > len(options):
            errors.append(
                ([*where, "max_values"], "SELECT_COMPONENT_TOO_MANY_VALUES", "max_values exceeds the number of options")
            )
        values = set()
        for o, option in enumerate(options):
            at = [*where, "options", o]
            errors += _check_length(option.get("label"), 1, 100, [*at, "label"])
            errors += _check_length(option.get("value"), 1, 100, [*at, "value"])
            errors += _check_length(option.get("description"), 0, 100, [*at, "description"])
            if option.get("value") in values:
                errors.append(
                    ([*at, "value"], "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Option values must be unique")
                )
            values.add(option.get("value"))
    return errors
