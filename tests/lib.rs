//! Holds nothing: the integration tests live in `it/`, one binary for the workspace.
