import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

DEMO_EMAIL = "admin@example.com"


class Command(BaseCommand):
    help = "Create a demo administrator once, printing its password that one time."

    def handle(self, *args, **options):
        User = get_user_model()
        if User.objects.filter(is_superuser=True).exists():
            return
        password = secrets.token_urlsafe(12)
        User.objects.create_superuser(
            username="admin", email=DEMO_EMAIL, password=password, display_name="Admin"
        )
        self.stdout.write(
            self.style.SUCCESS(f"Demo admin created: {DEMO_EMAIL} / {password}  (shown only this once)")
        )
