"""Discover: takes the pack root and its discovery globs, gives the matching files, sorted."""
