"""Glicko-2, as in Glickman's "Example of the Glicko-2 system" (2013).  Pure Python.

The site treats each rated match as one rating period for its players only: a player's
deviation does not grow between matches (no idle periods), so ratings move after every match.
A match of more than two players (German Rummy) counts as a period in which each player met
every other one: a win against those placed below, a loss against those above, a draw on a
shared place.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178
TAU = 0.5
EPSILON = 0.000001


@dataclass(frozen=True)
class Glicko:
    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def rate(player: Glicko, results: list[tuple[Glicko, float]], *, tau: float = TAU) -> Glicko:
    """The player's rating after one period of `results` (opponent, score 1 / 0.5 / 0)."""
    mu, phi, sigma = (player.rating - 1500) / SCALE, player.rd / SCALE, player.volatility
    if not results:
        return Glicko(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    games = [((o.rating - 1500) / SCALE, o.rd / SCALE, score) for o, score in results]
    expected = [_expected(mu, mu_j, phi_j) for mu_j, phi_j, _ in games]
    v = 1 / sum(_g(phi_j) ** 2 * e * (1 - e) for (_, phi_j, _), e in zip(games, expected, strict=True))
    gain = sum(_g(phi_j) * (score - e) for (_, phi_j, score), e in zip(games, expected, strict=True))
    sigma = _new_volatility(phi, sigma, v, v * gain, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu = mu + phi * phi * gain
    return Glicko(mu * SCALE + 1500, phi * SCALE, sigma)


def _new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the Illinois algorithm on f(x) = 0."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (
            tau * tau
        )

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def rate_placings(players: list[Glicko], places: list[int], *, tau: float = TAU) -> list[Glicko]:
    """Everyone's rating after one match; `places[i]` is player i's place (0 = first)."""
    if len(players) != len(places) or len(players) < 2:
        raise ValueError("a match needs at least two players, each with a place")
    return [
        rate(
            player,
            [
                (other, 1.0 if places[i] < places[j] else 0.5 if places[i] == places[j] else 0.0)
                for j, other in enumerate(players)
                if j != i
            ],
            tau=tau,
        )
        for i, player in enumerate(players)
    ]
