"""The arenas list, an arena's page (join, pause, leave), the header link and player pages."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from arenas import scoring, selectors, services
from arenas.models import Arena, ArenaGame, ArenaPlayer
from games import services as game_services
from tests.arenas.support import join_connected, play_out, running_arena
from tests.games.support import first_deal, make_user, me, ruleset

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_list_shows_running_soon_and_finished_arenas_and_the_header_links_it():
    running_arena(name="Now playing")
    Arena.objects.create(name="Later on", ruleset=ruleset(), starts_at=timezone.now() + timedelta(hours=2))
    Arena.objects.create(name="Long gone", ruleset=ruleset(), starts_at=timezone.now() - timedelta(days=1))
    page = Client().get("/arenas/").content.decode()
    assert page.index("Now playing") < page.index("Later on") < page.index("Long gone")
    assert 'href="/arenas/"' in page


def test_a_player_joins_pauses_and_leaves_and_appears_in_the_standings():
    arena = running_arena()
    user = make_user("Ana")
    client = signed_in(user)
    assert "Join" in client.get(f"/arenas/{arena.pk}/").content.decode()
    client.post(f"/arenas/{arena.pk}/join/")
    page = client.get(f"/arenas/{arena.pk}/").content.decode()
    assert "Waiting for your next opponent" in page and '<td data-label="Player">Ana</td>' in page
    client.post(f"/arenas/{arena.pk}/pause/")
    assert ArenaPlayer.objects.get(arena=arena, user=user).paused
    assert "Come back" in client.get(f"/arenas/{arena.pk}/").content.decode()
    client.post(f"/arenas/{arena.pk}/join/")
    client.post(f"/arenas/{arena.pk}/leave/")
    assert ArenaPlayer.objects.get(arena=arena, user=user).left


def test_a_refused_join_says_why_and_a_strange_action_is_not_found():
    arena = running_arena(min_rated_games=3)
    client = signed_in(make_user())
    page = client.post(f"/arenas/{arena.pk}/join/", follow=True).content.decode()
    assert "This arena needs 3 rated games." in page
    assert client.post(f"/arenas/{arena.pk}/explode/").status_code == 404
    assert client.get(f"/arenas/{arena.pk}/join/").status_code == 405
    assert Client().get("/arenas/999999/").status_code == 404


def test_a_player_on_fire_has_a_flame_drawn_and_named(monkeypatch):
    arena = running_arena()
    ana = make_user("Ana")
    client = signed_in(ana)
    client.post(f"/arenas/{arena.pk}/join/")
    two_wins = [scoring.Result(0, 2, (1500.0,)), scoring.Result(0, 2, (1500.0,))]
    monkeypatch.setattr(selectors, "results_by_player", lambda arena: {ana.pk: two_wins})
    page = client.get(f"/arenas/{arena.pk}/").content.decode()
    row = page[page.index('<td data-label="Player">Ana</td>') :]
    streak = row[row.index('data-label="Streak"') : row.index("</td>", row.index('data-label="Streak"'))]
    assert '<svg class="icon icon-flame"' in streak
    assert '<span class="visually-hidden">On fire: the next win scores double</span>' in streak
    assert streak.endswith("2")  # the streak itself, after its flame
    live = page[page.index('<template id="on-fire">') :]  # what the live table copies
    assert live.startswith(
        '<template id="on-fire"><span class="on-fire" title="On fire: the next win scores double">'
    )
    assert '<svg class="icon icon-flame"' in live[: live.index("</template>")]


def test_the_page_speaks_spanish():
    arena = running_arena()
    page = Client(headers={"accept-language": "es"}).get(f"/arenas/{arena.pk}/").content.decode()
    assert "Clasificación" in page and "Termina en" in page


def test_a_player_page_shows_arena_wins_and_podiums():
    user = make_user()
    page = Client().get(f"/players/{user.pk}/").content.decode()
    assert "0 arenas won" in page and "0 podiums" in page


def test_an_arena_table_and_its_replay_link_back_to_the_arena():
    arena = running_arena(name="Friday gin")
    ana, bo = make_user("Ana"), make_user("Bo")
    join_connected(arena, [ana, bo])
    with first_deal(bytes(16)):  # the link does not depend on the deal; a fixed one, for a rerun
        assert services.do_pair(arena_id=arena.pk, now=timezone.now()) == 1
    game = ArenaGame.objects.get(arena=arena)
    link = f'<a href="/arenas/{arena.pk}/" id="arena-link">'
    table = signed_in(ana).get(f"/r/{game.match.room.code}/").content.decode()
    assert link in table and "Back to the arena Friday gin" in table
    play_out(game.match, {ana.pk: ana, bo.pk: bo})
    assert link in signed_in(bo).get(f"/games/match/{game.match_id}/").content.decode()


def test_a_table_no_arena_paired_has_no_arena_link():
    ana = make_user("Ana")
    room = game_services.do_create_room(
        identity=me(ana), ruleset=ruleset(), bot="medium", first_seed=bytes(16)
    )
    assert 'id="arena-link"' not in signed_in(ana).get(f"/r/{room.code}/").content.decode()
