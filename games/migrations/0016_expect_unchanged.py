"""A function that fails its transaction when a condition does not hold: a move written from
what its process remembered of the match sends, in its one round trip, the lock, this check
that the rows are still as remembered, the writes and the COMMIT; when the check fails,
PostgreSQL skips the rest of the round trip, the transaction rolls back and the move is made
again from the database (`games.services.storage.as_remembered`).  Other databases have no
such round trip and need no function."""

from django.db import migrations

_CREATE = """
CREATE OR REPLACE FUNCTION games_expect_unchanged(unchanged boolean) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
    IF unchanged IS NOT TRUE THEN
        RAISE EXCEPTION 'games: the match changed since this process wrote it'
            USING ERRCODE = 'serialization_failure';
    END IF;
    RETURN true;
END $$
"""
_DROP = "DROP FUNCTION IF EXISTS games_expect_unchanged(boolean)"


def _run(sql: str):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0015_move_match_index_dropped"),
    ]

    operations = [migrations.RunPython(_run(_CREATE), _run(_DROP))]
