"""What a store raises that the service must tell apart from a bug."""

from __future__ import annotations


class StaleTable(Exception):
    """Someone saved a newer version of this table first."""


class StaleTournament(StaleTable):
    """Someone saved a newer version of this tournament first (bot/store/tournaments.py)."""


class StoreUnavailable(Exception):
    """The store cannot be reached or cannot write right now (full disk, read-only, down): nothing
    is wrong with the table or the command; the same command may work in a moment."""
