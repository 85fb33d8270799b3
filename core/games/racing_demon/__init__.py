"""Racing Demon (SPEC §5): 1–8 players, one deck each, shared foundations, real time."""
