"""The check after a run, for the load test and the cluster test alike: each table's match
replays, and its move log holds each action a player sent once."""

from __future__ import annotations


def check_tables(
    tables,
    *,
    sent: dict[str, set[tuple[int, str]]],
    only_sent: bool,
    unsure: dict[str, set[tuple[int, str]]] | None = None,
) -> list[dict]:
    """What is wrong with each table's last match, if anything: it must replay to its stored
    state and log no action twice and none of those `sent` (room code -> seat and client id)
    lost.  `only_sent`: nor anything else but the `unsure` ones, sent and never answered
    before the run stopped (the cluster's players resend what had no answer, so the server may
    have logged an action they never heard acknowledged)."""
    unsure = unsure or {}
    reports = (
        _check_table(
            t.code, sent=sent.get(t.code, set()), only_sent=only_sent, unsure=unsure.get(t.code, set())
        )
        for t in tables
    )
    return [report for report in reports if report]


def _check_table(
    code: str, *, sent: set[tuple[int, str]], only_sent: bool, unsure: set[tuple[int, str]]
) -> dict | None:
    from games.models import Match
    from games.replays import is_consistent

    match = Match.objects.filter(room__code=code).latest("created_at")
    logged = list(match.moves.filter(actor="player").values_list("seat", "client_id"))
    tags = match.moves.filter(actor="server").exclude(client_id="").values_list("client_id", flat=True)
    logged += [(int(seat), cid) for seat, cid in (t.split(":", 1) for t in tags)]  # next_hand -> deal
    replays = is_consistent(match)
    lost = sent - set(logged)
    doubled = {x for x in logged if logged.count(x) > 1}
    unsent = set(logged) - sent - unsure if only_sent else set()
    if replays and not (lost or doubled or unsent):
        return None
    report = {"code": code, "replays": replays, "lost": sorted(lost), "doubled": sorted(doubled)}
    if only_sent:
        report["unsent"] = sorted(unsent)
    return report
