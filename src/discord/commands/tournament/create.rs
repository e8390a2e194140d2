//! `/akon tournament create name format [rounds] [time_per_move]
//! [max_players] [rated] [starts_at] [vacations]`.

use serenity::all::CommandInteraction;

use super::super::super::render::display_name;
use super::super::super::{Answered, Bot, Call};
use super::super::declare::{subcommand, Opt, Optional, OrElse, Required};
use super::super::kinds::{Count, Flag, Formats, OneOf, Pair, Text, Times, MOST_COUNTED, ON_OFF};
use super::super::parse_starts_at;
use super::super::shared::time_per_move;
use super::{answer, mine, Rights};
use crate::service::{
    TimePerMove, TournamentFormat, TournamentRequest, MIN_PLAYERS, SWISS_MAX_PLAYERS, TOURNAMENT_NAME_MAX,
};
use crate::tr;

const NAME: Opt<Text, Required> = Opt {
    name: "name",
    name_key: "cmd-name-name",
    description_key: "cmd-name-desc",
    kind: Text {
        max_length: TOURNAMENT_NAME_MAX as u16,
    },
    presence: Required,
};
const FORMAT: Opt<OneOf<Formats>, Required> = Opt {
    name: "format",
    name_key: "cmd-format-name",
    description_key: "cmd-format-desc",
    kind: OneOf(Formats),
    presence: Required,
};
const ROUNDS: Opt<Count, Optional> = Opt {
    name: "rounds",
    name_key: "cmd-rounds-name",
    description_key: "cmd-rounds-desc",
    // A Swiss has fewer rounds than players.
    kind: Count {
        min: 1,
        max: SWISS_MAX_PLAYERS - 1,
    },
    presence: Optional,
};
const TIME: Opt<OneOf<Times>, Optional> = time_per_move("cmd-tournament-time-desc");
const MAX_PLAYERS: Opt<Count, Optional> = Opt {
    name: "max_players",
    name_key: "cmd-max-players-name",
    description_key: "cmd-max-players-desc",
    kind: Count {
        min: MIN_PLAYERS,
        max: MOST_COUNTED,
    },
    presence: Optional,
};
const RATED: Opt<Flag, OrElse<bool>> = Opt {
    name: "rated",
    name_key: "cmd-rated-name",
    description_key: "cmd-rated-desc",
    kind: Flag,
    presence: OrElse(true),
};
const STARTS_AT: Opt<Text, Optional> = Opt {
    name: "starts_at",
    name_key: "cmd-starts-at-name",
    description_key: "cmd-starts-at-desc",
    kind: Text { max_length: 40 },
    presence: Optional,
};

const VACATIONS: Opt<OneOf<Pair>, OrElse<bool>> = Opt {
    name: "vacations",
    name_key: "cmd-vacations-name",
    description_key: "cmd-vacations-desc",
    kind: OneOf(ON_OFF),
    presence: OrElse(false),
};

subcommand! {
    pub struct Create = "create" ("cmd-tournament-create-name", "cmd-tournament-create-desc") {
        name: String = NAME,
        format: TournamentFormat = FORMAT,
        rounds: Option<u32> = ROUNDS,
        time: Option<TimePerMove> = TIME,
        max_players: Option<u32> = MAX_PLAYERS,
        rated: bool = RATED,
        /// As typed; read against the clock by the handler.
        starts_at: Option<String> = STARTS_AT,
        /// Whether its games pause while a player is on vacation.
        vacations: bool = VACATIONS,
    }
}

impl Create {
    pub(in crate::discord) async fn run(self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Answered {
        let mine = mine(call);
        let starts_at = match self.starts_at.as_deref() {
            None => None,
            Some(text) => match parse_starts_at(text, bot.service.now()) {
                Some(at) => Some(at),
                None => {
                    crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Refused);
                    let refusal = tr!(mine, "refusal-tournament-starts-at-format");
                    return bot.private(call.ctx, call.interaction, &refusal).await;
                }
            },
        };
        let request = TournamentRequest {
            place: call.place,
            organiser: call.user,
            name: &self.name,
            format: self.format,
            rounds: self.rounds,
            time_per_move: self.time.unwrap_or_default(),
            max_players: self.max_players,
            rated: self.rated,
            starts_at,
            vacations: self.vacations,
        };
        let rights = Rights::of(call.interaction);
        let created = bot
            .service
            .create_tournament_as(request, &rights.member(call.user))
            .await;
        let done = created.map(|view| {
            let name = display_name(mine, &view.name);
            (
                tr!(mine, "tournament-created", name = name, id = view.id.to_string()),
                view.id,
            )
        });
        answer(bot, call, done).await
    }
}
