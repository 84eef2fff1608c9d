from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import Block, User


@admin.register(User)
class PlayerAdmin(UserAdmin):
    list_display = ("display_name", "email", "is_staff", "date_joined")
    search_fields = ("display_name", "email", "username")
    fieldsets = (*UserAdmin.fieldsets, ("Player", {"fields": ("display_name",)}))


@admin.register(Block)
class BlockAdmin(admin.ModelAdmin):
    list_display = ("blocker", "blocked", "created")
    search_fields = ("blocker__display_name", "blocked__display_name")
    raw_id_fields = ("blocker", "blocked")
