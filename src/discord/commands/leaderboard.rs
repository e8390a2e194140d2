//! `/akon leaderboard [scope] [season]`: the server's or everyone's
//! leaderboard, by rating for all time or for a month's season. Drawn, and
//! paged by its buttons, in `records.rs`.

use serenity::all::CommandInteraction;

use super::super::{Answered, Bot, Call};
use super::declare::{subcommand, Opt, OrElse};
use super::kinds::{OneOf, Pair, Seasons};
use crate::service::Season;

/// `true`: everyone's leaderboard.
const SCOPE: Opt<OneOf<Pair>, OrElse<bool>> = Opt {
    name: "scope",
    name_key: "cmd-scope-name",
    description_key: "cmd-scope-desc",
    kind: OneOf(Pair([
        ("server", "cmd-scope-server", false),
        ("global", "cmd-scope-global", true),
    ])),
    presence: OrElse(false),
};
const SEASON: Opt<OneOf<Seasons>, OrElse<Season>> = Opt {
    name: "season",
    name_key: "cmd-season-name",
    description_key: "cmd-season-desc",
    kind: OneOf(Seasons),
    presence: OrElse(Season::AllTime),
};

subcommand! {
    pub struct Leaderboard = "leaderboard" ("cmd-leaderboard-name", "cmd-leaderboard-desc") {
        /// Everyone's leaderboard rather than this server's.
        global: bool = SCOPE,
        season: Season = SEASON,
    }
}

impl Leaderboard {
    pub(in crate::discord) async fn run(self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Answered {
        match self.season.month(bot.service.now()) {
            None => bot.leaderboard_command(call, self.global).await,
            Some(month) => bot.season_command(call, self.global, month).await,
        }
    }
}
