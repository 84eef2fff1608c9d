"""Every interface text has its Spanish version, and the committed .mo matches the .po."""

import gettext
import re
from pathlib import Path

import pytest

PO = Path(__file__).resolve().parents[2] / "locale/es/LC_MESSAGES/django.po"
JS_PO = PO.with_name("djangojs.po")  # the table scripts' counted texts (/jsi18n/)
ENTRY = re.compile(r'^(?:msgctxt ((?:".*"\n)+))?msgid ((?:".*"\n)+)msgstr ((?:".*"\n)+)', re.MULTILINE)
PLURAL = re.compile(
    r'^msgid ((?:".*"\n)+)msgid_plural ((?:".*"\n)+)((?:msgstr\[\d\] (?:".*"\n)+)+)', re.MULTILINE
)


def unquote(block: str) -> str:
    return "".join(re.findall(r'"(.*)"', block)).encode().decode("unicode_escape").encode("latin-1").decode()


def po_entries(po: Path = PO) -> dict[tuple[str, str], str]:
    """(context, msgid) -> msgstr; the context is "" for most texts."""
    return {(unquote(c), unquote(i)): unquote(s) for c, i, s in ENTRY.findall(po.read_text()) if unquote(i)}


def translated(catalog: gettext.GNUTranslations, context: str, msgid: str) -> str:
    return catalog.pgettext(context, msgid) if context else catalog.gettext(msgid)


def plural_entries(po: Path) -> dict[tuple[str, str], list[str]]:
    """(singular, plural) -> each plural form's translation."""
    return {
        (unquote(one), unquote(many)): [unquote(form) for form in re.split(r"msgstr\[\d\] ", forms)[1:]]
        for one, many, forms in PLURAL.findall(po.read_text())
    }


@pytest.mark.parametrize("po", [PO, JS_PO], ids=["django", "djangojs"])
def test_every_counted_text_has_each_spanish_plural_form(po):
    entries = plural_entries(po)
    assert entries
    assert not [key for key, forms in entries.items() if not all(forms)]
    assert "#, fuzzy" not in po.read_text()  # a fuzzy header would lose the plural rule


@pytest.mark.parametrize("po", [PO, JS_PO], ids=["django", "djangojs"])
def test_each_compiled_catalogue_matches_its_source_plurals_too(po):
    with open(po.with_suffix(".mo"), "rb") as f:
        catalog = gettext.GNUTranslations(f)
    assert not [key for key, msgstr in po_entries(po).items() if translated(catalog, *key) != msgstr]
    for (one, many), forms in plural_entries(po).items():
        assert catalog.ngettext(one, many, 1) == forms[0], one
        assert catalog.ngettext(one, many, 2) == forms[-1], many


def test_every_text_is_translated_to_spanish():
    missing = [msgid for msgid, msgstr in po_entries().items() if not msgstr]
    assert not missing


def test_compiled_catalog_matches_the_source():
    with open(PO.with_suffix(".mo"), "rb") as f:
        catalog = gettext.GNUTranslations(f)
    stale = [key for key, msgstr in po_entries().items() if translated(catalog, *key) != msgstr]
    assert not stale, "run: python manage.py compilemessages --ignore=.venv"
