"""Compute and store a closed day's par: `manage.py daily_par --date YYYY-MM-DD [--seconds 60]`."""

from datetime import date

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from daily import par, seeds, services


class Command(BaseCommand):
    help = "Search the best first-hand line of a day's Daily Gin deal against the arcade bot and store it."

    def add_arguments(self, parser):
        parser.add_argument("--date", required=True, type=date.fromisoformat, help="YYYY-MM-DD (UTC)")
        parser.add_argument("--seconds", type=float, default=60.0, help="time budget (default 60)")

    def handle(self, *args, date, seconds, **options):
        if seconds <= 0:
            raise CommandError("--seconds must be positive")
        if not seeds.is_closed(date, timezone.now()):
            # Its par line would solve the deal for whoever runs the command before playing it.
            raise CommandError(f"{date} is still open: its par can be computed once it closes")
        found = par.search(seeds.day_seed(date), seconds=seconds)
        services.do_store_par(day=date, par=found, method=par.METHOD)
        self.stdout.write(
            f"{date}: par {found.result:+d} in {found.turns} turns "
            f"({found.nodes} positions, widest beam {found.width}, {found.seconds} s)"
        )
