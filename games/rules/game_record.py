"""The game record: a match as plain text (docs/records.md), written, read and verified.

A record names the family, its rule flags, the seats, the first dealer (gin) or starter (rummy)
and the rounds (rummy), then every action in order with its seat (`server` for a deal, whose
seed it holds), then the results.  `verify` replays the actions with the rules engine: the
record is a legal game when every action is legal in turn and the results it states are the
ones the engine reaches.  Pure: no Django, no I/O.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from games.rules import gin, rummy
from games.rules.errors import IllegalAction, RulesError

FORMAT = "rummy-deco-record 1"
ACTIONS, RESULTS = "Actions", "Results"
SERVER = "server"
REQUIRED = ("Format", "Game", "Seats", "First", "Rules")
"""Header keys every record has (`Rounds` too in rummy); any other header is kept as said."""


@dataclass(frozen=True)
class Record:
    game: str
    """"gin" or "rummy"."""
    rules: dict[str, Any]
    seats: int
    first: int
    """Gin: the first hand's dealer; rummy: the seat that starts round 1."""
    rounds: int | None
    actions: tuple[tuple[int | None, dict[str, Any]], ...]
    """(seat, action) in order; seat None is the server (a deal)."""
    results: tuple[str, ...] = ()
    """The results the record states (`result_lines` of its final state)."""
    headers: dict[str, str] = field(default_factory=dict)
    """Informative headers (players, date, site, the Daily Gin's day), in order."""


@dataclass(frozen=True)
class Verdict:
    legal: bool
    message: str
    """Why the record is refused, or how the game ended."""
    action: int | None = None
    """The number (from 1) of the first action refused, if one was."""
    state: Any = None
    """The state the legal actions reached (the family's state value)."""
    results: tuple[str, ...] = ()
    """The results the engine reached, in the record's words."""


class RecordError(ValueError):
    """A record that cannot be read; `action` is the action's number when the fault is in one."""

    def __init__(self, message: str, action: int | None = None) -> None:
        super().__init__(message)
        self.action = action


# --- the families -------------------------------------------------------------------------


def _new_match(record: Record) -> Any:
    if record.game == "gin":
        if record.seats != 2:
            raise RulesError("gin is played by 2 seats")
        return gin.new_match(gin.GinRules.from_dict(record.rules), first_dealer=record.first)
    if record.game == "rummy":
        if record.rounds is None:
            raise RulesError("a rummy record says how many rounds the table plays")
        rules = rummy.RummyRules.from_dict(record.rules)
        return rummy.new_match(rules, seats=record.seats, rounds=record.rounds, first_seat=record.first)
    raise RulesError(f"unknown game {record.game!r} (gin or rummy)")


APPLY: dict[str, Callable[[Any, int | None, Any], tuple[Any, list[dict[str, Any]]]]] = {
    "gin": gin.apply,
    "rummy": rummy.apply,
}


def result_lines(state: Any) -> tuple[str, ...]:
    """The results of a gin or rummy state, as a record states them: one line per finished
    hand (round), then the final totals and winners once the match is over."""
    lines = []
    if isinstance(state, gin.GinState):
        for hand in state.history:
            winner = "none" if hand.winner is None else hand.winner
            lines.append(f"Hand {hand.number}: {hand.kind}, winner {winner}, {hand.points} points")
        if state.result is not None:
            lines.append("Totals: " + " ".join(map(str, state.result.totals)))
            lines.append(f"Winners: {state.result.winner}")
    else:
        for played in state.history:
            winner = "none" if played.winner is None else played.winner
            scores = " ".join(map(str, played.scores))
            lines.append(f"Round {played.number}: winner {winner}, scores {scores}")
        if state.result is not None:
            lines.append("Totals: " + " ".join(map(str, state.result.totals)))
            lines.append("Winners: " + " ".join(map(str, state.result.winners)))
    return tuple(lines)


def is_over(state: Any) -> bool:
    return state.phase == "match_over"


# --- writing ------------------------------------------------------------------------------


def action_line(number: int, seat: int | None, action: dict[str, Any]) -> str:
    """`12 0 discard {"card": "7H"}`: number, seat, type, and the other fields as JSON."""
    rest = {k: v for k, v in action.items() if k != "type"}
    words = [str(number), SERVER if seat is None else str(seat), str(action.get("type"))]
    if rest:
        words.append(json.dumps(rest, separators=(", ", ": ")))
    return " ".join(words)


def write(record: Record) -> str:
    head = [
        "# A Rummy Deco game record (docs/records.md)",
        f"Format: {FORMAT}",
        f"Game: {record.game}",
        f"Seats: {record.seats}",
        f"First: {record.first}",
    ]
    if record.rounds is not None:
        head.append(f"Rounds: {record.rounds}")
    head.append("Rules: " + json.dumps(record.rules, sort_keys=True))
    head += [f"{key}: {_one_line(value)}" for key, value in record.headers.items()]
    lines = [*head, "", ACTIONS]
    lines += [action_line(n, seat, action) for n, (seat, action) in enumerate(record.actions, 1)]
    lines += ["", RESULTS, *record.results, ""]
    return "\n".join(lines)


def _one_line(value: str) -> str:
    return " ".join(str(value).split())


# --- reading ------------------------------------------------------------------------------


def parse(text: str) -> Record:
    """The record `text` holds, or `RecordError` saying where it cannot be read."""
    section = "head"
    headers: dict[str, str] = {}
    actions: list[tuple[int | None, dict[str, Any]]] = []
    results: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line in (ACTIONS, RESULTS):
            section = line
        elif section == "head":
            key, sep, value = line.partition(":")
            if not sep:
                raise RecordError(f"not a header line (Key: value): {line[:80]!r}")
            headers[key.strip()] = value.strip()
        elif section == ACTIONS:
            actions.append(_action(line, len(actions) + 1))
        else:
            results.append(" ".join(line.split()))
    missing = [key for key in REQUIRED if key not in headers]
    if missing:
        raise RecordError(f"the record lacks its {', '.join(missing)} header")
    if headers["Format"] != FORMAT:
        raise RecordError(f"unknown format {headers['Format']!r} (this reads {FORMAT!r})")
    try:
        rules = json.loads(headers["Rules"])
    except ValueError:
        raise RecordError("the Rules header is not a JSON object") from None
    if not isinstance(rules, dict):
        raise RecordError("the Rules header is not a JSON object")
    known = set(REQUIRED) | {"Rounds"}
    return Record(
        game=headers["Game"],
        rules=rules,
        seats=_number(headers, "Seats"),
        first=_number(headers, "First"),
        rounds=_number(headers, "Rounds") if "Rounds" in headers else None,
        actions=tuple(actions),
        results=tuple(results),
        headers={k: v for k, v in headers.items() if k not in known},
    )


def _number(headers: dict[str, str], key: str) -> int:
    value = headers[key]
    if not (value.isascii() and value.isdigit()):
        raise RecordError(f"the {key} header is not a number: {value!r}")
    return int(value)


def _action(line: str, expected: int) -> tuple[int | None, dict[str, Any]]:
    words = line.split(" ", 3)
    if len(words) < 3:
        raise RecordError(f"action {expected} is not `number seat type [fields]`: {line[:80]!r}", expected)
    number, seat, kind = words[:3]
    if number != str(expected):
        raise RecordError(f"action {expected} is numbered {number[:20]!r}", expected)
    if seat != SERVER and not (seat.isascii() and seat.isdigit()):
        raise RecordError(f"action {expected}: the seat is a number or `server`, not {seat[:20]!r}", expected)
    fields: Any = {}
    if len(words) == 4:
        try:
            fields = json.loads(words[3])
        except (ValueError, RecursionError):
            raise RecordError(f"action {expected}: its fields are not JSON", expected) from None
        if not isinstance(fields, dict) or "type" in fields:
            raise RecordError(f"action {expected}: its fields are a JSON object without `type`", expected)
    return (None if seat == SERVER else int(seat)), {"type": kind, **fields}


# --- verifying ----------------------------------------------------------------------------


def replay(record: Record) -> Iterable[tuple[int, Any]]:
    """Each action's number with the state it leads to (the first state as number 0);
    `IllegalAction` (with `.number` set) at the first action the rules refuse."""
    state = _new_match(record)
    yield 0, state
    apply = APPLY[record.game]
    for number, (seat, action) in enumerate(record.actions, 1):
        try:
            state, _ = apply(state, seat, action)
        except IllegalAction as error:
            error.number = number  # type: ignore[attr-defined]
            raise
        yield number, state


def verify(text: str, *, first_seed: str | None = None) -> Verdict:
    """Whether `text` is the record of a legal game, and its results.

    `first_seed` (hex): the first deal must be dealt from it, as a Daily Gin record's first
    hand is from its day's seed, revealed once the day is over.
    """
    try:
        record = parse(text)
        state = None
        for _, reached_state in replay(record):
            state = reached_state
    except RecordError as error:
        return Verdict(False, str(error), action=error.action)
    except (RulesError, TypeError) as error:  # a flag of the wrong type fails its rule set's checks so
        return Verdict(False, f"impossible rules: {error}")
    except IllegalAction as error:
        number = error.number  # type: ignore[attr-defined]
        seat, action = record.actions[number - 1]
        who = SERVER if seat is None else f"seat {seat}"
        return Verdict(
            False, f"action {number} ({who}, {action.get('type')}) is illegal: {error}", action=number
        )
    if first_seed is not None:
        deals = [
            n for n, (seat, a) in enumerate(record.actions, 1) if seat is None and a.get("type") == "deal"
        ]
        if not deals or record.actions[deals[0] - 1][1].get("seed", "").lower() != first_seed.lower():
            number = deals[0] if deals else None
            return Verdict(
                False, "the first deal is not dealt from the given seed", action=number, state=state
            )
    reached = result_lines(state)
    if not is_over(state):
        return Verdict(False, "the record stops before the match is over", state=state, results=reached)
    if record.results != reached:
        stated = set(record.results)
        wrong = next((line for line in reached if line not in stated), reached[-1])
        return Verdict(
            False, f"the results differ from the game's: it gives {wrong!r}", state=state, results=reached
        )
    return Verdict(
        True, f"a legal {record.game} game of {len(record.actions)} actions", state=state, results=reached
    )
