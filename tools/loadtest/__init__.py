"""Load benchmark: simulated players on real WebSockets against two Daphne processes."""
