"""Verify a game record: `manage.py verify_record FILE [--seed HEX]` (docs/records.md)."""

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.rules.game_record import verify


class Command(BaseCommand):
    help = (
        "Replay a game record (docs/records.md) with the rules engine: say whether it is a legal "
        "game and what its results are.  Exit status 1 when it is refused."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the record, a text file ('-' reads standard input)")
        parser.add_argument(
            "--seed",
            help="hex: the first deal must be dealt from it (a Daily Gin record: the day's seed, "
            "shown on /daily/YYYY-MM-DD/ once the day is over)",
        )

    def handle(self, *args, file, seed, **options):
        try:
            text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"cannot read {file}: {error}") from None
        verdict = verify(text, first_seed=seed)
        if not verdict.legal:
            raise CommandError(f"refused: {verdict.message}")
        self.stdout.write(f"legal: {verdict.message}")
        for line in verdict.results:
            self.stdout.write(line)
