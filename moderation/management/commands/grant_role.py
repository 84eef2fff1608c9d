from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from moderation.roles import ROLES, grant_role, revoke_role


class Command(BaseCommand):
    help = "Make an account a moderator or an administrator (or, with --revoke, stop it being one)."

    def add_arguments(self, parser):
        parser.add_argument("email")
        parser.add_argument("role", choices=sorted(ROLES))
        parser.add_argument("--revoke", action="store_true")

    def handle(self, *, email, role, revoke, **options):
        user = get_user_model().objects.filter(email__iexact=email).first()
        if user is None:
            raise CommandError(f"No account with the email {email}.")
        (revoke_role if revoke else grant_role)(user=user, role=role)
        self.stdout.write(f"{user}: {'no longer' if revoke else 'now'} {ROLES[role]} ({email}).")
