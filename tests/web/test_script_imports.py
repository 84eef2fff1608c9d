"""Every import of the site's ES modules names a module that exists and an export it has. A
browser refuses the whole page's scripts for one wrong name, and only the browser suite, minutes
later, would say so (a module moved from table/ to gin/ left rummy importing it from table/)."""

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "static" / "js"
IMPORT = re.compile(r'^import \{([^}]+)\} from "([^"]+)";', re.MULTILINE)
EXPORT = r"^export (?:async )?(?:function|const|let|class) {}(?![\w$])"


def imports():
    for module in sorted(STATIC.rglob("*.js")):
        for names, source in IMPORT.findall(module.read_text()):
            for name in names.split(","):
                yield module, (module.parent / source).resolve(), name.split(" as ")[0].strip()


def test_every_imported_name_is_exported_by_its_module():
    wrong = [
        f"{module.relative_to(STATIC)}: {name} from {target.relative_to(STATIC)}"
        for module, target, name in imports()
        if not target.exists()
        or not re.search(EXPORT.format(re.escape(name)), target.read_text(), re.MULTILINE)
    ]
    assert wrong == []


def test_the_check_sees_the_modules_imports():
    assert sum(1 for _ in imports()) > 100
