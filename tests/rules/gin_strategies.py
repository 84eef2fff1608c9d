"""Hypothesis strategies for the gin state-machine properties: rule sets and random matches."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from games.rules.gin import ARCADE, CLASSIC, GinRules
from tests.rules.gin_tables import Game, random_match


@st.composite
def rule_sets(draw: st.DrawFn) -> GinRules:
    """Classic or arcade with a low target, often with other flags mixed in.

    No meld cap of 3: with knocks holding 11 cards and an oklahoma ace (gin only) nobody could
    ever go out, and with recycling such a hand would never end.
    """
    base = draw(st.sampled_from([CLASSIC, ARCADE]))
    changes = {"match_target": draw(st.integers(10, 50))}
    if draw(st.booleans()):
        changes |= {
            "upcard_offer": draw(st.booleans()),
            "knock_limit": draw(st.integers(5, 10)),
            "max_meld_size": draw(st.sampled_from([None, 4, 5])),
            "defender_counts": draw(st.sampled_from(["deadwood", "all_unplayed"])),
            "stock_exhausted": draw(st.sampled_from(["dead_hand", "recycle"])),
            "dead_hand_stock": draw(st.integers(0, 4)),
            "oklahoma": draw(st.booleans()),
            "line_bonus": draw(st.booleans()),
            "game_bonus": draw(st.booleans()),
            "shutout_double": draw(st.booleans()),
            "big_gin": base.knock_timing == "after_discard" and draw(st.booleans()),
        }
    return base.with_(**changes)


@st.composite
def matches(draw: st.DrawFn, check=None) -> Game:
    """A whole match of random play under a random rule set."""
    rules = draw(rule_sets())
    return random_match(
        rules,
        random.Random(draw(st.integers(0, 2**32))),
        first_dealer=draw(st.sampled_from([0, 1])),
        check=check,
    )
