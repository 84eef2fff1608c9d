from functools import wraps

from django.contrib import admin
from django.contrib.admin.options import TO_FIELD_VAR
from django.http import HttpResponseBadRequest
from django.utils.translation import gettext_lazy as _

from moderation.roles import has_staff_role


class StaffAdminSite(admin.AdminSite):
    site_header = _("Rummy Deco administration")
    site_title = _("Rummy Deco admin")
    index_title = _("Moderation and rules")

    def has_permission(self, request) -> bool:
        """Staff accounts with a role (Moderators, Administrators) or superusers; nobody else."""
        return super().has_permission(request) and has_staff_role(request.user)

    def admin_view(self, view, cacheable=False):
        """Every admin view, refusing an empty `_to_field`: Django checks a named field but
        looks an empty name up as a field, which raised (a 500)."""
        guarded = super().admin_view(view, cacheable)

        @wraps(guarded)
        def inner(request, *args, **kwargs):
            if "" in (request.GET.get(TO_FIELD_VAR), request.POST.get(TO_FIELD_VAR)):
                return HttpResponseBadRequest(_("The field to select is missing."))
            return guarded(request, *args, **kwargs)

        return inner
