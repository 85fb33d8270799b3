"""Discord: discord.py in front of the bot service.

Slash commands become commands (handlers.py, tree.py, identities.py), button presses and menu
choices become presses (items.py, presses.py), screens become messages with components (messages.py,
components.py: Discord's side of the chat layer, adapters/chat) and ephemeral panels
(panel_screens.py, panels.py), and app.py puts it together: the bot, the service on the database,
the scheduler, the synced and localised commands. `cardbot discord` runs it (adapters/cli.py).
"""
