"""A match's state is rewritten by every move, and PostgreSQL compresses it each time (4-7 kB
of JSON): lz4 does it in about a third of pglz's CPU (docs/benchmarks.md, session 26).  A
PostgreSQL built without lz4 keeps pglz; other databases have no such setting."""

from django.db import migrations

_SET = """
DO $$ BEGIN
    ALTER TABLE games_match ALTER COLUMN state SET COMPRESSION {method};
EXCEPTION WHEN feature_not_supported THEN
    RAISE NOTICE 'this PostgreSQL has no lz4: the state stays compressed with pglz';
END $$
"""


def _compress_with(method: str):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(_SET.format(method=method))

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_match_bots_play_at"),
    ]

    operations = [migrations.RunPython(_compress_with("lz4"), _compress_with("pglz"))]
