//! `/akon tournament …`: one file per subcommand. The service decides
//! everything (who may, what changes); each handler asks it and answers
//! privately, then brings the tournament's message up to date (see
//! `tournaments.rs`).

mod add_computer;
mod cancel;
mod create;
mod standings;
mod start;
mod withdraw;

use serenity::all::CommandInteraction;

use super::super::{manages_server, Answered, Bot, Call};
use super::declare::{group, Opt, Optional};
use super::kinds::Id;
use crate::i18n::Language;
use crate::service::{Member, Player, ServiceError};

group! {
    /// A parsed `/akon tournament …`.
    pub enum TournamentCommand = "tournament" ("cmd-tournament-name", "cmd-tournament-desc") {
        Create(create::Create),
        Start(start::Start),
        Cancel(cancel::Cancel),
        Withdraw(withdraw::Withdraw),
        Standings(standings::Standings),
        AddComputer(add_computer::AddComputer),
    }
}

/// The tournament a command is about; the channel's one when not given.
const TOURNAMENT: Opt<Id, Optional> = Opt {
    name: "tournament",
    name_key: "cmd-tournament-option-name",
    description_key: "cmd-tournament-option-desc",
    kind: Id,
    presence: Optional,
};

/// Manage Server and the roles of whoever sent the command, as Discord
/// gives them with the interaction (none outside a server).
struct Rights {
    manage_server: bool,
    roles: Vec<u64>,
}

impl Rights {
    fn of(command: &CommandInteraction) -> Self {
        match &command.member {
            Some(member) => Rights {
                manage_server: manages_server(command),
                roles: member.roles.iter().map(|role| role.get()).collect(),
            },
            None => Rights {
                manage_server: false,
                roles: Vec::new(),
            },
        }
    }

    /// `player`, with these rights.
    fn member<'a>(&'a self, player: &'a Player) -> Member<'a> {
        Member {
            player,
            manage_server: self.manage_server,
            roles: &self.roles,
        }
    }
}

/// Answers a tournament command: `done` (the text, in the asker's
/// language, and the tournament's id) privately, then the tournament's
/// message brought up to date; or the refusal, privately.
async fn answer(bot: &Bot, call: Call<'_, CommandInteraction>, done: Result<(String, i64), ServiceError>) -> Answered {
    match done {
        Ok((text, id)) => {
            let answered = bot.private(call.ctx, call.interaction, &text).await;
            bot.settle_tournament_message(call.ctx, id).await;
            answered
        }
        Err(error) => refuse(bot, call, &error).await,
    }
}

/// The service's refusal, privately.
async fn refuse(bot: &Bot, call: Call<'_, CommandInteraction>, error: &ServiceError) -> Answered {
    let asker = super::super::asker::Asker::Command(call.interaction);
    bot.refuse(call.ctx, asker, call.languages.private, error, "tournament")
        .await
}

/// The asker's language.
fn mine(call: Call<'_, CommandInteraction>) -> Language {
    call.languages.private
}
