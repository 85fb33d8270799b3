"""Telegram: python-telegram-bot in front of the bot service.

Updates become commands (handlers.py, people.py), screens become messages with inline keyboards
(keyboards.py, notifier.py), and app.py puts it together: the Application, the service on the
database, the scheduler, the command menu. `cardbot telegram` runs it (adapters/cli.py).
"""
