"""Side effects of the durable flows, one module an area, dependencies injected by the worker."""
