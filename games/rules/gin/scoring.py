"""Settling a knocked hand: knock, gin, undercut, big gin (RULES.md §1-2)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from games.rules.cards import Card, card
from games.rules.gin.layoffs import DefenderResult, best_layoffs
from games.rules.gin.rules import GinRules
from games.rules.melds import all_best_arrangements, best_melds

SettlementKind = Literal["knock", "gin", "undercut", "big_gin"]
_HAND_SIZE = 10


@dataclass(frozen=True)
class Settlement:
    """The outcome of one knocked hand, with everything the table shows."""

    kind: SettlementKind
    winner: Literal["knocker", "defender"]
    points: int
    """The winner's points for this hand, bonuses included."""
    knocker_deadwood: int
    defender_deadwood: int
    """After layoffs; in ``all_unplayed`` mode after a knock, every card not laid off."""
    knocker_melds: list[list[Card]]
    knocker_deadwood_cards: list[Card]
    defender_melds: list[list[Card]]
    defender_deadwood_cards: list[Card]
    layoffs: list[tuple[Card, int]]
    """(card, index into `knocker_melds`)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "winner": self.winner,
            "points": self.points,
            "knocker_deadwood": self.knocker_deadwood,
            "defender_deadwood": self.defender_deadwood,
            "knocker_melds": [[str(c) for c in meld] for meld in self.knocker_melds],
            "knocker_deadwood_cards": [str(c) for c in self.knocker_deadwood_cards],
            "defender_melds": [[str(c) for c in meld] for meld in self.defender_melds],
            "defender_deadwood_cards": [str(c) for c in self.defender_deadwood_cards],
            "layoffs": [[str(c), index] for c, index in self.layoffs],
        }


def _hand(cards: Iterable[int], who: str) -> list[Card]:
    hand = [card(c) for c in cards]
    if len(set(hand)) != len(hand):
        raise ValueError(f"the {who} holds a card twice")
    return hand


def settle(
    knocker_cards: Iterable[int],
    defender_cards: Iterable[int],
    rules: GinRules,
    *,
    knock_limit: int | None = None,
) -> Settlement:
    """Score a knock.  `knock_limit` overrides ``rules.knock_limit`` (oklahoma).

    Raises ValueError when the knocker may not knock with these cards.
    """
    knocker = _hand(knocker_cards, "knocker")
    defender = _hand(defender_cards, "defender")
    if set(knocker) & set(defender):
        raise ValueError("the knocker and the defender hold the same card")
    if len(defender) != _HAND_SIZE:
        raise ValueError(f"the defender must hold {_HAND_SIZE} cards, not {len(defender)}")
    after_discard = rules.knock_timing == "after_discard"
    big_gin = after_discard and rules.big_gin and len(knocker) == _HAND_SIZE + 1
    expected = _HAND_SIZE if after_discard else _HAND_SIZE + 1
    if len(knocker) != expected and not big_gin:
        raise ValueError(f"with knock_timing {rules.knock_timing} the knocker holds {expected} cards")
    cap = rules.max_meld_size
    arrangements = all_best_arrangements(knocker, cap)
    knocker_deadwood = arrangements[0].deadwood
    if big_gin and knocker_deadwood:
        raise ValueError("a big gin needs all 11 cards melded")
    limit = rules.knock_limit if knock_limit is None else knock_limit
    if knocker_deadwood > limit:
        raise ValueError(f"cannot knock with {knocker_deadwood} deadwood (limit {limit})")

    if knocker_deadwood == 0:
        # Gin: no layoffs, and only truly unmelded defender cards count in both modes.
        arrangement = arrangements[0]
        own = best_melds(defender, cap)
        result = DefenderResult(own.deadwood, own.melds, own.deadwood_cards, [])
    else:
        # Tie-break (RULES.md §1): lay down the arrangement that leaves the defender the most;
        # max() keeps the first of equals, so the choice is deterministic.
        arrangement, result = max(
            (
                (
                    candidate,
                    best_layoffs(
                        knocker_melds=candidate.melds,
                        defender_cards=defender,
                        max_meld_size=cap,
                        defender_counts=rules.defender_counts,
                    ),
                )
                for candidate in arrangements
            ),
            key=lambda pair: pair[1].deadwood,
        )

    defender_deadwood = result.deadwood
    kind: SettlementKind
    winner: Literal["knocker", "defender"]
    if knocker_deadwood == 0:
        kind = "big_gin" if big_gin else "gin"
        winner, points = "knocker", defender_deadwood + (rules.big_gin_bonus if big_gin else rules.gin_bonus)
    elif defender_deadwood <= knocker_deadwood:
        kind, winner = "undercut", "defender"
        points = knocker_deadwood - defender_deadwood + rules.undercut_bonus
    else:
        kind, winner, points = "knock", "knocker", defender_deadwood - knocker_deadwood
    return Settlement(
        kind=kind,
        winner=winner,
        points=points,
        knocker_deadwood=knocker_deadwood,
        defender_deadwood=defender_deadwood,
        knocker_melds=arrangement.melds,
        knocker_deadwood_cards=arrangement.deadwood_cards,
        defender_melds=result.melds,
        defender_deadwood_cards=result.deadwood_cards,
        layoffs=result.layoffs,
    )
