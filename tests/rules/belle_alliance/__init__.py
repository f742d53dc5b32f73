"""Belle Alliance rules tests (a package: its basenames repeat in the other systems' folders)."""
