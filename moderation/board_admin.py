"""Moderating the boards: hide or restore an entry, exclude or restore a player, recompute the
ratings.  Every action goes through moderation.board_actions, which writes the audit log."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from common.admin import ReadOnlyAdmin
from games.models import Family
from leaderboard.models import HandScore, PlayerExclusion, RatedGame, Rating
from moderation.admin_actions import ReasonForm, action_with_reason
from moderation.board_actions import (
    do_exclude_board_player,
    do_hide_board_entry,
    do_recompute_board_ratings,
    do_restore_board_entry,
    do_restore_board_player,
)

HIDE_AND_RESTORE = (
    action_with_reason(
        name="hide_entries",
        description=_("Hide from the boards"),
        perform=lambda actor, entry, data: do_hide_board_entry(
            actor=actor, entry=entry, reason=data["reason"]
        ),
    ),
    action_with_reason(
        name="restore_entries",
        description=_("Show on the boards again"),
        perform=lambda actor, entry, data: do_restore_board_entry(
            actor=actor, entry=entry, reason=data["reason"]
        ),
    ),
)
EXCLUDE_PLAYER = action_with_reason(
    name="exclude_players",
    description=_("Exclude the player from every board"),
    perform=lambda actor, row, data: do_exclude_board_player(
        actor=actor, user=row.user, reason=data["reason"]
    ),
)


@admin.register(HandScore)
class HandScoreAdmin(ReadOnlyAdmin):
    list_display = ("user", "score", "kind", "recorded_at", "hidden", "hidden_reason")
    list_filter = ("hidden", "kind", "recorded_at")
    search_fields = ("user__display_name", "user__email")
    list_select_related = ("user",)
    actions = (*HIDE_AND_RESTORE, EXCLUDE_PLAYER)


@admin.register(RatedGame)
class RatedGameAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "family", "players", "finished_at", "hidden", "hidden_reason")
    list_filter = ("hidden", "family", "finished_at")
    search_fields = ("placings__user__display_name", "placings__user__email")
    actions = HIDE_AND_RESTORE

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("placings__user")

    @admin.display(description=_("players, first place first"))
    def players(self, game: RatedGame) -> str:
        return ", ".join(str(p.user) for p in game.placings.all())


@admin.register(PlayerExclusion)
class PlayerExclusionAdmin(ReadOnlyAdmin):
    list_display = ("user", "active", "reason", "excluded_by", "excluded_at", "restored_by", "restored_at")
    list_filter = ("active",)
    search_fields = ("user__display_name", "user__email")
    list_select_related = ("user", "excluded_by", "restored_by")
    actions = (
        action_with_reason(
            name="restore_players",
            description=_("Restore the player to the boards"),
            perform=lambda actor, exclusion, data: do_restore_board_player(
                actor=actor, user=exclusion.user, reason=data["reason"]
            ),
        ),
    )


class RecomputeForm(ReasonForm):
    family = forms.ChoiceField(label=_("Game"), choices=Family.choices)
    field_order = ("family", "reason")


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ("user", "family", "rating", "rd", "games", "last_game_at")
    list_filter = ("family",)
    search_fields = ("user__display_name", "user__email")
    list_select_related = ("user",)
    actions = (EXCLUDE_PLAYER,)
    change_list_template = "moderation/admin/rating_change_list.html"

    def get_urls(self):
        recompute = self.admin_site.admin_view(self.recompute_view)
        return [path("recompute/", recompute, name="leaderboard_rating_recompute"), *super().get_urls()]

    def recompute_view(self, request):
        """Rebuild a family's ratings from every game that still counts."""
        if not self.has_change_permission(request):
            raise PermissionDenied
        form = RecomputeForm(request.POST or None)
        if form.is_valid():
            counted = do_recompute_board_ratings(
                actor=request.user, family=form.cleaned_data["family"], reason=form.cleaned_data["reason"]
            )
            self.message_user(
                request,
                gettext("Ratings recomputed from %(count)d games.") % {"count": counted},
                messages.SUCCESS,
            )
            return redirect("admin:leaderboard_rating_changelist")
        context = {
            **self.admin_site.each_context(request),
            "title": gettext("Recompute the ratings"),
            "form": form,
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "moderation/admin/action_form.html", context)
