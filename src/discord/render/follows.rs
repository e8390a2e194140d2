//! Following a game: the answers to Follow and Unfollow, the news a
//! follower gets by DM, and the games they follow in `/akon games`.

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use super::super::custom_id::ButtonId;
use super::{board_link, player_name, result_line, Reply};
use crate::engine::Seat;
use crate::i18n::Language;
use crate::service::{FollowNews, Followed, GameView};
use crate::tr;

/// The answer to a follow: what they will hear, and how to stop.
pub fn followed(language: Language, followed: &Followed) -> Reply {
    let game = followed.game_id.to_string();
    let content = match followed.every_move {
        true => tr!(language, "follow-every-move", game = game),
        false => tr!(language, "follow-end", game = game),
    };
    Reply {
        content,
        components: vec![CreateActionRow::Buttons(vec![CreateButton::new(
            ButtonId::Unfollow { game: followed.game_id }.to_string(),
        )
        .label(tr!(language, "button-unfollow"))
        .style(ButtonStyle::Secondary)])],
        mentions: vec![],
    }
}

/// The answer to an unfollow.
pub fn unfollowed(language: Language, game_id: i64) -> Reply {
    Reply::text(tr!(language, "unfollow-done", game = game_id.to_string()))
}

/// The DM a follower gets: the game's end, or the moves played since they
/// were last told.
pub fn news(language: Language, news: &FollowNews) -> Reply {
    let view = &news.view;
    let (game, a, b) = (
        view.id.to_string(),
        player_name(language, view, Seat::A),
        player_name(language, view, Seat::B),
    );
    let mut content = match view.finished {
        Some((reason, winner)) => tr!(
            language,
            "follow-news-end",
            game = game,
            a = a,
            b = b,
            result = result_line(language, view, reason, winner)
        ),
        None => tr!(
            language,
            "follow-news-move",
            game = game,
            a = a,
            b = b,
            moves = view.ply() - news.told_ply,
            next = view
                .to_move()
                .map(|seat| player_name(language, view, seat))
                .unwrap_or_default()
        ),
    };
    if let Some(link) = board_link(view) {
        content.push(' ');
        content.push_str(&tr!(language, "reminder-latest-board", link = link));
    }
    Reply::text(content)
}

/// The lines of `/akon games` for the games the player follows.
pub fn followed_games(language: Language, games: &[GameView]) -> Vec<String> {
    if games.is_empty() {
        return Vec::new();
    }
    let mut lines = vec![tr!(language, "games-followed-title", count = games.len())];
    for view in games {
        let mut line = tr!(
            language,
            "games-followed-line",
            game = view.id.to_string(),
            a = player_name(language, view, Seat::A),
            b = player_name(language, view, Seat::B),
            move = view.ply() + 1
        );
        if let Some(link) = board_link(view) {
            line.push_str(" · ");
            line.push_str(&tr!(language, "games-latest-board", link = link));
        }
        lines.push(line);
    }
    lines
}
