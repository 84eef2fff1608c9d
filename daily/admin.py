"""The Daily Gin for staff: each day's deal (its seed shown only once the day has closed, as
the players get it) and the ranked attempts, which moderators hide or restore like any board
entry."""

from __future__ import annotations

from datetime import date

from django.contrib import admin
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from common.admin import ReadOnlyAdmin
from daily.models import DailyPar, DailyPlay
from daily.seeds import closes_at, day_seed, is_closed, seed_hash
from moderation.board_admin import HIDE_AND_RESTORE


class DealColumns:
    """The day's published hash, and its seed once the day is over."""

    @admin.display(description=_("seed SHA-256"))
    def seed_hash(self, row) -> str:
        return seed_hash(day_seed(row.day))

    @admin.display(description=_("seed"))
    def seed(self, row) -> str:
        return revealed_seed(row.day)


def revealed_seed(day: date) -> str:
    if is_closed(day, timezone.now()):
        return day_seed(day).hex()
    return gettext("hidden until %(time)s") % {"time": closes_at(day).strftime("%Y-%m-%d %H:%M UTC")}


@admin.register(DailyPar)
class DailyDealAdmin(DealColumns, ReadOnlyAdmin):
    list_display = ("day", "seed_hash", "seed", "result", "turns", "computed_at")
    date_hierarchy = "day"
    exclude = ("actions",)  # the par line would spoil an open day's deal

    def get_readonly_fields(self, request, obj=None):
        return ("day", "seed_hash", "seed", "result", "turns", "nodes", "seconds", "method", "computed_at")


@admin.register(DailyPlay)
class DailyPlayAdmin(DealColumns, ReadOnlyAdmin):
    list_display = ("day", "user", "status", "result", "turns", "kind", "hidden", "hidden_reason")
    list_filter = ("day", "status", "hidden", "kind")
    search_fields = ("user__display_name", "user__email")
    list_select_related = ("user",)
    date_hierarchy = "day"
    actions = HIDE_AND_RESTORE

    def get_readonly_fields(self, request, obj=None):
        return [*super().get_readonly_fields(request, obj), "seed"]
