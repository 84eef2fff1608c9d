"""The move log's index on `match_id` alone goes: the `(match, seq)` constraint's index serves
every lookup by match, and the second index cost an insertion on every move.  Only the index:
the foreign key's constraint stays as it is (Django's own form would drop and re-add it, which
checks every move again under a lock of the whole table)."""

import django.db.models.deletion
from django.db import migrations, models

INDEX = "games_move_match_id_b9c0e951"


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0014_match_state_lz4"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="move",
                    name="match",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="moves",
                        to="games.match",
                    ),
                ),
            ],
            database_operations=[
                migrations.RunSQL(
                    f"DROP INDEX IF EXISTS {INDEX}",
                    reverse_sql=f"CREATE INDEX {INDEX} ON games_move (match_id)",
                ),
            ],
        ),
    ]
