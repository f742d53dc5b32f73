"""The LIM cup of Battles of Waterloo in the window: the panel, its models, its steps."""
