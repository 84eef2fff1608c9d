"""A card as the server's pages show it: its rank and suit symbol, red or black (a joker as 🃏)."""

from __future__ import annotations

from typing import Any

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
JOKER = "🃏"


def card_face(code: str) -> dict[str, Any]:
    """A card in its notation ("TD", "X1"): the code, the text shown and whether it is red."""
    if code[0] == "X":
        return {"code": code, "text": JOKER, "red": False}
    rank = "10" if code[0] == "T" else code[0]
    return {"code": code, "text": rank + SUIT_SYMBOLS[code[1]], "red": code[1] in "DH"}
