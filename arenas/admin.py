"""Moderators create one-off arenas and recurring schedules; the sweeper makes each
schedule's next arenas ahead of time."""

from django.contrib import admin

from arenas.models import Arena, ArenaPlayer, ArenaSchedule

SETTINGS = (
    "name", "ruleset", "format", "target", "seats", "turn_seconds", "minutes", "rated",
    "settled_rating", "min_rated_games",
)  # fmt: skip


class PlayerInline(admin.TabularInline):
    model = ArenaPlayer
    fields = ("user", "rating", "paused", "left", "joined_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Arena)
class ArenaAdmin(admin.ModelAdmin):
    list_display = ("name", "ruleset", "starts_at", "minutes", "rated", "schedule", "closed")
    list_filter = ("closed", "rated", "ruleset")
    fields = (*SETTINGS, "starts_at")
    inlines = [PlayerInline]


@admin.register(ArenaSchedule)
class ArenaScheduleAdmin(admin.ModelAdmin):
    list_display = ("name", "ruleset", "every", "first_start", "minutes", "enabled")
    fields = (*SETTINGS, "every", "first_start", "enabled")
