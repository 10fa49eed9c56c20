"""Live state on the app's socket: the listener that hears every change told by domain/live.py."""
