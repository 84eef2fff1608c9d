"""Physical rummy cards: every card on the table has its own id, so copies can be told apart.

Ids 0..51 are the first deck (id = `Card` index), 52..103 the second deck (`Card` = id - 52),
104..109 the jokers X1..X6.  The small deck uses 0..51 and 104..106; a table without jokers
uses no id from 104 up.
"""

from __future__ import annotations

from games.rules.cards import ALL_CARDS, NATURAL_COUNT, Card
from games.rules.rummy.rules import RummyRules

CardId = int
JOKER_BASE = 2 * NATURAL_COUNT
"""Id of the first joker (X1)."""
ID_COUNT = JOKER_BASE + 6


def card_of(card_id: CardId) -> Card:
    """The `Card` a physical id shows (two ids show each natural card in the two-deck game)."""
    if card_id >= JOKER_BASE:
        return ALL_CARDS[NATURAL_COUNT + card_id - JOKER_BASE]
    return ALL_CARDS[card_id % NATURAL_COUNT]


def deck_ids(rules: RummyRules) -> tuple[CardId, ...]:
    """The ids in play under `rules`, in id order (the order the seeded shuffle permutes)."""
    naturals = NATURAL_COUNT if rules.small_deck else JOKER_BASE
    return tuple(range(naturals)) + tuple(range(JOKER_BASE, JOKER_BASE + rules.joker_count))
