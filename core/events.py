"""Events: what a move made happen, as typed records with a readable `str()`."""

from __future__ import annotations

from typing import ClassVar

from mypy_extensions import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)
class Event:
    """Base of every game's events; subclasses add fields and a `__str__`. Not frozen: records made
    on every move, and a frozen dataclass is several times slower to build.

    Compiled with the hot modules (core/compiled.py) so that a compiled game's events are compiled
    classes too (a compiled class may only subclass compiled ones), while the other games' events,
    plain Python dataclasses, may still subclass it (`allow_interpreted_subclasses`). Its slots are
    none, so that theirs are kept (no `__dict__`)."""

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()  # its fields, in order (each dataclass's own)

    def __str__(self) -> str:
        return type(self).__name__

    def __reduce__(self) -> tuple[type[Event], tuple[object, ...]]:
        """Pickled and copied as its class called with its fields: a compiled class has no state
        that pickle could copy, and would be made again by its `__init__` with no arguments."""
        return type(self), tuple(getattr(self, name) for name in self.__match_args__)
