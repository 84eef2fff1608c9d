def table_preferences(request):
    """A signed-in player's table preferences, for the table's preferences module."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"table_prefs": user.table_preferences()}
