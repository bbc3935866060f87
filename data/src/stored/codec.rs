//! Values are JSON (see `docs/store.md` for why), read and written here.

use serde::de::DeserializeOwned;
use serde::Serialize;

/// The JSON bytes of a record.
pub fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    serde_json::to_vec(value).expect("records always serialise")
}

/// A record from JSON bytes, or what is wrong with them.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    serde_json::from_slice(bytes).map_err(|e| format!("unreadable record: {e}"))
}
