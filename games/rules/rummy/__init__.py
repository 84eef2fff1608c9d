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

__all__ = [
    "SMALL_DECK",
    "STANDARD",
    "Meld",
    "RulesError",
    "RummyRules",
    "can_lay_off",
    "card_points",
    "classify_meld",
    "exchange_joker",
    "hand_points",
    "is_meld",
    "lay_off",
    "meld_points",
    "meld_readings",
]
