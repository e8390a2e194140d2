//! `/akon leaderboard [scope] [season]`: the server's or everyone's
//! leaderboard, by rating for all time or by rating change for a month's
//! season, for everyone. Its Previous/Next buttons are in `records.rs`.

use serenity::all::CommandInteraction;

use super::super::asker::Asker;
use super::super::render::records as render_records;
use super::super::web_links::add_link;
use super::super::{Answered, Bot, Call};
use super::declare::{subcommand, Opt, OrElse};
use super::kinds::{OneOf, Pair, Seasons};
use crate::service::{Month, Scope, Season};
use crate::tr;

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
        let scope = match self.scope(bot, call).await {
            Ok(scope) => scope,
            Err(refused) => return refused,
        };
        match self.season.month(bot.service.now()) {
            None => all_time(bot, call, scope).await,
            Some(month) => season(bot, call, scope, month).await,
        }
    }

    /// The board asked for: the global one, or the server's where it is
    /// sent; outside a server only the global one, else the refusal is
    /// answered (`Err`, what answering it gave).
    async fn scope(&self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Result<Scope, Answered> {
        match (self.global, call.place.guild_id) {
            (true, _) => Ok(Scope::Global),
            (false, Some(guild)) => Ok(Scope::Server(guild)),
            (false, None) => {
                crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Refused);
                let refusal = tr!(call.languages.private, "refusal-no-server-to-rank");
                Err(bot.private(call.ctx, call.interaction, &refusal).await)
            }
        }
    }
}

/// The board by rating for all time, its first page, with a link to the
/// server's page.
async fn all_time(bot: &Bot, call: Call<'_, CommandInteraction>, scope: Scope) -> Answered {
    let board = bot.service.leaderboard(scope, 0, call.user.id).await;
    let web = match scope {
        Scope::Server(guild) => bot.server_page_url(guild).await,
        Scope::Global => None,
    };
    let guild = call.place.guild_id.unwrap_or(0);
    let render = |l, board: &_| {
        let mut reply = render_records::leaderboard(l, board, guild);
        if let Some(url) = web {
            add_link(&mut reply, url, tr!(l, "button-web-leaderboard"));
        }
        reply
    };
    let asker = Asker::Command(call.interaction);
    bot.answer(call.ctx, asker, call.languages, (board, "leaderboard"), render)
        .await
}

/// The top of `month`'s board by rating change.
async fn season(bot: &Bot, call: Call<'_, CommandInteraction>, scope: Scope, month: Month) -> Answered {
    let board = bot.service.season_board(scope, month, call.user.id).await;
    let asker = Asker::Command(call.interaction);
    let answered = (board, "leaderboard");
    bot.answer(call.ctx, asker, call.languages, answered, render_records::season_board)
        .await
}
