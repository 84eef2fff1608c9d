"""One JSON round trip for the rules' frozen dataclasses: states, their records, rule sets.

A `JsonRecord` writes each field by its annotation (a card as its text, a tuple as a list, a
record or rule set nested, an event as a copy of its dict) and reads it back into an equal
value.  The codec of each type is built once, when first met.  A rule set (`Flags`) is a flat
dict of its flags.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from dataclasses import fields, replace
from functools import cache
from typing import Any, ClassVar, Literal, Self, Union, get_args, get_origin, get_type_hints

from games.rules.cards import Card, card_names, cards_named, parse_card
from games.rules.errors import RulesError

Encode = Callable[[Any], Any]
Decode = Callable[[Any], Any]


def _same(value: Any) -> Any:
    return value


class JsonRecord:
    """A frozen dataclass that round-trips through JSON: `from_json(to_json())` is equal to it."""

    kept_by: ClassVar[str | None] = None
    """For a record that comes back unchanged in state after state (a finished hand), the
    field that tells its JSON apart: the record read from JSON equal to the last read with
    that key is that record again, not decoded anew (`_kept`)."""

    def to_json(self) -> dict[str, Any]:
        return {name: encode(getattr(self, name)) for name, encode, _ in _fields(type(self))}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        return cls(**{name: decode(data[name]) for name, _, decode in _fields(cls)})


class Flags:
    """A frozen dataclass of rule flags: a flat dict of them, and a copy with some changed."""

    family: ClassVar[str]
    """Named in the error for an unknown flag."""

    def to_dict(self) -> dict[str, Any]:
        # Flags are flat: a copy of the fields, not asdict's recursive deep copy (every view
        # carries its rules, so this ran three times a move).
        return {name: getattr(self, name) for name in _flag_names(type(self))}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Build from a dict, refusing unknown keys; missing keys take their defaults."""
        unknown = set(data).difference(_flag_names(cls))
        if unknown:
            raise RulesError(f"unknown {cls.family} flags: {', '.join(sorted(unknown))}")
        return cls(**data)

    def with_(self, **changes: Any) -> Self:
        return replace(self, **changes)  # type: ignore[type-var]


_FLAG_NAMES: dict[type, tuple[str, ...]] = {}


def _flag_names(cls: type) -> tuple[str, ...]:
    """A rule set's flags, in order (`dataclasses.fields` sorts them out anew on every call)."""
    names = _FLAG_NAMES.get(cls)
    if names is None:
        names = _FLAG_NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


_FIELDS: dict[type, tuple[tuple[str, Encode, Decode], ...]] = {}


def _fields(cls: type) -> tuple[tuple[str, Encode, Decode], ...]:
    """Each field of a record class with its codec (made when the class is first met)."""
    found = _FIELDS.get(cls)
    if found is None:
        hints = get_type_hints(cls)
        found = _FIELDS[cls] = tuple((f.name, *_codec(hints[f.name])) for f in fields(cls))
    return found


@cache
def _codec(hint: Any) -> tuple[Encode, Decode]:
    """How a value of this annotation goes to JSON and back."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is Card:
        return str, parse_card
    if hint in (int, str, bool, Any, type(None)) or origin is Literal:
        return _same, _same
    if origin in (Union, types.UnionType):
        (inner,) = (a for a in args if a is not type(None))
        encode, decode = _codec(inner)
        return (
            lambda v: None if v is None else encode(v),
            lambda d: None if d is None else decode(d),
        )
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        if args[0] is Card:
            return card_names, cards_named
        encode, decode = _codec(args[0])
        if encode is _same:
            return list, tuple
        return (lambda v: [encode(x) for x in v]), (lambda d: tuple(map(decode, d)))
    if origin is tuple:
        codecs = [_codec(a) for a in args]
        return (
            lambda v: [e(x) for (e, _), x in zip(codecs, v, strict=True)],
            lambda d: tuple(dec(x) for (_, dec), x in zip(codecs, d, strict=True)),
        )
    if origin is dict:
        return dict, dict
    if isinstance(hint, type) and issubclass(hint, Flags):
        return (lambda r: r.to_dict()), hint.from_dict
    if isinstance(hint, type) and issubclass(hint, JsonRecord):
        return _kept(hint) if hint.kept_by else ((lambda r: r.to_json()), hint.from_json)
    raise TypeError(f"no JSON form for {hint!r}")


KEPT_AT_MOST = 4096


def _kept(cls: type[JsonRecord]) -> tuple[Encode, Decode]:
    """`cls.to_json` and `cls.from_json`, the second giving back the record last read from
    equal JSON with the same key, and the first that record's JSON as it was read.

    A match's state carries every finished hand, and each move read them all again (half the
    time of reading a mid-match state) and wrote them all again (four fifths of writing it at
    the fifth hand).  Comparing JSON is a fraction of decoding it, and equal JSON decodes to
    an equal record, which is immutable.  What is compared is the record's own JSON, so JSON
    not in the form `to_json` writes is decoded every time.  At most KEPT_AT_MOST are kept."""
    key = cls.kept_by
    assert key is not None
    kept: dict[Any, tuple[dict[str, Any], JsonRecord]] = {}

    def encode(record: JsonRecord) -> dict[str, Any]:
        found = kept.get(getattr(record, key))
        if found is not None and found[1] is record:
            return dict(found[0])  # a copy of its top level: a view leaves the seed out of its own
        return record.to_json()

    def decode(data: Any) -> Any:
        tag = data.get(key) if isinstance(data, dict) else None
        if not isinstance(tag, str):
            return cls.from_json(data)
        found = kept.get(tag)
        if found is not None and found[0] == data:
            return found[1]
        record = cls.from_json(data)
        if len(kept) >= KEPT_AT_MOST:
            kept.clear()
        kept[tag] = (record.to_json(), record)  # its own copy: `data` may change later
        return record

    return encode, decode
