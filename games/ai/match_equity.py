"""What a hand's points are worth at a given match score, for Hard's knock decisions.

A point is not worth the same at every score: past the target it is worth nothing, and a hand
that takes the opponent past it loses the match however small it was.  `equity` is the chance
of winning the match from a score, `MatchValue` turns a hand's signed points into *match
points*: the change of equity, in points of a typical hand at this score.  Far from the target
the two scales agree (a knock for 10 is worth about 10); near it they part, which is what
makes Hard knock for the few points that win a match and fear a knock that would end it.

The equity model: every hand from here is won by either player with even odds, for points
drawn from `hand_points` (a knock, an undercut or a gin, with the rules' bonuses, in the
shares of hands seen between Hard and the reference player, docs/bots.md); a dead hand
changes nothing.  Who deals next is ignored.  Needs above `MAX_NEED` are taken as `MAX_NEED`
(a rule set with a very long match): there the equity is nearly linear and only its slope is
used.
"""

from __future__ import annotations

from functools import lru_cache

from games.rules.gin.rules import GinRules

MAX_NEED = 150
SCALE = 10
"""A typical hand's points: the exchange rate between equity and match points is taken over
a hand won or lost by this much."""
KNOCK_SHARE, UNDERCUT_SHARE, GIN_SHARE, DEAD_SHARE = 0.72, 0.19, 0.07, 0.02


def hand_points(undercut_bonus: int, gin_bonus: int) -> tuple[tuple[int, float], ...]:
    """(points, probability) of the winner's points of a hand, a dead hand's share left out."""
    spread: list[tuple[range, float]] = [
        (range(1, 26), KNOCK_SHARE),
        (range(undercut_bonus, undercut_bonus + 11), UNDERCUT_SHARE),
        (range(gin_bonus + 5, gin_bonus + 36), GIN_SHARE),
    ]
    points: dict[int, float] = {}
    for values, share in spread:
        for value in values:
            value = max(1, value)  # a rule set may make an undercut's bonus 0
            points[value] = points.get(value, 0.0) + share / len(values)
    return tuple(sorted(points.items()))


@lru_cache(maxsize=8)
def _table(undercut_bonus: int, gin_bonus: int) -> tuple[tuple[float, ...], ...]:
    """table[a][b]: the chance of winning the match needing a points against b (1..MAX_NEED)."""
    dist = hand_points(undercut_bonus, gin_bonus)
    scored = 1.0 - DEAD_SHARE
    table = [[0.0] * (MAX_NEED + 1) for _ in range(MAX_NEED + 1)]
    for a in range(1, MAX_NEED + 1):
        for b in range(1, MAX_NEED + 1):
            total = 0.0
            for points, p in dist:
                win = 1.0 if points >= a else table[a - points][b]
                loss = 0.0 if points >= b else table[a][b - points]
                total += p * (win + loss)
            table[a][b] = total / 2 / scored
    return tuple(tuple(row) for row in table)


def equity(ours: int, theirs: int, rules: GinRules) -> float:
    """The chance of winning the match with these scores (before any points of the hand in play)."""
    need, against = rules.match_target - ours, rules.match_target - theirs
    if need <= 0:
        return 1.0
    if against <= 0:
        return 0.0
    return _table(rules.undercut_bonus, rules.gin_bonus)[min(need, MAX_NEED)][min(against, MAX_NEED)]


class MatchValue:
    """Hand outcomes at one score, in match points."""

    def __init__(self, *, ours: int, theirs: int, rules: GinRules) -> None:
        self.ours, self.theirs, self.rules = ours, theirs, rules
        self.now = self.after(0)
        self.rate = (self.after(SCALE) - self.after(-SCALE)) / (2 * SCALE)
        """Equity a match point is worth here."""

    def after(self, points: int) -> float:
        """The equity once the hand ends with `points` to us (negative: to the opponent)."""
        if points >= 0:
            return equity(self.ours + points, self.theirs, self.rules)
        return equity(self.ours, self.theirs - points, self.rules)

    def of(self, points: int) -> float:
        """The hand's `points` (signed, ours positive) in match points; plain points where no
        hand can change the match's outcome any more."""
        if self.rate <= 1e-12:
            return float(points)
        return (self.after(points) - self.now) / self.rate
