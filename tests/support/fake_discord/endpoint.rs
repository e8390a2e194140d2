//! Discord's side of an Interactions Endpoint URL: with one set
//! ([`FakeDiscord::set_interactions_endpoint`]), each interaction a test user
//! sends is signed with Ed25519 and POSTed there, and the HTTP response is
//! taken as the first answer, exactly as a callback by REST would be.

use ed25519_dalek::{Signer, SigningKey};

use super::*;

/// The test application's private key: Discord's half, fixed so that runs
/// repeat.
fn signing_key() -> SigningKey {
    SigningKey::from_bytes(&[0x2a; 32])
}

/// The application's public key, as the developer portal shows it
/// (`DISCORD_PUBLIC_KEY`): 64 hexadecimal digits.
pub fn public_key_hex() -> String {
    hex(signing_key().verifying_key().as_bytes())
}

/// The `X-Signature-Ed25519` Discord sends with `body` signed at `timestamp`.
pub fn sign(timestamp: &str, body: &[u8]) -> String {
    let message = [timestamp.as_bytes(), body].concat();
    hex(&signing_key().sign(&message).to_bytes())
}

/// Now, as `X-Signature-Timestamp` says it (Unix seconds).
pub fn timestamp_now() -> String {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
        .to_string()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// POSTs `body` to `url` with these signature headers (either may be left
/// out); returns the status, the content type and the body answered.
pub async fn post_signed(
    url: &str,
    body: Vec<u8>,
    timestamp: Option<&str>,
    signature: Option<&str>,
) -> Result<EndpointAnswer, reqwest::Error> {
    let mut request = reqwest::Client::new()
        .post(url)
        .header("content-type", "application/json")
        .header("user-agent", "Discord-Interactions/1.0 (+https://discord.com)");
    if let Some(timestamp) = timestamp {
        request = request.header("x-signature-timestamp", timestamp);
    }
    if let Some(signature) = signature {
        request = request.header("x-signature-ed25519", signature);
    }
    let response = request.body(body).send().await?;
    let status = response.status().as_u16();
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let body = response.bytes().await?.to_vec();
    Ok(EndpointAnswer {
        status,
        content_type,
        body,
    })
}

impl FakeDiscord {
    /// Sends every interaction from now on to the bot's endpoint at `url`
    /// (`http://127.0.0.1:PORT/interactions`) rather than on the gateway.
    pub fn set_interactions_endpoint(&self, url: &str) {
        self.lock().endpoint = Some(url.to_string());
    }

    pub(super) fn endpoint(&self) -> Option<String> {
        self.lock().endpoint.clone()
    }

    /// Signs and POSTs `payload` (interaction `ix`) to the endpoint, in the
    /// background, and takes its answer as the interaction's callback.
    pub(super) fn post_interaction(&self, ix: &Interaction, payload: Value) {
        let url = self.endpoint().expect("fake discord: no interactions endpoint set");
        self.lock().answering_over_http.insert(ix.token.clone());
        let fake = self.clone();
        let (id, token) = (ix.id, ix.token.clone());
        tokio::spawn(async move {
            let answer = fake.post_to(&url, id, &token, &payload).await;
            fake.take_answer(id, &token, answer);
        });
    }

    /// Posts interaction `ix` again, as Discord or a load balancer retrying
    /// it does, to `url` (the endpoint set, if `None`), and waits for the
    /// answer; a first answer taken already is not taken again.
    pub async fn post_again(&self, ix: &Interaction, url: Option<&str>) -> EndpointAnswer {
        let url = url
            .map(str::to_string)
            .or_else(|| self.endpoint())
            .expect("fake discord: no interactions endpoint set");
        let taken = |fake: &FakeDiscord| {
            fake.lock()
                .interactions
                .get(&ix.id)
                .is_some_and(|s| s.callback.is_some())
        };
        // Calls about the interaction (follow-ups) made before this answer
        // arrives wait for it, as for a first posting.
        if !taken(self) {
            self.lock().answering_over_http.insert(ix.token.clone());
        }
        let answer = self.post_to(&url, ix.id, &ix.token, &ix.payload).await;
        if !taken(self) {
            self.take_answer(ix.id, &ix.token, answer.clone());
        } else {
            self.lock().answering_over_http.remove(&ix.token);
            self.shared.notify.notify_waiters();
        }
        answer
    }

    async fn post_to(&self, url: &str, id: u64, token: &str, payload: &Value) -> EndpointAnswer {
        let body = serde_json::to_vec(payload).expect("an interaction is JSON");
        let timestamp = timestamp_now();
        let signature = sign(&timestamp, &body);
        match post_signed(url, body, Some(&timestamp), Some(&signature)).await {
            Ok(answer) => answer,
            Err(error) => {
                eprintln!("fake discord: posting interaction {id} ({token}) failed: {error}");
                EndpointAnswer {
                    status: 0,
                    content_type: String::new(),
                    body: Vec::new(),
                }
            }
        }
    }

    /// Applies the endpoint's answer as the interaction's callback, and
    /// lets the calls that waited for it go.
    fn take_answer(&self, id: u64, token: &str, answer: EndpointAnswer) {
        {
            let mut st = self.lock();
            if answer.status == 200 {
                let (body, files) = parse_body(Some(&answer.content_type), &answer.body);
                let applied = st.interaction_callback(&id.to_string(), token, &body, &files);
                if let Reply::Json(status, why) = &applied {
                    if *status >= 400 {
                        eprintln!("fake discord: the endpoint's answer to {id} was refused: {why}");
                    }
                }
            }
            st.answering_over_http.remove(token);
            st.endpoint_answers.insert(id, answer);
        }
        self.shared.notify.notify_waiters();
    }

    /// What the endpoint answered every interaction posted to it.
    pub fn endpoint_answers(&self) -> Vec<EndpointAnswer> {
        self.lock().endpoint_answers.values().cloned().collect()
    }

    /// What the endpoint answered interaction `ix` (its first posting),
    /// waiting for it.
    pub async fn endpoint_answer(&self, ix: &Interaction) -> EndpointAnswer {
        let what = format!("the endpoint's answer to interaction {} `{}`", ix.id, ix.label);
        self.wait_state(&what, |st| st.endpoint_answers.get(&ix.id).cloned())
            .await
    }
}

/// Holds a call about an interaction (`/webhooks/{app}/{token}/...`) while
/// that interaction's HTTP answer is on its way to the fake.
pub(super) async fn after_answer_over_http(shared: &Shared, path: &str) {
    let Some(token) = path
        .strip_prefix("/api/v10/webhooks/")
        .and_then(|rest| rest.split('/').nth(1))
    else {
        return;
    };
    let deadline = Instant::now() + WAIT_TIMEOUT;
    while shared.lock().answering_over_http.contains(token) && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}
