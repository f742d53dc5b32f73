"""Umpire's Desk: the umpire's tool for Napoleonic wargames played with written orders."""

__version__ = "0.1.0"
