"""The courier desk (issue 21): dispatches written, carried, delivered, lost or captured.

- :mod:`.write`: write a dispatch (chain of command, limit, delay, seeded rolls);
- :mod:`.deliver`: a delivered order becomes the recipient's order; reopen takes it back;
- :mod:`.ledger`: the ledger, what arrives next bound, the umpire's overrides, undo;
- :mod:`.settings`: the campaign's courier preset and overrides;
- :mod:`.chain`: the chain of command and where headquarters stand.
"""

from desk.services.couriers.batch import DISPATCH_SOURCE, deliver_due
from desk.services.couriers.deliver import undeliver
from desk.services.couriers.ledger import arriving, ledger, override_dispatch, remove_dispatch
from desk.services.couriers.settings import (
    CourierRefused,
    couriers_in_use,
    rules_for,
    set_courier_rules,
)
from desk.services.couriers.views import DispatchView
from desk.services.couriers.write import capture_purpose, loss_purpose, write_dispatch

__all__ = ["DISPATCH_SOURCE", "CourierRefused", "DispatchView", "arriving", "capture_purpose",
           "couriers_in_use", "deliver_due", "ledger", "loss_purpose", "override_dispatch",
           "remove_dispatch", "rules_for", "set_courier_rules", "undeliver", "write_dispatch"]
