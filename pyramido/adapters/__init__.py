"""Adapters to other libraries' game APIs, each an optional extra so that the engine itself
needs none of them:

- :mod:`pyramido.adapters.pettingzoo`: PettingZoo AEC and Parallel environments
  (``pip install '.[rl]'``);
- :mod:`pyramido.adapters.gymnasium`: a Gymnasium environment, one seat against bots,
  registered as ``pyramido/<ruleset>-v0`` (``pip install '.[rl]'``);
- :mod:`pyramido.adapters.openspiel`: the games as OpenSpiel games
  (``pip install '.[openspiel]'``).

The first two read a seat's observation as fixed-shape numpy arrays through
:mod:`pyramido.adapters.tensors`, which any other adapter may reuse.
"""
