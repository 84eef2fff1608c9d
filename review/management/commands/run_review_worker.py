"""An RQ worker for the engine's reviews, on the site's Redis; run any number, on any machine."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from review.queue import redis_queue


class Command(BaseCommand):
    help = "Work off the review queue on REDIS_URL (RQ): the engine's reviews of finished matches."

    def add_arguments(self, parser):
        parser.add_argument("--burst", action="store_true", help="Stop once the queue is empty.")
        parser.add_argument("--name", default=None, help="The worker's name in RQ (default: RQ's own).")

    def handle(self, *args, burst=False, name=None, **options):
        if not settings.REDIS_URL:
            raise CommandError("Set REDIS_URL: without Redis the site reviews in its own process.")
        from rq import Worker

        q = redis_queue()
        Worker([q], connection=q.connection, name=name).work(burst=burst)
