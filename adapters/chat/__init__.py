"""What every chat platform shares, written once: screens into messages within the platform's
limits. A platform (adapters/telegram, adapters/discord) implements the small protocol in
platform.py and its own parsing of what people do; everything else is here.

- notifier.py: the service's notifier port: each screen queued with the writer of its place.
- writers.py: one writer per place, the newest screen winning; retries; holding a chat's redraws.
- pacing.py: how fast one chat may be written to (a collaborator the platform supplies).
- places.py: edit or post a place's message; buried boards sent again; refusals.
- alerts.py, one_offs.py: the turn alert's lifecycle; messages of their own (pings, podiums).
- below.py: what lies below a board; shown.py: what each message shows.
- pictures.py, uploads.py: a screen's picture, and the file ids of pictures uploaded once.
- reach.py: whom the bot may write to in private.
- records.py: the platform messages and file ids kept in the store; posts.py: a screen and its place.
"""
