from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class ModerationConfig(AppConfig):
    name = "moderation"
    verbose_name = _("Moderation")
    default = True

    def ready(self) -> None:
        from moderation.roles import sync_roles_after_migrate

        # Listed last in INSTALLED_APPS, so every other app's permissions exist by then.
        post_migrate.connect(sync_roles_after_migrate, sender=self)


class StaffAdminConfig(admin_apps.AdminConfig):
    """Django's admin, on a site only the two staff roles may enter."""

    default = False
    default_site = "moderation.sites.StaffAdminSite"
