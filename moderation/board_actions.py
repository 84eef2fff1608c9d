"""Moderators' leaderboard actions: the leaderboard's own services, each with its audit entry
in the same transaction."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from common.models import Moderated
from leaderboard import services
from moderation.audit import record
from moderation.models import AuditEntry


@transaction.atomic
def do_hide_board_entry(*, actor: AbstractBaseUser, entry: Moderated, reason: str) -> None:
    services.do_hide_entry(entry=entry, by=actor, reason=reason)
    record(actor=actor, action=AuditEntry.Action.ENTRY_HIDDEN, target=entry, reason=reason)


@transaction.atomic
def do_restore_board_entry(*, actor: AbstractBaseUser, entry: Moderated, reason: str) -> None:
    services.do_restore_entry(entry=entry, by=actor)
    record(actor=actor, action=AuditEntry.Action.ENTRY_RESTORED, target=entry, reason=reason)


@transaction.atomic
def do_exclude_board_player(*, actor: AbstractBaseUser, user: AbstractBaseUser, reason: str) -> None:
    services.do_exclude_player(user=user, by=actor, reason=reason)
    record(actor=actor, action=AuditEntry.Action.PLAYER_EXCLUDED, target=user, reason=reason)


@transaction.atomic
def do_restore_board_player(*, actor: AbstractBaseUser, user: AbstractBaseUser, reason: str) -> None:
    services.do_restore_player(user=user, by=actor)
    record(actor=actor, action=AuditEntry.Action.PLAYER_RESTORED, target=user, reason=reason)


@transaction.atomic
def do_recompute_board_ratings(*, actor: AbstractBaseUser, family: str, reason: str) -> int:
    counted = services.do_recompute_ratings(family=family)
    record(
        actor=actor,
        action=AuditEntry.Action.RATINGS_RECOMPUTED,
        reason=reason,
        details={"family": family, "games_counted": counted},
    )
    return counted
