"""The Daily Gin as the card table sees it: which day's deal a match plays."""

from __future__ import annotations

from datetime import date

from django import template

from daily import seeds

register = template.Library()


@register.filter
def daily_day(match) -> date | None:
    """The day of a Daily Gin match (ranked or practice: its seeds stay secret until the day
    closes), or None for any other match."""
    if match is None or match.seeds_secret_until is None:
        return None
    return seeds.day_closing_at(match.seeds_secret_until)
