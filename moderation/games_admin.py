"""The admin for rooms, matches, rule sets and the lobby's variants.

Moderators work on rooms through actions that call audited services; administrators also
edit rule sets and variants.  Nothing here writes game data itself.
"""

from __future__ import annotations

import json

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from common.admin import ReadOnlyAdmin, ReadOnlyInline
from games.models import Family, Match, Move, Room, RuleSet, Seat, Variant
from moderation.admin_actions import ReasonForm, action_with_reason
from moderation.replay import Replay, can_replay, shown_action
from moderation.room_actions import (
    do_moderator_close_room,
    do_moderator_make_room_private,
    do_moderator_remove_player,
)
from moderation.rule_set_actions import do_save_rule_set


def replay_link(match: Match | None) -> str:
    if match is None or not can_replay(match):
        return "-"
    return format_html(
        '<a href="{}">{}</a>', reverse("admin:games_match_replay", args=[match.pk]), _("Replay")
    )


# --- rooms ---------------------------------------------------------------------------------


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ("index", "label", "user", "bot", "last_seen")
    readonly_fields = fields

    @admin.display(description=_("player"))
    def label(self, seat: Seat) -> str:
        return seat.label() or "-"


class MatchInline(ReadOnlyInline):
    model = Match
    fields = ("match_link", "status", "end_reason", "winner_seat", "version", "created_at", "replay")
    readonly_fields = fields
    show_change_link = False

    @admin.display(description=_("match"))
    def match_link(self, match: Match) -> str:
        return format_html(
            '<a href="{}">{}</a>', reverse("admin:games_match_change", args=[match.pk]), match.pk
        )

    @admin.display(description=_("replay"))
    def replay(self, match: Match) -> str:
        return replay_link(match)


class UnseatForm(ReasonForm):
    seats = forms.MultipleChoiceField(label=_("Seats to empty"), widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args, queryset=None, **kwargs):
        super().__init__(*args, **kwargs)
        seats = Seat.objects.filter(room__in=queryset).select_related("room", "user")
        self.fields["seats"].choices = [
            (f"{s.room_id}:{s.index}", f"{s.room.code} #{s.index}: {s.label()}")
            for s in seats
            if not s.bot and not s.is_empty
        ]


def _remove_players(actor, room: Room, data: dict) -> None:
    for choice in data["seats"]:
        room_id, index = map(int, choice.split(":"))
        if room_id == room.pk:
            do_moderator_remove_player(actor=actor, room=room, seat_index=index, reason=data["reason"])


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin):
    list_display = ("code", "state", "family", "ruleset", "rated", "is_private", "players", "created_at")
    list_filter = (
        "state",
        "family",
        "ruleset",
        "rated",
        "is_private",
        "hotseat",
        "created_at",
        "last_activity_at",
    )
    search_fields = ("code", "seats__user__display_name", "seats__user__username", "seats__user__email")
    search_help_text = _("A room code, or a player's name or email.")
    list_select_related = ("ruleset",)
    date_hierarchy = "created_at"
    readonly_fields = (
        "code",
        "state",
        "family",
        "ruleset",
        "rules",
        "created_by",
        "is_private",
        "turn_seconds",
        "rated",
        "hotseat",
        "created_at",
        "last_activity_at",
    )
    exclude = ("invite_token",)
    inlines = (SeatInline, MatchInline)
    actions = (
        action_with_reason(
            name="close_rooms",
            description=_("Close the room (players see it closed at once)"),
            perform=lambda actor, room, data: do_moderator_close_room(
                actor=actor, room=room, reason=data["reason"]
            ),
        ),
        action_with_reason(
            name="remove_players",
            description=_("Remove a player from a seat"),
            perform=_remove_players,
            form_class=UnseatForm,
        ),
        action_with_reason(
            name="make_private",
            description=_("Make the room private"),
            perform=lambda actor, room, data: do_moderator_make_room_private(
                actor=actor, room=room, reason=data["reason"]
            ),
        ),
    )

    def get_queryset(self, request):
        seats = Seat.objects.select_related("user")
        return super().get_queryset(request).prefetch_related(Prefetch("seats", queryset=seats))

    @admin.display(description=_("players"))
    def players(self, room: Room) -> str:
        return ", ".join(s.label() for s in room.seats.all() if not s.is_empty)

    def has_add_permission(self, request) -> bool:
        return False  # players create rooms

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # close instead: the history stays


# --- matches and their move log ------------------------------------------------------------


class MoveInline(ReadOnlyInline):
    model = Move
    fields = ("seq", "version", "seat", "actor", "shown_action", "created_at")
    readonly_fields = fields

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("match")

    @admin.display(description=_("action"))
    def shown_action(self, move: Move) -> str:
        """As the admin shows a JSON field, a deal's seed hidden while it is secret."""
        return json.dumps(shown_action(move.match, move.action), ensure_ascii=False)


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = (
        "__str__",
        "family",
        "status",
        "end_reason",
        "winner_seat",
        "version",
        "created_at",
        "replay",
    )
    list_filter = ("status", "family", "created_at")
    search_fields = ("room__code", "room__seats__user__display_name", "room__seats__user__email")
    list_select_related = ("room",)
    fields = (
        "room",
        "family",
        "status",
        "end_reason",
        "winner_seat",
        "version",
        "first_dealer",
        "rules",
        "created_at",
        "updated_at",
        "replay",
    )
    readonly_fields = fields
    inlines = (MoveInline,)

    @admin.display(description=_("replay"))
    def replay(self, match: Match) -> str:
        return replay_link(match)

    def get_urls(self):
        replay = self.admin_site.admin_view(self.replay_view)
        return [path("<int:match_id>/replay/", replay, name="games_match_replay"), *super().get_urls()]

    def replay_view(self, request, match_id: int):
        match = get_object_or_404(Match.objects.select_related("room"), pk=match_id)
        if not self.has_view_permission(request, match):
            raise PermissionDenied
        if not can_replay(match):
            self.message_user(
                request,
                gettext(
                    "Only a finished or abandoned match can be replayed (a Daily Gin deal once its day closes)."
                ),
                messages.ERROR,
            )
            return redirect("admin:games_match_change", match.pk)
        replay = Replay(match)
        try:
            number = min(max(int(request.GET.get("step", len(replay) - 1)), 0), len(replay) - 1)
        except ValueError:
            number = len(replay) - 1
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": gettext("Replay of %(match)s") % {"match": match},
            "match": match,
            "step": replay.step(number),
            "last": len(replay) - 1,
            "round_starts": replay.round_starts(),
        }
        return TemplateResponse(request, replay.family.template, context)


# --- rule sets and the lobby's variants ----------------------------------------------------


class RuleSetForm(forms.ModelForm):
    reason = forms.CharField(label=_("Why (for the audit log)"), required=False, max_length=2000)

    class Meta:
        model = RuleSet
        # Enabled and position belong to the variants page.
        fields = (
            "name",
            "name_es",
            "slug",
            "family",
            "seats",
            *RuleSet.flag_names(Family.GIN),
            *RuleSet.flag_names(Family.RUMMY),
        )


class AuditedSave:
    """Rule sets and variants are stored by the audited service, never by the admin itself."""

    def save_model(self, request, obj, form, change):
        changed = [name for name in form.changed_data if name != "reason"]
        do_save_rule_set(
            actor=request.user, rule_set=obj, changed=changed, reason=form.cleaned_data.get("reason", "")
        )


@admin.register(RuleSet)
class RuleSetAdmin(AuditedSave, admin.ModelAdmin):
    form = RuleSetForm
    list_display = ("name", "slug", "family", "preset", "enabled", "position")
    list_filter = ("family", "preset", "enabled")
    search_fields = ("name", "name_es", "slug")
    fieldsets = (
        (None, {"fields": ("name", "name_es", "slug", "family", "copy_link", "reason")}),
        (
            _("Gin Rummy rules"),
            {"fields": RuleSet.flag_names(Family.GIN), "description": _("Used when the game is Gin Rummy.")},
        ),
        (
            _("German Rummy rules"),
            {
                "fields": ("seats", *RuleSet.flag_names(Family.RUMMY)),
                "description": _("Used when the game is German Rummy."),
            },
        ),
    )

    @admin.display(description=_("custom copy"))
    def copy_link(self, rule_set: RuleSet) -> str:
        if rule_set.pk is None:
            return "-"
        url = reverse("admin:games_ruleset_add") + f"?copy={rule_set.slug}"
        return format_html('<a href="{}">{}</a>', url, _("Make a custom rule set from this one"))

    def get_readonly_fields(self, request, obj=None):
        if obj is not None and obj.preset:
            return (
                "slug",
                "family",
                "copy_link",
                "seats",
                *RuleSet.flag_names(Family.GIN),
                *RuleSet.flag_names(Family.RUMMY),
            )
        return ("copy_link",)

    def get_changeform_initial_data(self, request):
        """`?copy=<slug>` starts a custom set from another one's rules."""
        source = RuleSet.objects.filter(slug=request.GET.get("copy", "")).first()
        if source is None:
            return super().get_changeform_initial_data(request)
        initial = {
            name: getattr(source, name)
            for name in ("family", "seats", *source.flag_names(Family.GIN), *source.flag_names(Family.RUMMY))
        }
        return {**initial, "name": gettext("%(name)s (custom)") % {"name": source.name}}


@admin.register(Variant)
class VariantAdmin(AuditedSave, admin.ModelAdmin):
    list_display = ("name", "family", "rules", "enabled", "position")
    list_editable = ("enabled", "position")
    list_filter = ("family", "enabled")
    fields = ("name", "family", "enabled", "position")
    readonly_fields = ("name", "family")

    @admin.display(description=_("rules"))
    def rules(self, variant: Variant) -> str:
        """The flags that differ from the family's standard rules."""
        changes = [f"{k}={v}" for k, v in variant.flags.items() if v != RuleSet._meta.get_field(k).default]
        return ", ".join(changes) or gettext("standard")

    def has_add_permission(self, request) -> bool:
        return False  # a new variant is a new rule set

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
