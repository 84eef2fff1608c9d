"""German Rummy (Rommé) for 2-4 players: rule sets, solver and state machine (RUMMY.md)."""

from games.rules.rummy.rules import SMALL_DECK, STANDARD, RulesError, RummyRules

__all__ = ["SMALL_DECK", "STANDARD", "RulesError", "RummyRules"]
