"""The one read-only admin: rows that are facts the server recorded (matches, moves, boards,
the audit log).  Staff look at them and act on them through audited actions, never edit them."""

from __future__ import annotations

from django.contrib import admin


class ReadOnlyAdmin(admin.ModelAdmin):
    """Every field read-only; nothing added or deleted here.  The change permission, which
    admin actions need, only where the page has actions: elsewhere the page is a view."""

    def get_readonly_fields(self, request, obj=None):
        return list(dict.fromkeys([*(f.name for f in self.model._meta.fields), *self.readonly_fields]))

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return bool(self.actions) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class ReadOnlyInline(admin.TabularInline):
    """Rows shown under their parent's page, read-only, none added or removed."""

    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
