"""The best-hand board's score of a won hand (RULES.md §2), from the hand the server settled."""

from __future__ import annotations

from games.rules.gin import HandRecord

BONUS = 25


def hand_score(hand: HandRecord, seat: int) -> int | None:
    """`seat`'s score for a hand it won: knock = the difference, gin = the defender's deadwood
    + 25, undercut = the difference + 25; None when it did not win (or no one did)."""
    if hand.winner != seat or hand.knocker is None:
        return None
    knocker, defender = hand.deadwood[hand.knocker], hand.deadwood[1 - hand.knocker]
    if hand.kind == "knock":
        return defender - knocker
    if hand.kind == "gin":
        return defender + BONUS
    if hand.kind == "undercut":
        return knocker - defender + BONUS
    return None
