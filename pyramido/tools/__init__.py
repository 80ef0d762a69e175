"""Tools beside the engine, imported by their command only (``pyramido bench``): the
benchmark and the random boards it and the differential tests draw from. Nothing the
engine runs imports them.
"""
