"""The SQL of one change to a match, written once: lock the match, its room and seats; append
the moves and store the match's progress (the ORM built these queries anew for every move).
Each of the two goes to PostgreSQL in one round trip, the first with the transaction's BEGIN
and, where nothing is written after it, the second with its COMMIT.  A move made from what
the process remembers of the match (`as_remembered`) needs only the second."""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Iterator
from datetime import datetime
from typing import Any

import psycopg
from django.db import DEFAULT_DB_ALIAS, OperationalError, connection, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import JSONField
from django.utils import timezone
from psycopg.pq import ExecStatus, Format, TransactionStatus
from psycopg.types.json import Jsonb

from common import fastjson
from common.errors import ServiceError
from games import rows
from games.models import MAX_SEATS, Match, Move, Room, Seat
from games.seating import LOST_AFTER
from games.services.memory import Memory


def lock_match(*, match_id: int, client_id: str | None = None) -> tuple[Match, list[Seat]]:
    """The match and its room, both locked (in that order, by one query), and its seats.

    With `client_id`, the same query tells how many moves the log holds (`moves_logged`, read
    as `moves_logged` does) and whether any may carry that id (`maybe_seen`, whoever sent it):
    a move costs one query fewer; on PostgreSQL it also gives the room row's version
    (`room_xmin`), which a memory of the match is checked against (`as_remembered`).
    The SQL is written out: the ORM built these queries anew for every move, about 1.3 ms of
    CPU of the 3.5 ms a move cost (docs/benchmarks.md, "Load", fourth round).
    """
    params: list[Any] = [match_id]
    db = _db()
    extra: tuple[str, ...] = ()
    if client_id is not None:
        params = [*_seen_params(client_id, array=False), match_id]
        extra = ("moves_logged", "maybe_seen") + (("room_xmin",) if db.vendor == "postgresql" else ())
    found, seats = _read_each(
        db,
        [
            (
                (_MATCH, _ROOM),
                _lock_sql(counted=client_id is not None, vendor=db.vendor),
                params,
                extra,
            ),
            ((_SEAT,), _SEATS_OF_MATCH, [match_id], ()),  # read once the match is locked
        ],
    )
    if not found:
        raise ServiceError("no_match", "No such match.")
    match, match.room = found[0]
    return match, [seat for (seat,) in seats]


def moves_logged(match: Match) -> int:
    """The moves the match's log holds: its last `seq` + 1, a log being numbered from 0 with
    no gap; one index probe, where a count reads about a page a move on a busy site."""
    last = Move.objects.filter(match=match).order_by("-seq").values_list("seq", flat=True).first()
    return 0 if last is None else last + 1


@functools.cache
def _lock_sql(*, counted: bool, vendor: str) -> str:
    """The same text object every time (`_run_all`); `vendor` keys the cache: the lock clause
    is the database's."""
    counts = ""
    if counted:
        counts = (
            ", COALESCE((SELECT seq + 1 FROM games_move WHERE match_id = games_match.id"
            f" ORDER BY seq DESC LIMIT 1), 0) AS moves_logged, {_seen('games_match.id', array=False)} AS maybe_seen"
        )
        if vendor == "postgresql":
            counts += ", games_room.xmin::text AS room_xmin"
    return f"SELECT {_MATCH.columns}, {_ROOM.columns}{counts} {_MATCH_AND_ROOM}{_lock_clause()}"


def _lock_clause() -> str:
    return " FOR UPDATE" if connection.features.has_select_for_update else ""


_MATCH_AND_ROOM = (
    "FROM games_match JOIN games_room ON games_room.id = games_match.room_id WHERE games_match.id = %s"
)


def _seen(match: str, *, array: bool) -> str:
    """Whether the log of `match` (an SQL expression) may hold a move with the client id of
    `_seen_params`: the player's own, or the deal that a next_hand request made (its tags as
    one array parameter with `array`, PostgreSQL's)."""
    tags = "= ANY(%s)" if array else f"IN ({', '.join(['%s'] * MAX_SEATS)})"
    return (
        f"EXISTS(SELECT 1 FROM games_move WHERE match_id = {match} AND (client_id = %s"
        f" OR (seat IS NULL AND client_id {tags})))"
    )


def _seen_params(client_id: str, *, array: bool) -> list[Any]:
    tags = [f"{seat}:{client_id}" for seat in range(MAX_SEATS)]  # a next_hand's deal
    return [client_id, tags] if array else [client_id, *tags]


_quote = rows.quote
_MATCH, _ROOM, _SEAT = rows.columns(Match), rows.columns(Room), rows.columns(Seat)
_SEATS_OF_MATCH = (
    f"SELECT {_SEAT.columns} FROM games_seat"
    ' WHERE room_id = (SELECT room_id FROM games_match WHERE id = %s) ORDER BY "index"'
)


class Changed(Exception):
    """The match's rows were no longer as this process remembered them (`as_remembered`):
    nothing was written."""


@contextlib.contextmanager
def as_remembered(memory: Memory, *, client_id: str) -> Iterator[tuple[Match, list[Seat]]]:
    """In a transaction that has run nothing yet, on PostgreSQL: the match and its seats as
    this process last wrote them (copies, read from nothing), for a move by `client_id`.

    The lock that `lock_match` takes, and a check that the match, its room and its seats are
    still as remembered and the log holds no move of `client_id`, go ahead of the
    transaction's first statement, in its round trip (`_run_all`).  When they are not, the
    check fails the transaction, PostgreSQL runs nothing after it, and `Changed` is raised:
    the caller rolls back and makes the move from the database."""
    db = _db()
    match, seats = memory.copies()
    _ahead.statements = [
        (f"SELECT games_match.id {_MATCH_AND_ROOM}{_lock_clause()}", [match.pk]),
        _check(memory, client_id),  # a statement of its own: it sees what the lock waited for
    ]
    try:
        with db.execute_wrapper(_check_first):
            yield match, seats
    finally:
        _ahead.statements = []


def _check(memory: Memory, client_id: str) -> tuple[str, list[Any]]:
    """A seat is compared column by column (as JSON: a column whose JSON form differs from
    Python's, a time, would make every check fail, never pass wrongly), save when it was last
    seen: the seat keeper writes that every 45 s, and a move reads only whether it is within
    LOST_AFTER.  Few parameters: psycopg parses a query with more than 50 anew each time."""
    match, cutoff = memory.match, timezone.now() - LOST_AFTER
    seats = [
        {
            **{field.column: getattr(seat, field.attname) for field in _SEAT_COMPARED},
            "online": seat.last_seen is not None and seat.last_seen > cutoff,
        }
        for seat in memory.seats
    ]
    params = [
        match.pk,
        match.xmin,
        match.room_id,
        match.room_xmin,
        cutoff,
        match.room_id,
        Jsonb(seats, dumps=fastjson.dumps_bytes),
        match.pk,
        *_seen_params(client_id, array=True),
    ]
    return _CHECK, params


_SEAT_COMPARED = [
    field for field in Seat._meta.concrete_fields if field.attname not in ("room_id", "last_seen")
]
_CHECK = (
    "SELECT games_expect_unchanged((SELECT xmin::text FROM games_match WHERE id = %s) = %s"
    " AND (SELECT xmin::text FROM games_room WHERE id = %s) = %s"
    " AND (SELECT jsonb_agg(((to_jsonb(s) - 'room_id') - 'last_seen')"
    " || jsonb_build_object('online', COALESCE(s.last_seen > %s, false)) ORDER BY s.\"index\")"
    " FROM games_seat s WHERE s.room_id = %s) = %s"
    f" AND NOT {_seen('%s', array=True)})"
)


class _Ahead(threading.local):
    statements: list[tuple[str, list[Any]]] = []
    """`as_remembered`'s lock and check, until a round trip takes them."""


_ahead = _Ahead()


def _check_first(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
    """Before any other statement that `as_remembered`'s transaction runs (through Django's
    cursor, not `_run_all`), its lock and check, in a round trip of their own."""
    if _ahead.statements:
        _run_all(_db(), [])
    return execute(sql, params, many, context)


def _is_changed(error: OperationalError) -> bool:
    return isinstance(error.__cause__, psycopg.errors.SerializationFailure) and "games:" in str(error)


Query = tuple[tuple[rows.Columns, ...], str, list[Any], tuple[str, ...]]
"""The models a SELECT reads (their columns in that order, `rows.Columns.columns`), the SQL, its
parameters, and the extra columns after the models', set as attributes of the first."""


def _read_each(db: BaseDatabaseWrapper, queries: list[Query]) -> list[list[tuple[Any, ...]]]:
    """For each query, an instance of each of its models per row: as `Model.objects.raw` would
    make them, without its machinery, which worked out the columns anew on every query (a
    third of a move's locking CPU: docs/benchmarks.md, "Session 15"); the queries in one round
    trip where the database allows it (`_run_all`)."""
    statements = [(sql, params) for _, sql, params, _ in queries]
    return [
        rows.instances(db, models, found, extra)
        for (models, _, _, extra), found in zip(queries, _run_all(db, statements, fetch=True), strict=True)
    ]


def _run_all(
    db: BaseDatabaseWrapper, statements: list[tuple[str, list[Any]]], *, fetch: bool = False
) -> list[list[tuple[Any, ...]]]:
    """Run the statements in order, in one round trip on PostgreSQL (psycopg binds parameters
    on the client, so several statements go as one query), one by one elsewhere; with
    `fetch`, the rows of each (none for a statement that returns none).

    The first statements of a transaction carry its BEGIN: psycopg sent it in a round trip
    of its own before them (a move's four round trips were BEGIN, the locking read, the
    write and COMMIT; `save_run` carries the COMMIT).  On PostgreSQL, what `as_remembered`
    left to go first (its lock and check) goes ahead of the statements, its rows not given."""
    results: list[list[tuple[Any, ...]]] = []
    if db.vendor == "postgresql":
        ahead, _ahead.statements = _ahead.statements, []
        statements = ahead + statements
        raw = _connected(db)
        begins = _begins_here(raw)
        sql = _joined((("BEGIN",) if begins else ()) + tuple(sql for sql, _ in statements))
        cursor = _kept_cursor(db, raw, sql)
        params = [p for _, ps in statements for p in ps]
        try:
            if begins:
                raw._autocommit = True  # psycopg's own BEGIN is skipped in autocommit (private: pinned)
                try:
                    cursor.execute(sql, params)
                finally:
                    raw._autocommit = False
                cursor.nextset()  # BEGIN's result
            else:
                cursor.execute(sql, params)
        except OperationalError as error:
            if ahead and _is_changed(error):
                raise Changed from error
            raise
        if fetch:
            results.append(_pg_rows(cursor))
            while cursor.nextset():
                results.append(_pg_rows(cursor))
        return results[len(ahead) :]
    with db.cursor() as cursor:
        for sql, params in statements:
            cursor.execute(sql, params)
            if fetch:
                results.append(_rows(cursor))
    return results


def _begins_here(raw: psycopg.Connection) -> bool:
    """Whether psycopg is about to begin a transaction that Django opened (`atomic`) with
    no options of its own (isolation level, read only) before its first statement."""
    return (
        not raw.autocommit
        and raw.pgconn.transaction_status == TransactionStatus.IDLE
        and raw.isolation_level is None
        and raw.read_only is None
        and not raw.deferrable
    )


def _rows(cursor: Any) -> list[tuple[Any, ...]]:
    return cursor.fetchall() if cursor.description is not None else []


def _pg_rows(cursor: Any) -> list[tuple[Any, ...]]:
    """`_rows` on PostgreSQL, asking psycopg's result whether it has rows: `description`
    builds a column object for each of the locking read's 34 columns, on every move."""
    result = cursor.cursor.pgresult
    return cursor.fetchall() if result is not None and result.status == ExecStatus.TUPLES_OK else []


@functools.lru_cache(maxsize=64)
def _joined(statements: tuple[str, ...]) -> str:
    return "; ".join(statements)


_kept = threading.local()
_C_TIMESTAMPTZ = psycopg.adapters.get_loader(psycopg.adapters.types["timestamptz"].oid, Format.TEXT)
"""psycopg's own loader, in C (psycopg's binary build): Django's parses each timestamp in
Python, to give it Django's time zone, which is the session's (UTC) that psycopg's gives too
(`tests/games/test_match_services.py` compares the two reads)."""


def _db() -> BaseDatabaseWrapper:
    """This thread's connection itself: `django.db.connection` looks it up anew on every
    attribute read, which a move's statements did some thirty times."""
    return connections[DEFAULT_DB_ALIAS]


def _connected(db: BaseDatabaseWrapper) -> psycopg.Connection:
    """This thread's psycopg connection, opened if need be."""
    db.close_if_health_check_failed()
    db.ensure_connection()
    return db.connection


def _kept_cursor(db: BaseDatabaseWrapper, raw: psycopg.Connection, sql: str) -> Any:
    """A cursor of this thread's connection for `sql` alone, kept from move to move, in
    Django's wrapper (which translates errors and logs queries).  psycopg keeps what it worked
    out for the columns a cursor read while the cursor runs the same text (the same object:
    `_joined`) again; a new cursor, or another query in between, made a loader per column per
    query anew (an eighth of the CPU of the two statements: docs/benchmarks.md, session 25)."""
    if getattr(_kept, "connection", None) is not raw:
        _kept.connection, _kept.cursors = raw, {}
    cursor = _kept.cursors.get(sql)
    if cursor is None or cursor.closed:
        with db.wrap_database_errors:
            cursor = _kept.cursors[sql] = db.create_cursor()
        cursor.adapters.register_loader("timestamptz", _C_TIMESTAMPTZ)
    return db._prepare_cursor(cursor)


# What a run changes in a match (offers and the rest are saved by their own services), and
# what it logs; their SQL is written once, as lock_match's is.
_PROGRESS_FIELDS = [
    Match._meta.get_field(name)
    for name in (
        "state",
        "version",
        "status",
        "winner_seat",
        "end_reason",
        "turn_deadline",
        "call_deadline",
        "bots_play_at",
        "updated_at",
    )
]

_SAVE_PROGRESS = (
    f"UPDATE games_match SET {', '.join(_quote(f.column) + ' = %s' for f in _PROGRESS_FIELDS)} WHERE id = %s"
)

_SAVE_PROGRESS_XMIN = _SAVE_PROGRESS + " RETURNING xmin::text"
"""... and the row's new version, which a memory of the match is checked against (`as_remembered`)."""

_MOVE_FIELDS = [field for field in Move._meta.concrete_fields if not field.primary_key]

_AS_IS = {
    "CharField": str,
    "DateTimeField": datetime,  # an aware one: PostgreSQL's adapter takes it as it is
    "ForeignKey": int,
    "PositiveIntegerField": int,
    "PositiveSmallIntegerField": int,
}
_PLAIN = {
    field: _AS_IS[field.get_internal_type()]
    for field in _PROGRESS_FIELDS + _MOVE_FIELDS
    if field.get_internal_type() in _AS_IS
}
"""The type of value each field's `get_db_prep_save` gives back as it is on PostgreSQL (None
too; an int comes back as psycopg's `Int4`, the same number)."""

_MOVE_ROW = f"({', '.join(['%s'] * len(_MOVE_FIELDS))})"


@functools.lru_cache(maxsize=16)
def _insert_moves(count: int) -> str:
    columns = ", ".join(_quote(f.column) for f in _MOVE_FIELDS)
    return f"INSERT INTO games_move ({columns}) VALUES {', '.join([_MOVE_ROW] * count)}"


def _sql_values(db: BaseDatabaseWrapper, instance: Any, fields: list) -> list[Any]:
    if db.vendor != "postgresql":
        return [field.get_db_prep_save(getattr(instance, field.attname), db) for field in fields]
    return [_pg_value(db, field, getattr(instance, field.attname)) for field in fields]


def _pg_value(db: BaseDatabaseWrapper, field: Any, value: Any) -> Any:
    """What Django's `get_db_prep_save` gives PostgreSQL for `value`, without its layers of
    calls where it gives the value itself (a move's fifteen values went through them)."""
    plain = _PLAIN.get(field)
    if value is None and plain is not None:
        return None
    if plain is not None and type(value) is plain and (plain is not datetime or value.tzinfo is not None):
        return value
    if value is not None and isinstance(field, JSONField):
        # A state's JSON is most of a move's SQL: orjson writes it, not Django's json.dumps.
        return Jsonb(value, dumps=fastjson.dumps_bytes)
    return field.get_db_prep_save(value, db)


def save_run(
    *, match: Match, moves: list[Move], also: list[tuple[str, list[Any]]], commit: bool = False
) -> list[list[tuple[Any, ...]]]:
    """Append `moves` to the log, store the match's progress and run the statements `also`
    (a `turn_started` receiver's), in one round trip; the rows of each of `also`.  On
    PostgreSQL the match's `xmin` is then its row's new version.

    With `commit` (the caller writes nothing more), the transaction commits in the same round
    trip where it is the caller's own (`_commits_here`); Django's commit then finds nothing
    to do and runs the commit hooks as ever."""
    db, statements = _db(), []
    if moves:
        statements.append(
            (_insert_moves(len(moves)), [v for move in moves for v in _sql_values(db, move, _MOVE_FIELDS)])
        )
    postgresql = db.vendor == "postgresql"
    progress = len(statements)
    statements.append(
        (
            _SAVE_PROGRESS_XMIN if postgresql else _SAVE_PROGRESS,
            [*_sql_values(db, match, _PROGRESS_FIELDS), match.pk],
        )
    )
    statements += also
    end = len(statements)
    if commit and _commits_here(db):
        statements.append(("COMMIT", []))
    results = _run_all(db, statements, fetch=postgresql or bool(also))
    if postgresql:
        ((match.xmin,),) = results[progress]
    return results[end - len(also) : end]


def _commits_here(db: BaseDatabaseWrapper) -> bool:
    """Whether a COMMIT now ends the transaction of the outermost `atomic` block, which was
    opened to commit on its exit (not a block nested in another, as a test's is)."""
    return db.vendor == "postgresql" and db.commit_on_exit and len(db.atomic_blocks) == 1
