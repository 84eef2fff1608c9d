"""Helpers for the gin state-machine tests: hand-built tables and a seeded random player."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.rules.cards import DECK, Card, parse_card, parse_cards
from games.rules.gin import GinRules, GinState, HandRecord, apply, legal_actions, new_match
from games.rules.melds import deadwood_after_discards, min_deadwood

SEED = "5eed"


def table(
    rules: GinRules,
    hand0: str,
    hand1: str,
    *,
    pile: str | None = None,
    stock: str | None = None,
    phase: str = "draw",
    turn: int = 0,
    dealer: int = 1,
    drawn: str | None = None,
    drawn_from: str | None = None,
    history: tuple[HandRecord, ...] = (),
    knock_limit: int | None = None,
) -> GinState:
    """A hand in play.  Give the pile (bottom first) or the stock (top first): the other one
    gets every remaining card, in deck order."""
    hands = (tuple(parse_cards(hand0)), tuple(parse_cards(hand1)))
    given = tuple(parse_cards(pile if stock is None else stock))
    rest = tuple(c for c in DECK if c not in {*hands[0], *hands[1], *given})
    discard_pile, stock_cards = (given, rest) if stock is None else (rest, given)
    return GinState(
        rules=rules,
        phase=phase,
        dealer=dealer,
        turn=turn,
        knock_limit=rules.knock_limit if knock_limit is None else knock_limit,
        seed=SEED,
        hands=hands,
        stock=stock_cards,
        discard_pile=discard_pile,
        drawn=None if drawn is None else parse_cards(drawn)[0],
        drawn_from=drawn_from,
        log=({"type": "deal", "hand": len(history) + 1, "dealer": dealer, "upcard": "2C"},),
        history=history,
    )


def won_hand(seat: int, points: int, number: int = 1) -> HandRecord:
    """A finished hand won by `seat`, for building scores."""
    return HandRecord(
        number=number,
        dealer=1 - seat,
        seed="00",
        knock_limit=10,
        kind="knock",
        knocker=seat,
        winner=seat,
        points=points,
        hands=((), ()),
        melds=((), ()),
        deadwood_cards=((), ()),
        deadwood=(0, 0),
        layoffs=(),
    )


def act(state: GinState, seat: int | None, action: dict[str, Any]) -> GinState:
    return apply(state, seat, action)[0]


@dataclass
class Game:
    """A match played by `random_match`: its move log, every state, and the cards seen face up."""

    rules: GinRules
    first_dealer: int
    entries: list[dict[str, Any]] = field(default_factory=list)
    states: list[GinState] = field(default_factory=list)
    face_up: list[frozenset[Card]] = field(default_factory=list)
    """For each state: the cards of the hand in play that anyone has seen face up."""


def random_match(
    rules: GinRules,
    rng: random.Random,
    *,
    first_dealer: int = 1,
    max_actions: int = 3000,
    check: Callable[[GinState, frozenset[Card]], None] | None = None,
) -> Game:
    """Play to the end, mostly greedily, sometimes at random (see `_choose`).

    `check(state, face_up)` runs on every state reached.  Fails if the match does not end.
    """
    game = Game(rules, first_dealer)
    state, face_up = new_match(rules, first_dealer=first_dealer), frozenset()
    for _ in range(max_actions):
        game.states.append(state)
        game.face_up.append(face_up)
        if check:
            check(state, face_up)
        if state.phase == "match_over":
            return game
        seat = state.turn
        action = (
            {"type": "deal", "seed": rng.randbytes(8).hex()} if seat is None else _choose(state, seat, rng)
        )
        game.entries.append({"seat": seat, "action": action})
        state, events = apply(state, seat, action)
        if action["type"] == "deal":
            face_up = frozenset()
        face_up |= {c for e in events for c in parse_cards([e[k] for k in ("card", "upcard") if k in e])}
    raise AssertionError(f"the match did not end within {max_actions} actions")


def _choose(state: GinState, seat: int, rng: random.Random) -> dict[str, Any]:
    """Mostly a greedy player (so hands end), sometimes any legal action (so odd paths get played)."""
    actions = legal_actions(state, seat)
    if rng.random() < 0.2:
        return rng.choice(actions)
    cap = state.rules.max_meld_size
    endings = [a for a in actions if a["type"] in ("knock", "big_gin")]
    if endings:
        return rng.choice(endings)
    if state.phase == "discard":
        after = deadwood_after_discards(state.hands[seat], cap)
        return min((a for a in actions if a["type"] == "discard"), key=lambda a: after[parse_card(a["card"])])
    hand, top = state.hands[seat], state.discard_pile[-1]
    take, other = actions if state.phase == "upcard" else (actions[-1], actions[0])
    after = deadwood_after_discards((*hand, top), cap)
    improves = min(d for c, d in after.items() if c != top) < min_deadwood(hand, cap)
    return take if improves else other
