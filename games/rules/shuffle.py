"""The verifiable seeded shuffle (docs/shuffle.md).

Anyone holding the published seed can recompute a deal with a few lines of any language:
a Fisher-Yates shuffle fed by SHA-256 in counter mode, with rejection sampling so that
every swap index is exactly uniform.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any

from games.rules.cards import DECK, Card
from games.rules.errors import IllegalAction

_WORD_SPACE = 1 << 32
MAX_SEED_BYTES = 64
"""Seeds are hex strings of 1..64 bytes (a Daily Gin seed is a 32-byte HMAC)."""


def parse_seed(value: Any) -> str:
    """A deal action's seed, as both families' deal actions carry it: hex, 1..64 bytes."""
    try:
        raw = bytes.fromhex(value)
    except (TypeError, ValueError):
        raise IllegalAction("bad_seed", "the seed must be a hex string") from None
    if not 1 <= len(raw) <= MAX_SEED_BYTES:
        raise IllegalAction("bad_seed", f"the seed must hold 1 to {MAX_SEED_BYTES} bytes")
    return raw.hex()


def _words(seed: bytes) -> Iterator[int]:
    """4-byte big-endian words of SHA-256(seed || counter), counter 8 bytes from 0."""
    counter = 0
    while True:
        block = hashlib.sha256(seed + counter.to_bytes(8, "big")).digest()
        for offset in range(0, len(block), 4):
            yield int.from_bytes(block[offset : offset + 4], "big")
        counter += 1


def shuffled_indices(seed: bytes, n: int) -> list[int]:
    """A permutation of ``range(n)`` determined by `seed`."""
    if not isinstance(seed, bytes | bytearray):
        raise TypeError("seed must be bytes")
    if n < 0:
        raise ValueError("n cannot be negative")
    order = list(range(n))
    words = _words(bytes(seed))
    for i in range(n - 1, 0, -1):
        m = i + 1
        # Words at or above the largest multiple of m would favour small j: draw again.
        limit = _WORD_SPACE - _WORD_SPACE % m
        word = next(words)
        while word >= limit:
            word = next(words)
        j = word % m
        order[i], order[j] = order[j], order[i]
    return order


def deck_order(seed: bytes) -> list[Card]:
    """The 52 cards shuffled by `seed`; element 0 is the top of the deck."""
    return [DECK[i] for i in shuffled_indices(seed, len(DECK))]
