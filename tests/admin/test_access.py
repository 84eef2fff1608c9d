"""Only the two staff roles reach the admin, and each role only its own pages."""

import pytest
from django.contrib import admin
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.urls import reverse

from moderation.audit import record
from moderation.models import AuditEntry, Report
from tests.admin.support import finished_match, finished_rummy_match
from tests.games.support import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_urls(administrator):
    """Every admin page: index, each model's list, add and change pages, and the replays."""
    match = finished_match()
    rummy_match = finished_rummy_match(rounds=1, name="Rosa")
    report = Report.objects.create(reporter=make_user(), room=match.room, reason="other", message="x")
    entry = record(actor=administrator, action=AuditEntry.Action.ROOM_CLOSED, target=match.room)
    examples = {
        "games.room": match.room,
        "games.match": match,
        "moderation.report": report,
        "moderation.auditentry": entry,
    }
    urls = [
        reverse("admin:index"),
        reverse("admin:games_match_replay", args=[match.pk]),
        reverse("admin:games_match_replay", args=[rummy_match.pk]),
        reverse("admin:leaderboard_rating_recompute"),
    ]
    for model in admin.site._registry:
        name = f"admin:{model._meta.app_label}_{model._meta.model_name}"
        urls += [reverse(f"{name}_changelist"), reverse(f"{name}_add")]
        obj = examples.get(model._meta.label_lower) or model._default_manager.first()
        if obj is not None:
            urls += [reverse(f"{name}_{page}", args=[obj.pk]) for page in ("change", "history", "delete")]
    return urls


@pytest.mark.parametrize("kind", ["player", "staff without a role"])
def test_a_signed_in_player_who_is_not_staff_is_refused_every_admin_page(client, admin_urls, kind):
    user = make_user()
    if kind != "player":
        user.is_staff = True
        user.save()
    client.force_login(user)
    for url in admin_urls:
        response = client.get(url)
        assert response.status_code == 302 and response.url.startswith(reverse("admin:login")), url


def test_a_moderator_cannot_edit_rule_sets_or_users(mod_client, moderator):
    for name in ("games_ruleset_changelist", "games_variant_changelist", "accounts_user_changelist"):
        assert mod_client.get(reverse(f"admin:{name}")).status_code == 403
    assert mod_client.get(reverse("admin:games_room_changelist")).status_code == 200
    assert mod_client.get(reverse("admin:moderation_report_changelist")).status_code == 200
    assert not moderator.has_perm("games.change_ruleset") and not moderator.has_perm("accounts.change_user")


def test_an_administrator_reaches_everything_but_cannot_edit_the_audit_log(
    administrator_client, administrator
):
    assert administrator_client.get(reverse("admin:games_ruleset_changelist")).status_code == 200
    assert administrator_client.get(reverse("admin:accounts_user_changelist")).status_code == 200
    entry = record(actor=administrator, action=AuditEntry.Action.RATINGS_RECOMPUTED)
    assert administrator_client.get(reverse("admin:moderation_auditentry_add")).status_code == 403
    change = reverse("admin:moderation_auditentry_change", args=[entry.pk])
    assert administrator_client.post(change, {"reason": "edited"}).status_code == 403
    assert (
        administrator_client.get(reverse("admin:moderation_auditentry_delete", args=[entry.pk])).status_code
        == 403
    )
    assert AuditEntry.objects.get(pk=entry.pk).reason == ""


def test_grant_role_makes_staff_and_revoking_the_last_role_undoes_it():
    user = make_user()
    call_command("grant_role", user.email, "moderator")
    user.refresh_from_db()
    assert user.is_staff and list(user.groups.values_list("name", flat=True)) == ["Moderators"]
    call_command("grant_role", user.email, "moderator", "--revoke")
    user.refresh_from_db()
    assert not user.is_staff and not user.groups.exists()
    assert Group.objects.get(name="Administrators").permissions.filter(codename="change_ruleset").exists()
