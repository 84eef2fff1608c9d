// The Django admin's JavaScript texts, listed so that `makemessages -d djangojs` keeps them in our
// Spanish catalogue (djangojs.po), whose "tú" wins over the admin's "usted".  Never loaded:
// common/django_texts.py says why; the admin's own scripts ask for these texts.
export const ADMIN_TEXTS = [
  gettext_noop("Choose %s by selecting them and then select the \"Choose\" arrow button."),
  gettext_noop("Type into this box to filter down the list of available %s."),
  gettext_noop("Remove %s by selecting them and then select the \"Remove\" arrow button."),
  gettext_noop("Type into this box to filter down the list of selected %s."),
  gettext_noop("You have unsaved changes on individual editable fields. If you run an action, your unsaved changes will be lost."),
  gettext_noop("You have selected an action, but you haven’t saved your changes to individual fields yet. Please click OK to save. You’ll need to re-run the action."),
  gettext_noop("You have selected an action, and you haven’t made any changes on individual fields. You’re probably looking for the Go button rather than the Save button."),
  gettext_noop("Choose a Time"),
  gettext_noop("Choose a time"),
  gettext_noop("Choose a Date"),
  ngettext("Note: You are %s hour ahead of server time.", "Note: You are %s hours ahead of server time.", 1),
  ngettext("Note: You are %s hour behind server time.", "Note: You are %s hours behind server time.", 1),
];
