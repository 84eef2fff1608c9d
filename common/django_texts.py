"""Django's own texts on the admin and on every form (the admin, django.contrib.auth, form and
model validation), listed so that makemessages keeps them in our Spanish catalogue: Django's says
"usted", ours "tú".  Our locale/ precedes every app's catalogue (LOCALE_PATHS), so these win.
allauth's texts are in accounts/allauth_texts.py; the admin's JavaScript ones in django_texts.js.
"""

from django.utils.translation import gettext_noop, ngettext_lazy

DJANGO_TEXTS = [
    gettext_noop(
        "Please enter the correct %(username)s and password for a staff account. Note that both fields may be case-sensitive."
    ),
    gettext_noop("No fields changed."),
    gettext_noop("Hold down “Control”, or “Command” on a Mac, to select more than one."),
    gettext_noop("Select this object for an action - {}"),
    gettext_noop("You may edit it again below."),
    gettext_noop("The {name} “{obj}” was added successfully. You may add another {name} below."),
    gettext_noop("The {name} “{obj}” was changed successfully. You may edit it again below."),
    gettext_noop("The {name} “{obj}” was changed successfully. You may add another {name} below."),
    gettext_noop(
        "There’s been an error. It’s been reported to the site administrators via email and should be fixed shortly. Thanks for your patience."
    ),
    gettext_noop("Click here to select the objects across all pages"),
    gettext_noop("Enter a new password for the user <strong>%(username)s</strong>."),
    gettext_noop(
        "Deleting the %(object_name)s '%(escaped_object)s' would result in deleting related objects, but your account doesn't have permission to delete the following types of objects:"
    ),
    gettext_noop(
        'Are you sure you want to delete the %(object_name)s "%(escaped_object)s"? All of the following related items will be deleted:'
    ),
    gettext_noop(
        "Deleting the selected %(objects_name)s would result in deleting related objects, but your account doesn't have permission to delete the following types of objects:"
    ),
    gettext_noop(
        "Are you sure you want to delete the selected %(objects_name)s? All of the following objects and their related items will be deleted:"
    ),
    gettext_noop(
        "Something’s wrong with your database installation. Make sure the appropriate database tables have been created, and make sure the database is readable by the appropriate user."
    ),
    gettext_noop(
        "You are authenticated as %(username)s, but are not authorized to access this page. Would you like to login to a different account?"
    ),
    gettext_noop("Forgotten your login credentials?"),
    gettext_noop("Your password was changed."),
    gettext_noop(
        "Please enter your old password, for security’s sake, and then enter your new password twice so we can verify you typed it in correctly."
    ),
    gettext_noop("Your password has been set.  You may go ahead and log in now."),
    gettext_noop("Please enter your new password twice so we can verify you typed it in correctly."),
    gettext_noop("Confirm password:"),
    gettext_noop(
        "The password reset link was invalid, possibly because it has already been used.  Please request a new password reset."
    ),
    gettext_noop(
        "We’ve emailed you instructions for setting your password, if an account exists with the email you entered. You should receive them shortly."
    ),
    gettext_noop(
        "If you don’t receive an email, please make sure you’ve entered the address you registered with, and check your spam folder."
    ),
    gettext_noop(
        "You're receiving this email because you requested a password reset for your user account at %(site_name)s."
    ),
    gettext_noop("Please go to the following page and choose a new password:"),
    gettext_noop("In case you’ve forgotten, you are:"),
    gettext_noop(
        "Forgotten your password? Enter your email address below, and we’ll email instructions for setting a new one."
    ),
    gettext_noop("Select all objects on this page for an action"),
    gettext_noop("Select %s"),
    gettext_noop("Select %s to change"),
    gettext_noop("Select %s to view"),
    gettext_noop("Conflicting form data submitted. Please try again."),
    gettext_noop("Enter the same password as before, for verification."),
    gettext_noop(
        "Please enter a correct %(username)s and password. Note that both fields may be case-sensitive."
    ),
    gettext_noop("Your old password was entered incorrectly. Please enter it again."),
    gettext_noop(
        "Designates whether this user should be treated as active. Unselect this instead of deleting accounts."
    ),
    gettext_noop(
        "Enter a valid username. This value may contain only unaccented lowercase a-z and uppercase A-Z letters, numbers, and @/./+/-/_ characters."
    ),
    gettext_noop(
        "Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters."
    ),
    gettext_noop("Enter new password"),
    gettext_noop("Enter a valid value."),
    gettext_noop("Enter a valid domain name."),
    gettext_noop("Enter a valid URL."),
    gettext_noop("Enter a valid integer."),
    gettext_noop("Enter a valid email address."),
    gettext_noop("Enter a valid “slug” consisting of letters, numbers, underscores or hyphens."),
    gettext_noop("Enter a valid “slug” consisting of Unicode letters, numbers, underscores, or hyphens."),
    gettext_noop("Enter a valid %(protocol)s address."),
    gettext_noop("Enter only digits separated by commas."),
    gettext_noop("Ensure this value is %(limit_value)s (it is %(show_value)s)."),
    gettext_noop("Ensure this value is less than or equal to %(limit_value)s."),
    gettext_noop("Ensure this value is greater than or equal to %(limit_value)s."),
    gettext_noop("Ensure this value is a multiple of step size %(limit_value)s."),
    gettext_noop(
        "Ensure this value is a multiple of step size %(limit_value)s, starting from %(offset)s, e.g. %(offset)s, %(valid_value1)s, %(valid_value2)s, and so on."
    ),
    gettext_noop("Enter a number."),
    gettext_noop("Enter a whole number."),
    gettext_noop("Enter a valid date."),
    gettext_noop("Enter a valid time."),
    gettext_noop("Enter a valid date/time."),
    gettext_noop("Enter a valid duration."),
    gettext_noop("No file was submitted. Check the encoding type on the form."),
    gettext_noop("Please either submit a file or check the clear checkbox, not both."),
    gettext_noop("Upload a valid image. The file you uploaded was either not an image or a corrupted image."),
    gettext_noop("Select a valid choice. %(value)s is not one of the available choices."),
    gettext_noop("Enter a list of values."),
    gettext_noop("Enter a complete value."),
    gettext_noop("Enter a valid UUID."),
    gettext_noop("Please correct the duplicate data for %(field)s."),
    gettext_noop("Please correct the duplicate data for %(field)s, which must be unique."),
    gettext_noop(
        "Please correct the duplicate data for %(field_name)s which must be unique for the %(lookup)s in %(date_field)s."
    ),
    gettext_noop("Please correct the duplicate values below."),
    gettext_noop("Select a valid choice. That choice is not one of the available choices."),
    gettext_noop(
        "If you have configured your browser to disable cookies, please re-enable them, at least for this site, or for “same-origin” requests."
    ),
    gettext_noop("The phone number and/or password you specified are not correct."),
    gettext_noop("Your phone number is still pending verification."),
]
PLURAL_DJANGO_TEXTS = [
    ngettext_lazy("Please correct the error below.", "Please correct the errors below.", "n"),
    ngettext_lazy(
        "Ensure this value has at least %(limit_value)d character (it has %(show_value)d).",
        "Ensure this value has at least %(limit_value)d characters (it has %(show_value)d).",
        "n",
    ),
    ngettext_lazy(
        "Ensure this value has at most %(limit_value)d character (it has %(show_value)d).",
        "Ensure this value has at most %(limit_value)d characters (it has %(show_value)d).",
        "n",
    ),
    ngettext_lazy(
        "Ensure that there are no more than %(max)s digit in total.",
        "Ensure that there are no more than %(max)s digits in total.",
        "n",
    ),
    ngettext_lazy(
        "Ensure that there are no more than %(max)s decimal place.",
        "Ensure that there are no more than %(max)s decimal places.",
        "n",
    ),
    ngettext_lazy(
        "Ensure that there are no more than %(max)s digit before the decimal point.",
        "Ensure that there are no more than %(max)s digits before the decimal point.",
        "n",
    ),
    ngettext_lazy(
        "Ensure this filename has at most %(max)d character (it has %(length)d).",
        "Ensure this filename has at most %(max)d characters (it has %(length)d).",
        "n",
    ),
    ngettext_lazy("Please submit at most %(num)d form.", "Please submit at most %(num)d forms.", "n"),
    ngettext_lazy("Please submit at least %(num)d form.", "Please submit at least %(num)d forms.", "n"),
]
