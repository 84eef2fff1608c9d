"""Known deals for the tests that play: find a seed on which what a test asserts cannot be undone
by a bot's lucky draw, and prove in a fast test that a pinned seed still has that property.

A deal is the 16-byte `first_seed` a room's first hand is dealt from (`services.do_create_room`;
the browser tests' `table_play.create_room`).  Everything else that varies between two games
on one deal is enumerated, with the real engine and bots, offline:

- every seat the server may choose to start (rummy: a random one; gin's first hand: seat 0);
- every discard the people may make (in this model a person draws from the stock, passes an
  upcard, and discards any card; never knocks, melds or lays off, so the tests that lean on a
  pinned deal play their turns that way);
- `bot_seeds` seeds of the bots' own randomness (the services seed it from the match's id,
  unknown in advance).  Gin's Medium and Arcade bots and rummy's Medium never
  use it, so one seed covers them; Easy and Hard need a sample.

A *turn* here is each time the play comes to a seat (gin's upcard offer is a turn of its own).

Find a deal: the first seed that holds is printed as a line to paste into the test.

    .venv/bin/python -m tests.deals rummy-three --people 0 2 --calm 3
    .venv/bin/python -m tests.deals gin-arcade --bot arcade --ends-before 2
    .venv/bin/python -m tests.deals rummy-three --people --ends-within 6

Pin it in the test as a `Deal`, saying why it was chosen:

    KEYBOARD_DEAL = Deal(Table("gin-arcade", bot="arcade"), bytes(16), Calm(2),
                         why="my turn comes back after my discard: the arcade bot may knock at once")

tests/ai/test_pinned_deals.py checks every `Deal` of every test module that imports this one,
so a change to the engine or the bots that breaks a pinned deal fails there, in seconds, not
by chance in the browser.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import count
from typing import Any

from games.adapters import adapter
from games.ai import choose_action

_PRESETS = importlib.import_module("games.migrations.0002_rule_set_presets")
# The rule sets the tests play, by slug: family, flags, seats (rummy-three and rummy-four are
# the browser suite's, tests/browser/conftest.py, on the default rules).
RULE_SETS: dict[str, tuple[str, dict[str, Any], int]] = {
    "gin-classic": ("gin", _PRESETS.CLASSIC, 2),
    "gin-arcade": ("gin", _PRESETS.ARCADE, 2),
    "rummy-three": ("rummy", {}, 3),
    "rummy-four": ("rummy", {}, 4),
    # tests/games/test_rummy_calling.py's tables: the standard rules with calling.
    "rummy-calling-three": ("rummy", {**_PRESETS.RUMMY_STANDARD, "calling": True}, 3),
    "rummy-calling-four": ("rummy", {**_PRESETS.RUMMY_STANDARD, "calling": True}, 4),
}


@dataclass(frozen=True)
class Table:
    """A table as a test opens it: rule set slug, the seats people play (the others are bots of
    level `bot`), and how many seeds of the bots' randomness to cover."""

    ruleset: str
    bot: str = "medium"
    people: tuple[int, ...] = (0,)
    bot_seeds: int = 1

    @property
    def family(self) -> str:
        return RULE_SETS[self.ruleset][0]

    @property
    def seats(self) -> int:
        return RULE_SETS[self.ruleset][2]

    @property
    def starts(self) -> tuple[int, ...]:
        """The first dealers the server may pick (games.services.run.start_match)."""
        return (1,) if self.family == "gin" else tuple(range(self.seats))


@dataclass(frozen=True)
class Play:
    """One way the deal went: who started, the bots' seed, the people's discards, the seats in
    the order their turns came, and whether the hand ended (else it stopped at a person's turn)."""

    start: int
    bot_seed: int
    discards: tuple[Any, ...] = ()
    turns: tuple[int, ...] = ()
    over: bool = False

    def people_turns(self, table: Table) -> int:
        return sum(seat in table.people for seat in self.turns)


@dataclass(frozen=True)
class Calm:
    """The hand is still on when the people's `turns`-th turn comes (counting all people's turns
    together), whoever starts and whatever they discard: no bot went out or knocked before."""

    turns: int

    def holds(self, play: Play, table: Table) -> bool:
        return not play.over

    def __str__(self) -> str:
        return f"no hand end before the people's turn {self.turns}"


@dataclass(frozen=True)
class EndsBefore:
    """The hand ends before the people's `turns`-th turn, whatever they discard (a bot knocks or
    goes out on a deal that a browser test plays to its result quickly)."""

    turns: int

    def holds(self, play: Play, table: Table) -> bool:
        return play.over

    def __str__(self) -> str:
        return f"the hand ends before the people's turn {self.turns}"


@dataclass(frozen=True)
class EndsWithin:
    """The hand ends within `turns` turns of anyone, whoever starts: a table of computers alone
    (no people) whose round a browser test watches to its end."""

    turns: int

    def holds(self, play: Play, table: Table) -> bool:
        return play.over and len(play.turns) <= self.turns

    def __str__(self) -> str:
        return f"the hand ends within {self.turns} turns"


Predicate = Calm | EndsBefore | EndsWithin


@dataclass(frozen=True)
class Deal:
    """A pinned deal: on `table`, the deal `seed` has the property `holds` (see `check`)."""

    table: Table
    seed: bytes
    holds: Predicate
    why: str

    def check(self) -> None:
        check(self.table, self.seed, self.holds)


def plays(table: Table, seed: bytes, *, horizon: int) -> Iterator[Play]:
    """Every way the deal `seed` goes until the hand ends or the people's `horizon`-th turn comes."""
    family = adapter(table.family)
    rules = family.rules_from(RULE_SETS[table.ruleset][1])
    for start in table.starts:
        for bot_seed in range(table.bot_seeds):
            state = family.new_match(rules, seats=table.seats, first_dealer=start, rounds=1)
            state, _ = family.apply(state, None, {"type": "deal", "seed": seed.hex()})
            yield from _walk(family, table, state, Play(start, bot_seed), None, 0, horizon)


def _walk(
    family, table: Table, state, play: Play, last: int | None, moves: int, horizon: int
) -> Iterator[Play]:
    offered = None
    while True:
        state, offered, moves = _offer_call(family, table, state, play, offered, moves)
        if family.needs_deal(state) or family.is_over(state):
            yield _with(play, over=True)
            return
        seat = family.turn(state)
        if seat != last:
            play = _with(play, turns=(*play.turns, seat))
            last = seat
            if seat in table.people and play.people_turns(table) == horizon:
                yield play
                return
        view = family.view_for(state, seat)
        if seat in table.people:
            for action in _person_options(view):
                after, _ = family.apply(state, seat, action)
                discards = (*play.discards, action["card"]) if action["type"] == "discard" else play.discards
                yield from _walk(
                    family, table, after, _with(play, discards=discards), last, moves + 1, horizon
                )
            return
        level = family.bot_level(table.bot)
        state, _ = family.apply(state, seat, choose_action(level, view, seed=play.bot_seed * 7919 + moves))
        moves += 1


def _offer_call(family, table: Table, state, play: Play, offered, moves: int):
    """On a calling table a fresh discard is offered once to the bots that may call it, in turn,
    and the first that wants it calls (as games.services.run.Run._offer_call does); people never call."""
    callers = family.callers(state)
    key = (state.round, state.turn_number) if callers else None
    if key is None or key == offered:
        return state, key, moves
    for seat in callers:
        view = family.view_for(state, seat)
        wants = choose_action(family.bot_level(table.bot), view, seed=play.bot_seed * 7919 + moves)
        if seat not in table.people and wants is not None:
            state, _ = family.apply(state, seat, {"type": "call"})
            return state, key, moves + 1
    return state, key, moves


def _person_options(view: dict[str, Any]) -> list[dict[str, Any]]:
    """A person passes the upcard and draws from the stock; then discards any card."""
    legal = view["legal_actions"]
    for plain in ({"type": "pass"}, {"type": "draw", "source": "stock"}):
        if plain in legal:
            return [plain]
    return [action for action in legal if action["type"] == "discard"]


def _with(play: Play, **changes: Any) -> Play:
    return Play(**{**play.__dict__, **changes})


def counterexample(table: Table, seed: bytes, predicate: Predicate) -> Play | None:
    """The first way the deal goes that breaks `predicate`, or None when it holds."""
    return next(
        (p for p in plays(table, seed, horizon=predicate.turns) if not predicate.holds(p, table)), None
    )


def check(table: Table, seed: bytes, predicate: Predicate) -> None:
    """Fails, saying how, when the pinned deal `seed` no longer has `predicate` on `table`."""
    broken = counterexample(table, seed, predicate)
    assert broken is None, (
        f"the deal {seed.hex()} on {table} no longer holds ({predicate}): {broken}. "
        f"Find another with `python -m tests.deals` (tests/deals.py) and pin it."
    )


def find(table: Table, predicate: Predicate, *, first: int = 0) -> bytes:
    """The first seed from `first` on (as a 16-byte number) on which `predicate` holds."""
    for number in count(first):
        seed = number.to_bytes(16, "big")
        if counterexample(table, seed, predicate) is None:
            return seed
    raise AssertionError("unreachable")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.deals", description=__doc__.split("\n")[0])
    parser.add_argument("ruleset", choices=sorted(RULE_SETS))
    parser.add_argument("--bot", default="medium", help="the bots' level (default medium)")
    parser.add_argument(
        "--people",
        type=int,
        nargs="*",
        default=[0],
        help="the seats people play (default 0; none: bots alone)",
    )
    parser.add_argument("--bot-seeds", type=int, default=1, help="seeds of the bots' randomness to cover")
    parser.add_argument("--from", dest="first", type=int, default=0, help="the first seed number to try")
    wanted = parser.add_mutually_exclusive_group(required=True)
    wanted.add_argument("--calm", type=int, metavar="N", help="no hand end before the people's turn N")
    wanted.add_argument(
        "--ends-before", type=int, metavar="N", help="the hand ends before the people's turn N"
    )
    wanted.add_argument("--ends-within", type=int, metavar="N", help="the hand ends within N turns of anyone")
    args = parser.parse_args(argv)
    table = Table(args.ruleset, bot=args.bot, people=tuple(args.people), bot_seeds=args.bot_seeds)
    predicate: Predicate = (
        Calm(args.calm)
        if args.calm
        else EndsWithin(args.ends_within)
        if args.ends_within
        else EndsBefore(args.ends_before)
    )
    seed = find(table, predicate, first=args.first)
    print(f'bytes.fromhex("{seed.hex()}")  # {table}: {predicate}')


if __name__ == "__main__":
    main()
