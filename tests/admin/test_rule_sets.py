"""Rule sets: typed flags validated by the rules library, presets, copies, and no edit ever
reaching a game already under way."""

import pytest
from django.urls import reverse
from django.utils import translation

from games import services
from games.models import RuleSet
from games.rule_messages import LIBRARY_MESSAGES
from games.rules.gin.rules import ARCADE, CLASSIC
from games.rules.rummy.rules import STANDARD
from moderation.models import AuditEntry
from tests.games.support import make_user, me, ruleset

pytestmark = pytest.mark.django_db


def form_data(rule_set: RuleSet, **changes) -> dict:
    data = {name: getattr(rule_set, name) for name in ("name", "name_es", "slug", "family", "seats")}
    data.update({name: value for name, value in rule_set.flags.items() if value is not None})
    for family in ("gin", "rummy"):  # the other family's fields are on the form too
        data.update(
            {k: v for k, v in RuleSet(family=family).flags.items() if k not in data and v is not None}
        )
    data.update(changes)
    return {k: v for k, v in data.items() if v is not False}  # an unchecked box is left out


def save(client, rule_set: RuleSet | None, **changes):
    base = rule_set or RuleSet(family=changes.get("family", "gin"))
    url = (
        reverse("admin:games_ruleset_change", args=[rule_set.pk])
        if rule_set
        else reverse("admin:games_ruleset_add")
    )
    return client.post(url, form_data(base, **changes))


def test_the_migrations_filled_the_presets_typed_fields():
    presets = {rs.slug: rs for rs in RuleSet.objects.filter(preset=True)}
    assert sorted(presets) == ["gin-arcade", "gin-classic", "rummy-3", "rummy-4", "rummy-standard"]
    assert [presets[slug].seats for slug in ("rummy-standard", "rummy-3", "rummy-4")] == [2, 3, 4]
    assert presets["rummy-3"].enabled and presets["rummy-3"].flags == STANDARD.to_dict()
    assert presets["gin-classic"].flags == CLASSIC.to_dict()
    assert presets["gin-arcade"].flags == ARCADE.to_dict()
    assert presets["rummy-standard"].flags == STANDARD.to_dict()


def test_an_edit_of_a_rule_set_leaves_a_running_matchs_rules_unchanged(administrator_client):
    rule_set = ruleset(knock_limit=10)
    room = services.do_create_room(identity=me(make_user()), ruleset=rule_set, bot="easy")
    match = room.matches.get()

    response = save(administrator_client, rule_set, knock_limit=5, match_target=50, reason="Shorter games")
    assert response.status_code == 302, response.context["adminform"].form.errors

    rule_set.refresh_from_db()
    match.refresh_from_db()
    room.refresh_from_db()
    assert (rule_set.knock_limit, rule_set.match_target) == (5, 50)
    assert match.rules["knock_limit"] == 10 and match.state["rules"]["knock_limit"] == 10
    assert room.rules["match_target"] == 100
    later = services.do_create_room(identity=me(make_user()), ruleset=rule_set, bot="easy")
    assert later.matches.get().state["rules"]["knock_limit"] == 5
    entry = AuditEntry.objects.get()
    assert (entry.action, entry.reason, entry.details["changed"]) == (
        "rule_set_saved",
        "Shorter games",
        ["knock_limit", "match_target"],
    )


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"family": "rummy", "calling": True, "seats": 2}, "calling needs 3 or more players"),
        (
            {"family": "rummy", "small_deck": True, "first_meld_min": 30},
            "the small deck plays without a first-meld minimum (first_meld_min 0)",
        ),
        ({"family": "rummy", "fixed_jokers": True, "jokers": 0}, "fixed_jokers needs jokers"),
        (
            {"big_gin": True, "knock_timing": "before_discard"},
            "big_gin needs knock_timing after_discard: knocking with 11 cards already makes 11-card gin",
        ),
        ({"seats": 3}, "gin is played by 2 seats"),
    ],
)
def test_impossible_mixes_are_refused_with_the_rules_librarys_message(administrator_client, changes, message):
    response = save(administrator_client, None, name="Custom", slug="custom", **changes)
    assert response.status_code == 200
    assert message in response.context["adminform"].form.non_field_errors()
    assert not RuleSet.objects.filter(slug="custom").exists() and not AuditEntry.objects.exists()


def test_out_of_range_flags_are_refused_by_their_fields(administrator_client):
    response = save(administrator_client, None, name="Custom", slug="custom", knock_limit=11, max_meld_size=2)
    errors = response.context["adminform"].form.errors
    assert set(errors) == {"knock_limit", "max_meld_size"}


def test_a_calling_table_with_three_seats_is_accepted(administrator_client):
    response = save(
        administrator_client, None, name="Calling", slug="calling", family="rummy", calling=True, seats=3
    )
    assert response.status_code == 302
    assert RuleSet.objects.get(slug="calling").flags == STANDARD.with_(calling=True).to_dict()


def test_every_library_message_has_a_spanish_translation():
    with translation.override("es"):
        untranslated = [m for m in LIBRARY_MESSAGES if translation.gettext(m) == m]
    assert not untranslated


def test_a_presets_rules_are_fixed_and_a_copy_starts_from_them(administrator_client):
    arcade = RuleSet.objects.get(slug="gin-arcade")
    save(administrator_client, arcade, knock_limit=3, name="Arcade!")
    arcade.refresh_from_db()
    assert arcade.knock_limit == 10 and arcade.name == "Arcade!"

    page = administrator_client.get(reverse("admin:games_ruleset_add") + "?copy=gin-arcade")
    initial = page.context["adminform"].form.initial
    assert {k: initial[k] for k in ARCADE.to_dict()} == ARCADE.to_dict()


def test_the_variants_page_orders_and_enables_what_the_lobby_offers(administrator_client):
    classic, arcade = RuleSet.objects.get(slug="gin-classic"), RuleSet.objects.get(slug="gin-arcade")
    data = {
        "form-TOTAL_FORMS": "2",
        "form-INITIAL_FORMS": "2",
        "form-0-id": classic.pk,
        "form-0-position": "50",
        "form-1-id": arcade.pk,
        "form-1-position": "5",
        "form-1-enabled": "on",
        "_save": "Save",
    }
    url = reverse("admin:games_variant_changelist") + "?family__exact=gin"
    assert administrator_client.post(url, data).status_code == 302
    offered = [rs.slug for rs in RuleSet.objects.filter(enabled=True, family="gin")]
    assert offered == ["gin-arcade"]
    assert AuditEntry.objects.filter(action="rule_set_saved").count() == 2
