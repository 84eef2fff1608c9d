"""What the pages draw needs no emoji font: not every device has one, and a glyph missing
from every font shows as an empty box (on a phone, the table's chat button showed nothing
else).  Icons are SVG drawn in the text's colour (`templates/icons/`)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# U+1F300-U+1FAFF, the pictographs (💬, 🔥): in emoji fonts, and few others.
EMOJI = re.compile("[\U0001f300-\U0001faff]")


def test_no_template_or_script_of_the_pages_draws_an_emoji():
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}"
        for folder in ("templates", "static/js")
        for path in sorted((ROOT / folder).rglob("*"))
        if path.suffix in {".html", ".js", ".svg", ".txt"}
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if EMOJI.search(line)
    ]
    assert not found, "\n".join(found)
