"""Index: takes the pack config, the pins and every entry, gives the index.json envelope
(`stage.build_envelope`), its problems against pack-index 1.8.0 (`stage.index_problems`) and
its canonical bytes (`stage.serialized`); `pins` says which artifactVersion and publishedAt a
build writes."""
