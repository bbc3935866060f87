//! A small HTTP/1.1 client over a plain socket, enough for the web board's API in tests: one
//! request per connection, the answer read whole (or, for server-sent events, line by line).

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// An answer.
#[derive(Debug)]
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// The headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: Vec<u8>,
}

impl Answer {
    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}

/// Writes a request for `path` with `auth` (the `Authorization` value) and `body`.
async fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    auth: Option<&str>,
    body: Option<&str>,
) -> BufReader<TcpStream> {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if let Some(auth) = auth {
        head.push_str(&format!("Authorization: {auth}\r\n"));
    }
    if let Some(body) = body {
        head.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    head.push_str("\r\n");
    head.push_str(body.unwrap_or(""));
    stream.write_all(head.as_bytes()).await.unwrap();
    BufReader::new(stream)
}

/// Reads the status line and headers.
async fn head(reader: &mut BufReader<TcpStream>) -> (u16, Vec<(String, String)>) {
    let mut line = String::new();
    reader.read_line(&mut line).await.unwrap();
    let status = line.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let mut headers = Vec::new();
    loop {
        line.clear();
        reader.read_line(&mut line).await.unwrap();
        let Some((k, v)) = line.trim_end().split_once(':') else { break };
        headers.push((k.to_ascii_lowercase(), v.trim().to_string()));
    }
    (status, headers)
}

/// One request and its whole answer (bodies sent with a length or until close).
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    auth: Option<&str>,
    body: Option<&str>,
) -> Answer {
    let mut reader = send(addr, method, path, auth, body).await;
    let (status, headers) = head(&mut reader).await;
    let mut body = Vec::new();
    let chunked = headers.iter().any(|(k, v)| k == "transfer-encoding" && v == "chunked");
    if chunked {
        loop {
            let mut size = String::new();
            reader.read_line(&mut size).await.unwrap();
            let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            if n == 0 {
                break;
            }
            let mut chunk = vec![0; n + 2];
            reader.read_exact(&mut chunk).await.unwrap();
            body.extend_from_slice(&chunk[..n]);
        }
    } else if let Some(length) = headers.iter().find(|(k, _)| k == "content-length") {
        body = vec![0; length.1.parse().unwrap_or(0)];
        reader.read_exact(&mut body).await.unwrap();
    } else {
        reader.read_to_end(&mut body).await.unwrap();
    }
    Answer { status, headers, body }
}

/// An open event stream.
pub struct Events {
    reader: BufReader<TcpStream>,
}

impl Events {
    /// Opens `path` as a server-sent event stream; panics unless it answers 200.
    pub async fn open(addr: SocketAddr, path: &str, auth: &str) -> Events {
        let mut reader = send(addr, "GET", path, Some(auth), None).await;
        let (status, _) = head(&mut reader).await;
        assert_eq!(status, 200, "the event stream opens");
        Events { reader }
    }

    /// Waits at most `within` for an event named `name`; its data line.
    pub async fn next(&mut self, name: &str, within: Duration) -> Option<String> {
        let wanted = format!("event: {name}");
        let mut named = false;
        tokio::time::timeout(within, async {
            loop {
                let mut line = String::new();
                if self.reader.read_line(&mut line).await.ok()? == 0 {
                    return None;
                }
                let line = line.trim();
                if line == wanted {
                    named = true;
                } else if let (true, Some(data)) = (named, line.strip_prefix("data: ")) {
                    return Some(data.to_string());
                }
            }
        })
        .await
        .ok()
        .flatten()
    }
}
