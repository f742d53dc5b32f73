"""The players' pages (issue 32): each player's own page in a browser, served by
``desk serve`` (Starlette on uvicorn, Jinja2 templates escaping every value).

At the command line's level of the layers: it calls the services (and the sheets, for
the map's picture), never Qt, the window or the command line. Each request opens the
campaign and closes it again, so every fact lives in the database and any number of
server processes may serve one campaign.
"""
