//! Conversations where the bot is no member, reached by an app installed to
//! a user: DMs and group DMs between people (interaction `context` 2) and
//! channels of servers that never added the bot (`context` 0, authorised by
//! the user's install alone). As on Discord: the bot's own REST calls on
//! such a channel get 403 Missing Access (50001); an interaction there may
//! have at most five follow-ups (400/40094); and every interaction token
//! stops working 15 minutes after the interaction (401/50027), by the
//! fake's own clock, which tests move with [`FakeDiscord::advance_clock`].
//! A user may also close their DMs to the bot (403/50007 on a post there).

use super::*;

/// How long an interaction's token works, in seconds.
pub const TOKEN_LIFETIME_SECS: i64 = 15 * 60;
/// The most follow-ups of one interaction where the app is not in the server.
pub(super) const MAX_FOLLOWUPS_ELSEWHERE: usize = 5;

/// A conversation the bot is no member of.
#[derive(Debug, Clone)]
pub(super) struct Conversation {
    /// The server, for a channel of a server without the bot.
    pub(super) guild: Option<u64>,
    /// A group DM (channel type 3) rather than a DM (type 1); for servers, unused.
    pub(super) group: bool,
}

/// What the fake keeps of conversations the bot is no member of.
#[derive(Debug, Default)]
pub(super) struct Elsewhere {
    pub(super) channels: HashMap<u64, Conversation>,
    /// Users who do not take DMs from the bot.
    pub(super) closed_dms: std::collections::HashSet<u64>,
    /// The fake's clock, in seconds from its start.
    pub(super) now: i64,
}

impl State {
    /// The conversation `channel_id` is, if the bot is no member of it.
    pub(super) fn elsewhere(&self, channel_id: u64) -> Option<&Conversation> {
        self.elsewhere.channels.get(&channel_id)
    }

    /// Whether a webhook request with interaction `ix`'s token comes too
    /// late, or would be one follow-up too many: the error Discord gives.
    pub(super) fn token_refusal(&self, ix: &IxState, method: &str, rest: &[&str]) -> Option<Reply> {
        if self.elsewhere.now - ix.created_at >= TOKEN_LIFETIME_SECS {
            return Some(error(401, 50027, "Invalid Webhook Token"));
        }
        let followup = method == "POST" && rest.is_empty();
        if followup && self.elsewhere(ix.channel_id).is_some() && ix.followups.len() >= MAX_FOLLOWUPS_ELSEWHERE {
            return Some(error(
                400,
                40094,
                "This interaction has hit the maximum number of follow up messages",
            ));
        }
        None
    }

    /// What Discord answers the bot's own REST call on channel `cid`, if
    /// it refuses it: a conversation the bot is no member of, or a post in
    /// the DM of a user who closed theirs.
    pub(super) fn channel_refusal(&self, cid: u64, method: &str, rest: &[&str]) -> Option<Reply> {
        if self.elsewhere(cid).is_some() {
            return Some(error(403, 50001, "Missing Access"));
        }
        let closed = self
            .dm_channels
            .iter()
            .any(|(user, channel)| *channel == cid && self.elsewhere.closed_dms.contains(user));
        (closed && method == "POST" && rest == ["messages"])
            .then(|| error(403, 50007, "Cannot send messages to this user"))
    }

    /// Makes `payload` (an interaction in `channel_id`) say where it comes
    /// from, if the bot is no member there: the `context`, the user's
    /// install as the only authorising owner, and for a DM or group DM no
    /// server at all.
    pub(super) fn mark_elsewhere(&self, payload: &mut Value, channel_id: u64, user: &TestUser) {
        let Some(conversation) = self.elsewhere(channel_id) else {
            return;
        };
        payload["authorizing_integration_owners"] = json!({"1": user.id.to_string()});
        match conversation.guild {
            Some(_) => payload["context"] = json!(0),
            None => {
                payload["context"] = json!(2);
                let object = payload.as_object_mut().expect("an interaction is an object");
                for key in ["guild_id", "guild_locale", "member"] {
                    object.remove(key);
                }
                payload["user"] = user_json(user);
                let kind = if conversation.group { 3 } else { 1 };
                payload["channel"] = json!({"id": channel_id.to_string(), "type": kind});
            }
        }
    }
}

impl FakeDiscord {
    /// A DM between two people (`members.len() == 2`) or a group DM (more),
    /// where the bot is no member; returns its channel id.
    pub fn add_private_channel(&self, members: &[&TestUser]) -> u64 {
        let mut st = self.lock();
        for member in members {
            st.users.insert(member.id, (*member).clone());
        }
        let channel = st.snowflake();
        let conversation = Conversation {
            guild: None,
            group: members.len() > 2,
        };
        st.elsewhere.channels.insert(channel, conversation);
        channel
    }

    /// A channel of a server that never added the bot; returns its id.
    pub fn add_server_without_bot(&self, guild_id: u64) -> u64 {
        let mut st = self.lock();
        let channel = st.snowflake();
        let conversation = Conversation {
            guild: Some(guild_id),
            group: false,
        };
        st.elsewhere.channels.insert(channel, conversation);
        channel
    }

    /// `/<command> <subcommand> options...` by `user` in a conversation the
    /// bot is no member of (see [`FakeDiscord::add_private_channel`]).
    pub async fn slash_elsewhere(
        &self,
        user: &TestUser,
        channel_id: u64,
        command: &str,
        subcommand: &str,
        options: Vec<(&str, u8, Value)>,
    ) -> Interaction {
        self.command_interaction(user, Place::Elsewhere(channel_id), command, subcommand, options)
            .await
    }

    /// `user` no longer takes DMs from the bot.
    pub fn close_dms(&self, user: &TestUser) {
        self.lock().elsewhere.closed_dms.insert(user.id);
    }

    /// Moves the fake's clock, which interaction tokens expire by.
    pub fn advance_clock(&self, seconds: i64) {
        self.lock().elsewhere.now += seconds;
    }
}
