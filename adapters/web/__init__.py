"""The live table (#17): a web page that shows a table as it changes, over a WebSocket.

Who a viewer is (auth.py: Telegram Mini App initData, or a signed link for Discord), what they see
(views.py: the public board, and their own panel only when they sit at the table), the sockets
watching each table (hub.py), the aiohttp application (app.py), what its socket reads and refuses
(messages.py), which pages may open it (origins.py), PostgreSQL's notifications of
tables changed by other processes (listen.py), and the server a bot process starts (server.py).
The page itself is static/ (index.html, table.js, table.css).
"""
