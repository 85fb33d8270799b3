"""The store in a database: SQLAlchemy 2 models, the engine (SQLite tuned, or any URL), the
Store implementation, and Alembic migrations (in the top-level migrations/ folder)."""
