"""The rules engine: pure Python, no Django, no I/O, no clock.

Everything about a game is decided here: cards and notation (`cards`), the verifiable
seeded shuffle (`shuffle`), meld solvers (`melds`) and one state machine per game family
(`gin`). Code above this package (services, bots, views) calls it; it calls nothing above.
"""
