"""Admin actions that first ask why (on an intermediate page), then run a service for each
selected object.  Every staff service writes the reason to the audit log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from common.errors import ServiceError


class ReasonForm(forms.Form):
    """The reason every moderator action records.  Subclasses add their own fields and may
    use the selected objects (`queryset`) to offer choices."""

    reason = forms.CharField(label=_("Why"), max_length=200, widget=forms.Textarea(attrs={"rows": 3}))

    def __init__(self, *args, queryset=None, **kwargs):
        super().__init__(*args, **kwargs)


def action_with_reason(
    *,
    name: str,
    description: str,
    perform: Callable[[Any, Any, dict[str, Any]], None],
    form_class: type[ReasonForm] = ReasonForm,
    permission: str = "change",
):
    """An admin action: `perform(actor, obj, cleaned_data)` calls one service for one object."""

    def action(modeladmin, request, queryset):
        form = form_class(request.POST if "confirm" in request.POST else None, queryset=queryset)
        if not form.is_valid():
            context = {
                **modeladmin.admin_site.each_context(request),
                "title": description,
                "form": form,
                "queryset": queryset,
                "action": name,
                "opts": modeladmin.model._meta,
                "action_checkbox_name": ACTION_CHECKBOX_NAME,
            }
            return TemplateResponse(request, "moderation/admin/action_form.html", context)
        done = 0
        for obj in queryset:
            try:
                perform(request.user, obj, form.cleaned_data)
                done += 1
            except ServiceError as error:
                modeladmin.message_user(request, error.message, messages.ERROR)
        if done:
            modeladmin.message_user(
                request,
                ngettext("%(action)s: %(count)d done.", "%(action)s: %(count)d done.", done)
                % {"action": description, "count": done},
                messages.SUCCESS,
            )
        return None

    action.__name__ = name
    return admin.action(description=description, permissions=[permission])(action)
