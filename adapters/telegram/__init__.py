"""Telegram: python-telegram-bot in front of the bot service.

Updates become commands (handlers.py, identities.py, inline.py, presses.py), screens become
messages with entities and inline keyboards (messages.py, entities.py, keyboards.py: Telegram's side
of the chat layer, adapters/chat), and app.py puts it together: the Application, the service on the
database, the scheduler, the command menu. `cardbot telegram` runs it (adapters/cli.py).
"""
