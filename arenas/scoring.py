"""Arena points from a player's results in the order their games ended.  Pure Python, so the
rules can be tested on crafted results (tests/arenas/test_scoring.py).

A gin win scores 2, a loss 0, a draw 1; after two wins in a row every further win scores
double (4) until a result that is not a win: the flame.  A German Rummy table scores places
3/2/1/0 at four seats (3/1/0 at three); a first place counts as a win for the flame, and
under the flame a first place scores double.  Ties on points break by performance (the
average rating of the opponents met) and then by fewer games.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

PLACE_POINTS = {2: (2, 0), 3: (3, 1, 0), 4: (3, 2, 1, 0)}
DRAW = 1
FLAME_AFTER = 2  # wins in a row before the next win scores double


@dataclass(frozen=True)
class Result:
    """One finished game of a player: its place (0 first; a gin draw is both seats' place 0
    with `draw`), the number of seats, and the opponents' ratings when it was paired."""

    place: int
    seats: int
    opponent_ratings: tuple[float, ...]
    draw: bool = False


@dataclass(frozen=True)
class Line:
    user_id: int
    points: int
    streak: int  # wins in a row now
    on_fire: bool  # the next win scores double
    games: int
    wins: int
    performance: int  # average opponent rating, rounded
    sheet: tuple[int, ...]  # each game's points, in order

    def as_dict(self) -> dict[str, int | bool | list[int]]:
        return {
            "user_id": self.user_id,
            "points": self.points,
            "streak": self.streak,
            "on_fire": self.on_fire,
            "games": self.games,
            "wins": self.wins,
            "performance": self.performance,
            "sheet": list(self.sheet),
        }


def game_points(result: Result, *, streak: int) -> int:
    if result.draw:
        return DRAW
    base = PLACE_POINTS[result.seats][result.place]
    return base * 2 if result.place == 0 and streak >= FLAME_AFTER else base


def line(user_id: int, results: Sequence[Result]) -> Line:
    streak, sheet, wins, ratings = 0, [], 0, []
    for result in results:
        sheet.append(game_points(result, streak=streak))
        won = result.place == 0 and not result.draw
        streak = streak + 1 if won else 0
        wins += won
        ratings.extend(result.opponent_ratings)
    performance = round(sum(ratings) / len(ratings)) if ratings else 0
    return Line(
        user_id=user_id,
        points=sum(sheet),
        streak=streak,
        on_fire=streak >= FLAME_AFTER,
        games=len(results),
        wins=wins,
        performance=performance,
        sheet=tuple(sheet),
    )


def standings(results: dict[int, Sequence[Result]], players: Iterable[int] = ()) -> list[Line]:
    """Every player's line, best first: points, then performance, then fewer games.  `players`
    adds those who joined but finished no game yet."""
    everyone = set(results) | set(players)
    lines = [line(user_id, results.get(user_id, ())) for user_id in everyone]
    return sorted(lines, key=lambda ln: (-ln.points, -ln.performance, ln.games, ln.user_id))
