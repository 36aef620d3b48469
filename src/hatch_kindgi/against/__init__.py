"""Against an earlier release: takes the pack's entries now and a reference (a git revision's
pack folder, an index.json, or a wheel built by this plugin), gives the problems of versions
reused with other content and a diff of what the change does (`stage.compare_with_reference`)."""
