"""Moderating the table chat: a reported message goes with the chat around it; moderators
read a room's chat, remove a message (kept, shown as removed) and mute a player site-wide;
every action is in the audit log."""

import pytest
from django.urls import reverse

from common.errors import ServiceError
from games.chat.models import ChatMessage, SiteMute
from games.chat.selectors import history_frame, replay_chat
from games.chat.services import do_say
from moderation.models import AuditEntry, Report
from tests.admin.support import online_room, post_action
from tests.games.support import make_user, me

pytestmark = pytest.mark.django_db


def chatted_room():
    room, (ana, bo) = online_room()
    for who, text in [(ana, "hi"), (bo, "you are an idiot"), (ana, "rude"), (bo, "gg")]:
        do_say(room=room, identity=me(who), text=text)
    return room, ana, bo, ChatMessage.objects.get(text="you are an idiot")


def test_a_reported_message_goes_with_the_chat_around_it(client):
    room, ana, bo, insult = chatted_room()
    client.force_login(ana)
    page = client.get(reverse("moderation:report"), {"message": insult.pk})
    assert "you are an idiot" in page.content.decode()
    client.post(
        f"{reverse('moderation:report')}?message={insult.pk}", {"reason": "abuse", "message": "insult"}
    )
    report = Report.objects.get()
    assert (report.chat_message, report.room, report.player) == (insult, room, bo)
    assert [line["text"] for line in report.chat_context] == ["hi", "you are an idiot", "rude", "gg"]


def test_a_spectator_cannot_report_what_only_the_players_saw(client):
    _room, _ana, _bo, insult = chatted_room()
    client.force_login(make_user("Cy"))
    assert client.get(reverse("moderation:report"), {"message": insult.pk}).status_code == 404


def test_moderators_read_a_rooms_chat_and_remove_a_message_kept_for_the_audit(
    mod_client, moderator, django_capture_on_commit_callbacks, sent
):
    room, ana, _bo, insult = chatted_room()
    listing = mod_client.get(reverse("admin:chat_chatmessage_changelist"), {"q": room.code})
    assert list(listing.context["cl"].result_list) == list(ChatMessage.objects.filter(room=room))
    with django_capture_on_commit_callbacks(execute=True):
        post_action(mod_client, "chat_chatmessage", "remove_messages", [insult], reason="insult")
    insult.refresh_from_db()
    assert insult.text == "you are an idiot" and insult.removed_by == moderator
    assert [m["payload"] for _g, m in sent if m["type"] == "chat.removed"] == [
        {"type": "chat_removed", "id": insult.pk}
    ]
    shown = history_frame(room, ana.pk, [0])["messages"]
    assert [(m["text"], m["removed"]) for m in shown][1] == (None, True)
    assert [m.removed_at is not None for m in replay_chat(room.matches.get(), reader_id=None)] == [
        False,
        True,
        False,
        False,
    ]
    entry = AuditEntry.objects.get(action=AuditEntry.Action.CHAT_MESSAGE_REMOVED)
    assert (entry.reason, entry.details["said"]) == ("insult", "you are an idiot")


def test_a_moderator_mutes_the_author_site_wide_for_a_time_with_a_reason(mod_client):
    room, _ana, bo, insult = chatted_room()
    post_action(mod_client, "chat_chatmessage", "mute_authors", [insult], hours=3, reason="insults")
    entry = AuditEntry.objects.get(action=AuditEntry.Action.PLAYER_CHAT_MUTED)
    assert (entry.target_id, entry.reason, entry.details["hours"]) == (str(bo.pk), "insults", 3)
    with pytest.raises(ServiceError) as refused:
        do_say(room=room, identity=me(bo), phrase="good_game")
    assert refused.value.code == "chat_muted"
    post_action(mod_client, "chat_sitemute", "lift_mutes", [SiteMute.objects.get()], reason="apologised")
    assert AuditEntry.objects.filter(action=AuditEntry.Action.CHAT_MUTE_LIFTED).count() == 1
    do_say(room=room, identity=me(bo), phrase="good_game")
