"""Django's database sessions, read by SQL written once: every page and every socket's
opening reads one, and the ORM built that query anew each time (about 0.4 ms of CPU on these
machines, docs/benchmarks.md, session 34).  Stored as Django's are, in the same table."""

from __future__ import annotations

from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore
from django.db import connections
from django.utils import timezone


class SessionStore(DatabaseSessionStore):
    def _get_session_from_db(self):
        """The session's row unless it expired (as Django's), or None and no key."""
        model = self.model
        if self.session_key is not None:
            db = connections[model.objects.db]
            with db.cursor() as cursor:
                cursor.execute(
                    f"SELECT session_data FROM {model._meta.db_table}"
                    " WHERE session_key = %s AND expire_date > %s",
                    [self.session_key, db.ops.adapt_datetimefield_value(timezone.now())],
                )
                row = cursor.fetchone()
            if row is not None:
                return model(session_key=self.session_key, session_data=row[0])
        self._session_key = None
        return None
