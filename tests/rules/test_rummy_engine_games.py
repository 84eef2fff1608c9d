"""Random full rummy matches for 2, 3 and 4 seats: they end, points balance, views never leak,
JSON round trips and replays reproduce every state."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from dataclasses import replace
from typing import Any

import pytest

from games.rules.rummy.deck import card_of, deck_ids
from games.rules.rummy.engine import apply, legal_actions, new_match, replay
from games.rules.rummy.melds import classify_meld, meld_points
from games.rules.rummy.rules import RummyRules
from games.rules.rummy.solver import arrange_first_meld
from games.rules.rummy.state import PLAYING, RummyState
from games.rules.rummy.view import view_for

MAX_ACTIONS = 4000


def candidate_melds(hand: tuple[int, ...], rules: RummyRules) -> list[list[int]]:
    """Some legal melds in `hand`: sets by rank and runs of adjacent ranks by suit, each
    possibly with one joker, checked by the melds module."""
    jokers = [c for c in hand if card_of(c).is_joker]
    by_rank: dict[int, dict[int, int]] = defaultdict(dict)
    by_suit: dict[int, dict[int, int]] = defaultdict(dict)
    for c in hand:
        card = card_of(c)
        if not card.is_joker:
            by_rank[card.rank][card.suit] = c
            by_suit[card.suit][card.rank] = c
    groups = [list(suits.values()) for suits in by_rank.values()]
    for ranks in by_suit.values():
        groups += [[ranks[r] for r in range(low, low + 3) if r in ranks] for low in range(1, 13)]
    out = []
    for group in groups:
        for cards in (group, group[:2] + jokers[:1]):
            if len(cards) >= 3 and classify_meld([card_of(c) for c in cards], rules):
                out.append(cards)
    return out


def random_melds(state: RummyState, rng: random.Random) -> dict[str, Any] | None:
    """A meld action made of disjoint candidates, worth enough to come out when needed."""
    seat, rules = state.turn, state.rules
    candidates = candidate_melds(state.hands[seat], rules)
    rng.shuffle(candidates)
    chosen: list[list[int]] = []
    for meld in candidates:
        if not set(meld) & {c for m in chosen for c in m}:
            chosen.append(meld)
    if not chosen:
        return None
    if state.came_out[seat] is not None:
        chosen = chosen[: rng.randint(1, len(chosen))]
    ends = [rng.choice([None, "low", "high"]) for _ in chosen]
    value = sum(
        meld_points(classify_meld([card_of(c) for c in m], rules, joker_end=e))
        for m, e in zip(chosen, ends, strict=True)
    )
    if value < rules.first_meld_min or len(state.hands[seat]) == sum(map(len, chosen)):
        return None
    return {"type": "meld", "melds": chosen, "joker_ends": ends}


def pick_action(state: RummyState, rng: random.Random) -> tuple[int | None, dict[str, Any]]:
    """A random legal action of the seat to act, or now and then a call from another seat."""
    if state.turn is None:
        return None, {"type": "deal", "seed": rng.randbytes(8).hex()}
    if state.callable and rng.random() < 0.3:
        callers = [s for s in range(state.seats) if s != state.turn and legal_actions(state, s)]
        if callers:
            return rng.choice(callers), {"type": "call"}
    legal = legal_actions(state, state.turn)
    if state.phase == "draw":
        return state.turn, legal[0] if rng.random() < 0.8 or len(legal) == 1 else legal[1]
    if {"type": "meld"} in legal and rng.random() < 0.7:
        meld = random_melds(state, rng)
        if meld:
            return state.turn, meld
    plays = [a for a in legal if a["type"] in ("lay_off", "exchange")]
    discards = [a for a in legal if a["type"] == "discard"]
    if plays and (rng.random() < 0.6 or not discards):
        return state.turn, rng.choice(plays)
    return state.turn, rng.choice(discards)


def solver_melds(state: RummyState) -> dict[str, Any]:
    """The solver's best first meld as a meld action: its cards' ids listed in table order."""
    hand = list(state.hands[state.turn])
    melds = arrange_first_meld([card_of(c) for c in hand], state.rules).melds
    listed = []
    for meld in melds:
        listed.append(
            [hand.pop(next(i for i, c in enumerate(hand) if card_of(c) == card)) for card in meld.cards]
        )
    return {"type": "meld", "melds": listed}


def hidden_shuffled(state: RummyState, seat: int | None, rng: random.Random) -> RummyState:
    """The same public situation with every card `seat` cannot see dealt differently, and another seed."""
    others = [s for s in range(state.seats) if s != seat]
    hidden = [c for s in others for c in state.hands[s]] + list(state.stock)
    rng.shuffle(hidden)
    hands = list(state.hands)
    for s in others:
        hands[s], hidden = tuple(hidden[: len(hands[s])]), hidden[len(hands[s]) :]
    return replace(state, hands=tuple(hands), stock=tuple(hidden), seed="ff")


def check_state(state: RummyState, rng: random.Random) -> None:
    assert RummyState.from_json(json.loads(json.dumps(state.to_json()))) == state
    if state.phase not in PLAYING:
        return
    placed = [c for h in state.hands for c in h] + list(state.stock) + list(state.discard_pile)
    placed += [c for m in state.table for c in m.ids]
    assert sorted(placed) == list(deck_ids(state.rules))
    for seat in range(state.seats):
        for action in legal_actions(state, seat):
            # Every listed action is accepted; a listed meld is the solver's best first meld.
            apply(state, seat, solver_melds(state) if action["type"] == "meld" else action)
    for seat in (None, rng.randrange(state.seats)):
        view = view_for(state, seat)
        assert view == view_for(hidden_shuffled(state, seat, rng), seat)
        assert state.seed not in json.dumps(view)


def check_round(state: RummyState) -> None:
    record = state.history[-1]
    if record.winner is None:
        assert record.scores == tuple(-p for p in record.hand_points)
    else:
        assert sum(record.scores) == 0
        lost = sum(record.hand_points) * (2 if record.rummy else 1)
        assert record.scores[record.winner] >= lost
        if not state.rules.casino_scoring:
            assert record.scores[record.winner] == lost


def play_match(rules: RummyRules, seats: int, seed: int, *, rounds: int = 2) -> None:
    rng = random.Random(seed)
    first_seat = rng.randrange(seats)
    state = new_match(rules, seats=seats, rounds=rounds, first_seat=first_seat)
    entries = []
    for _ in range(MAX_ACTIONS):
        if state.phase == "match_over":
            break
        seat, action = pick_action(state, rng)
        listed = legal_actions(state, seat)
        new_state, events = apply(state, seat, action)
        assert action["type"] in ("deal", "meld") or action in listed
        assert action["type"] != "meld" or {"type": "meld"} in listed
        entries.append({"seat": seat, "action": action})
        if new_state.phase in ("round_over", "match_over") and state.phase in PLAYING:
            check_round(new_state)
        state = new_state
        if rng.random() < 0.1:
            check_state(state, rng)
    assert state.phase == "match_over", "the match did not end"
    assert len(state.history) == rounds
    assert state.result.totals == state.totals
    assert set(state.result.winners) == {s for s, t in enumerate(state.totals) if t == max(state.totals)}
    assert replay(rules, entries, seats=seats, rounds=rounds, first_seat=first_seat) == state


FLAGS = [
    RummyRules(),
    RummyRules(first_meld_min=0, cyclic_runs=True, win_without_discard=True),
    RummyRules(first_meld_min=40, fixed_jokers=True, fixed_groups=True),
    RummyRules(casino_scoring=True, jokers=0),
    RummyRules(small_deck=True, first_meld_min=0, fixed_jokers=True, win_without_discard=True),
]


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("flags", range(len(FLAGS)))
def test_random_matches_end_and_balance(seats: int, flags: int) -> None:
    rules = FLAGS[flags]
    if seats >= 3:
        rules = rules.with_(calling=True)
    play_match(rules, seats, seed=seats * 100 + flags)
