from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import User


@admin.register(User)
class PlayerAdmin(UserAdmin):
    list_display = ("display_name", "email", "is_staff", "date_joined")
    search_fields = ("display_name", "email", "username")
    fieldsets = (*UserAdmin.fieldsets, ("Player", {"fields": ("display_name",)}))
