"""JSON text on a move's hot path (the stored state, the frames sent) by orjson, about ten
times faster than the standard library's encoder (docs/benchmarks.md, session 25).

The text means the same as `json.dumps`'s: keys that are not strings are written as strings,
as `json` does; only the spacing differs, and characters beyond ASCII are written as UTF-8
rather than escaped."""

from __future__ import annotations

from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps_bytes(value: Any) -> bytes:
    return orjson.dumps(value, option=_OPTIONS)


def dumps(value: Any) -> str:
    return orjson.dumps(value, option=_OPTIONS).decode()


loads = orjson.loads
