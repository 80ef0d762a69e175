"""Adapters to other libraries' game APIs."""
