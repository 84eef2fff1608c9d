import asyncio

from django.core.management.base import BaseCommand

from games.sweeper import run_forever


class Command(BaseCommand):
    help = "Enforce turn timers, close rummy call windows, uncount sockets lost with a dead process and expire idle rooms (run exactly one, beside the web processes)."

    def add_arguments(self, parser):
        parser.add_argument("--interval", type=float, default=1.0, help="seconds between sweeps")

    def handle(self, *args, interval, **options):
        self.stdout.write(f"Sweeper running every {interval} s")
        asyncio.run(run_forever(interval=interval))
