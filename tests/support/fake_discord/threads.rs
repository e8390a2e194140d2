//! Threads: started from a message (at most one per message, as Discord
//! allows), posted in like any channel, archived by an edit, opened again
//! by a post; and the two permissions a bot needs for them, *Create Public
//! Threads* and *Send Messages in Threads*, taken away and given back per
//! channel.

use super::*;

/// Discord's `auto_archive_duration` values, in minutes.
const ARCHIVE_DURATIONS: [u64; 4] = [60, 1440, 4320, 10080];
/// *Create Public Threads* and *Send Messages in Threads* (part of
/// `APP_PERMISSIONS`).
pub const THREAD_PERMISSIONS: u64 = (1 << 35) | (1 << 38);

pub(super) struct Thread {
    pub(super) parent: u64,
    pub(super) starter: u64,
    pub(super) name: String,
    pub(super) archived: bool,
    pub(super) auto_archive_duration: u64,
}

/// A thread as a test sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadView {
    pub id: u64,
    /// The channel it was started in.
    pub parent: u64,
    /// The message it was started from.
    pub starter: u64,
    pub name: String,
    pub archived: bool,
}

impl State {
    /// Whether the bot lacks the thread permissions in `channel_id` (a
    /// thread: in its parent).
    pub(super) fn lacks_thread_permissions(&self, channel_id: u64) -> bool {
        let channel = self.threads.get(&channel_id).map_or(channel_id, |thread| thread.parent);
        self.no_threads.contains(&channel)
    }

    pub(super) fn thread_json(&self, id: u64) -> Option<Value> {
        let thread = self.threads.get(&id)?;
        let guild_id = self.guild_of(thread.parent)?;
        Some(json!({
            "id": id.to_string(),
            "type": 11,
            "guild_id": guild_id.to_string(),
            "parent_id": thread.parent.to_string(),
            "owner_id": BOT_ID.to_string(),
            "name": thread.name,
            "last_message_id": null,
            "message_count": 0,
            "member_count": 1,
            "rate_limit_per_user": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": thread.archived,
                "auto_archive_duration": thread.auto_archive_duration,
                "archive_timestamp": "2026-01-01T00:00:00.000000+00:00",
                "locked": false,
            },
        }))
    }

    /// `POST /channels/{cid}/messages/{mid}/threads`.
    pub(super) fn start_thread(&mut self, cid: u64, mid: &str, body: &Value) -> Reply {
        if self.threads.contains_key(&cid) {
            return error(400, 50024, "Cannot execute action on this channel type");
        }
        if self.no_threads.contains(&cid) {
            return error(403, 50013, "Missing Permissions");
        }
        let Some(mid) = mid
            .parse::<u64>()
            .ok()
            .filter(|id| self.messages.get(id).is_some_and(|m| msg_channel(&m.json) == cid))
        else {
            return error(404, 10008, "Unknown Message");
        };
        if self.threads.values().any(|thread| thread.starter == mid) {
            return error(400, 160004, "A thread has already been created for this message");
        }
        let name = body["name"].as_str().unwrap_or("").to_string();
        if name.is_empty() || name.chars().count() > 100 {
            return error(
                400,
                50035,
                "Invalid Form Body (name: Must be between 1 and 100 in length.)",
            );
        }
        let auto_archive_duration = body["auto_archive_duration"].as_u64().unwrap_or(4320);
        if !ARCHIVE_DURATIONS.contains(&auto_archive_duration) {
            return error(400, 50035, "Invalid Form Body (auto_archive_duration)");
        }
        let id = self.snowflake();
        let thread = Thread {
            parent: cid,
            starter: mid,
            name: name.clone(),
            archived: false,
            auto_archive_duration,
        };
        self.threads.insert(id, thread);
        self.guild_channels.insert(id, name);
        if let Some(&guild) = self.channel_guilds.get(&cid) {
            self.channel_guilds.insert(id, guild);
        }
        self.show_thread_on_starter(id);
        Reply::Json(201, self.thread_json(id).expect("the thread just started"))
    }

    /// The starter message carries its thread, as Discord shows it.
    fn show_thread_on_starter(&mut self, id: u64) {
        let (Some(json), Some(starter)) = (self.thread_json(id), self.threads.get(&id).map(|t| t.starter)) else {
            return;
        };
        if let Some(message) = self.messages.get_mut(&starter) {
            message.json["thread"] = json;
        }
    }

    /// `PATCH /channels/{cid}`: a thread archived or opened again.
    pub(super) fn modify_thread(&mut self, cid: u64, body: &Value) -> Reply {
        let Some(thread) = self.threads.get_mut(&cid) else {
            return error(400, 50024, "Cannot execute action on this channel type");
        };
        if let Some(archived) = body["archived"].as_bool() {
            thread.archived = archived;
        }
        self.show_thread_on_starter(cid);
        Reply::Json(200, self.thread_json(cid).expect("the thread exists"))
    }

    /// Before a message is posted in `cid`: refused where the bot lacks
    /// the thread permissions; an archived thread is opened again.
    pub(super) fn thread_post(&mut self, cid: u64) -> Option<Reply> {
        if !self.threads.contains_key(&cid) {
            return None;
        }
        if self.lacks_thread_permissions(cid) {
            return Some(error(403, 50013, "Missing Permissions"));
        }
        if let Some(thread) = self.threads.get_mut(&cid) {
            thread.archived = false;
        }
        self.show_thread_on_starter(cid);
        None
    }

    pub(super) fn thread_views(&self) -> Vec<ThreadView> {
        self.threads
            .iter()
            .map(|(&id, thread)| ThreadView {
                id,
                parent: thread.parent,
                starter: thread.starter,
                name: thread.name.clone(),
                archived: thread.archived,
            })
            .collect()
    }
}

impl FakeView<'_> {
    /// Every thread started so far, oldest first.
    pub fn threads(&self) -> Vec<ThreadView> {
        self.st.thread_views()
    }
}

impl FakeDiscord {
    /// Takes *Create Public Threads* and *Send Messages in Threads* from the
    /// bot in `channel_id` (`false`) or gives them back: interactions from
    /// there (or its threads) say so in `app_permissions`, and starting a
    /// thread there, or posting in one of its threads, is refused as
    /// Discord refuses it (403, code 50013, Missing Permissions).
    pub fn set_thread_permissions(&self, channel_id: u64, allowed: bool) {
        let mut st = self.lock();
        if allowed {
            st.no_threads.remove(&channel_id);
        } else {
            st.no_threads.insert(channel_id);
        }
    }

    /// Every thread started so far, oldest first.
    pub fn threads(&self) -> Vec<ThreadView> {
        self.lock().thread_views()
    }
}
