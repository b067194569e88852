"""One package per game. Each reads in the same order: rules summary, cards (a data
file), rule options, state, legal actions, apply, observation, scoring; then its bots."""
