//! Where an interaction's first answer goes. Received over the gateway, it
//! is sent by REST (`POST /interactions/{id}/{token}/callback`); received
//! over HTTP (see `endpoint`), it is the body of the HTTP response Discord
//! waits for. Every handler answers through [`respond`], so both modes
//! share every line of rendering and every service call; what comes after
//! the first answer (edits, follow-ups, boards) is REST in both.

use std::sync::Mutex;

use serenity::all::{CreateAttachment, CreateInteractionResponse, InteractionId};
use serenity::builder::Builder as _;
use tokio::sync::oneshot;

use super::context::Context;
use super::Answered;
use crate::service::{OneCommit, Service};

tokio::task_local! {
    /// Set while a handler answers an interaction received over HTTP.
    static OVER_HTTP: HttpAnswer;
}

/// An interaction's first answer, as the HTTP response carries it: JSON,
/// or multipart when it has files (`payload_json` and `files[n]`, as
/// Discord takes it by REST).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerBody {
    pub content_type: String,
    pub bytes: Vec<u8>,
}

/// The waiting HTTP request's end of an interaction handled over HTTP.
pub(super) struct HttpAnswer {
    answer: Mutex<Option<oneshot::Sender<AnswerBody>>>,
    /// Fires once the answer is written out, so that what the handler
    /// does next by REST (an edit, a follow-up, reading the answer back)
    /// reaches Discord after the answer it refers to.
    written: tokio::sync::Mutex<Option<oneshot::Receiver<()>>>,
    /// The interaction was taken over from a process that died handling it.
    retried: bool,
    /// Where the answer is kept for copies before it is sent.
    keeping: Keeping,
}

/// How the first answer to an interaction received over HTTP is kept, so
/// that a copy gets the same bytes: with the press's transaction, which
/// commits it together with the claim and whatever the handler wrote.
#[derive(Clone)]
pub(super) struct Keeping {
    pub service: Service,
    pub interaction_id: u64,
    pub press: OneCommit,
}

impl HttpAnswer {
    /// The handler's end, the request's end for the answer, and the sender
    /// the request fires once it has written the answer out.
    pub(super) fn new(
        retried: bool,
        keeping: Keeping,
    ) -> (HttpAnswer, oneshot::Receiver<AnswerBody>, oneshot::Sender<()>) {
        let (answer, answered) = oneshot::channel();
        let (wrote, written) = oneshot::channel();
        (
            HttpAnswer {
                answer: Mutex::new(Some(answer)),
                written: tokio::sync::Mutex::new(Some(written)),
                retried,
                keeping,
            },
            answered,
            wrote,
        )
    }

    /// Runs `handler` with its first answer going to the HTTP response.
    pub(super) async fn scope<F: std::future::Future>(self, handler: F) -> F::Output {
        OVER_HTTP.scope(self, handler).await
    }
}

/// Whether the interaction being handled was taken over from a process that
/// died handling it (HTTP mode only: over the gateway nothing is retried).
pub(super) fn answering_a_retry() -> bool {
    OVER_HTTP.try_with(|http| http.retried).unwrap_or(false)
}

/// Sends `response` as the first answer to interaction `id` (`token`),
/// with `files` attached to its message.
pub(super) async fn respond(
    ctx: &Context,
    (id, token): (InteractionId, &str),
    response: CreateInteractionResponse,
    files: Vec<CreateAttachment>,
) -> Answered {
    let over_http = OVER_HTTP.try_with(|_| ()).is_ok();
    // Over HTTP the builder serialises the files' names and descriptions,
    // and the bytes go in the multipart body beside it.
    let (attached, files) = match over_http {
        true => (files.clone(), files),
        false => (files, Vec::new()),
    };
    let response = match response {
        CreateInteractionResponse::Message(message) => CreateInteractionResponse::Message(message.add_files(attached)),
        CreateInteractionResponse::Defer(message) => CreateInteractionResponse::Defer(message.add_files(attached)),
        CreateInteractionResponse::UpdateMessage(message) => {
            CreateInteractionResponse::UpdateMessage(message.add_files(attached))
        }
        other => other,
    };
    if !over_http {
        return response.execute(&ctx.http, (id, token)).await;
    }
    let json = serde_json::to_value(&response)?;
    respond_json(ctx, (id, token), json, files).await
}

/// [`respond`] with the answer's JSON written by hand (what serenity's
/// builder cannot say, such as keeping a message's attachments).
pub(super) async fn respond_json(
    ctx: &Context,
    (id, token): (InteractionId, &str),
    mut json: serde_json::Value,
    files: Vec<CreateAttachment>,
) -> Answered {
    let Some(answer) = OVER_HTTP
        .try_with(|http| http.answer.lock().ok().and_then(|mut slot| slot.take()))
        .ok()
    else {
        return ctx.http.create_interaction_response(id, token, &json, files).await;
    };
    // A second first answer: Discord refuses it by REST too.
    let Some(answer) = answer else {
        return Err(serenity::Error::Other("this interaction was answered already"));
    };
    if json.pointer("/data/allowed_mentions").is_none() {
        if let (Some(data), Some(default)) = (json.get_mut("data"), &ctx.http.default_allowed_mentions) {
            if data.is_object() {
                data["allowed_mentions"] = serde_json::to_value(default)?;
            }
        }
    }
    number_new_attachments(&mut json);
    let body = if files.is_empty() {
        AnswerBody {
            content_type: "application/json".to_string(),
            bytes: serde_json::to_vec(&json)?,
        }
    } else {
        multipart(&json, &files)
    };
    if let Ok(Keeping {
        service,
        interaction_id,
        press,
    }) = OVER_HTTP.try_with(|http| http.keeping.clone())
    {
        // Kept, and committed with the press, before it is sent: a copy
        // arriving once Discord has it finds it.
        if let Err(error) = service
            .keep_answer_and_commit(interaction_id, &body.content_type, &body.bytes, &press)
            .await
        {
            tracing::warn!(%error, interaction_id, "could not commit a press with its answer");
            return Err(serenity::Error::Other("the press could not be committed"));
        }
    }
    if answer.send(body).is_err() {
        return Err(serenity::Error::Other(
            "the HTTP request for this interaction was closed",
        ));
    }
    let written = OVER_HTTP
        .try_with(|http| http.written.try_lock().ok().and_then(|mut written| written.take()))
        .ok()
        .flatten();
    if let Some(written) = written {
        if written.await.is_err() {
            return Err(serenity::Error::Other(
                "the HTTP response for this interaction was not written",
            ));
        }
    }
    Ok(())
}

/// Gives the new files of the answer the placeholder ids `files[n]` is
/// matched by, in order, as serenity does for a REST answer; a kept
/// attachment (no file name) keeps its own id.
fn number_new_attachments(json: &mut serde_json::Value) {
    let Some(attachments) = json.pointer_mut("/data/attachments").and_then(|a| a.as_array_mut()) else {
        return;
    };
    let mut next = 0u64;
    for attachment in attachments {
        if attachment.get("filename").is_some() {
            attachment["id"] = serde_json::json!(next);
            next += 1;
        }
    }
}

/// The answer as `multipart/form-data`: the JSON as `payload_json`, each
/// file as `files[n]`.
fn multipart(json: &serde_json::Value, files: &[CreateAttachment]) -> AnswerBody {
    let mut random = [0u8; 16];
    // A boundary only has to be absent from the parts; the clock's
    // nanoseconds would do if the system generator failed.
    if getrandom::fill(&mut random).is_err() {
        random = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos().to_le_bytes())
            .unwrap_or_default();
    }
    let boundary: String = random.iter().map(|b| format!("{b:02x}")).collect();
    let mut bytes = Vec::new();
    let mut part = |headers: String, content: &[u8]| {
        bytes.extend_from_slice(format!("--{boundary}\r\n{headers}\r\n\r\n").as_bytes());
        bytes.extend_from_slice(content);
        bytes.extend_from_slice(b"\r\n");
    };
    part(
        "Content-Disposition: form-data; name=\"payload_json\"\r\nContent-Type: application/json".to_string(),
        json.to_string().as_bytes(),
    );
    for (n, file) in files.iter().enumerate() {
        let filename = file.filename.replace(['"', '\r', '\n'], "_");
        part(
            format!(
                "Content-Disposition: form-data; name=\"files[{n}]\"; filename=\"{filename}\"\r\nContent-Type: {}",
                mime_of(&filename)
            ),
            &file.data,
        );
    }
    bytes.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    AnswerBody {
        content_type: format!("multipart/form-data; boundary={boundary}"),
        bytes,
    }
}

fn mime_of(filename: &str) -> &'static str {
    if filename.ends_with(".png") {
        "image/png"
    } else {
        "application/octet-stream"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_files_are_numbered_in_order_and_kept_ones_keep_their_ids() {
        let mut json = serde_json::json!({"type": 4, "data": {"attachments": [
            {"id": 0, "filename": "a.png"},
            {"id": 77},
            {"id": 0, "filename": "b.png"},
        ]}});
        number_new_attachments(&mut json);
        let ids: Vec<_> = json["data"]["attachments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["id"].as_u64().unwrap())
            .collect();
        assert_eq!(ids, [0, 77, 1]);
    }

    #[test]
    fn a_multipart_answer_carries_the_json_and_each_file() {
        let json = serde_json::json!({"type": 4, "data": {"content": "hi"}});
        let files = [CreateAttachment::bytes(vec![1, 2, 3], "board.png")];
        let body = multipart(&json, &files);
        let boundary = body
            .content_type
            .strip_prefix("multipart/form-data; boundary=")
            .unwrap();
        let text = String::from_utf8_lossy(&body.bytes);
        assert!(text.starts_with(&format!("--{boundary}\r\n")));
        assert!(text.contains("name=\"payload_json\""));
        assert!(text.contains(&json.to_string()));
        assert!(text.contains("name=\"files[0]\"; filename=\"board.png\"\r\nContent-Type: image/png"));
        assert!(body.bytes.windows(3).any(|w| w == [1, 2, 3]));
        assert!(text.ends_with(&format!("--{boundary}--\r\n")));
    }
}
