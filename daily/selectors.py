"""Reads for the Daily Gin pages: standings, percentiles, the histogram, streaks, share text."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from daily.models import DailyPar, DailyPlay
from leaderboard.charts import Bar
from leaderboard.selectors import excluded_user_ids

User = get_user_model()

BIN = 10
LOWEST_BIN, HIGHEST_BIN = -4, 6
"""Histogram bins of 10 points, the ends open: -31 and below, 60 and above."""
MARK_EMOJI = {"s": "⬜", "d": "🟨", "k": "🟩", "g": "⭐"}


def standings(*, day: date) -> list[DailyPlay]:
    """The day's ranked results: more points, then fewer turns, then the earlier finish."""
    return list(
        DailyPlay.objects.filter(day=day, status=DailyPlay.Status.FINISHED, hidden=False)
        .exclude(user__in=excluded_user_ids())
        .select_related("user")
        .order_by("-result", "turns", "finished_at", "pk")
    )


def attempt(*, user: User, day: date) -> DailyPlay | None:
    if not user.is_authenticated:
        return None
    return DailyPlay.objects.filter(user=user, day=day).select_related("room").first()


def rank_of(*, table: list[DailyPlay], play: DailyPlay | None) -> int | None:
    """1-based place of `play` in the standings, None when it is not in them."""
    return next((i for i, p in enumerate(table, 1) if play is not None and p.pk == play.pk), None)


def percentile(*, rank: int, total: int) -> int | None:
    """The share of the day's other players ranked below: 100 for the first, 0 for the last;
    None for the only player (ahead of nobody, whatever the result)."""
    if total <= 1:
        return None
    return round(100 * (total - rank) / (total - 1))


def _bin(result: int) -> int:
    return min(max(result // BIN, LOWEST_BIN), HIGHEST_BIN)


def histogram(*, table: list[DailyPlay], mine: DailyPlay | None) -> list[Bar]:
    """Everyone's results in bins of 10 points; the player's own bin highlighted."""
    counts = {k: 0 for k in range(LOWEST_BIN, HIGHEST_BIN + 1)}
    for play in table:
        counts[_bin(play.result)] += 1
    own = _bin(mine.result) if mine is not None and mine.result is not None else None
    return [Bar(_bin_label(k), n, highlight=k == own) for k, n in counts.items()]


def _bin_label(k: int) -> str:
    if k == LOWEST_BIN:
        return f"≤{(k + 1) * BIN - 1}"
    if k == HIGHEST_BIN:
        return f"{k * BIN}+"
    return str(k * BIN)


@dataclass(frozen=True)
class Streaks:
    current: int
    longest: int


def streaks(*, user: User, today: date) -> Streaks:
    """Runs of consecutive days with a ranked result; the current run may end today or yesterday."""
    days = sorted(
        set(
            DailyPlay.objects.filter(user=user, status=DailyPlay.Status.FINISHED).values_list(
                "day", flat=True
            )
        )
    )
    longest = run = 0
    previous = None
    for day in days:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        longest = max(longest, run)
        previous = day
    current = run if previous is not None and today - previous <= timedelta(days=1) else 0
    return Streaks(current=current, longest=longest)


def par(*, day: date) -> DailyPar | None:
    return DailyPar.objects.filter(day=day).first()


def outcome_text(play: DailyPlay) -> str:
    won = play.won
    return {
        ("knock", True): _("won by knocking"),
        ("gin", True): _("won with gin"),
        ("undercut", True): _("won by undercut"),
        ("knock", False): _("lost to a knock"),
        ("gin", False): _("lost to gin"),
        ("undercut", False): _("lost to an undercut"),
    }.get((play.kind, won), "")


def share_text(*, play: DailyPlay, percentile: int | None) -> str:
    """What a player may post: no card, only the date, outcome, turns, score, percentile and
    one emoji per turn (stock, discard pile, knock, gin)."""
    lines = [
        _("Rummy Deco · Daily Gin %(day)s") % {"day": play.day.isoformat()},
        ngettext(
            "%(outcome)s · %(turns)s turn · %(result)+d",
            "%(outcome)s · %(turns)s turns · %(result)+d",
            play.turns,
        )
        % {
            "outcome": outcome_text(play).capitalize(),
            "turns": play.turns,
            "result": play.result,
        },
    ]
    if percentile is not None:
        lines[-1] += " · " + _("ahead of %(percent)s%%") % {"percent": percentile}
    lines.append("".join(MARK_EMOJI[m] for m in play.marks))
    return "\n".join(lines)
