"""What the window's menus and buttons do, one controller per group of actions.

Each controller receives, in its constructor, the operations layer, the
dialogs and the widgets or callbacks it uses — nothing else, no shared
attributes typed ``Any``. The main window builds them and the menus call
them: :class:`~desk.ui.controllers.orders.OrderController` (orders and events),
:class:`~desk.ui.controllers.bounds.BoundController` (close and reopen),
:class:`~desk.ui.controllers.files.FileController` (campaign files, backups,
print) and :class:`~desk.ui.controllers.oob.OobController` (order of battle
files).
"""
