"""JavaScript as V8 runs it for the runtime: strings, numbers, RegExp (`u` mode, plain syntax),
and JSON values as its code reads them."""
