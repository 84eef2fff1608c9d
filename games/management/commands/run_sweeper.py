import asyncio

from django.core.management.base import BaseCommand

from common.metrics import serve_metrics
from games.sweeper import run_forever
from games.sweeper_lock import sweeper_lock


class Command(BaseCommand):
    help = "Enforce turn timers, close rummy call windows, uncount sockets lost with a dead process and expire idle rooms (run any number: one sweeps, the others stand by and take over when it dies)."

    def add_arguments(self, parser):
        parser.add_argument("--interval", type=float, default=1.0, help="seconds between sweeps")

    def handle(self, *args, interval, **options):
        self.stdout.write(f"Sweeper running every {interval} s", ending="\n")
        self.stdout.flush()
        serve_metrics()
        lock = sweeper_lock()
        try:
            asyncio.run(run_forever(interval=interval, lock=lock))
        finally:
            lock.release()
