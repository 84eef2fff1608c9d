"""The site's name in account e-mails ("Hello from Rummy Deco!"), not Django's example.com.

On a new database the sites app would only create its example.com row after every
migration, so this one creates the row itself (the sites app then leaves it be).
"""

from django.conf import settings
from django.db import migrations


def name_the_site(apps, schema_editor):
    Site = apps.get_model("sites", "Site")
    site, created = Site.objects.get_or_create(
        pk=settings.SITE_ID, defaults={"domain": "example.com", "name": "Rummy Deco"}
    )
    if not created and site.name == "example.com":
        Site.objects.filter(pk=site.pk).update(name="Rummy Deco")


def unname_the_site(apps, schema_editor):
    Site = apps.get_model("sites", "Site")
    Site.objects.filter(pk=settings.SITE_ID, name="Rummy Deco").update(name="example.com")


class Migration(migrations.Migration):
    dependencies = [("sites", "0002_alter_domain_unique")]

    operations = [migrations.RunPython(name_the_site, unname_the_site)]
