from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0012_rummy_three_seats"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="bots_play_at",
            field=models.DateTimeField(
                blank=True,
                db_index=True,
                help_text="A table of computers alone: the sweeper plays its next action then.",
                null=True,
            ),
        ),
    ]
