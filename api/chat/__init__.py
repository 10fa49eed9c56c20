"""Real-time chat: the socket, its hub and the services it writes through."""
