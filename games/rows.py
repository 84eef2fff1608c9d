"""Model instances read by SQL written once, without the ORM's machinery.

Building a query through the ORM cost about 0.4 ms of CPU on these machines, whatever the
query (reading a room's seats: 0.48 ms, against 0.07 ms for `SELECT 1` through a cursor), and
a table socket's opening and closing made some fifteen (docs/benchmarks.md, session 34).  The
reads that run for every move or every socket say their SQL once and make their instances
here, as `Model.from_db` would."""

from __future__ import annotations

import functools
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import JSONField, Model
from django.db.models.base import ModelState

from common import fastjson

quote = connection.ops.quote_name


class Columns:
    """A model's columns in a written-out SELECT, and how their values become an instance."""

    def __init__(self, model: type[Model]) -> None:
        self.model = model
        fields = model._meta.concrete_fields
        table = model._meta.db_table
        self.columns = ", ".join(f"{table}.{quote(field.column)}" for field in fields)
        self.attnames = [field.attname for field in fields]
        self.pk_index = next(n for n, field in enumerate(fields) if field.primary_key)
        self.fields = fields
        self.table = table
        self._converters: dict[str, list[tuple[int, list[Any], Any]]] = {}

    def loaded(self, alias: str, values: list[Any]) -> Model:
        """An instance as `Model.from_db` makes it, without `__init__`: its per-field loop and
        signals took three quarters of the 4 µs an instance cost (a move reads four); the
        models read here have no `__init__` of their own and nothing listens to their init
        signals (`tests/games/test_written_reads.py`)."""
        instance = self.model.__new__(self.model)
        state = instance._state = ModelState()
        state.adding, state.db = False, alias
        instance.__dict__.update(zip(self.attnames, values, strict=True))
        return instance

    def converters(self, db: BaseDatabaseWrapper) -> list[tuple[int, list[Any], Any]]:
        """What the ORM applies to each value read (a JSON field's parsing, SQLite's dates):
        the same for every query, so worked out once per database engine."""
        vendor = db.vendor
        if vendor not in self._converters:
            found = []
            for index, field in enumerate(self.fields):
                col = field.get_col(self.table)
                funcs = db.ops.get_db_converters(col) + field.get_db_converters(db)
                if vendor == "postgresql" and isinstance(field, JSONField):
                    funcs = [_json_value]  # jsonb comes as text (Django's loader): orjson parses it
                if funcs:
                    found.append((index, funcs, col))
            self._converters[vendor] = found
        return self._converters[vendor]


@functools.cache
def columns(model: type[Model]) -> Columns:
    """The one `Columns` of `model`: every module reading it shares its worked-out converters."""
    return Columns(model)


def _json_value(value: str | None, expression: Any, connection: Any) -> Any:
    return None if value is None else fastjson.loads(value)


def instances(
    db: BaseDatabaseWrapper,
    models: tuple[Columns, ...],
    rows: list[tuple[Any, ...]],
    extra: tuple[str, ...] = (),
) -> list[tuple[Any, ...]]:
    """For each row, an instance of each of `models`, read from its columns in that order
    (None for a model whose primary key is NULL: a LEFT JOIN that found nothing); the `extra`
    columns after theirs are set as attributes of the first."""
    layout = [(known, known.converters(db)) for known in models]
    found = []
    for row in rows:
        start, made = 0, []
        for known, converters in layout:
            values = list(row[start : start + len(known.attnames)])
            start += len(known.attnames)
            if values[known.pk_index] is None:
                made.append(None)
                continue
            for index, funcs, col in converters:
                for func in funcs:
                    values[index] = func(values[index], col, db)
            made.append(known.loaded(db.alias, values))
        for name, value in zip(extra, row[start:], strict=True):
            setattr(made[0], name, value)
        found.append(tuple(made))
    return found


def copied(instance: Model) -> Model:
    """A copy of `instance` with its own state and no related instance cached: `copy.copy`
    of a model instance pickles it (its `__reduce__`), five times the cost."""
    made = instance.__class__.__new__(instance.__class__)
    made.__dict__.update(instance.__dict__)
    state = made._state = ModelState()
    state.adding, state.db = False, instance._state.db
    return made


def select(models: tuple[Columns, ...], sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    """`sql`'s rows as instances of `models` (`instances`), on this thread's connection."""
    db = connections[DEFAULT_DB_ALIAS]
    with db.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return instances(db, models, rows)


def relate(instance: Model, field_name: str, related: Model | None) -> None:
    """Keep `related` as what `instance.<field_name>` gives, read with it (select_related's cache)."""
    instance._meta.get_field(field_name).set_cached_value(instance, related)  # type: ignore[union-attr]
