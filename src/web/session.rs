//! Who is signed in: stateless, signed, expiring tokens.
//!
//! A session is a token the bot signs with HMAC-SHA256 under a key derived
//! from `DISCORD_CLIENT_SECRET`; it holds the Discord user's id and name and
//! when it expires, and nothing is stored. So every process that shares the
//! client secret (several behind a balancer) accepts every other's
//! sessions, and changing the secret in the developer portal signs everyone
//! out. The same token is the web page's cookie value and an
//! `Authorization: Bearer` credential (an embedded app inside Discord gets
//! no SameSite=Lax cookie from a third-party frame).
//!
//! The same key signs the short-lived `state` of a sign-in (bound to the
//! browser by a cookie) and derives each session's CSRF token.

use axum::http::{header, HeaderMap};
use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// How long a session lasts from sign-in.
pub const SESSION_SECONDS: i64 = 7 * 24 * 3600;
/// How long a sign-in may take, from the login link to the callback.
pub const STATE_SECONDS: i64 = 10 * 60;
/// The session cookie's name.
pub const SESSION_COOKIE: &str = "akon_session";
/// The sign-in state cookie's name.
pub const STATE_COOKIE: &str = "akon_sign_in";
/// Longest token accepted at all: anything longer is not even checked.
const MOST_TOKEN_CHARS: usize = 512;

/// Signs and checks the tokens of one site.
#[derive(Clone)]
pub struct Sessions {
    key: [u8; 32],
}

impl std::fmt::Debug for Sessions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sessions { key: <hidden> }")
    }
}

/// A signed-in user, as a valid session token says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionUser {
    /// The Discord user id.
    pub user_id: u64,
    /// The name Discord gave at sign-in (global name, else username).
    pub name: String,
    /// Seconds since 1970 after which the token is refused.
    pub expires_at: i64,
}

/// A sign-in under way, as its state cookie says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignIn {
    /// The random `state` sent to Discord and expected back.
    pub state: String,
    /// Where to go once signed in (a path under the site, checked when made).
    pub next: String,
}

impl Sessions {
    /// Sessions signed under a key derived from `secret` (the OAuth2 client
    /// secret): the secret itself signs nothing.
    pub fn new(secret: &[u8]) -> Sessions {
        let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC takes a key of any length");
        mac.update(b"akon web sessions v1");
        Sessions {
            key: mac.finalize().into_bytes().into(),
        }
    }

    fn mac(&self, purpose: &[u8], payload: &[u8]) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(&self.key).expect("HMAC takes a key of any length");
        mac.update(purpose);
        mac.update(&[0]);
        mac.update(payload);
        mac
    }

    /// `payload` with its signature for `purpose`: `PAYLOAD.SIGNATURE`.
    fn sign(&self, purpose: &[u8], payload: &str) -> String {
        let signature = self.mac(purpose, payload.as_bytes()).finalize().into_bytes();
        format!("{payload}.{}", base64url(&signature))
    }

    /// The payload of a token signed for `purpose`, if the signature holds
    /// (compared in constant time).
    fn open<'t>(&self, purpose: &[u8], token: &'t str) -> Option<&'t str> {
        if token.len() > MOST_TOKEN_CHARS {
            return None;
        }
        let (payload, signature) = token.rsplit_once('.')?;
        let signature = base64url_decode(signature)?;
        self.mac(purpose, payload.as_bytes()).verify_slice(&signature).ok()?;
        Some(payload)
    }

    /// A session for `user_id` named `name`, valid for [`SESSION_SECONDS`]
    /// from `now` (seconds since 1970).
    pub fn issue(&self, user_id: u64, name: &str, now: i64) -> String {
        let expires_at = now.saturating_add(SESSION_SECONDS);
        let payload = format!("{user_id}.{expires_at}.{}", base64url(name.as_bytes()));
        self.sign(b"session", &payload)
    }

    /// The user of a session token, if it is one of ours and not expired.
    pub fn verify(&self, token: &str, now: i64) -> Option<SessionUser> {
        let payload = self.open(b"session", token)?;
        let mut parts = payload.split('.');
        let user_id = parts.next()?.parse().ok()?;
        let expires_at: i64 = parts.next()?.parse().ok()?;
        let name = String::from_utf8(base64url_decode(parts.next()?)?).ok()?;
        if parts.next().is_some() || now >= expires_at {
            return None;
        }
        Some(SessionUser {
            user_id,
            name,
            expires_at,
        })
    }

    /// The CSRF token of a session: derived from it, so nothing is stored,
    /// and useless with another session.
    pub fn csrf_token(&self, session_token: &str) -> String {
        base64url(&self.mac(b"csrf", session_token.as_bytes()).finalize().into_bytes())
    }

    /// Whether `sent` is the CSRF token of `session_token` (constant time).
    pub fn csrf_matches(&self, session_token: &str, sent: &str) -> bool {
        match base64url_decode(sent) {
            Some(bytes) => self.mac(b"csrf", session_token.as_bytes()).verify_slice(&bytes).is_ok(),
            None => false,
        }
    }

    /// A new sign-in going to `next`: the random `state` for Discord and
    /// the signed value of the cookie that binds it to this browser.
    pub fn begin_sign_in(&self, next: &str, now: i64) -> Option<(String, String)> {
        let mut random = [0u8; 16];
        getrandom::fill(&mut random).ok()?;
        let state = base64url(&random);
        let expires_at = now.saturating_add(STATE_SECONDS);
        let payload = format!("{state}.{expires_at}.{}", base64url(next.as_bytes()));
        Some((state, self.sign(b"sign-in", &payload)))
    }

    /// The sign-in a state cookie holds, if it is ours, not expired, and
    /// for the `state` Discord sent back.
    pub fn finish_sign_in(&self, cookie: &str, state: &str, now: i64) -> Option<SignIn> {
        let payload = self.open(b"sign-in", cookie)?;
        let mut parts = payload.split('.');
        let expected = parts.next()?;
        let expires_at: i64 = parts.next()?.parse().ok()?;
        let next = String::from_utf8(base64url_decode(parts.next()?)?).ok()?;
        // Both are ours or from the URL; the state is not a secret once sent,
        // but compare without a shortcut anyway.
        let same = expected.len() == state.len()
            && expected
                .bytes()
                .zip(state.bytes())
                .fold(0u8, |diff, (a, b)| diff | (a ^ b))
                == 0;
        (same && now < expires_at && parts.next().is_none()).then(|| SignIn {
            state: expected.to_string(),
            next,
        })
    }
}

/// The session token a request carries: `Authorization: Bearer` first,
/// else the session cookie. The flag says whether it came as a bearer
/// token (such requests cannot be forged by another site, so need no CSRF
/// token).
pub fn session_token(headers: &HeaderMap) -> Option<(&str, bool)> {
    if let Some(bearer) = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
    {
        return Some((bearer.trim(), true));
    }
    cookie(headers, SESSION_COOKIE).map(|token| (token, false))
}

/// The value of the cookie `name`, if the request has it.
pub fn cookie<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, value)| value)
}

/// A `Set-Cookie` value: HttpOnly, SameSite=Lax, Secure, under `path`, for
/// `max_age` seconds (0: removes it).
pub fn set_cookie(name: &str, value: &str, path: &str, max_age: i64) -> String {
    format!("{name}={value}; Path={path}; Max-Age={max_age}; HttpOnly; SameSite=Lax; Secure")
}

const BASE64URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `bytes` in unpadded base64url.
pub fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for k in 0..=chunk.len() {
            out.push(char::from(BASE64URL[(n >> (18 - 6 * k) & 63) as usize]));
        }
    }
    out
}

/// The bytes of unpadded base64url text; `None` for anything else.
fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    if text.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut bits, mut count) = (0u32, 0u32);
    for byte in text.bytes() {
        let value = BASE64URL.iter().position(|&c| c == byte)? as u32;
        bits = bits << 6 | value;
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    // Leftover bits must be zero, so that each text has one meaning.
    (bits == 0).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_800_000_000;

    #[test]
    fn a_session_verifies_until_it_expires() {
        let sessions = Sessions::new(b"client secret");
        let token = sessions.issue(42, "Zoé | <b>", NOW);
        let user = sessions.verify(&token, NOW + 10).unwrap();
        assert_eq!((user.user_id, user.name.as_str()), (42, "Zoé | <b>"));
        assert_eq!(user.expires_at, NOW + SESSION_SECONDS);
        assert_eq!(sessions.verify(&token, NOW + SESSION_SECONDS), None);
    }

    #[test]
    fn another_processes_sessions_are_accepted_with_the_same_secret_only() {
        let token = Sessions::new(b"shared").issue(7, "Ana", NOW);
        assert!(Sessions::new(b"shared").verify(&token, NOW).is_some());
        assert_eq!(Sessions::new(b"other").verify(&token, NOW), None);
    }

    #[test]
    fn a_changed_token_is_refused() {
        let sessions = Sessions::new(b"s");
        let token = sessions.issue(7, "Ana", NOW);
        let (payload, signature) = token.rsplit_once('.').unwrap();
        // Another user id, a later expiry, a cut or empty signature.
        let forged = [
            format!("8{}.{signature}", &payload[1..]),
            token.replace(&(NOW + SESSION_SECONDS).to_string(), &(NOW * 2).to_string()),
            format!("{payload}.{}", &signature[..signature.len() - 2]),
            format!("{payload}."),
            payload.to_string(),
            String::new(),
            "x".repeat(2000),
        ];
        for token in forged {
            assert_eq!(sessions.verify(&token, NOW), None, "{token}");
        }
    }

    #[test]
    fn the_csrf_token_belongs_to_its_session() {
        let sessions = Sessions::new(b"s");
        let a = sessions.issue(1, "A", NOW);
        let b = sessions.issue(2, "B", NOW);
        let csrf = sessions.csrf_token(&a);
        assert!(sessions.csrf_matches(&a, &csrf));
        assert!(!sessions.csrf_matches(&b, &csrf));
        assert!(!sessions.csrf_matches(&a, ""));
        assert!(!sessions.csrf_matches(&a, "not base64!"));
    }

    #[test]
    fn a_sign_in_needs_its_own_state_before_it_expires() {
        let sessions = Sessions::new(b"s");
        let (state, cookie) = sessions.begin_sign_in("g/AAAAAAAAAAAAAAAAAAAAAA", NOW).unwrap();
        let signed_in = sessions.finish_sign_in(&cookie, &state, NOW + 1).unwrap();
        assert_eq!(signed_in.next, "g/AAAAAAAAAAAAAAAAAAAAAA");
        assert_eq!(sessions.finish_sign_in(&cookie, "forged", NOW), None);
        assert_eq!(sessions.finish_sign_in(&cookie, &state, NOW + STATE_SECONDS), None);
        // A session is no state cookie, nor the other way round.
        let session = sessions.issue(1, "A", NOW);
        assert_eq!(sessions.finish_sign_in(&session, &state, NOW), None);
        assert_eq!(sessions.verify(&cookie, NOW), None);
    }

    #[test]
    fn the_token_comes_from_the_bearer_header_or_the_cookie() {
        let mut headers = HeaderMap::new();
        headers.insert(header::COOKIE, "a=b; akon_session=TOKEN; c=d".parse().unwrap());
        assert_eq!(session_token(&headers), Some(("TOKEN", false)));
        headers.insert(header::AUTHORIZATION, "Bearer BEARER".parse().unwrap());
        assert_eq!(session_token(&headers), Some(("BEARER", true)));
    }

    proptest::proptest! {
        #[test]
        fn base64url_decodes_what_it_encodes(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..64)) {
            proptest::prop_assert_eq!(base64url_decode(&base64url(&bytes)), Some(bytes));
        }

        #[test]
        fn any_text_is_checked_without_panic(text in "\\PC{0,200}") {
            let sessions = Sessions::new(b"s");
            proptest::prop_assert!(sessions.verify(&text, NOW).is_none());
            proptest::prop_assert!(sessions.finish_sign_in(&text, &text, NOW).is_none());
        }
    }
}
