"""The site's build prints Material's notice about MkDocs 2 on stderr: not a problem here."""

from __future__ import annotations

import os

os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
