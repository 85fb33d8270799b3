"""The console: a chat of one person in a terminal, with computer opponents (`cardbot play`).

It is an adapter of the bot service like any chat platform: bot/practice.py opens a table in the
console's chat (with no turn timer: a practice game waits for its person) and seats the computer
players through the service, `chat` is the notifier that prints the screens the service sends
(buttons as numbered options), `session` turns typed lines (read by `commands`, from a source in
`lines`) into commands and runs the clock, `guide` says what each game is, its rules and its
notation, and `cli` reads the arguments. Every word of its own goes through `bot.i18n`.
"""
