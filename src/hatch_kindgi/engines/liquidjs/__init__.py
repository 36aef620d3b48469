"""liquidjs 10 as a publish parses and a run renders: parse, filters, numbers, dates, output."""
