"""Overplay on the club PC: the `overplay` command (judge, enroll, session, sync, results)."""

__version__ = "0.1.0"
