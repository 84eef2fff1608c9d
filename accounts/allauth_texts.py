"""django-allauth's and Django's texts on the account pages, listed so that makemessages
keeps them in our Spanish catalogue: theirs address the player as "usted", ours as "tú".

Our locale/ precedes every app's catalogue, so the entries here win (the settings' LOCALE_PATHS).
"""

from django.utils.translation import gettext_noop, ngettext_lazy

ACCOUNT_TEXTS = [
    gettext_noop("You cannot remove your primary email address."),
    gettext_noop("The email address and/or password you specified are not correct."),
    gettext_noop("Please type your current password."),
    gettext_noop("You cannot add more than %d email addresses."),
    gettext_noop("Too many failed login attempts. Try again later."),
    gettext_noop("Your primary email address must be verified."),
    gettext_noop("Use your password"),
    gettext_noop("Forgot your password?"),
    gettext_noop("You must type the same password each time."),
    gettext_noop("You must type the same email each time."),
    gettext_noop("Invalid login."),
    gettext_noop("Please reauthenticate to safeguard your account."),
    gettext_noop("Enter Sign-In Code"),
    gettext_noop("The following email addresses are associated with your account:"),
    gettext_noop("Do you really want to remove the selected email address?"),
    gettext_noop(
        "You are receiving this email because you or someone else tried to signup for an\naccount using email address:\n\n%(email)s\n\nHowever, an account using that email address already exists.  In case you have\nforgotten about this, please use the password forgotten procedure to recover\nyour account:\n\n%(password_reset_url)s"
    ),
    gettext_noop("You are receiving this mail because the following change was made to your account:"),
    gettext_noop(
        "If you do not recognize this change then please take proper security precautions immediately. The change to your account originates from:\n\n- IP address: %(ip)s\n- Browser: %(user_agent)s\n- Date: %(timestamp)s"
    ),
    gettext_noop("Your email has been confirmed."),
    gettext_noop("Please Confirm Your Email Address"),
    gettext_noop("Your sign-in code is listed below. Please enter it in your open browser window."),
    gettext_noop("This mail can be safely ignored if you did not initiate this action."),
    gettext_noop("Your password has been changed."),
    gettext_noop("Your password reset code is listed below. Please enter it in your open browser window."),
    gettext_noop(
        "You're receiving this email because you or someone else has requested a password reset for your user account.\nIt can be safely ignored if you did not request a password reset. Click the link below to reset your password."
    ),
    gettext_noop("In case you forgot, your username is %(username)s."),
    gettext_noop("Your password has been reset."),
    gettext_noop("Your password has been set."),
    gettext_noop(
        "You are receiving this email because you, or someone else, tried to access an account with email %(email)s. However, we do not have any record of such an account in our database."
    ),
    gettext_noop("If it was you, you can sign up for an account using the link below."),
    gettext_noop("Your email address is still pending verification."),
    gettext_noop(
        'Please confirm that <a href="mailto:%(email)s">%(email)s</a> is an email address for user %(user_display)s.'
    ),
    gettext_noop(
        'This email confirmation link expired or is invalid. Please <a href="%(email_url)s">issue a new email confirmation request</a>.'
    ),
    gettext_noop("If you have not created an account yet, then please %(link)ssign up%(end_link)s first."),
    gettext_noop("Are you sure you want to sign out?"),
    gettext_noop("You cannot remove your primary email address (%(email)s)."),
    gettext_noop("You have confirmed %(email)s."),
    gettext_noop("Successfully signed in as %(name)s."),
    gettext_noop("You have signed out."),
    gettext_noop(
        "Forgotten your password? Enter your email address below, and we'll send you an email allowing you to reset it."
    ),
    gettext_noop("Please contact us if you have any trouble resetting your password."),
    gettext_noop(
        "We have sent you an email. If you have not received it please check your spam folder. Otherwise contact us if you do not receive it in a few minutes."
    ),
    gettext_noop(
        'The password reset link was invalid, possibly because it has already been used.  Please request a <a href="%(passwd_reset_url)s">new password reset</a>.'
    ),
    gettext_noop("Your password is now changed."),
    gettext_noop("Enter your password:"),
    gettext_noop("You will receive a special code for a password-free sign-in."),
    gettext_noop("Request Code"),
    gettext_noop("Already have an account? Then please %(link)ssign in%(end_link)s."),
    gettext_noop("You are already logged in as %(user_display)s."),
    gettext_noop(
        "You currently do not have any email address set up. You should really add an email address so you can receive notifications, reset your password, etc."
    ),
    gettext_noop("Verify Your Email Address"),
    gettext_noop(
        "We have sent an email to you for verification. Follow the link provided to finalize the signup process. If you do not see the verification email in your main inbox, check your spam folder. Please contact us if you do not receive the verification email within a few minutes."
    ),
    gettext_noop(
        "This part of the site requires us to verify that\nyou are who you claim to be. For this purpose, we require that you\nverify ownership of your email address. "
    ),
    gettext_noop(
        "We have sent an email to you for\nverification. Please click on the link inside that email. If you do not see the verification email in your main inbox, check your spam folder. Otherwise\ncontact us if you do not receive it within a few minutes."
    ),
    gettext_noop("Username can not be used. Please use other username."),
    gettext_noop("The username and/or password you specified are not correct."),
    gettext_noop("Please select only one."),
    gettext_noop("Your password can’t be too similar to your other personal information."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("Your password can’t be entirely numeric."),
]
PLURAL_ACCOUNT_TEXTS = [
    ngettext_lazy(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
        "min_length",
    ),
]
