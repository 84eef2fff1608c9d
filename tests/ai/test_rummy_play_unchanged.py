"""The rummy bots' play is pinned: every level's choice over a fixed sweep of positions hashes to
the digest below.  Factoring Hard's scoring out for the review (`policy.discard_values`) must not
change a single choice; a deliberate change of play updates the digest (and says so)."""

from __future__ import annotations

import hashlib
import json
import random

from games.ai.rummy import LEVELS, choose_action
from games.rules.rummy import view_for
from tests.ai.test_rummy_bots import random_rules, walk

PLAY_DIGEST = "04ff622000e6bd5cedf43dfa9572905d677d5cb7f0cde19afc8e8ad384f41f58"
POSITIONS = 1500


def choices() -> tuple[int, str]:
    """(positions asked, the digest of every level's choice at every seat with a decision)."""
    digest = hashlib.sha256()
    positions = 0
    for seed in range(200, 224):
        rng = random.Random(seed)
        seats = 2 + seed % 3
        for state in walk(random_rules(rng, seats), seats, seed=seed, randomness=0.3):
            positions += 1
            for seat in range(state.seats):
                view = view_for(state, seat)
                if view["legal_actions"]:
                    for level in LEVELS:
                        digest.update(
                            json.dumps([seat, level, choose_action(level, view, seed=seed)]).encode()
                        )
    return positions, digest.hexdigest()


def test_the_bots_choose_what_they_chose_before() -> None:
    positions, digest = choices()
    assert positions >= POSITIONS
    assert digest == PLAY_DIGEST
