"""The moderators' report queue and the audit log (read-only for everyone)."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from common.admin import ReadOnlyAdmin
from moderation import board_admin, chat_admin  # noqa: F401 (registers their pages)
from moderation.admin_actions import ReasonForm, action_with_reason
from moderation.games_admin import replay_link
from moderation.models import AuditEntry, Report
from moderation.reports import do_resolve_report


class ResolveForm(ReasonForm):
    outcome = forms.ChoiceField(label=_("Outcome"), choices=Report.Outcome.choices)
    field_order = ("outcome", "reason")


class OpenFilter(admin.SimpleListFilter):
    title = _("status")
    parameter_name = "open"

    def lookups(self, request, model_admin):
        return (("1", _("Open")), ("0", _("Resolved")))

    def queryset(self, request, queryset):
        if self.value() in ("0", "1"):
            return queryset.filter(resolved_at__isnull=self.value() == "1")
        return queryset


def _admin_link(obj) -> str:
    if obj is None:
        return "-"
    url = reverse(f"admin:{obj._meta.app_label}_{obj._meta.model_name}_change", args=[obj.pk])
    return format_html('<a href="{}">{}</a>', url, obj)


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = (
        "created_at",
        "reason",
        "room_link",
        "player_link",
        "reporter",
        "is_open",
        "outcome",
        "replay",
    )
    list_filter = (OpenFilter, "reason", "outcome", "created_at")
    search_fields = (
        "room__code",
        "player__display_name",
        "player__email",
        "reporter__display_name",
        "message",
    )
    list_select_related = ("room", "player", "reporter")
    readonly_fields = (
        "reporter",
        "room_link",
        "player_link",
        "reason",
        "message",
        "reported_chat",
        "created_at",
        "replay",
        "outcome",
        "resolution_note",
        "resolved_by",
        "resolved_at",
    )
    fields = readonly_fields
    actions = (
        action_with_reason(
            name="resolve_reports",
            description=_("Resolve the report"),
            perform=lambda actor, report, data: do_resolve_report(
                actor=actor, report=report, outcome=data["outcome"], note=data["reason"]
            ),
            form_class=ResolveForm,
        ),
    )

    @admin.display(description=_("the chat around the message"))
    def reported_chat(self, report: Report) -> str:
        """The reported message (marked) among what was said around it, as it was then."""
        if report.chat_message_id is None:
            return "-"
        lines = format_html_join(
            "",
            "<li{}><b>{}:</b> {}</li>",
            (
                (
                    format_html(' class="reported"') if line["id"] == report.chat_message_id else "",
                    line["author"],
                    line["text"] if line["text"] is not None else _("(removed by a moderator)"),
                )
                for line in report.chat_context
            ),
        )
        return format_html('<ol class="chat-context">{}</ol>', lines)

    @admin.display(description=_("open"), boolean=True)
    def is_open(self, report: Report) -> bool:
        return report.is_open

    @admin.display(description=_("room"), ordering="room__code")
    def room_link(self, report: Report) -> str:
        return _admin_link(report.room)

    @admin.display(description=_("player"))
    def player_link(self, report: Report) -> str:
        return _admin_link(report.player) if report.player else "-"

    @admin.display(description=_("replay"))
    def replay(self, report: Report) -> str:
        """The room's latest match (the one the report most likely concerns)."""
        return replay_link(report.room and report.room.matches.order_by("-created_at").first())

    def has_add_permission(self, request) -> bool:
        return False  # players file reports from the site

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "actor_name", "action", "target", "reason")
    list_filter = ("action", "created_at")
    search_fields = ("actor_name", "target_label", "target_id", "reason")
    date_hierarchy = "created_at"
    fields = ("created_at", "actor", "actor_name", "action", "target", "reason", "details")
    readonly_fields = fields

    @admin.display(description=_("target"))
    def target(self, entry: AuditEntry) -> str:
        if not entry.target_type:
            return "-"
        app_label, model = entry.target_type.split(".")
        try:
            url = reverse(f"admin:{app_label}_{model}_change", args=[entry.target_id])
        except NoReverseMatch:
            return entry.target_label
        return format_html('<a href="{}">{}</a>', url, entry.target_label)
