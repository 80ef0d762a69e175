"""Adapters to other libraries' game APIs, each an optional extra so that the engine itself
needs none of them:

- :mod:`pyramido.adapters.pettingzoo`: PettingZoo AEC and Parallel environments
  (``pip install '.[rl]'``);
- :mod:`pyramido.adapters.gymnasium`: a Gymnasium environment, one seat against bots,
  registered as ``pyramido/<ruleset>-v0`` (``pip install '.[rl]'``);
- :mod:`pyramido.adapters.vector`: N games in one call, Gymnasium's ``VectorEnv``
  (``make_vec``'s vector entry point) and a self-play batch of AEC games;
- :mod:`pyramido.adapters.openspiel`: the games as OpenSpiel games
  (``pip install '.[openspiel]'``);
- :mod:`pyramido.adapters.reinforce`: a worked example that learns (numpy).

The environments read a seat's observation as fixed-shape numpy arrays through
:mod:`pyramido.adapters.tensors`, which any other adapter may reuse, kept up to date step
by step (:mod:`pyramido.adapters.tensors.live`); their rewards are
:mod:`pyramido.adapters.rewards`.
"""
