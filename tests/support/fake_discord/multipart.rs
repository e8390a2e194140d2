//! Request bodies: JSON or multipart/form-data with files, and query strings.

use super::*;

/// Accepts serenity's `&a=b&c=d` as well as `a=b&c=d`.
pub(super) fn query_param(query: &str, key: &str) -> Option<String> {
    query.split('&').filter(|p| !p.is_empty()).find_map(|p| {
        let (k, v) = p.split_once('=').unwrap_or((p, ""));
        (k == key).then(|| v.to_string())
    })
}

pub(super) fn find_bytes(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() || hay.len() < needle.len() {
        return None;
    }
    (from..=hay.len() - needle.len()).find(|&i| &hay[i..i + needle.len()] == needle)
}

pub(super) fn header_param(line: &str, key: &str) -> Option<String> {
    let pat = format!("{key}=\"");
    let start = line.find(&pat)? + pat.len();
    let end = line[start..].find('"')? + start;
    Some(line[start..end].to_string())
}

pub(super) fn parse_multipart(content_type: &str, body: &[u8]) -> (Value, Vec<FilePart>) {
    let Some(boundary) = content_type
        .split(';')
        .map(str::trim)
        .find_map(|p| p.strip_prefix("boundary="))
        .map(|b| b.trim_matches('"').to_string())
    else {
        return (Value::Null, Vec::new());
    };
    let delim = format!("--{boundary}").into_bytes();
    let mut payload = Value::Null;
    let mut files = Vec::new();
    let mut pos = match find_bytes(body, &delim, 0) {
        Some(p) => p + delim.len(),
        None => return (Value::Null, files),
    };
    while let Some(next) = find_bytes(body, &delim, pos) {
        let mut part = &body[pos..next];
        part = part.strip_prefix(b"\r\n").unwrap_or(part);
        part = part.strip_suffix(b"\r\n").unwrap_or(part);
        pos = next + delim.len();
        let Some(split) = find_bytes(part, b"\r\n\r\n", 0) else {
            continue;
        };
        let headers = String::from_utf8_lossy(&part[..split]).to_string();
        let data = part[split + 4..].to_vec();
        let mut name = String::new();
        let mut filename = None;
        let mut ctype = None;
        for line in headers.lines() {
            let lower = line.to_ascii_lowercase();
            if lower.starts_with("content-disposition:") {
                name = header_param(line, "name").unwrap_or_default();
                filename = header_param(line, "filename");
            } else if lower.starts_with("content-type:") {
                ctype = Some(line["content-type:".len()..].trim().to_string());
            }
        }
        if name == "payload_json" {
            payload = serde_json::from_slice(&data)
                .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&data).to_string()));
        } else {
            let index = name
                .strip_prefix("files[")
                .and_then(|r| r.strip_suffix(']'))
                .and_then(|n| n.parse().ok());
            files.push(FilePart {
                index,
                filename: filename.unwrap_or_else(|| name.clone()),
                name,
                content_type: ctype,
                data,
            });
        }
        if body[pos..].starts_with(b"--") {
            break;
        }
    }
    (payload, files)
}

pub(super) fn parse_body(content_type: Option<&str>, body: &[u8]) -> (Value, Vec<FilePart>) {
    if let Some(ct) = content_type.filter(|c| c.starts_with("multipart/form-data")) {
        return parse_multipart(ct, body);
    }
    if body.is_empty() {
        return (Value::Null, Vec::new());
    }
    let v = serde_json::from_slice(body).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(body).to_string()));
    (v, Vec::new())
}
