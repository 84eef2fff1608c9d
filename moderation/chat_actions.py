"""What moderators do to the table chat: remove a message (kept, shown as removed), mute a
player site-wide for a time, lift such a mute.  Each is one transaction: the chat service,
then the audit entry."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from games.chat import services
from games.chat.models import ChatMessage, SiteMute
from moderation.audit import record
from moderation.models import AuditEntry


@transaction.atomic
def do_moderator_remove_chat_message(*, actor: AbstractBaseUser, message: ChatMessage, reason: str) -> None:
    message = services.do_remove_message(message=message, by=actor)
    record(
        actor=actor,
        action=AuditEntry.Action.CHAT_MESSAGE_REMOVED,
        target=message,
        reason=reason,
        details={"room": message.room.code, "author": message.author_name, "said": message.shown_text()},
    )


@transaction.atomic
def do_moderator_mute_player(
    *, actor: AbstractBaseUser, player: AbstractBaseUser, hours: int, reason: str
) -> SiteMute:
    mute = services.do_site_mute(player=player, hours=hours, reason=reason, by=actor)
    record(
        actor=actor,
        action=AuditEntry.Action.PLAYER_CHAT_MUTED,
        target=player,
        reason=reason,
        details={"hours": hours, "until": mute.until.isoformat()},
    )
    return mute


@transaction.atomic
def do_moderator_lift_mute(*, actor: AbstractBaseUser, mute: SiteMute, reason: str) -> None:
    mute = services.do_lift_site_mute(mute=mute)
    record(actor=actor, action=AuditEntry.Action.CHAT_MUTE_LIFTED, target=mute.player, reason=reason)
