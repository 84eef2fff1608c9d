"""The arcade bot on positions worked out by hand from RULES.md §2 (readings in docs/bots.md).

Base hand (10 cards, no meld): 7H 8H 2C 2D KS QS 4D 9C JH 6S, deadwood 68.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.ai import choose_action
from games.rules.cards import DECK, parse_cards
from games.rules.gin import ARCADE, CLASSIC, GinRules, GinState, view_for

BASE = "7H 8H 2C 2D KS QS 4D 9C JH 6S"


def _view(
    hand: str,
    *,
    top: str,
    phase: str,
    drawn: str | None = None,
    source: str = "stock",
    rules: GinRules = ARCADE,
) -> dict[str, Any]:
    """Seat 0 to act; the opponent and the stock get the cards left over."""
    mine = parse_cards(hand)
    (upcard,) = parse_cards(top)
    pile = (upcard,) if phase == "upcard" else (*parse_cards("TC"), upcard)
    rest = [c for c in DECK if c not in mine and c not in pile]
    state = GinState(
        rules=rules,
        phase=phase,
        dealer=1,
        turn=0,
        knock_limit=rules.knock_limit,
        hands=(tuple(mine), tuple(rest[:10])),
        stock=tuple(rest[10:]),
        discard_pile=pile,
        drawn=None if drawn is None else parse_cards(drawn)[0],
        drawn_from=None if drawn is None else source,
        log=({"type": "deal", "hand": 1, "dealer": 1, "upcard": str(pile[0])},),
    )
    return view_for(state, 0)


CASES = [
    # 9H makes 7H 8H 9H: 11-card deadwood 53 < 68.
    ("top completes a run", _view(BASE, top="9H", phase="draw"), {"type": "draw", "source": "discard"}),
    # 2H makes 2C 2D 2H: 68 - 2 - 2 = 64 < 68.
    ("top completes a set", _view(BASE, top="2H", phase="draw"), {"type": "draw", "source": "discard"}),
    # AC joins nothing: 69 > 68.  Not taken, though throwing KS next would leave 59.
    ("loose low card is left", _view(BASE, top="AC", phase="draw"), {"type": "draw", "source": "stock"}),
    # 5S from the stock joins nothing (73 > 8): the highest unmelded card is a 10; KS outranks QS and JH.
    (
        "highest card goes, by rank",
        _view(f"{BASE} 5S", top="TC", phase="discard", drawn="5S"),
        {"type": "discard", "card": "KS"},
    ),
    # KC and KS both loose: equal value and rank, so the suit order C, D, H, S decides: KS.
    (
        "equal rank: suit order",
        _view("KC KS AC 2C 3C 5D 6D 7D 9S 9H 4H", top="TC", phase="discard", drawn="4H"),
        {"type": "discard", "card": "KS"},
    ),
    # Melds AC-2C-3C, 5D-6D-7D, 9S-9H-9D and loose 3H + 5S: 8 with 11 cards, so it knocks.
    (
        "knocks at 8",
        _view("AC 2C 3C 5D 6D 7D 9S 9H 9D 3H 5S", top="TC", phase="discard", drawn="5S"),
        {"type": "knock"},
    ),
    # Same with 4S + 5S = 9: no knock; 5S is the higher loose card.
    (
        "no knock at 9",
        _view("AC 2C 3C 5D 6D 7D 9S 9H 9D 4S 5S", top="TC", phase="discard", drawn="5S"),
        {"type": "discard", "card": "5S"},
    ),
    # Taken QH sits in QC QD QH; the loose JS and 9C: JS goes (the taken card never could).
    (
        "taken card stays",
        _view("QC QD QH JS 9C AC 2C 3C 5D 6D 7D", top="TC", phase="discard", drawn="QH", source="discard"),
        {"type": "discard", "card": "JS"},
    ),
    # Classic timing: it throws KS first, leaving 3 (3H), then knocks with that discard.
    (
        "classic knock after its discard",
        _view("AC 2C 3C 5D 6D 7D 9S 9H 9D 3H KS", top="TC", phase="discard", drawn="KS", rules=CLASSIC),
        {"type": "knock", "card": "KS"},
    ),
    # Classic upcard offer: 9H makes a run, so it takes the upcard.
    (
        "takes a useful first upcard",
        _view(BASE, top="9H", phase="upcard", rules=CLASSIC),
        {"type": "take_upcard"},
    ),
    ("passes a useless first upcard", _view(BASE, top="AC", phase="upcard", rules=CLASSIC), {"type": "pass"}),
]


@pytest.mark.parametrize(("name", "view", "expected"), CASES, ids=[c[0] for c in CASES])
def test_arcade_bot_plays_the_hand_worked_move(
    name: str, view: dict[str, Any], expected: dict[str, Any]
) -> None:
    assert choose_action("arcade", view, seed=0) == expected
    assert choose_action("arcade", view, seed=12345) == expected  # no randomness at all
