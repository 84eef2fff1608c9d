"""The day's secret seed, its published hash, the day's opening hours and its deal.

The seed is HMAC-SHA256(DAILY_SECRET, "YYYY-MM-DD"): nobody can derive it from the date, and
anyone holding it can check the deal with the documented shuffle (docs/shuffle.md).
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from django.conf import settings

from games.rules.cards import Card
from games.rules.gin import ARCADE, GinState, apply, new_match

PLAYER, COMPUTER = 0, 1
FIRST_DEALER = COMPUTER
"""The player (seat 0) plays first in the match's first hand, as in every room against the computer."""


def day_seed(day: date) -> bytes:
    return hmac.new(settings.DAILY_SECRET.encode(), day.isoformat().encode(), hashlib.sha256).digest()


def seed_hash(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def today(now: datetime) -> date:
    return now.astimezone(UTC).date()


def opens_at(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=UTC)


def closes_at(day: date) -> datetime:
    """The next day's 00:00 UTC: the seed is revealed then."""
    return opens_at(day + timedelta(days=1))


def day_closing_at(closes: datetime) -> date:
    """The day whose deal closes at `closes` (a Daily Gin match's `seeds_secret_until`)."""
    return (closes.astimezone(UTC) - timedelta(days=1)).date()


def is_closed(day: date, now: datetime) -> bool:
    return now >= closes_at(day)


def first_hand(seed: bytes) -> GinState:
    """The first hand of a Daily Gin match, dealt by the game's own engine from `seed`."""
    state = new_match(ARCADE, first_dealer=FIRST_DEALER)
    state, _ = apply(state, None, {"type": "deal", "seed": seed.hex()})
    return state


@dataclass(frozen=True)
class Deal:
    player: tuple[Card, ...]
    computer: tuple[Card, ...]
    upcard: Card
    stock: tuple[Card, ...]
    """Top first."""


def deal_of(seed: bytes) -> Deal:
    state = first_hand(seed)
    return Deal(
        player=state.hands[PLAYER],
        computer=state.hands[COMPUTER],
        upcard=state.discard_pile[-1],
        stock=state.stock,
    )
