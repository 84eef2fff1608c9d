"""Rummy actions: their JSON shapes, parsing, and `IllegalAction`.

An action is a small JSON dict sent by a seat (or by the server, for the deal); cards are
physical ids (`deck`).  Everything that can be checked without the game in progress is checked
here, so the moves in `engine` only deal with the game itself.  Whatever arrives, the answer is
an `Action` or an `IllegalAction`, never another exception.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.rules.errors import IllegalAction
from games.rules.rummy.deck import CardId, deck_ids
from games.rules.rummy.melds import End
from games.rules.rummy.rules import RummyRules
from games.rules.shuffle import parse_seed

ENDS: tuple[End, ...] = ("low", "high")


@dataclass(frozen=True)
class Action:
    """A well-formed action; only the fields its type has are set."""

    type: str
    seed: str | None = None
    source: str | None = None
    card: CardId | None = None
    melds: tuple[tuple[CardId, ...], ...] = ()
    joker_ends: tuple[End | None, ...] = ()
    meld: int | None = None
    end: End | None = None
    joker: CardId | None = None


FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "deal": (("seed",), ()),
    "draw": (("source",), ()),
    "call": ((), ()),
    "meld": (("melds",), ("joker_ends",)),
    "lay_off": (("card", "meld"), ("end",)),
    "exchange": (("card", "meld", "joker"), ()),
    "discard": (("card",), ()),
}
"""Each action type with its required and its optional fields besides ``type``."""

OUT_OF_TURN: frozenset[str] = frozenset({"call"})
"""Action types a seat may play when it is not its turn (the engine still checks the moment)."""


def parse_action(action: Any, rules: RummyRules) -> Action:
    """The `Action` a JSON value stands for under these rules, or `IllegalAction`."""
    if not isinstance(action, dict):
        raise IllegalAction("bad_action", "an action is a JSON object with a 'type'")
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise IllegalAction("bad_action", f"unknown action type {kind!r} (known: {', '.join(FIELDS)})")
    if kind == "call" and not rules.calling:
        raise IllegalAction("bad_action", "this table plays without calling")
    required, optional = FIELDS[kind]
    given = set(action) - {"type"}
    if not set(required) <= given <= set(required) | set(optional):
        wanted = ", ".join(required) or "no field"
        raise IllegalAction(
            "bad_action", f"'{kind}' takes {wanted} (optional: {', '.join(optional) or 'none'})"
        )
    values: dict[str, Any] = {name: _PARSERS[name](action[name], rules) for name in given}
    if kind == "meld":
        _check_melds(values["melds"], values.get("joker_ends"))
        values.setdefault("joker_ends", (None,) * len(values["melds"]))
    return Action(kind, **values)


def check_seat(seat: Any, seats: int) -> int | None:
    """The seat itself when it is 0..seats-1 or None (the server); `IllegalAction` otherwise."""
    if seat is None or (type(seat) is int and 0 <= seat < seats):
        return seat
    raise IllegalAction("bad_seat", f"seat must be 0..{seats - 1} or None, not {seat!r}")


def _card(value: Any, rules: RummyRules) -> CardId:
    if type(value) is not int or value not in deck_ids(rules):
        raise IllegalAction("bad_card", f"no card with id {value!r} in this deck")
    return value


def _index(value: Any, rules: RummyRules) -> int:
    if type(value) is not int or value < 0:
        raise IllegalAction("bad_action", f"a meld index is an int from 0, not {value!r}")
    return value


def _end(value: Any, rules: RummyRules) -> End | None:
    if value is not None and value not in ENDS:
        raise IllegalAction("bad_action", f"an end is 'low', 'high' or null, not {value!r}")
    return value


def _source(value: Any, rules: RummyRules) -> str:
    if value not in ("stock", "discard"):
        raise IllegalAction("bad_action", f"source must be 'stock' or 'discard', not {value!r}")
    return value


def _seed(value: Any, rules: RummyRules) -> str:
    return parse_seed(value)


def _melds(value: Any, rules: RummyRules) -> tuple[tuple[CardId, ...], ...]:
    if not isinstance(value, list) or not value or not all(isinstance(m, list) for m in value):
        raise IllegalAction("bad_action", "melds is a non-empty list of lists of card ids")
    return tuple(tuple(_card(c, rules) for c in meld) for meld in value)


def _joker_ends(value: Any, rules: RummyRules) -> tuple[str | None, ...]:
    if not isinstance(value, list):
        raise IllegalAction("bad_action", "joker_ends is a list holding 'low', 'high' or null per meld")
    return tuple(_end(e, rules) for e in value)


def _check_melds(melds: tuple[tuple[CardId, ...], ...], joker_ends: tuple[str | None, ...] | None) -> None:
    ids = [c for meld in melds for c in meld]
    if len(set(ids)) != len(ids):
        raise IllegalAction("bad_action", "a card id appears twice in the melds")
    if joker_ends is not None and len(joker_ends) != len(melds):
        raise IllegalAction("bad_action", "joker_ends needs one entry per meld")


_PARSERS = {
    "seed": _seed,
    "source": _source,
    "card": _card,
    "joker": _card,
    "meld": _index,
    "end": _end,
    "melds": _melds,
    "joker_ends": _joker_ends,
}
