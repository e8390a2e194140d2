//! Service results as Discord messages: text, mentions and buttons.

use serenity::all::{ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateButton, CreateMessage, Nonce, UserId};

use super::custom_id::ButtonId;
use crate::board_text::{describe_move, draw};
use crate::engine::{Hole, Seat, Winner};
use crate::service::{ChallengeView, EndReason, GameView, PlayerView, Settings, TimePerMove};

/// A message to send: its text, buttons and who it may ping.
#[derive(Debug, Clone)]
pub struct Reply {
    pub content: String,
    pub components: Vec<CreateActionRow>,
    pub mentions: Vec<u64>,
}

impl Reply {
    pub fn text(content: impl Into<String>) -> Reply {
        Reply {
            content: content.into(),
            components: Vec::new(),
            mentions: Vec::new(),
        }
    }

    pub fn allowed_mentions(&self) -> CreateAllowedMentions {
        CreateAllowedMentions::new().users(self.mentions.iter().map(|&id| UserId::new(id)))
    }

    /// A message the bot sends on its own, at most once: Discord drops a
    /// second message with the same enforced `nonce` (≤ 25 characters) and
    /// returns the first.
    pub fn owed_message(&self, nonce: String) -> CreateMessage {
        CreateMessage::new()
            .content(&self.content)
            .components(self.components.clone())
            .allowed_mentions(self.allowed_mentions())
            .nonce(Nonce::String(nonce))
            .enforce_nonce(true)
    }
}

pub fn mention(player: &PlayerView) -> String {
    format!("<@{}>", player.user_id)
}

/// A name short enough for the 40-character board and for tables: at most
/// 16 characters, none that would break a code block.
pub(super) fn short_name(name: &str) -> String {
    let name: String = name.chars().filter(|c| !c.is_control() && *c != '`').take(16).collect();
    if name.is_empty() {
        "?".into()
    } else {
        name
    }
}

fn row_name(seat: Seat) -> &'static str {
    match seat {
        Seat::A => "top row",
        Seat::B => "bottom row",
    }
}

pub fn challenge(view: &ChallengeView) -> Reply {
    let (challenger, opponent) = (mention(&view.challenger), mention(&view.opponent));
    let ids = vec![view.challenger.user_id, view.opponent.user_id];
    match view.status.as_str() {
        "pending" => Reply {
            content: format!(
                "{opponent}, {challenger} {} **Akon**! Time per move: {}. \
                 The challenge expires <t:{}:R>. {challenger} can withdraw it with Decline.",
                if view.rematch_of.is_some() {
                    "offers you a rematch (seats swapped) of"
                } else {
                    "challenges you to a game of"
                },
                TimePerMove::from_seconds(view.seconds_per_move)
                    .map(|t| t.to_string())
                    .unwrap_or_else(|| format!("{} seconds", view.seconds_per_move)),
                view.expires_at
            ),
            components: vec![CreateActionRow::Buttons(vec![
                CreateButton::new(ButtonId::Accept { challenge: view.id }.to_string())
                    .label("Accept")
                    .style(ButtonStyle::Success),
                CreateButton::new(ButtonId::Decline { challenge: view.id }.to_string())
                    .label("Decline")
                    .style(ButtonStyle::Secondary),
            ])],
            mentions: vec![view.opponent.user_id],
        },
        "accepted" => Reply {
            content: format!("{opponent} accepted {challenger}'s challenge. The game is on!"),
            components: vec![],
            mentions: vec![],
        },
        "declined" => Reply {
            content: format!("{opponent} declined {challenger}'s challenge."),
            components: vec![],
            mentions: ids,
        },
        "withdrawn" => Reply {
            content: format!("{challenger} withdrew the challenge to {opponent}."),
            components: vec![],
            mentions: vec![],
        },
        _ => Reply {
            content: format!("{challenger}'s challenge to {opponent} has expired."),
            components: vec![],
            mentions: vec![],
        },
    }
}

/// The board message: the board, what the last move did, whose turn it is
/// (a ping) and the hole buttons; or the result once the game is over.
pub fn board(view: &GameView) -> Reply {
    let position = view.game.position();
    let names = |seat: Seat| match view.computer {
        Some((computer, level)) if computer == seat => format!("{seat} computer ({level})"),
        _ => format!("{seat} {}", short_name(&view.player(seat).name)),
    };
    let title = if view.finished.is_some() {
        format!("finished after {} moves", view.ply())
    } else {
        format!("move {}", view.ply() + 1)
    };
    let mut content = format!(
        "**Akon** · game #{} · {title} · {} (A, top) vs {} (B, bottom)\n```\n{}\n```\n",
        view.id,
        player_name(view, Seat::A),
        player_name(view, Seat::B),
        draw(position, Seat::B, names)
    );
    if let Some(outcome) = &view.last_move {
        content.push_str(&format!("Last move: {}\n", describe_move(outcome)));
    }
    let mut components = Vec::new();
    let mut mentions = Vec::new();
    let humans = || {
        Seat::BOTH
            .into_iter()
            .filter(|&s| !is_computer(view, s))
            .map(|s| view.player(s).user_id)
    };
    match (view.finished, view.to_move()) {
        (Some((reason, winner)), _) => {
            content.push_str(&result_line(view, reason, winner));
            if let Some(line) = super::render_review::hints_used_line(view.hints_used) {
                content.push('\n');
                content.push_str(&line);
            }
            if let Some(line) = super::records::rating_line(view) {
                content.push('\n');
                content.push_str(&line);
            }
            mentions = humans().collect();
            let mut buttons = vec![CreateButton::new(ButtonId::Rematch { game: view.id }.to_string())
                .label("Rematch")
                .style(ButtonStyle::Success)];
            if !matches!(reason, EndReason::Aborted { .. }) {
                buttons.push(super::render_review::review_button(view.id));
            }
            components = vec![CreateActionRow::Buttons(buttons)];
        }
        (None, Some(to_move)) if is_computer(view, to_move) => {
            content.push_str(&format!("{} is thinking…", player_name(view, to_move)));
        }
        (None, Some(to_move)) => {
            let player = view.player(to_move);
            content.push_str(&format!(
                "{}, your turn ({to_move}, {}).",
                mention(player),
                row_name(to_move)
            ));
            if let Some(deadline) = view.deadline {
                content.push_str(&format!(
                    "\n⏰ Move <t:{deadline}:R> or lose on time{}.",
                    time_per_move(view)
                ));
            }
            mentions.push(player.user_id);
            components = move_buttons(view);
        }
        (None, None) => {}
    }
    Reply {
        content,
        components,
        mentions,
    }
}

/// ` (1 day per move)`, or nothing for a game without a clock.
fn time_per_move(view: &GameView) -> String {
    match view.seconds_per_move.and_then(TimePerMove::from_seconds) {
        Some(time) => format!(" ({time} per move)"),
        None => String::new(),
    }
}

/// The reminder a player gets when a quarter of their time is left.
pub fn reminder(view: &GameView) -> Reply {
    let Some(to_move) = view.to_move() else {
        return Reply::text("");
    };
    let player = view.player(to_move);
    let link = match view.board_message {
        Some(board) => format!(
            " [Latest board]({})",
            message_link(view.guild_id, board.channel_id, board.message_id)
        ),
        None => String::new(),
    };
    let deadline = view.deadline.map(|d| format!(" <t:{d}:R>")).unwrap_or_default();
    Reply {
        content: format!(
            "⏰ {}, it is your move in game #{} against {}: you lose on time{deadline} unless you move.{link}",
            mention(player),
            view.id,
            player_name(view, to_move.opponent()),
        ),
        components: vec![],
        mentions: vec![player.user_id],
    }
}

pub fn settings(settings: &Settings) -> String {
    format!(
        "Your Akon settings:\n• reminders: {}\n• time per move of the challenges you send: {}",
        if settings.dm_reminders {
            "by direct message"
        } else {
            "a mention in the game's channel"
        },
        settings.default_time_per_move.unwrap_or_default()
    )
}

fn is_computer(view: &GameView, seat: Seat) -> bool {
    matches!(view.computer, Some((computer, _)) if computer == seat)
}

/// A mention for a human, a plain name for the computer (no one to ping).
pub(super) fn player_name(view: &GameView, seat: Seat) -> String {
    match view.computer {
        Some((computer, level)) if computer == seat => format!("the computer ({level})"),
        _ => mention(view.player(seat)),
    }
}

pub(super) fn result_line(view: &GameView, reason: EndReason, winner: Winner) -> String {
    if let EndReason::Aborted { seat } = reason {
        return format!(
            "**Game aborted** by {} before both players had moved: no result, not rated.",
            player_name(view, seat)
        );
    }
    let position = view.game.position();
    let (a, b) = (position.captured(Seat::A), position.captured(Seat::B));
    let how = match reason {
        EndReason::NoSeeds => {
            let stuck = position.to_move();
            format!(
                "{stuck} had no seeds left to sow, so {} took the seeds on the board",
                stuck.opponent()
            )
        }
        EndReason::Loop => "a position came back (the loop rule), so the seeds left on the board go to nobody".into(),
        EndReason::Resignation { seat } => format!("{} resigned", player_name(view, seat)),
        EndReason::Timeout { seat } => format!("{} ran out of time", player_name(view, seat)),
        // Answered above; kept for completeness.
        EndReason::Aborted { seat } => format!("{} aborted the game", player_name(view, seat)),
    };
    match winner {
        Winner::Seat(seat) => {
            let (won, lost) = if seat == Seat::A { (a, b) } else { (b, a) };
            format!("**{} wins, {won} to {lost}** — {how}.", player_name(view, seat))
        }
        Winner::Draw => format!(
            "**A draw, {a} to {b}** — {how}. {} and {} share it.",
            player_name(view, Seat::A),
            player_name(view, Seat::B)
        ),
    }
}

fn move_buttons(view: &GameView) -> Vec<CreateActionRow> {
    let legal = view.game.legal_moves();
    let button = |hole: Hole| {
        let playable = legal.contains(hole);
        CreateButton::new(
            ButtonId::Move {
                game: view.id,
                ply: view.ply(),
                hole,
            }
            .to_string(),
        )
        .label(hole.to_string())
        .style(if playable {
            ButtonStyle::Primary
        } else {
            ButtonStyle::Secondary
        })
        .disabled(!playable)
    };
    let mut first: Vec<CreateButton> = Hole::ALL[..5].iter().map(|&h| button(h)).collect();
    let mut second: Vec<CreateButton> = Hole::ALL[5..].iter().map(|&h| button(h)).collect();
    second.push(
        CreateButton::new(ButtonId::Resign { game: view.id }.to_string())
            .label("Resign")
            .style(ButtonStyle::Danger),
    );
    if view.computer.is_some() {
        second.push(super::render_review::hint_button(view.id, view.ply()));
    }
    if view.can_abort() {
        second.push(
            CreateButton::new(ButtonId::Abort { game: view.id }.to_string())
                .label("Abort")
                .style(ButtonStyle::Secondary),
        );
    }
    first.shrink_to_fit();
    vec![CreateActionRow::Buttons(first), CreateActionRow::Buttons(second)]
}

/// Asks to confirm resigning `game_id`, now at move `ply`.
pub fn resign_confirmation(game_id: i64, ply: i64) -> Reply {
    Reply {
        content: format!("Resign game #{game_id}? Your opponent wins; this cannot be undone."),
        components: vec![CreateActionRow::Buttons(vec![CreateButton::new(
            ButtonId::ResignConfirmed {
                game: game_id,
                ply: Some(ply),
            }
            .to_string(),
        )
        .label("Yes, resign")
        .style(ButtonStyle::Danger)])],
        mentions: vec![],
    }
}

pub fn message_link(guild_id: u64, channel_id: u64, message_id: u64) -> String {
    format!("https://discord.com/channels/{guild_id}/{channel_id}/{message_id}")
}

pub fn games_list(user_id: u64, games: &[GameView]) -> Reply {
    if games.is_empty() {
        return Reply::text("You have no ongoing games. Start one with `/akon challenge`.");
    }
    let mut lines = vec![format!("Your ongoing games ({}):", games.len())];
    for view in games {
        let Some(seat) = view.seat_of(user_id) else { continue };
        let opponent = player_name(view, seat.opponent());
        let turn = match view.to_move() {
            Some(s) if s == seat => "**your turn**".to_string(),
            _ if view.computer.is_some() => "the computer's turn".to_string(),
            _ => format!("{}'s turn", view.player(seat.opponent()).name),
        };
        let link = match view.board_message {
            Some(board) => format!(
                " · [latest board]({})",
                message_link(view.guild_id, board.channel_id, board.message_id)
            ),
            None => String::new(),
        };
        let deadline = view.deadline.map(|d| format!(" (by <t:{d}:R>)")).unwrap_or_default();
        lines.push(format!(
            "• game #{} vs {} · move {} · {turn}{deadline} · you are {seat}{link}",
            view.id,
            opponent,
            view.ply() + 1
        ));
    }
    Reply::text(lines.join("\n"))
}

/// The rules in short, matching docs/RULES.md.
pub const RULES: &str = "**Akon in short**
• Two rows of 7 holes, 5 seeds in each: 70 seeds. A owns the top row, B the bottom row. Each player numbers their holes 1–7, hole 1 on their own right. Who moves first is drawn at random.
• A move: take all seeds from one of your non-empty holes and sow them one by one into the next holes, right to left along your row, left to right along the opponent's.
• 14 seeds go once round the board; the last lands back in the starting hole: no capture. With 15 or more, after that lap you skip the rest of your row and sow the remaining seeds only into your opponent's row, from their hole 1, round and round.
• Captures: if your last seed lands in your opponent's hole 2–7 and makes it 2, 3 or 4, you take them, then the hole before it (towards their hole 1) if it holds 2, 3 or 4, and so on. A hole 1 is never captured: if your last seed lands there, you keep just that one seed (whatever the hole holds).
• Feeding: if your opponent's row is empty you must play a move that gives them seeds, if one exists.
• The end: if the player to move has no seeds, the game ends and the other player takes every seed left. If a position (the board and the player to move) comes back, the game ends at once and the seeds left go to nobody.
• Most seeds captured wins; equal is a draw.
Press a numbered button to sow from that hole of yours.";
