"""German Rummy (Rommé) for 2-4 players: rule sets, solver and state machine (RUMMY.md)."""

from games.rules.rummy.melds import (
    Meld,
    can_lay_off,
    card_points,
    classify_meld,
    exchange_joker,
    hand_points,
    is_meld,
    lay_off,
    meld_points,
    meld_readings,
)
from games.rules.rummy.rules import SMALL_DECK, STANDARD, RulesError, RummyRules
from games.rules.rummy.solver import (
    Arrangement,
    arrange,
    arrange_first_meld,
    best_discard,
    best_first_meld,
    least_points,
    points_after_discard,
)

__all__ = [
    "SMALL_DECK",
    "STANDARD",
    "Arrangement",
    "Meld",
    "RulesError",
    "RummyRules",
    "arrange",
    "arrange_first_meld",
    "best_discard",
    "best_first_meld",
    "can_lay_off",
    "card_points",
    "classify_meld",
    "exchange_joker",
    "hand_points",
    "is_meld",
    "least_points",
    "lay_off",
    "meld_points",
    "meld_readings",
    "points_after_discard",
]
