//! Sign in with Discord, faked: the OAuth2 authorization code flow with
//! scope `identify`. `/oauth2/authorize` is a page with one link per known
//! user (a test picks who signs in by following one); each link carries a
//! fresh single-use code back to the `redirect_uri` with the `state` asked
//! for. `POST /api/v10/oauth2/token` trades a code for an access token when
//! the client id and secret are the ones the test set; `GET
//! /api/v10/users/@me` with `Authorization: Bearer` says whose token it is
//! (with a bot token, the request goes to the REST API as before).

use super::*;

/// What the fake remembers of the sign-ins.
#[derive(Default)]
pub(super) struct OAuth {
    /// The application's client id and secret, once a test sets them.
    client: Option<(u64, String)>,
    /// Codes not used yet: the user, and the redirect URI asked with.
    codes: HashMap<String, (u64, Option<String>)>,
    /// Access tokens given: whose.
    tokens: HashMap<String, u64>,
    issued: u64,
    /// Token exchanges asked for, refused ones included.
    pub(super) exchanges: u64,
}

impl OAuth {
    fn fresh(&mut self, prefix: &str) -> String {
        self.issued += 1;
        let mut hasher = RandomState::new().build_hasher();
        hasher.write_u64(self.issued);
        format!("{prefix}{}{:016x}", self.issued, hasher.finish())
    }
}

impl FakeDiscord {
    /// Sets the OAuth2 client the token exchange accepts.
    pub fn set_oauth_client(&self, client_id: u64, client_secret: &str) {
        self.shared.oauth().client = Some((client_id, client_secret.to_string()));
    }

    /// How many token exchanges were asked for.
    pub fn oauth_exchanges(&self) -> u64 {
        self.shared.oauth().exchanges
    }

    /// A code for `user`, as the consent page's link for them carries
    /// (for a client that exchanges without a redirect URI, like an
    /// embedded app).
    pub fn oauth_code(&self, user: &TestUser, redirect_uri: Option<&str>) -> String {
        let mut oauth = self.shared.oauth();
        let code = oauth.fresh("code-");
        oauth
            .codes
            .insert(code.clone(), (user.id, redirect_uri.map(str::to_string)));
        code
    }
}

impl Shared {
    pub(super) fn oauth(&self) -> MutexGuard<'_, OAuth> {
        self.oauth.lock().unwrap_or_else(|e| e.into_inner())
    }
}

fn query_pairs(uri: &Uri) -> HashMap<String, String> {
    url::form_urlencoded::parse(uri.query().unwrap_or("").as_bytes())
        .into_owned()
        .collect()
}

fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// `GET /oauth2/authorize`: a link per known user, each with a new code.
pub(super) async fn authorize(AxState(shared): AxState<Arc<Shared>>, uri: Uri) -> Response {
    let asked = query_pairs(&uri);
    let known_client = shared.oauth().client.as_ref().map(|(id, _)| id.to_string());
    if asked.get("response_type").map(String::as_str) != Some("code")
        || asked.get("scope").map(String::as_str) != Some("identify")
        || asked.get("client_id") != known_client.as_ref()
    {
        return (
            StatusCode::BAD_REQUEST,
            "unknown client, or not a code flow for identify",
        )
            .into_response();
    }
    let (Some(redirect_uri), Some(state)) = (asked.get("redirect_uri"), asked.get("state")) else {
        return (StatusCode::BAD_REQUEST, "no redirect_uri or no state").into_response();
    };
    let users: Vec<TestUser> = shared.lock().users.values().filter(|u| !u.bot).cloned().collect();
    let mut page = String::from("<!DOCTYPE html><html><body><h1>Sign in to the fake Discord</h1><ul>");
    for user in users {
        let code = {
            let mut oauth = shared.oauth();
            let code = oauth.fresh("code-");
            oauth.codes.insert(code.clone(), (user.id, Some(redirect_uri.clone())));
            code
        };
        let href = format!(
            "{redirect_uri}?code={}&state={}",
            url::form_urlencoded::byte_serialize(code.as_bytes()).collect::<String>(),
            url::form_urlencoded::byte_serialize(state.as_bytes()).collect::<String>()
        );
        let _ = write!(
            page,
            "<li><a data-user=\"{}\" href=\"{}\">{}</a></li>",
            user.id,
            escaped(&href),
            escaped(&user.name)
        );
    }
    let cancel = format!("{redirect_uri}?error=access_denied&state={state}");
    let _ = write!(
        page,
        "</ul><a id=\"cancel\" href=\"{}\">Cancel</a></body></html>",
        escaped(&cancel)
    );
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response()
}

/// `POST /api/v10/oauth2/token`: a code for an access token.
pub(super) async fn token(AxState(shared): AxState<Arc<Shared>>, body: Bytes) -> Response {
    let form: HashMap<String, String> = url::form_urlencoded::parse(&body).into_owned().collect();
    let mut oauth = shared.oauth();
    oauth.exchanges += 1;
    let client_ok = match &oauth.client {
        Some((id, secret)) => {
            form.get("client_id") == Some(&id.to_string()) && form.get("client_secret") == Some(secret)
        }
        None => false,
    };
    if !client_ok {
        return (StatusCode::UNAUTHORIZED, axum::Json(json!({"error": "invalid_client"}))).into_response();
    }
    if form.get("grant_type").map(String::as_str) != Some("authorization_code") {
        return (
            StatusCode::BAD_REQUEST,
            axum::Json(json!({"error": "unsupported_grant_type"})),
        )
            .into_response();
    }
    let code = form.get("code").cloned().unwrap_or_default();
    // A code is used once, with the redirect URI it was asked with.
    let Some((user, redirect_uri)) = oauth.codes.remove(&code) else {
        return (StatusCode::BAD_REQUEST, axum::Json(json!({"error": "invalid_grant"}))).into_response();
    };
    if redirect_uri.as_ref() != form.get("redirect_uri") {
        return (StatusCode::BAD_REQUEST, axum::Json(json!({"error": "invalid_grant"}))).into_response();
    }
    let access = oauth.fresh("access-");
    oauth.tokens.insert(access.clone(), user);
    axum::Json(json!({
        "access_token": access,
        "token_type": "Bearer",
        "expires_in": 604800,
        "scope": "identify",
    }))
    .into_response()
}

/// `GET /api/v10/users/@me`: with a bearer token, its user; with the
/// bot's token, the REST API's answer.
pub(super) async fn me(
    shared: AxState<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::to_string);
    let Some(bearer) = bearer else {
        return rest_handler(shared, method, uri, headers, body).await;
    };
    let user = shared.oauth().tokens.get(&bearer).copied();
    let Some(user) = user.and_then(|id| shared.lock().users.get(&id).cloned()) else {
        return (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({"message": "401: Unauthorized", "code": 0})),
        )
            .into_response();
    };
    axum::Json(json!({
        "id": user.id.to_string(),
        "username": user.name.to_lowercase(),
        "global_name": user.name,
        "discriminator": "0",
        "avatar": null,
    }))
    .into_response()
}
