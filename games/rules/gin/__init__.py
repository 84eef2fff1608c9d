"""Gin Rummy: rule sets, settlement and the state machine (RULES.md §1-2)."""

from games.rules.gin.actions import OUT_OF_TURN, IllegalAction
from games.rules.gin.engine import apply, legal_actions, new_match, replay
from games.rules.gin.rules import ARCADE, CLASSIC, GinRules, RulesError
from games.rules.gin.scoring import Settlement, settle
from games.rules.gin.state import GinState, HandRecord, MatchResult
from games.rules.gin.timeout import timeout_action
from games.rules.gin.view import view_for

__all__ = [
    "ARCADE",
    "OUT_OF_TURN",
    "CLASSIC",
    "GinRules",
    "GinState",
    "HandRecord",
    "IllegalAction",
    "MatchResult",
    "RulesError",
    "Settlement",
    "apply",
    "legal_actions",
    "new_match",
    "replay",
    "settle",
    "timeout_action",
    "view_for",
]
