"""What a bot knows: its seat's view, read into cards and the public facts of the hand.

Everything here comes from the view dict alone (the same one the seat's browser gets).  The
hand's public log is replayed to learn which cards the opponent picked from the discard pile
and still holds, which it threw away, and which it declined (passed on, or drew from the
stock instead of).  Cards seen nowhere are *unseen*: in the opponent's hand or in the stock.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.rules.cards import DECK, Card, parse_card
from games.rules.gin.rules import GinRules


@dataclass(frozen=True)
class Table:
    """One seat's knowledge at a decision."""

    rules: GinRules
    phase: str
    hand: tuple[Card, ...]
    """Own cards (11 in the discard phase), display order."""
    legal: tuple[dict[str, Any], ...]
    top: Card | None
    """Top of the discard pile."""
    taken: Card | None
    """The card taken from the discard pile this turn (cannot be discarded)."""
    knock_limit: int
    stock_count: int
    opponent_count: int
    opponent_known: frozenset[Card]
    """Cards the opponent picked from the discard pile and has not thrown away since."""
    opponent_discards: frozenset[Card]
    opponent_declined: frozenset[Card]
    """Upcards the opponent passed on or left on the pile to draw from the stock."""
    unseen: frozenset[Card]
    """Cards that may be in the opponent's hand or the stock (not the known ones)."""
    known_stock: tuple[Card, ...] | None
    """After a recycle (arcade) the stock is the old discard pile, top first: public."""
    scores: tuple[int, int]
    """The match's points so far: ours, the opponent's."""

    @property
    def cap(self) -> int | None:
        return self.rules.max_meld_size

    @property
    def opponent_unknown(self) -> int:
        """How many of the opponent's cards are unseen."""
        return self.opponent_count - len(self.opponent_known)

    def has(self, action: dict[str, Any]) -> bool:
        return action in self.legal


def read_view(view: dict[str, Any]) -> Table:
    """The seat's knowledge; raises ValueError when the view has no decision to make."""
    seat = view["seat"]
    if seat not in (0, 1) or not view["legal_actions"] or view["hand"] is None:
        raise ValueError("this view has no decision to make")
    hand = tuple(parse_card(c) for c in view["hand"])
    pile = [parse_card(c) for c in view["discard_pile"]]
    known, discards, declined, known_stock = _replay_log(view["log"], opponent=1 - seat)
    # The log replay and the view's pile agree; the view's pile is the authority.
    seen = set(hand) | set(pile) | known | set(known_stock or ())
    return Table(
        rules=GinRules.from_dict(view["rules"]),
        phase=view["phase"],
        hand=hand,
        legal=tuple(view["legal_actions"]),
        top=pile[-1] if pile else None,
        taken=None if view["taken"] is None else parse_card(view["taken"]),
        knock_limit=view["knock_limit"],
        stock_count=view["stock_count"],
        opponent_count=view["hand_counts"][1 - seat],
        opponent_known=frozenset(known),
        opponent_discards=frozenset(discards),
        opponent_declined=frozenset(declined),
        unseen=frozenset(c for c in DECK if c not in seen),
        known_stock=None if known_stock is None else tuple(known_stock),
        scores=(view["scores"][seat], view["scores"][1 - seat]),
    )


def _replay_log(
    log: list[dict[str, Any]], *, opponent: int
) -> tuple[set[Card], set[Card], set[Card], list[Card] | None]:
    pile: list[Card] = []
    stock: list[Card] | None = None
    known: set[Card] = set()
    discards: set[Card] = set()
    declined: set[Card] = set()
    for event in log:
        kind, by_opponent = event["type"], event.get("seat") == opponent
        if kind == "deal":
            pile = [parse_card(event["upcard"])]
        elif kind == "pass" and by_opponent and pile:
            declined.add(pile[-1])
        elif kind == "take_upcard" or (kind == "draw" and event["source"] == "discard"):
            picked = pile.pop()
            if by_opponent:
                known.add(picked)
        elif kind == "draw":
            if by_opponent and pile:
                declined.add(pile[-1])
            if stock:
                drawn = stock.pop(0)
                if by_opponent:
                    known.add(drawn)
        elif kind in ("discard", "knock") and "card" in event:
            played = parse_card(event["card"])
            pile.append(played)
            if by_opponent:
                known.discard(played)
                discards.add(played)
        elif kind == "recycle":
            stock, pile = pile[:-1], pile[-1:]
    return known, discards, declined, stock
