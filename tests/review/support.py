"""Finished gin and German Rummy matches for the review tests: played by the rules engine on
known seeds, then stored as the site stores them (room, seats, match, move log) so the review
replays them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from games.ai import choose_action
from games.models import Match, Move, Room, Seat
from games.rules import rummy
from games.rules.gin import GinRules, GinState, apply, new_match, view_for
from games.rules.rummy.deck import JOKER_BASE
from tests.games.support import make_user, ruleset

Chooser = Callable[[dict[str, Any]], dict[str, Any]]


def hard(view: dict[str, Any]) -> dict[str, Any]:
    return choose_action("hard", view, seed=1, samples=8)


def play(
    rules: GinRules, seeds: list[str], choosers: tuple[Chooser, Chooser], *, first_dealer: int = 1
) -> tuple[GinState, list[tuple[int | None, dict[str, Any]]]]:
    """A whole match on these deal seeds (one per hand, as many as it takes): (final state, moves)."""
    state, moves, deals = new_match(rules, first_dealer=first_dealer), [], iter(seeds)
    while state.phase != "match_over":
        if state.phase in ("deal", "hand_over"):
            action, seat = {"type": "deal", "seed": next(deals)}, None
        else:
            seat = state.turn
            action = choosers[seat](view_for(state, seat))
        state, _ = apply(state, seat, action)
        moves.append((seat, action))
    return state, moves


def play_rummy(
    rules: rummy.RummyRules, seeds: list[str], choosers: tuple[Chooser, ...], *, first_seat: int = 0
) -> tuple[rummy.RummyState, list[tuple[int | None, dict[str, Any]]]]:
    """A one-round rummy match of `len(choosers)` seats on the first of these deal seeds."""
    state = rummy.new_match(rules, seats=len(choosers), rounds=1, first_seat=first_seat)
    moves, deals = [], iter(seeds)
    while state.phase != "match_over":
        if state.phase in ("deal", "round_over"):
            action, seat = {"type": "deal", "seed": next(deals)}, None
        else:
            seat = state.turn
            action = choosers[seat](rummy.view_for(state, seat))
        state, _ = rummy.apply(state, seat, action)
        moves.append((seat, action))
    return state, moves


def hard_rummy(view: dict[str, Any]) -> dict[str, Any]:
    action = choose_action("hard", view, seed=1)
    assert action is not None
    return action


def store(rules, state, moves, *, first_dealer: int = 1, rated: bool = False, users=None):
    """The match (gin, or rummy for `RummyRules`) as the site stores it, seat 0 held by
    `users[0]` (a new user by default), the other seats by Hard; `first_dealer` is the rummy
    match's first starter."""
    family = "rummy" if isinstance(rules, rummy.RummyRules) else "gin"
    rs = ruleset("rummy-standard" if family == "rummy" else "gin-classic")
    users = users or [make_user(), *[None] * (getattr(state, "seats", 2) - 1)]
    room = Room.objects.create(
        ruleset=rs,
        family=family,
        rules=rules.to_dict(),
        rated=rated,
        state="closed",
        rounds=1 if family == "rummy" else None,
    )
    for index, user in enumerate(users):
        Seat.objects.create(room=room, index=index, user=user, bot="" if user else "hard")
    match = Match.objects.create(
        room=room,
        family=family,
        rules=rules.to_dict(),
        first_dealer=first_dealer,
        state=state.to_json(),
        version=len(moves),
        status=Match.Status.FINISHED,
    )
    Move.objects.bulk_create(
        Move(
            match=match,
            seq=i,
            seat=seat,
            action=action,
            actor="server" if seat is None else "player",
            version=i,
        )
        for i, (seat, action) in enumerate(moves, 1)
    )
    return match


ONE_HAND = GinRules(match_target=1)
"""A match that ends with its first scored hand."""


def seeds(n: int = 6, base: int = 0) -> list[str]:
    return [f"{base + i:016x}" for i in range(n)]


def with_hands(state: GinState, hands, stock) -> GinState:
    return replace(state, hands=tuple(tuple(h) for h in hands), stock=tuple(stock), seed="00" * 16)


class MeldBreaker:
    """Hard's choices, except the first discard where a three-card meld can be broken: one of its cards."""

    def __init__(self) -> None:
        self.planted: dict[str, Any] | None = None

    def __call__(self, view: dict[str, Any]) -> dict[str, Any]:
        if view["phase"] == "discard" and self.planted is None:
            for meld in view["melds"]:
                if len(meld) == 3 and view["taken"] not in meld:
                    self.planted = {"type": "discard", "card": meld[1]}
                    return self.planted
        return hard(view)


class RummyMeldBreaker:
    """Hard's rummy choices, except the first discard where the hand holds a three-card meld of
    naturals (none of them just drawn): its middle card."""

    def __init__(self) -> None:
        self.planted: dict[str, Any] | None = None

    def __call__(self, view: dict[str, Any]) -> dict[str, Any]:
        action = hard_rummy(view)
        if action["type"] == "discard" and self.planted is None:
            for meld in view["melds"]:
                if len(meld) == 3 and view["drawn"] not in meld and max(meld) < JOKER_BASE:
                    self.planted = {"type": "discard", "card": meld[1]}
                    return self.planted
        return action
