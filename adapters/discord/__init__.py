"""Discord: discord.py in front of the bot service.

Slash commands become commands (handlers.py, tree.py, people.py), button presses and menu choices
become presses (items.py, presses.py), screens become messages with components (components.py,
notifier.py, panels.py), and app.py puts it together: the bot, the service on the database, the
scheduler, the synced and localised commands. `cardbot discord` runs it (adapters/cli.py).
"""
