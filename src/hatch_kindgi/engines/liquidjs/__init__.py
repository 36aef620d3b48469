"""liquidjs 10.30.0 as a publish parses and a run renders: parse, filters, numbers, dates,
output; `tenantLiquid()`'s options and `templateProblem`'s words (`tenant`)."""
