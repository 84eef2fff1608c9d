"""The rules library's problem messages, in the reader's language.

`games.rules` knows nothing of Django and explains an impossible mix of flags in plain
English; the admin shows those same texts, translated by their exact wording.  The list
below only tells `makemessages` which texts to collect (tests/admin checks it keeps up).
"""

from django.utils.translation import gettext, gettext_noop

LIBRARY_MESSAGES = [
    gettext_noop("knock_limit must be between 0 and 10"),
    gettext_noop("max_meld_size must be empty or between 3 and 13"),
    gettext_noop("dead_hand_stock must be between 0 and 10"),
    gettext_noop("match_target must be at least 1"),
    gettext_noop(
        "big_gin needs knock_timing after_discard: knocking with 11 cards already makes 11-card gin"
    ),
    gettext_noop("first_meld_min must be 0, 30 or 40"),
    gettext_noop("the small deck plays without a first-meld minimum (first_meld_min 0)"),
    gettext_noop("jokers must be 6 (3 with the small deck) or 0"),
    gettext_noop("fixed_jokers needs jokers"),
    gettext_noop("a rummy table has 2 to 4 seats"),
    gettext_noop("calling needs 3 or more players"),
    gettext_noop("gin is played by 2 seats"),
]


def rule_problem_message(problem: str) -> str:
    return gettext(problem)
