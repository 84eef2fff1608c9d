"""Players report rooms and players; moderators work the queue."""

import pytest
from django.urls import reverse

from games import services
from moderation.models import AuditEntry, Report
from tests.admin.support import finished_match, post_action
from tests.games.support import make_user, me, ruleset

pytestmark = pytest.mark.django_db


def test_a_player_reports_a_room_from_the_table(client):
    match = finished_match()
    reporter = match.room.seats.get(index=0).user
    client.force_login(reporter)
    url = reverse("moderation:report") + f"?room={match.room.code}"
    assert client.get(url).status_code == 200
    response = client.post(url, {"reason": "cheating", "message": "Always knows my cards"})
    assert response.status_code == 302 and response.url == reverse("games:room", args=[match.room.code])
    report = Report.objects.get()
    assert (report.room, report.player, report.reporter, report.is_open) == (match.room, None, reporter, True)


def test_a_player_reports_another_from_a_profile_but_not_themself(client):
    reporter, rude = make_user(), make_user("Rude")
    client.force_login(reporter)
    client.post(
        reverse("moderation:report") + f"?player={rude.pk}", {"reason": "abuse", "message": "Insults"}
    )
    assert Report.objects.get().player == rude
    response = client.post(
        reverse("moderation:report") + f"?player={reporter.pk}",
        {"reason": "other", "message": "me"},
        follow=True,
    )
    assert "You cannot report yourself." in response.content.decode()
    assert Report.objects.count() == 1


def test_reporting_needs_a_sign_in_and_a_target(client):
    assert client.get(reverse("moderation:report") + "?player=1").status_code == 302
    client.force_login(make_user())
    assert client.get(reverse("moderation:report")).status_code == 404


def test_moderators_see_the_queue_resolve_a_report_and_jump_to_the_replay(mod_client):
    match = finished_match()
    report = Report.objects.create(reporter=make_user(), room=match.room, reason="cheating", message="x")
    queue = mod_client.get(reverse("admin:moderation_report_changelist"), {"open": "1"})
    assert list(queue.context["cl"].result_list) == [report]
    assert reverse("admin:games_match_replay", args=[match.pk]).encode() in queue.content

    post_action(
        mod_client, "moderation_report", "resolve_reports", [report], outcome="no_action", reason="Lucky"
    )
    report.refresh_from_db()
    assert (report.outcome, report.resolution_note, report.is_open) == ("no_action", "Lucky", False)
    assert AuditEntry.objects.get().details == {"outcome": "no_action"}
    resolved = mod_client.get(reverse("admin:moderation_report_changelist"), {"open": "1"})
    assert not resolved.context["cl"].result_list


def test_a_private_room_is_reported_only_by_those_who_may_see_it(client):
    """To anyone else it is answered as a room that does not exist: the page confirms nothing."""
    host, outsider, guest = make_user("Host"), make_user("Outsider"), make_user("Invited")
    room = services.do_create_room(identity=me(host), ruleset=ruleset(), is_private=True)
    client.force_login(outsider)
    report = reverse("moderation:report")
    assert client.get(f"/r/{room.code}/").status_code == 404
    hidden, missing = client.get(f"{report}?room={room.code}"), client.get(f"{report}?room=nosuchroom")
    assert hidden.status_code == missing.status_code == 404
    assert hidden.content == missing.content
    filed = client.post(f"{report}?room={room.code}", {"reason": "cheating", "message": "Guessing"})
    assert filed.status_code == 404 and not Report.objects.exists()

    client.force_login(guest)  # the invitation lets them watch, and report
    assert client.get(f"{report}?room={room.code}&t={room.invite_token}").status_code == 200
    client.force_login(host)
    assert client.get(f"{report}?room={room.code}").status_code == 200
