from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"

    def ready(self):
        from accounts.selectors import blocked_either_way
        from games import blocks

        blocks.provide(blocked_either_way)  # the rooms and the chat refuse what a block forbids
