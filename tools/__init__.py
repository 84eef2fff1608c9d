"""Programs around the game, outside the runtime packages: benchmarks, the arena, the load test,
the attackers' clients, repeated test runs."""
