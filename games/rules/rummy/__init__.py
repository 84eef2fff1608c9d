"""German Rummy (Rommé) for 2-4 players: rule sets, solver and state machine (RUMMY.md)."""

from games.rules.cards import format_cards, parse_cards
from games.rules.rummy.actions import OUT_OF_TURN, IllegalAction
from games.rules.rummy.deck import card_of, deck_ids
from games.rules.rummy.engine import apply, legal_actions, new_match, replay
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
from games.rules.rummy.state import MatchResult, RoundRecord, RummyState, TableMeld
from games.rules.rummy.timeout import play_timeout, timeout_action
from games.rules.rummy.view import view_for

__all__ = [
    "OUT_OF_TURN",
    "SMALL_DECK",
    "STANDARD",
    "Arrangement",
    "IllegalAction",
    "MatchResult",
    "Meld",
    "RoundRecord",
    "RulesError",
    "RummyRules",
    "RummyState",
    "TableMeld",
    "apply",
    "arrange",
    "arrange_first_meld",
    "best_discard",
    "best_first_meld",
    "can_lay_off",
    "card_of",
    "card_points",
    "classify_meld",
    "deck_ids",
    "exchange_joker",
    "format_cards",
    "hand_points",
    "is_meld",
    "lay_off",
    "least_points",
    "legal_actions",
    "meld_points",
    "meld_readings",
    "new_match",
    "parse_cards",
    "play_timeout",
    "points_after_discard",
    "replay",
    "timeout_action",
    "view_for",
]
