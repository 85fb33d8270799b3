"""Checks REST request bodies (and the fake's own answers) against Discord's OpenAPI v10 spec.

The spec lives beside the repository, at `../shared/specs/discord-openapi-v10.json`; it is read from
there and never copied into the project. When it is absent, `load_spec()` returns None and nothing
is checked.

The schemas are OpenAPI 3.1 (JSON Schema 2020-12) and are checked with `jsonschema`. Two
adjustments keep the check to what Discord really accepts:

- `oneOf` is read as `anyOf`: the spec's unions overlap (e.g. every branch of a message body is
  optional), and Discord takes a body that fits any branch.
- a snowflake may be a JSON integer as well as a numeric string (discord.py sends integer ids, e.g.
  in `allowed_mentions.users`, and Discord accepts both).

A failed union is explained through the branch whose `type` discriminator fits the value, so an
error reads like `components[0].components[2].custom_id: 'x…' is too long (maxLength 100)`.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterable, Iterator
from functools import cache, cached_property
from pathlib import Path
from typing import Any

import jsonschema_rs
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

REPO_ROOT = Path(__file__).resolve().parents[3]
SPEC_PATH = REPO_ROOT.parent / "shared" / "specs" / "discord-openapi-v10.json"
_URI = "urn:discord-openapi-v10"


def load_spec(path: Path | None = None) -> Spec | None:
    """The spec at `path` (default: `../shared/specs/discord-openapi-v10.json`), or None if absent."""
    return _load(path or SPEC_PATH)


@cache
def _load(path: Path) -> Spec | None:
    """One Spec per spec file and process: read-only once made, its validators compiled once for every
    fake server (a spec and its validators take ~0.1 s to make)."""
    if not path.is_file():
        return None
    return Spec(json.loads(path.read_text(encoding="utf-8")))


class Spec:
    """Request and response schemas of the spec's operations, by path template and method."""

    def __init__(self, data: dict[str, Any]) -> None:
        data = _relax(copy.deepcopy(data))
        snowflake = data["components"]["schemas"]["SnowflakeType"]
        snowflake["type"] = ["string", "integer"]
        snowflake["minimum"] = 0
        _permissions_as_strings(data)
        self.data = data
        self.paths: dict[str, dict[str, Any]] = data["paths"]
        self._registry: Registry[Any] = Registry().with_resource(_URI, Resource(data, specification=DRAFT202012))
        self._validators: dict[str, Draft202012Validator] = {}
        self.locales: list[str] = [
            choice["const"] for choice in data["components"]["schemas"]["AvailableLocalesEnum"].get("anyOf", [])
        ]

    @cached_property
    def _compiled(self) -> jsonschema_rs.ValidatorMap:
        """Every schema of the spec compiled, by JSON pointer (~0.4 s, once a process: `load_spec`)."""
        return jsonschema_rs.validator_map_for(self.data)

    def has(self, template: str, method: str) -> bool:
        return method.lower() in self.paths.get(template, {})

    def operation_id(self, template: str, method: str) -> str:
        return str(self.paths.get(template, {}).get(method.lower(), {}).get("operationId", f"{method} {template}"))

    # --- requests ----------------------------------------------------------------------------

    def check_request(self, template: str, method: str, body: Any, content_type: str = "application/json") -> list[str]:
        """Mismatches of a request body against the operation's request schema ([] if it fits).
        `body` is the decoded JSON (for multipart: the decoded `payload_json`), or None if none."""
        operation = self.paths.get(template, {}).get(method.lower())
        if operation is None:
            return [f"{method} {template}: not an operation of the Discord API spec"]
        name = operation.get("operationId", f"{method} {template}")
        request_body = operation.get("requestBody")
        if request_body is None:
            if body is not None:
                return [f"{name}: takes no request body, got {_short(body)}"]
            return []
        if body is None:
            return [f"{name}: a request body is required"] if request_body.get("required") else []
        content = request_body.get("content", {})
        kind = content_type if content_type in content else "application/json"
        if kind not in content:
            return [f"{name}: content type {content_type!r} is not accepted"]
        pointer = "/".join(["#", "paths", _escape(template), method.lower(), "requestBody", "content", _escape(kind)])
        return [f"{name}: {message}" for message in self.check(pointer + "/schema", body)]

    # --- responses ---------------------------------------------------------------------------

    def check_response(self, template: str, method: str, status: int, body: Any) -> list[str]:
        """Mismatches of one of the fake's answers against the operation's response schema."""
        operation = self.paths.get(template, {}).get(method.lower())
        if operation is None:
            return []
        responses = operation.get("responses", {})
        key = str(status) if str(status) in responses else f"{str(status)[0]}XX"
        response = responses.get(key)
        if response is None:
            return [f"{operation.get('operationId')}: status {status} is not among the spec's answers"]
        if "$ref" in response:
            return []  # the shared error answers: checked by construction
        schema = response.get("content", {}).get("application/json")
        if schema is None:
            return [] if body is None else [f"{operation.get('operationId')}: status {status} has no body in the spec"]
        pointer = "/".join(
            ["#", "paths", _escape(template), method.lower(), "responses", key, "content", "application~1json"]
        )
        return [f"answer of {operation.get('operationId')}: {m}" for m in self.check(pointer + "/schema", body)]

    # --- values ------------------------------------------------------------------------------

    def check(self, pointer: str, value: Any) -> list[str]:
        """Mismatches of `value` against the schema at the JSON pointer `pointer` ("#/components/…").
        jsonschema-rs answers whether it fits (a few microseconds; a third of the Discord suites' time
        went to checking in Python), jsonschema says how it does not."""
        compiled = self._compiled.get(pointer)
        if compiled is not None and compiled.is_valid(value):
            return []
        validator = self._validators.get(pointer)
        if validator is None:
            validator = Draft202012Validator({"$ref": _URI + pointer}, registry=self._registry)
            self._validators[pointer] = validator
        return list(dict.fromkeys(m for error in validator.iter_errors(value) for m in explain(error)))

    def check_schema(self, name: str, value: Any) -> list[str]:
        """Mismatches of `value` against `#/components/schemas/<name>`."""
        return self.check(f"#/components/schemas/{name}", value)


def explain(error: ValidationError) -> Iterator[str]:
    """Readable messages for one validation error, descending into the union branch that fits."""
    if error.validator in ("anyOf", "oneOf") and error.context:
        branches: dict[int, list[ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)  # type: ignore[arg-type]
        fitting = {index: errors for index, errors in branches.items() if not _discriminator_mismatch(errors)}
        if len(fitting) >= 1:
            best = min(fitting.values(), key=lambda errors: (len(errors), _depth(errors)))
            for sub in best:
                yield from explain(sub)
            return
        kinds = _discriminators(error)
        yield f"{_where(error)}: {_short(error.instance)} fits none of {kinds or 'the allowed shapes'}"
        return
    if error.validator == "maxLength":
        yield f"{_where(error)}: {_short(error.instance)} is too long (maxLength {error.validator_value})"
    elif error.validator == "minLength":
        yield f"{_where(error)}: {_short(error.instance)} is too short (minLength {error.validator_value})"
    elif error.validator == "maxItems":
        yield f"{_where(error)}: {len(error.instance)} items, at most {error.validator_value} allowed"
    elif error.validator == "minItems":
        yield f"{_where(error)}: {len(error.instance)} items, at least {error.validator_value} needed"
    elif error.validator == "required" or error.validator == "additionalProperties":
        yield f"{_where(error)}: {error.message}"
    else:
        yield f"{_where(error)}: {_short(error.instance)}: {error.message}"


def _discriminator_mismatch(errors: Iterable[ValidationError]) -> bool:
    """Whether a union branch was rejected for its kind: a different `type` value, or a different
    JSON type altogether (e.g. the `{"type": "null"}` branch of a nullable object)."""
    for error in errors:
        path = list(error.relative_path)
        if path == ["type"] and error.validator in ("enum", "const", "type", "oneOf", "anyOf"):
            return True
        if not path and error.validator == "type":
            return True
    return False


def _discriminators(error: ValidationError) -> list[Any]:
    kinds = []
    for sub in error.context or []:
        if list(sub.relative_path) == ["type"] and sub.validator == "enum":
            kinds.extend(sub.validator_value)
    return sorted(set(kinds), key=str)


def _depth(errors: list[ValidationError]) -> int:
    return -max((len(error.absolute_path) for error in errors), default=0)


def _where(error: ValidationError) -> str:
    where = "body"
    for part in error.absolute_path:
        where += f"[{part}]" if isinstance(part, int) else f".{part}"
    return where


def _short(value: Any, limit: int = 60) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _escape(part: str) -> str:
    return part.replace("~", "~0").replace("/", "~1")


def _relax(node: Any) -> Any:
    """The spec with every `oneOf` read as `anyOf` (see the module docstring)."""
    if isinstance(node, dict):
        if "oneOf" in node:
            node["anyOf"] = node.pop("oneOf")
        for value in node.values():
            _relax(value)
    elif isinstance(node, list):
        for value in node:
            _relax(value)
    return node


def _permissions_as_strings(data: dict[str, Any]) -> None:
    """Let `default_member_permissions` be a numeric string too, as Discord documents it and discord.py sends it."""
    for schema in data["components"]["schemas"].values():
        prop = schema.get("properties", {}).get("default_member_permissions")
        if prop is not None and "integer" in (prop.get("type") or []):
            types = prop["type"] if isinstance(prop["type"], list) else [prop["type"]]
            prop["type"] = [*types, "string"]
            prop["pattern"] = "^[0-9]+$"


_PATH_PARAMETER = re.compile(r"\{[^/{}]+\}")


def template_regex(template: str) -> re.Pattern[str]:
    """A regex for the concrete paths of a path template (`{name}` matches one path segment)."""
    pattern = ""
    position = 0
    for match in _PATH_PARAMETER.finditer(template):
        pattern += re.escape(template[position : match.start()]) + f"(?P<{match.group()[1:-1]}>[^/]+)"
        position = match.end()
    return re.compile("^" + pattern + re.escape(template[position:]) + "$")
