"""Component data of the games whose real component lists are not published.

Each module here generates a **provisional** set from a fixed seed, checks it against the
constraints the rulebook and the project's data notes give, and prints it as ruleset YAML;
the ruleset ships that output as data, so a user holding the real components replaces the
list there without touching code.
"""
