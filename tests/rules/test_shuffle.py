import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import shuffle
from games.rules.cards import DECK, format_cards
from games.rules.shuffle import deck_order, shuffled_indices


def reference_shuffled_indices(seed: bytes, n: int) -> list[int]:
    """The reference implementation printed in docs/shuffle.md."""
    stream = b""
    counter = 0
    position = 0

    def word() -> int:
        nonlocal stream, counter, position
        if position + 4 > len(stream):
            stream += hashlib.sha256(seed + counter.to_bytes(8, "big")).digest()
            counter += 1
        position += 4
        return int.from_bytes(stream[position - 4 : position], "big")

    a = list(range(n))
    for i in range(n - 1, 0, -1):
        m = i + 1
        limit = 2**32 - (2**32 % m)
        w = word()
        while w >= limit:
            w = word()
        j = w % m
        a[i], a[j] = a[j], a[i]
    return a


@pytest.mark.parametrize(
    ("seed", "n", "expected"),
    [
        (b"", 10, [8, 2, 9, 4, 1, 0, 5, 3, 6, 7]),
        (b"rummy", 10, [5, 2, 0, 1, 8, 9, 7, 3, 6, 4]),
        (b"", 0, []),
        (b"", 1, [0]),
    ],
)
def test_pinned_index_vectors(seed, n, expected):
    assert shuffled_indices(seed, n) == expected


@pytest.mark.parametrize(
    ("seed_hex", "expected"),
    [
        (
            "00" * 32,
            "9S 9D JD QD 2D 2H 6D KH 5D 4S TC QS JS AH 9H 2S 9C 3C 5C 2C TH 7H JH 8S KS 3S 3H AC 8C 6C 3D "
            "6S 5S 4C AS 7C TD 4D 8D KD 7D JC 6H 5H KC TS 8H QH AD 7S QC 4H",
        ),
        (
            "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
            "5D 3H AS JC 8D 3D 4S 2S 9D 6C 7H 6D 5H 6S JH AD 3C 4H 9S 7C AH 2C KH 2D TD KS QC JS QS 6H 5C "
            "4C AC QH 4D QD 8H 9H 5S TS KC 3S 8C TH 8S JD 9C KD 2H 7D TC 7S",
        ),
    ],
)
def test_pinned_deck_vectors(seed_hex, expected):
    assert format_cards(deck_order(bytes.fromhex(seed_hex))) == expected


@settings(max_examples=50, deadline=None)
@given(seed=st.binary(max_size=40), n=st.integers(0, 120))
def test_matches_the_reference_and_is_a_deterministic_permutation(seed, n):
    order = shuffled_indices(seed, n)
    assert order == reference_shuffled_indices(seed, n)
    assert order == shuffled_indices(seed, n)
    assert sorted(order) == list(range(n))


def test_deck_order_is_the_deck():
    order = deck_order(b"seed")
    assert sorted(order) == list(DECK)
    assert order[0] is DECK[shuffled_indices(b"seed", 52)[0]]


def test_distinct_seeds_give_distinct_orders():
    orders = {tuple(shuffled_indices(i.to_bytes(4, "big"), 52)) for i in range(200)}
    assert len(orders) == 200


def test_biased_words_are_rejected(monkeypatch):
    # For m = 3 the largest word is above the last multiple of 3 and must be drawn again.
    monkeypatch.setattr(shuffle, "_words", lambda seed: iter([2**32 - 1, 4, 1]))
    assert shuffled_indices(b"", 3) == [0, 2, 1]  # without rejection: j = 0, then 0 -> [1, 2, 0]


def test_refuses_text_seeds_and_negative_sizes():
    with pytest.raises(TypeError):
        shuffled_indices("seed", 3)
    with pytest.raises(ValueError):
        shuffled_indices(b"", -1)
