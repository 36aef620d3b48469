"""Discover: takes the pack root and its discovery globs, gives each glob's files, sorted, with
the problems of the globs and of what they match (`stage.discover_pack`), the code folders'
Python files the wheel ships (`stage.code_files`), and what the project's own wheel ships
(`shipped`)."""
