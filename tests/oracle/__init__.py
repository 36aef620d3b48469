"""Independent oracles for tests: what other implementations (Node.js) make of our inputs."""
