"""Self-checks of the specification in spec/: schemas, references, facts, transcripts, docs."""
