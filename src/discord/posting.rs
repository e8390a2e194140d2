//! Talking to Discord's REST API for the rest of the adapter: posting a
//! message (with or without a picture), answering a press while keeping
//! the pressed message's attachments, looking back through a channel for
//! what the bot posted, and the one reading of a request Discord failed. A leaf:
//! it knows no feature of the bot, so every feature may use it.

use super::context::Context;
use serenity::all::{
    ChannelId, ComponentInteraction, CreateAttachment, CreateMessage, GetMessages, Message, MessageId,
};
use serenity::http::{HttpError, LightMethod, Multipart, MultipartUpload, Request, Route};

/// How long Discord is relied on to refuse a second message with a nonce
/// it has seen: it promises "a few minutes"; a message owed for longer is
/// looked for in the channel before it is posted.
pub(super) const NONCE_WINDOW_SECS: i64 = 60;

/// How many of a channel's last messages are searched for one the bot
/// posted (Discord's most per request).
pub(super) const MESSAGES_LOOKED_BACK: u8 = 100;

/// Discord's error code for a permission the bot lacks.
const MISSING_PERMISSIONS: isize = 50013;

/// What a failed request to Discord means for whoever made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestFailure {
    /// What the request is about does not exist (404: a deleted channel or
    /// message).
    Gone,
    /// The bot lacks a permission it needs there (403, code 50013): with a
    /// picture, Attach Files.
    MissingPermission,
    /// The bot may not do it for another reason (403: removed from the
    /// server, a user's DMs closed).
    Forbidden,
    /// Discord does not accept the bot's token (401).
    Unauthorised,
    /// Anything else: Discord failed or could not be reached, or was too
    /// busy; the same request may succeed later.
    Transient,
}

impl RequestFailure {
    /// How Discord refused the request that failed with `error`.
    pub fn of(error: &serenity::Error) -> RequestFailure {
        let serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) = error else {
            return RequestFailure::Transient;
        };
        match response.status_code.as_u16() {
            404 => RequestFailure::Gone,
            403 if response.error.code == MISSING_PERMISSIONS => RequestFailure::MissingPermission,
            403 => RequestFailure::Forbidden,
            401 => RequestFailure::Unauthorised,
            _ => RequestFailure::Transient,
        }
    }

    /// Whether the failure is for good: trying again can only fail again,
    /// and every such answer counts towards the invalid requests for which
    /// Discord restricts a bot.
    pub fn is_for_good(self) -> bool {
        matches!(
            self,
            RequestFailure::Gone | RequestFailure::MissingPermission | RequestFailure::Forbidden
        )
    }
}

/// The HTTP status of Discord's answer to a failed request, if it answered.
pub(super) fn status_of(error: &serenity::Error) -> Option<serenity::http::StatusCode> {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => Some(response.status_code),
        _ => None,
    }
}

/// The JSON error code of Discord's answer to a failed request, if it
/// answered with one (`160004`: a thread was already started from that
/// message).
pub(super) fn discord_code(error: &serenity::Error) -> Option<isize> {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => Some(response.error.code),
        _ => None,
    }
}

/// A message the bot posted: all it keeps of Discord's answer.
#[derive(Clone, Copy, Debug, serde::Deserialize)]
pub(super) struct Posted {
    pub id: MessageId,
    pub channel_id: ChannelId,
}

impl From<&Message> for Posted {
    fn from(message: &Message) -> Posted {
        Posted {
            id: message.id,
            channel_id: message.channel_id,
        }
    }
}

/// A file to attach to a message: its bytes, its name, and the description
/// screen readers read.
pub(super) struct Picture<'a> {
    pub bytes: &'a [u8],
    pub filename: &'a str,
    pub description: &'a str,
}

/// Posts `message` in `channel`. Not `ChannelId::send_message`: that reads
/// Discord's whole answer into a `Message` (author, components, embeds…),
/// a tenth of the bot's CPU per move, when the id is all the bot keeps.
pub(super) async fn post(ctx: &Context, channel: ChannelId, message: &CreateMessage) -> serenity::Result<Posted> {
    let body = serde_json::to_vec(message)?;
    let request = Request::new(Route::ChannelMessages { channel_id: channel }, LightMethod::Post).body(Some(body));
    let answer = ctx.http.request(request).await?.bytes().await?;
    Ok(serde_json::from_slice(&answer)?)
}

/// Posts `message` with `picture` attached, as one multipart upload: the
/// message as `payload_json`, naming the file `0` with its description,
/// and the bytes as `files[0]`.
pub(super) async fn post_with_picture(
    ctx: &Context,
    channel: ChannelId,
    message: &CreateMessage,
    picture: Picture<'_>,
) -> serenity::Result<Posted> {
    // The attachment in the JSON carries the name and description, the
    // one in the upload the bytes; both are number 0.
    let described = CreateAttachment::bytes(Vec::new(), picture.filename).description(picture.description);
    let payload = serde_json::to_string(&message.clone().add_file(described))?;
    let multipart = Multipart {
        upload: MultipartUpload::Attachments(vec![CreateAttachment::bytes(picture.bytes.to_vec(), picture.filename)]),
        fields: vec![],
        payload_json: Some(payload),
    };
    let request =
        Request::new(Route::ChannelMessages { channel_id: channel }, LightMethod::Post).multipart(Some(multipart));
    let answer = ctx.http.request(request).await?.bytes().await?;
    Ok(serde_json::from_slice(&answer)?)
}

/// Answers a press by changing the pressed message as `data` says (its
/// `content`, `components`), keeping its attachments. Not serenity's
/// `UpdateMessage`: its body always carries `"attachments": []`, which
/// tells Discord to drop a board's or a puzzle's picture. Without the key
/// Discord keeps the message's attachments.
pub(super) async fn update_keeping_attachments(
    ctx: &Context,
    press: &ComponentInteraction,
    data: serde_json::Value,
) -> serenity::Result<()> {
    let update = serde_json::json!({"type": 7, "data": data});
    super::responder::respond_json(ctx, (press.id, &press.token), update, Vec::new()).await
}

/// The newest message of this bot among `channel`'s last
/// [`MESSAGES_LOOKED_BACK`] for which `wanted` holds: one posted before a
/// crash or an outage kept its id from being recorded.
pub(super) async fn posted_before(
    ctx: &Context,
    channel: ChannelId,
    wanted: impl Fn(&Message) -> bool,
) -> serenity::Result<Option<Posted>> {
    let messages = channel
        .messages(&ctx.http, GetMessages::new().limit(MESSAGES_LOOKED_BACK))
        .await?;
    let me = ctx.bot_user();
    Ok(messages
        .iter()
        .find(|message| message.author.id == me && wanted(message))
        .map(Posted::from))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serenity::http::ErrorResponse;

    /// The error serenity returns for Discord's answer `status` with the
    /// JSON error `code`.
    async fn refused(status: u16, code: isize) -> serenity::Error {
        let body = serde_json::json!({"code": code, "message": "refused"}).to_string();
        let answer = http::Response::builder().status(status).body(body).unwrap();
        let response = ErrorResponse::from_response(answer.into(), reqwest::Method::POST).await;
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response))
    }

    #[tokio::test]
    async fn discords_answers_are_read_as_request_failures() {
        assert_eq!(RequestFailure::of(&refused(404, 10008).await), RequestFailure::Gone);
        assert_eq!(
            RequestFailure::of(&refused(403, MISSING_PERMISSIONS).await),
            RequestFailure::MissingPermission
        );
        assert_eq!(
            RequestFailure::of(&refused(403, 50007).await),
            RequestFailure::Forbidden
        );
        assert_eq!(RequestFailure::of(&refused(401, 0).await), RequestFailure::Unauthorised);
        assert_eq!(RequestFailure::of(&refused(429, 0).await), RequestFailure::Transient);
        assert_eq!(RequestFailure::of(&refused(502, 0).await), RequestFailure::Transient);
        assert_eq!(
            RequestFailure::of(&serenity::Error::Other("no connection")),
            RequestFailure::Transient
        );
    }

    #[tokio::test]
    async fn only_what_cannot_succeed_later_is_refused_for_good() {
        assert!(RequestFailure::Gone.is_for_good());
        assert!(RequestFailure::MissingPermission.is_for_good());
        assert!(RequestFailure::Forbidden.is_for_good());
        assert!(!RequestFailure::Unauthorised.is_for_good());
        assert!(!RequestFailure::Transient.is_for_good());
        assert_eq!(status_of(&refused(403, 0).await).map(|s| s.as_u16()), Some(403));
        assert_eq!(status_of(&serenity::Error::Other("no connection")), None);
        assert_eq!(discord_code(&refused(400, 160004).await), Some(160004));
        assert_eq!(discord_code(&serenity::Error::Other("no connection")), None);
    }
}
