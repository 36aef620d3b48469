"""A control case: tools, a fanout, a foreach loop, mappings, policies and a typed output."""

from __future__ import annotations

from kindgi import Flow

from ..tools.t_plain_ok import record_expense

month_end = Flow(
    id="acme.corpus.month-end",
    version="1.0.0",
    name="Month end",
    max_parallelism=4,
    nodes=[
        {"id": "record", "kind": "tool", "ref": record_expense, "inputMapping": {"vendor": {"path": "runInput.vendor"}, "amountCents": {"literal": 0}}},
        {
            "id": "checks",
            "kind": "fanout",
            "convergence": "all-succeed",
            "concurrency": 2,
            "branches": [
                {"branchId": "fx", "handler": "acme.corpus.fx-rate", "outputSchema": {"type": "object", "properties": {"rate": {"type": "number"}}, "required": ["rate"]}},
                {"branchId": "geo", "handler": "acme.corpus.geocode", "outputSchema": {"type": "object"}},
            ],
        },
        {
            "id": "each-invoice",
            "kind": "loop",
            "loopKind": "foreach",
            "iterateOver": {"path": "runInput.invoices"},
            "maxIterations": 100,
            "concurrency": 4,
            "outputSchema": {"type": "object"},
            "body": {
                "nodes": [{"id": "total", "kind": "tool", "ref": "acme.corpus.invoice-total"}],
                "edges": [
                    {"id": "b-in", "from": "$loop-start", "to": "total"},
                    {"id": "b-out", "from": "total", "to": "$loop-end"},
                ],
            },
        },
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "record"},
        {"id": "to-checks", "from": "record", "to": "checks", "policy": {"retry": {"maxAttempts": 3, "backoff": "exponential", "delayMs": 100, "maxDelayMs": 2000}, "timeoutMs": 30000, "concurrencyKey": "ledger", "priority": 5}},
        {"id": "to-loop", "from": "checks", "to": "each-invoice"},
        {"id": "out", "from": "each-invoice", "to": "$end"},
    ],
    output={"mapping": {"expense": {"path": "nodeOutputs.record.expenseId"}}, "schema": {"type": "object", "properties": {"expense": {"type": "string"}}}},
)
