//! Expansion snapshots (insta + prettyplease), one per macro × option.
