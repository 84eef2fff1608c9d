"""Gin Rummy: rule sets, settlement and the state machine (RULES.md §1-2)."""

from games.rules.gin.rules import ARCADE, CLASSIC, GinRules, RulesError
from games.rules.gin.scoring import Settlement, settle

__all__ = ["ARCADE", "CLASSIC", "GinRules", "RulesError", "Settlement", "settle"]
