"""Writing the audit log.  Every staff service calls `record` inside its own transaction, so
an action and its entry are stored together or not at all."""

from __future__ import annotations

from typing import Any

from django.db import models

from moderation.models import AuditEntry


def record(
    *,
    actor,
    action: str,
    target: models.Model | None = None,
    reason: str = "",
    details: dict[str, Any] | None = None,
) -> AuditEntry:
    return AuditEntry.objects.create(
        actor=actor,
        actor_name=str(actor),
        action=action,
        target_type="" if target is None else target._meta.label_lower,
        target_id="" if target is None else str(target.pk),
        target_label="" if target is None else str(target)[:200],
        reason=reason,
        details=details or {},
    )
