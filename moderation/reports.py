"""Players report a room or a player; moderators resolve the report with an outcome."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.errors import ServiceError
from games.chat.models import ChatMessage
from games.chat.selectors import report_context
from games.models import Room
from moderation.audit import record
from moderation.models import AuditEntry, Report


def do_file_report(
    *,
    reporter,
    reason: str,
    message: str,
    room: Room | None = None,
    player=None,
    chat_message: ChatMessage | None = None,
) -> Report:
    """A report of a room, a player, or a chat message (its room and author, and the chat
    around it as it was, go with it)."""
    if chat_message is not None:
        room, player = chat_message.room, chat_message.author
    if room is None and player is None:
        raise ServiceError("no_target", _("Say which room or player you are reporting."))
    if player is not None and player.pk == reporter.pk:
        raise ServiceError("self_report", _("You cannot report yourself."))
    return Report.objects.create(
        reporter=reporter,
        room=room,
        player=player,
        reason=reason,
        message=message,
        chat_message=chat_message,
        chat_context=report_context(chat_message) if chat_message else [],
    )


@transaction.atomic
def do_resolve_report(*, actor: AbstractBaseUser, report: Report, outcome: str, note: str) -> Report:
    report = Report.objects.select_for_update().get(pk=report.pk)
    if not report.is_open:
        raise ServiceError("already_resolved", _("Report %(id)s is already resolved.") % {"id": report.pk})
    report.outcome = outcome
    report.resolution_note = note
    report.resolved_by = actor
    report.resolved_at = timezone.now()
    report.save(update_fields=["outcome", "resolution_note", "resolved_by", "resolved_at"])
    record(
        actor=actor,
        action=AuditEntry.Action.REPORT_RESOLVED,
        target=report,
        reason=note,
        details={"outcome": outcome},
    )
    return report
