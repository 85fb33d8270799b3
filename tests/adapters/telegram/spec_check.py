"""Checks requests (and the fake's own answers) against the machine-readable Bot API spec.

The spec lives beside the repository, at `../shared/specs/telegram-bot-api-10.0.json`; it is read
from there and never copied into the project. When it is absent the checks are skipped.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[3]
SPEC_PATH = REPO_ROOT.parent / "shared" / "specs" / "telegram-bot-api-10.0.json"

_MUST_BE = re.compile(r"(?:must be|always) \"?([a-z_]+)")


class Upload:
    """A file part of a multipart request."""

    def __init__(self, filename: str | None, data: bytes = b"") -> None:
        self.filename = filename
        self.data = data

    def __repr__(self) -> str:
        return f"Upload({self.filename!r})"


def load_spec(path: Path | None = None) -> Spec | None:
    return _load(path or SPEC_PATH)


@cache
def _load(path: Path) -> Spec | None:
    """One Spec per spec file and process (read-only once made), not one per fake server."""
    if not path.is_file():
        return None
    return Spec(json.loads(path.read_text(encoding="utf-8")))


class Spec:
    def __init__(self, data: dict[str, Any]) -> None:
        self.version: str = data.get("version", "?")
        self.methods: dict[str, dict[str, Any]] = data["methods"]
        self.types: dict[str, dict[str, Any]] = data["types"]
        self._by_lower = {name.lower(): name for name in self.methods}

    def method_name(self, name: str) -> str | None:
        """The spec's spelling of a method name (the Bot API matches names case-insensitively)."""
        return self._by_lower.get(name.lower())

    def fields(self, method: str) -> dict[str, dict[str, Any]]:
        return {field["name"]: field for field in self.methods[method].get("fields", [])}

    # --- requests --------------------------------------------------------------------------

    def decode_and_check(self, method: str, raw: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
        """Decode form values (strings; objects and arrays as JSON strings) by the field types of
        `method` and check them; returns the typed parameters and the mismatches found."""
        fields = self.fields(method)
        params: dict[str, Any] = {}
        errors: list[str] = []
        for name, value in raw.items():
            field = fields.get(name)
            if field is None:
                errors.append(f"{method}: unknown parameter {name!r}")
                params[name] = decode_loosely(value)
                continue
            decoded, ok = decode_value(field["types"], value)
            params[name] = decoded
            if not ok:
                errors.append(f"{method}: parameter {name!r} = {value!r} is not {' or '.join(field['types'])}")
                continue
            errors.extend(self.check_value(field["types"], decoded, f"{method}.{name}"))
        for name, field in fields.items():
            if field.get("required") and name not in raw:
                errors.append(f"{method}: required parameter {name!r} is missing")
        return params, errors

    # --- values ----------------------------------------------------------------------------

    def check_value(self, types: list[str], value: Any, path: str) -> list[str]:
        """Mismatches of a decoded value against a list of alternative spec types ([] if it fits one)."""
        best: list[str] | None = None
        for kind in types:
            errors = self._check_one(kind, value, path)
            if not errors:
                return []
            if best is None or len(errors) < len(best):
                best = errors
        return best or []

    def _check_one(self, kind: str, value: Any, path: str) -> list[str]:
        if kind.startswith("Array of "):
            if not isinstance(value, list):
                return [f"{path}: expected {kind}, got {type(value).__name__}"]
            inner = kind[len("Array of ") :]
            return [e for i, item in enumerate(value) for e in self.check_value([inner], item, f"{path}[{i}]")]
        simple = {
            "Integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
            "Float": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
            "String": lambda v: isinstance(v, str),
            "Boolean": lambda v: isinstance(v, bool),
            "True": lambda v: v is True,
            "InputFile": lambda v: isinstance(v, Upload) or (isinstance(v, str) and v.startswith("attach://")),
        }
        if kind in simple:
            return [] if simple[kind](value) else [f"{path}: expected {kind}, got {value!r}"]
        spec_type = self.types.get(kind)
        if spec_type is None:
            return []  # a type the spec does not describe: nothing to check
        if "subtypes" in spec_type:
            return self._check_union(kind, spec_type["subtypes"], value, path)
        if not isinstance(value, dict):
            return [f"{path}: expected {kind} object, got {value!r}"]
        fields = {field["name"]: field for field in spec_type.get("fields", [])}
        errors = [f"{path}: unknown field {key!r} in {kind}" for key in value if key not in fields]
        for name, field in fields.items():
            if name not in value:
                if field.get("required"):
                    errors.append(f"{path}: required field {name!r} of {kind} is missing")
                continue
            errors.extend(self.check_value(field["types"], value[name], f"{path}.{name}"))
        return errors

    def _check_union(self, kind: str, subtypes: list[str], value: Any, path: str) -> list[str]:
        if isinstance(value, dict):
            discriminator = value.get("type", value.get("status", value.get("source")))
            matching = [s for s in subtypes if discriminator is not None and self._discriminator(s) == discriminator]
            if matching:
                return self.check_value(matching, value, path)
        return self.check_value(subtypes, value, path)

    def _discriminator(self, subtype: str) -> str | None:
        for field in self.types.get(subtype, {}).get("fields", []):
            if field["name"] in ("type", "status", "source"):
                description = field.get("description", "")
                if isinstance(description, list):
                    description = " ".join(description)
                match = _MUST_BE.search(description)
                if match:
                    return match.group(1)
        return None


def decode_value(types: list[str], value: Any) -> tuple[Any, bool]:
    """A form value decoded as one of `types`: (decoded, whether it fitted one of them).
    Values from a JSON body are already typed; objects may still come as JSON strings."""
    if isinstance(value, Upload):
        return value, "InputFile" in types
    if not isinstance(value, str):
        return value, True
    for kind in types:
        if kind == "String":
            continue
        if kind == "Integer" and re.fullmatch(r"-?\d+", value):
            return int(value), True
        if kind == "Float":
            try:
                return float(value), True
            except ValueError:
                continue
        if kind in ("Boolean", "True") and value.lower() in ("true", "false", "1", "0"):
            return value.lower() in ("true", "1"), True
        if kind.startswith("Array of ") or (kind[:1].isupper() and kind not in ("Integer", "Float", "Boolean")):
            if kind == "InputFile":
                continue
            try:
                decoded = json.loads(value)
            except ValueError:
                continue
            if isinstance(decoded, list | dict):
                return decoded, True
    if "String" in types or "InputFile" in types:
        return value, True
    return value, False


_PLAIN_STRINGS = {
    "text",
    "query",
    "callback_query_id",
    "inline_query_id",
    "inline_message_id",
    "language_code",
    "parse_mode",
    "url",
    "next_offset",
    "description",
    "short_description",
    "name",
    "action",
    "secret_token",
    "ip_address",
    "custom_title",
    "business_connection_id",
    "message_effect_id",
}


def decode_loosely(value: Any, name: str = "") -> Any:
    """Decode a form value without the spec: numbers, booleans and JSON objects/arrays are decoded,
    free-text parameters stay strings."""
    if not isinstance(value, str) or name in _PLAIN_STRINGS:
        return value
    if re.fullmatch(r"-?\d+", value):
        return int(value)
    if value in ("true", "false"):
        return value == "true"
    if value[:1] in ("[", "{"):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value
