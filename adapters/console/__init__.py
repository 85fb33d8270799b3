"""The console: a chat of one person in a terminal, with computer opponents (`cardbot play`).

`cli` reads the arguments, `session` runs the game loop, `render` writes a table and what happened
as text, `commands` reads a typed line, `computers` names and moves the computer players, and
`terminal` does the line input and output. Every word goes through `bot.i18n`.
"""
