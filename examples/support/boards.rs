//! Readers of the boards the bot posts, for the load benchmarks' drivers
//! (`examples/load.rs`, `examples/http_load.rs`), which follow the bot by
//! what it posts.

use serde_json::Value;

use crate::fake_discord;

/// What a message posted by the bot says about a game: game id, ply, the
/// enabled move buttons and the user to move; `None` for no move buttons.
pub fn board_of(message: &Value) -> Option<(i64, i64, Vec<String>, u64)> {
    let mut game_ply = None;
    let mut holes = Vec::new();
    for button in fake_discord::buttons(message) {
        let Some(id) = button["custom_id"].as_str() else {
            continue;
        };
        let Some(rest) = id.strip_prefix("akon:move:") else {
            continue;
        };
        let mut parts = rest.split(':');
        let game: i64 = parts.next()?.parse().ok()?;
        let ply: i64 = parts.next()?.parse().ok()?;
        game_ply = Some((game, ply));
        if !button["disabled"].as_bool().unwrap_or(false) {
            holes.push(id.to_string());
        }
    }
    let (game, ply) = game_ply?;
    let content = fake_discord::content(message);
    let end = content.find(">, your turn")?;
    let start = content[..end].rfind("<@")? + 2;
    let user = content[start..end].parse().ok()?;
    Some((game, ply, holes, user))
}

/// The game a finished board shows (its buttons are Rematch and such).
pub fn finished_game_of(message: &Value) -> Option<i64> {
    fake_discord::buttons(message).into_iter().find_map(|b| {
        let id = b["custom_id"].as_str()?;
        id.strip_prefix("akon:rematch:")?.parse().ok()
    })
}
