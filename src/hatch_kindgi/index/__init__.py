"""Index: takes the pack config, the pins and every entry, gives the index.json envelope checked
against pack-index 1.8.0, as canonical bytes (`stage.index_bytes`); `pins` says which
artifactVersion and publishedAt a build writes."""
