"""La Bataille rules tests: a package, since its file names repeat in the other systems."""
