"""Gin actions: their JSON shapes, parsing, and `IllegalAction`.

An action is a small JSON dict sent by a seat (or by the server, for the deal).  Everything
that can be checked without looking at the game in progress is checked here, so the moves in
`engine` only deal with the game itself.  Whatever arrives (any JSON value, or none), the
answer is an `Action` or an `IllegalAction`, never another exception.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.rules.cards import Card, parse_card
from games.rules.errors import IllegalAction
from games.rules.gin.rules import GinRules
from games.rules.shuffle import parse_seed

OUT_OF_TURN: frozenset[str] = frozenset()
"""Action types a seat may play when it is not its turn: none in gin."""


@dataclass(frozen=True)
class Action:
    """A well-formed action; only the fields its type has are set."""

    type: str
    card: Card | None = None
    source: str | None = None
    seed: str | None = None


def _card(value: Any) -> Card:
    try:
        card = parse_card(value)
    except ValueError:
        raise IllegalAction("bad_card", f"not a card: {value!r}") from None
    if card.is_joker:
        raise IllegalAction("bad_card", "gin is played without jokers")
    return card


def _source(value: Any) -> str:
    if value not in ("stock", "discard"):
        raise IllegalAction("bad_action", f"source must be 'stock' or 'discard', not {value!r}")
    return value


_PARSERS = {"card": _card, "source": _source, "seed": parse_seed}


def action_fields(rules: GinRules) -> dict[str, tuple[str, ...]]:
    """Each action type this rule set has, with the fields it carries besides ``type``."""
    fields = {
        "deal": ("seed",),
        "take_upcard": (),
        "pass": (),
        "draw": ("source",),
        "discard": ("card",),
        "knock": ("card",) if rules.knock_timing == "after_discard" else (),
    }
    if not rules.upcard_offer:
        del fields["take_upcard"], fields["pass"]
    if rules.big_gin:
        fields["big_gin"] = ()
    return fields


def parse_action(action: Any, rules: GinRules) -> Action:
    """The `Action` a JSON value stands for under these rules, or `IllegalAction`."""
    if not isinstance(action, dict):
        raise IllegalAction("bad_action", "an action is a JSON object with a 'type'")
    kind = action.get("type")
    known = action_fields(rules)
    if not isinstance(kind, str) or kind not in known:
        raise IllegalAction(
            "bad_action", f"unknown action type {kind!r} (this rule set has: {', '.join(known)})"
        )
    expected = set(known[kind])
    given = set(action) - {"type"}
    if given != expected:
        wanted = ", ".join(sorted(expected)) or "no other field"
        got = ", ".join(sorted(map(repr, given))) or "none"
        raise IllegalAction("bad_action", f"'{kind}' takes {wanted}, got {got}")
    values: dict[str, Any] = {name: _PARSERS[name](action[name]) for name in expected}
    return Action(kind, **values)


def check_seat(seat: Any) -> int | None:
    """The seat itself when it is 0, 1 or None (the server); `IllegalAction` otherwise."""
    if seat is None or (type(seat) is int and seat in (0, 1)):
        return seat
    raise IllegalAction("bad_seat", f"seat must be 0, 1 or None, not {seat!r}")
