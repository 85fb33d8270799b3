"""The bot's face in a chat: a table drawn as platform-neutral screens (bot/ui/screen.py: text,
rows of buttons, a picture described, for the chat or for one person) — its lobby, each game's
board and panels (svolota.py, speed.py, demon.py, over realtime.py), its result, leaderboards and
stats — in the reader's language. render.py draws every screen of a table."""
