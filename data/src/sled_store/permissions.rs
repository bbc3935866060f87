//! The data directory and its files are the operator's alone: the directory is created 0700
//! and sled's files set 0600, whatever the umask (a default umask leaves `db`, and the
//! Telegram adapter's `usernames.json` beside it, readable by every local user).

use std::path::Path;

use crate::error::StoreError;

/// Creates `dir` (and its parents) if missing, the directory itself with mode 0700.
pub(super) fn create_private_dir(dir: &Path) -> Result<(), StoreError> {
    if dir.is_dir() {
        return Ok(());
    }
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir).map_err(|e| {
        StoreError::Backend(format!("cannot create the data directory {}: {e}", dir.display()))
    })
}

/// Sets sled's files in `dir` (`db`, `conf`) to mode 0600.
pub(super) fn make_files_private(dir: &Path) -> Result<(), StoreError> {
    #[cfg(unix)]
    for name in ["db", "conf"] {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.join(name);
        if path.is_file() {
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).map_err(
                |e| StoreError::Backend(format!("cannot restrict {}: {e}", path.display())),
            )?;
        }
    }
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}
