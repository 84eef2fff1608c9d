"""Every interface text has its Spanish version, and the committed .mo matches the .po."""

import gettext
import re
from pathlib import Path

PO = Path(__file__).resolve().parents[2] / "locale/es/LC_MESSAGES/django.po"
ENTRY = re.compile(r'^msgid ((?:".*"\n)+)msgstr ((?:".*"\n)+)', re.MULTILINE)


def unquote(block: str) -> str:
    return "".join(re.findall(r'"(.*)"', block)).encode().decode("unicode_escape").encode("latin-1").decode()


def po_entries() -> dict[str, str]:
    return {unquote(i): unquote(s) for i, s in ENTRY.findall(PO.read_text()) if unquote(i)}


def test_every_text_is_translated_to_spanish():
    missing = [msgid for msgid, msgstr in po_entries().items() if not msgstr]
    assert not missing


def test_compiled_catalog_matches_the_source():
    with open(PO.with_suffix(".mo"), "rb") as f:
        catalog = gettext.GNUTranslations(f)
    stale = [msgid for msgid, msgstr in po_entries().items() if catalog.gettext(msgid) != msgstr]
    assert not stale, "run: python manage.py compilemessages --ignore=.venv"
