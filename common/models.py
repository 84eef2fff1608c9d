"""Fields several apps' models share (abstract: no table of their own)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Moderated(models.Model):
    """An entry a moderator can hide from every board (and restore): a best hand, a rated game,
    a Daily Gin attempt."""

    hidden = models.BooleanField(_("hidden"), default=False, db_index=True)
    hidden_reason = models.CharField(_("reason for hiding"), max_length=200, blank=True)
    hidden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    hidden_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True
