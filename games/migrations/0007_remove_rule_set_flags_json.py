from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("games", "0006_fill_rule_set_flags")]
    operations = [migrations.RemoveField(model_name="ruleset", name="flags")]
