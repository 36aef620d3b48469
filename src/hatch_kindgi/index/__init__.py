"""Index: takes the pack config, the pins and every entry, gives the index.json envelope checked
against pack-index 1.8.0 (`stage.index_problems`), as canonical bytes (`stage.serialized`);
`pins` says which artifactVersion and publishedAt a build writes."""
