"""liquidjs 10.30.0 as a publish parses and a run renders: parse, filters, numbers, dates,
output."""
