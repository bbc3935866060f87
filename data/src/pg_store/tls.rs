//! TLS to the database through rustls (ring provider: no system libraries), for managed
//! databases. The server is verified against the Mozilla roots (`webpki-roots`) plus, if
//! given, the PEM certificates of [`super::PgConfig::ca_file`] (a provider's own CA, as
//! Amazon RDS and others use). Whether TLS is used follows the URL's `sslmode` (`prefer` by
//! default: TLS when the server offers it; `require` to insist).

use std::sync::Arc;

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::CertificateDer;
use tokio_postgres_rustls::MakeRustlsConnect;

use crate::error::StoreError;

/// The connector for `postgres` connections.
pub fn connector(ca_file: Option<&std::path::Path>) -> Result<MakeRustlsConnect, StoreError> {
    let mut roots = rustls::RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() };
    if let Some(path) = ca_file {
        let certs = CertificateDer::pem_file_iter(path)
            .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
            .map_err(|e| {
                StoreError::Backend(format!("database CA file {}: {e}", path.display()))
            })?;
        roots.add_parsable_certificates(certs);
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| StoreError::Backend(format!("TLS set-up: {e}")))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(MakeRustlsConnect::new(config))
}
