//! `/akon challenge opponent [level] [time_per_move] [time_control] [rated]`: a challenge
//! to a player (rated unless `rated:False`: a friendly game), or at once a game against the computer when the opponent is
//! the bot.

use serenity::all::{CommandInteraction, User};

use super::super::asker::Asker;
use super::super::render;
use super::super::{player_of, Answered, Bot, Call};
use super::declare::{subcommand, Opt, Optional, Required};
use super::kinds::{Flag, Levels, OneOf, TimeControls, Times, UserKind};
use super::shared::{level, time_per_move};
use crate::ai::Level;
use crate::board_text::level_name;
use crate::engine::Seat;
use crate::service::{ChallengeRequest, Challenged, TimeControl, TimePerMove};
use crate::tr;

const OPPONENT: Opt<UserKind, Required> = Opt {
    name: "opponent",
    name_key: "cmd-opponent-name",
    description_key: "cmd-opponent-desc",
    kind: UserKind,
    presence: Required,
};
const LEVEL: Opt<OneOf<Levels>, Optional> = level("cmd-level-desc", Optional);
const TIME: Opt<OneOf<Times>, Optional> = time_per_move("cmd-challenge-time-desc");
const TIME_CONTROL: Opt<OneOf<TimeControls>, Optional> = Opt {
    name: "time_control",
    name_key: "cmd-time-control-name",
    description_key: "cmd-challenge-time-control-desc",
    kind: OneOf(TimeControls),
    presence: Optional,
};
const RATED: Opt<Flag, Optional> = Opt {
    name: "rated",
    name_key: "cmd-rated-name",
    description_key: "cmd-challenge-rated-desc",
    kind: Flag,
    presence: Optional,
};

subcommand! {
    pub struct Challenge = "challenge" ("cmd-challenge-name", "cmd-challenge-desc") {
        opponent: User = OPPONENT,
        level: Option<Level> = LEVEL,
        time: Option<TimePerMove> = TIME,
        time_control: Option<TimeControl> = TIME_CONTROL,
        rated: Option<bool> = RATED,
    }
}

impl Challenge {
    pub(in crate::discord) async fn run(self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Answered {
        let opponent = player_of(&self.opponent);
        let request = ChallengeRequest {
            place: call.place,
            challenger: call.user,
            opponent: &opponent,
            opponent_is_the_computer: self.opponent.id == call.ctx.bot_user(),
            level: self.level,
            time: self.time,
            time_control: self.time_control,
            rated: self.rated.unwrap_or(true),
        };
        let (ctx, command, public) = (call.ctx, call.interaction, call.languages.public);
        match bot.service.challenge_or_play(request).await {
            Ok(Challenged::Challenge(view)) => {
                let message = bot.public(ctx, command, &render::challenge(public, &view)).await?;
                bot.challenge_posted(view.id, (&message).into()).await;
                Ok(())
            }
            Ok(Challenged::ComputerGame { view, level }) => {
                // The new game owes its first board until this answer is
                // recorded: the delivery loop must leave it to us.
                let _busy = bot.busy.hold(view.id);
                let first = view.game.start().to_move();
                let intro = tr!(
                    public,
                    "computer-game-intro",
                    player = render::mention(view.player(Seat::A)),
                    level = level_name(public, level),
                    first = render::player_name(public, &view, first),
                    seat = first.to_string()
                );
                let message = bot
                    .answer_with_board(ctx, Asker::Command(command), &view, public, Some(&intro))
                    .await?;
                bot.board_answered(ctx, &view, &message).await?;
                bot.computer_after_answer(ctx, Asker::Command(command), &view, public)
                    .await
            }
            Err(error) => {
                let mine = call.languages.private;
                bot.refuse(ctx, Asker::Command(command), mine, &error, "challenge")
                    .await
            }
        }
    }
}
