"""The built-in rule plugins, one module per published game."""
