"""Path converters for room addresses: anything but a well-formed code or token is a 404 (or a
refused socket) before a view or consumer runs."""

from django.urls import register_converter


class RoomCodeConverter:
    regex = "[0-9A-Za-z]{1,12}"  # games.models.new_room_code, within Room.code's length

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class InviteTokenConverter(RoomCodeConverter):
    regex = "[0-9A-Za-z_-]{1,64}"  # secrets.token_urlsafe


register_converter(RoomCodeConverter, "room")
register_converter(InviteTokenConverter, "invite")


class RowIdConverter:
    """A row id within PostgreSQL's integer: a longer number is a 404 (or a refused socket),
    not a database error."""

    regex = "[0-9]{1,9}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(RowIdConverter, "match")
register_converter(RowIdConverter, "id")
