"""Random gin positions for the bot tests: deals played forward by a mix of bots and random moves."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random

from games.ai import LEVELS, choose_action
from games.rules.gin import GinRules, GinState, apply, new_match, view_for

PLAYING = ("upcard", "draw", "discard")


def walk(
    rules: GinRules, *, seed: int, randomness: float = 0.3, max_hands: int = 2, max_positions: int = 300
) -> Iterator[GinState]:
    """Every position where a seat must act, over up to `max_hands` hands of one match and at
    most `max_positions` positions (an arcade hand of mostly random moves may never end: its
    stock recycles).

    Each move is a random legal action with probability `randomness`, else a bot's choice
    (so knocks and the late stock are reached, not only the first few turns).
    """
    rng = Random(seed)
    state = new_match(rules, first_dealer=rng.randrange(2))
    hands = positions = 0
    while state.phase != "match_over" and positions < max_positions:
        if state.phase in ("deal", "hand_over"):
            if hands == max_hands:
                return
            hands += 1
            state, _ = apply(state, None, {"type": "deal", "seed": rng.randbytes(8).hex()})
            continue
        yield state
        positions += 1
        view = view_for(state, state.turn)
        if rng.random() < randomness:
            action = rng.choice(view["legal_actions"])
        else:
            action = choose_action(rng.choice(("easy", "medium", "arcade")), view, seed=seed)
        state, _ = apply(state, state.turn, action)


def phase_of(state: GinState) -> str:
    """The decision's kind: upcard, draw, discard, or knock (a discard phase where a knock is legal)."""
    if state.phase == "discard" and any(
        a["type"] == "knock" for a in view_for(state, state.turn)["legal_actions"]
    ):
        return "knock"
    return state.phase


__all__ = ["LEVELS", "PLAYING", "phase_of", "walk"]
