from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from moderation.roles import has_staff_role


class StaffAdminSite(admin.AdminSite):
    site_header = _("Rummy Deco administration")
    site_title = _("Rummy Deco admin")
    index_title = _("Moderation and rules")

    def has_permission(self, request) -> bool:
        """Staff accounts with a role (Moderators, Administrators) or superusers; nobody else."""
        return super().has_permission(request) and has_staff_role(request.user)
