from django import template
from django.urls import reverse
from django.utils.http import urlencode

from pages.rule_sets import rules_page_of

register = template.Library()


@register.filter
def rules_url(ruleset) -> str:
    """The rules page of a table's rule set, showing that rule set's settings."""
    return f"{reverse('pages:rules', args=[rules_page_of(ruleset)])}?{urlencode({'set': ruleset.slug})}#this-table"
