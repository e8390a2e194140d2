//! Time in correspondence play: time per move, reminders, timeouts, expiring
//! challenges, rematches and player settings. The scheduler's tick claims
//! what fell due (each claim a conditional write, so overlapping ticks and
//! restarts never take an event twice) and hands back the notices to send.

use super::{
    ChallengeStatus, ChallengeView, Computer, EndReason, GameView, Place, Player, ReminderPace, Result, Service,
    ServiceError, TimeControl,
};
use crate::ai::Level;
use crate::engine::{Seat, Winner};
use crate::store::{LeaseKind, MoveClock, NewChallenge, Notice, Written};
use crate::venue::Venue;

/// The time a player has for each move, as offered in `/akon challenge`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TimePerMove {
    TenMinutes,
    OneHour,
    OneDay,
    #[default]
    ThreeDays,
    SevenDays,
}

impl TimePerMove {
    pub const ALL: [TimePerMove; 5] = [
        TimePerMove::TenMinutes,
        TimePerMove::OneHour,
        TimePerMove::OneDay,
        TimePerMove::ThreeDays,
        TimePerMove::SevenDays,
    ];

    pub fn seconds(self) -> i64 {
        match self {
            TimePerMove::TenMinutes => 600,
            TimePerMove::OneHour => 3600,
            TimePerMove::OneDay => 86_400,
            TimePerMove::ThreeDays => 3 * 86_400,
            TimePerMove::SevenDays => 7 * 86_400,
        }
    }

    pub fn from_seconds(seconds: i64) -> Option<TimePerMove> {
        TimePerMove::ALL.into_iter().find(|t| t.seconds() == seconds)
    }

    /// The short code used in commands: `10m`, `1h`, `1d`, `3d`, `7d`.
    pub fn code(self) -> &'static str {
        match self {
            TimePerMove::TenMinutes => "10m",
            TimePerMove::OneHour => "1h",
            TimePerMove::OneDay => "1d",
            TimePerMove::ThreeDays => "3d",
            TimePerMove::SevenDays => "7d",
        }
    }
}

/// Text that is not the code of a time per move; adapters word the refusal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownTimePerMove(pub String);

/// Reads a [`code`](TimePerMove::code), surrounding spaces aside.
impl std::str::FromStr for TimePerMove {
    type Err = UnknownTimePerMove;

    fn from_str(text: &str) -> std::result::Result<TimePerMove, UnknownTimePerMove> {
        TimePerMove::ALL
            .into_iter()
            .find(|time| time.code() == text.trim())
            .ok_or_else(|| UnknownTimePerMove(text.to_string()))
    }
}

/// A player's clock starting at `now`: they lose on time after `seconds`;
/// `reminder_at` is the first moment a reminder may be owed (see
/// `reminders`).
pub(super) fn clock_starting(now: i64, seconds: i64) -> MoveClock {
    let deadline = now + seconds;
    MoveClock {
        seconds_per_move: Some(seconds),
        deadline: Some(deadline),
        reminder_at: super::reminders::next_reminder(deadline, seconds, now),
    }
}

/// The computer's level when a challenge names none.
pub const DEFAULT_COMPUTER_LEVEL: Level = Level::Medium;

/// What `/akon challenge` asks for.
#[derive(Debug, Clone, Copy)]
pub struct ChallengeRequest<'a> {
    pub place: Place,
    pub challenger: &'a Player,
    pub opponent: &'a Player,
    /// Whether the opponent is this bot, the computer player.
    pub opponent_is_the_computer: bool,
    pub level: Option<Level>,
    pub time: Option<TimePerMove>,
    /// A live clock per player instead of a time per move (the two
    /// exclusive); against the computer, only the person's clock runs.
    pub time_control: Option<TimeControl>,
    /// `false`: a friendly game, never rated, where takebacks may be asked.
    pub rated: bool,
}

/// What a challenge offers: the time per move (unless a live time
/// control replaces it), the game it is a rematch of, whether it is rated.
#[derive(Debug, Clone, Copy)]
pub(super) struct ChallengeTerms {
    pub seconds_per_move: i64,
    pub rematch_of: Option<i64>,
    pub rated: bool,
    pub time_control: Option<TimeControl>,
}

/// What a challenge started.
#[derive(Debug, Clone)]
pub enum Challenged {
    /// A challenge, waiting for the opponent's answer.
    Challenge(ChallengeView),
    /// A game against the computer, started at once (boxed: a game's view
    /// is much the larger).
    ComputerGame { view: Box<GameView>, level: Level },
}

/// A player's preferences.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Settings {
    /// Reminders by direct message rather than a mention in the channel.
    pub dm_reminders: bool,
    /// The time per move of the challenges they send, unless they say.
    pub default_time_per_move: Option<TimePerMove>,
    /// How often they are reminded of a move they owe.
    pub reminders: ReminderPace,
}

/// A message the scheduler owes the players, with what it needs to say it.
#[derive(Debug, Clone)]
pub enum NoticeView {
    /// `view`'s player to move is reminded (at their pace) of the move.
    Reminder { id: i64, view: GameView, dm: bool },
    /// `opponent` is told, in `view`'s game, that `away` is on vacation:
    /// the clocks of their games stand still.
    VacationStarted {
        id: i64,
        view: GameView,
        away: u64,
        dm: bool,
    },
    /// `user_id`'s vacation allowance ran out: their clocks run again.
    /// Told in `view`'s channel, or by direct message.
    VacationOver {
        id: i64,
        user_id: u64,
        view: Option<GameView>,
        dm: bool,
    },
    /// `view` ended on time.
    Timeout { id: i64, view: GameView },
    ChallengeExpired {
        id: i64,
        challenge: ChallengeView,
        message: Option<(u64, u64)>,
    },
}

impl NoticeView {
    pub fn id(&self) -> i64 {
        match self {
            NoticeView::Reminder { id, .. }
            | NoticeView::VacationStarted { id, .. }
            | NoticeView::VacationOver { id, .. }
            | NoticeView::Timeout { id, .. }
            | NoticeView::ChallengeExpired { id, .. } => *id,
        }
    }
}

/// What a Rematch press made.
#[derive(Debug, Clone)]
pub enum RematchOutcome {
    Challenge(ChallengeView),
    /// Against the computer a rematch starts at once (boxed: a game's view
    /// is much the larger).
    ComputerGame(Box<GameView>),
}

/// How long past a flag fall the scheduler's tick waits before ending the
/// game itself: far longer than the flag watch takes.
const FLAG_WATCH_GRACE_MS: i64 = 10_000;

impl Service {
    /// Sends a challenge with a time per move (`None`: the challenger's
    /// default, else three days).
    pub async fn challenge_with_time(
        &self,
        place: Place,
        challenger: &Player,
        opponent: &Player,
        time: Option<TimePerMove>,
    ) -> Result<ChallengeView> {
        self.challenge_on_terms(place, challenger, opponent, time, true).await
    }

    /// Sends a challenge for a game with a live clock per player
    /// (`rated`: else a friendly game).
    pub async fn challenge_with_time_control(
        &self,
        place: Place,
        challenger: &Player,
        opponent: &Player,
        time_control: TimeControl,
        rated: bool,
    ) -> Result<ChallengeView> {
        let seconds = TimePerMove::default().seconds();
        let terms = ChallengeTerms {
            seconds_per_move: seconds,
            rematch_of: None,
            rated,
            time_control: Some(time_control),
        };
        self.create_challenge(place, challenger, opponent, terms).await
    }

    /// Sends a friendly challenge (see [`ChallengeRequest::rated`]) with
    /// the challenger's default time per move.
    pub async fn friendly_challenge(
        &self,
        place: Place,
        challenger: &Player,
        opponent: &Player,
    ) -> Result<ChallengeView> {
        self.challenge_on_terms(place, challenger, opponent, None, false).await
    }

    async fn challenge_on_terms(
        &self,
        place: Place,
        challenger: &Player,
        opponent: &Player,
        time: Option<TimePerMove>,
        rated: bool,
    ) -> Result<ChallengeView> {
        let time = match time {
            Some(time) => time,
            None => self
                .settings(challenger.id)
                .await?
                .default_time_per_move
                .unwrap_or_default(),
        };
        let terms = ChallengeTerms {
            seconds_per_move: time.seconds(),
            rematch_of: None,
            rated,
            time_control: None,
        };
        self.create_challenge(place, challenger, opponent, terms).await
    }

    /// `/akon challenge`: a challenge to a person, or at once a game against
    /// the computer when the opponent is the computer (at `level`, by
    /// default [`DEFAULT_COMPUTER_LEVEL`]). A level is for the computer only.
    pub async fn challenge_or_play(&self, request: ChallengeRequest<'_>) -> Result<Challenged> {
        if request.time.is_some() && request.time_control.is_some() {
            return Err(ServiceError::TimePerMoveAndTimeControl);
        }
        if request.opponent_is_the_computer {
            let level = request.level.unwrap_or(DEFAULT_COMPUTER_LEVEL);
            let (place, human, computer) = (request.place, request.challenger, request.opponent);
            let view = self
                .start_computer_game_timed(place, human, computer, level, request.time_control)
                .await?;
            return Ok(Challenged::ComputerGame {
                view: Box::new(view),
                level,
            });
        }
        if request.level.is_some() {
            return Err(ServiceError::LevelNeedsTheComputer);
        }
        if let Some(control) = request.time_control {
            let (place, challenger, opponent) = (request.place, request.challenger, request.opponent);
            let challenge = self
                .challenge_with_time_control(place, challenger, opponent, control, request.rated)
                .await?;
            return Ok(Challenged::Challenge(challenge));
        }
        let challenge = self
            .challenge_on_terms(
                request.place,
                request.challenger,
                request.opponent,
                request.time,
                request.rated,
            )
            .await?;
        Ok(Challenged::Challenge(challenge))
    }

    /// Offers a rematch of a finished game: the same time per move, the
    /// seats swapped; against the computer, a new game at the same level.
    pub async fn rematch(&self, game_id: i64, user: &Player) -> Result<RematchOutcome> {
        let view = self.game(game_id).await?;
        let seat = view.seat_of(user.id).ok_or(ServiceError::NotAPlayer)?;
        if view.finished.is_none() {
            return Err(ServiceError::GameNotOver);
        }
        let place = Place {
            guild_id: Some(view.guild_id).filter(|&guild| guild != 0),
            channel_id: view.channel_id,
            venue: view.venue,
        };
        let other = view.player(seat.opponent());
        let opponent = Player {
            id: other.user_id,
            name: other.name.clone(),
            is_bot: other.is_bot,
        };
        if let Some(Computer { level, .. }) = view.computer {
            let control = view.live_clock.map(|clock| clock.time_control);
            return Ok(RematchOutcome::ComputerGame(Box::new(
                self.start_computer_game_timed(place, user, &opponent, level, control)
                    .await?,
            )));
        }
        if let Some(pending) = self.store.pending_rematch(game_id, self.now()).await? {
            return Err(ServiceError::RematchPending(pending.id));
        }
        let seconds = view.seconds_per_move.unwrap_or(TimePerMove::default().seconds());
        let terms = ChallengeTerms {
            seconds_per_move: seconds,
            rematch_of: Some(game_id),
            rated: !view.friendly,
            time_control: view.live_clock.map(|clock| clock.time_control),
        };
        Ok(RematchOutcome::Challenge(
            self.create_challenge(place, user, &opponent, terms).await?,
        ))
    }

    pub(super) async fn create_challenge(
        &self,
        place: Place,
        challenger: &Player,
        opponent: &Player,
        terms: ChallengeTerms,
    ) -> Result<ChallengeView> {
        let ChallengeTerms {
            seconds_per_move,
            rematch_of,
            rated,
            time_control,
        } = terms;
        // A challenge outside a server that added the bot is kept with
        // server 0: its game counts globally only.
        let guild_id = place.guild_id.unwrap_or(0);
        if place.venue == Venue::BotDm {
            // Only the challenger and the bot are in that conversation.
            return Err(ServiceError::OpponentCannotSeeThisChat(opponent.name.clone()));
        }
        if challenger.id == opponent.id {
            return Err(ServiceError::ChallengeSelf);
        }
        if opponent.is_bot {
            return Err(ServiceError::ChallengeBot(opponent.name.clone()));
        }
        let now = self.now();
        let challenger_row = self.remember(challenger).await?;
        let opponent_row = self.remember(opponent).await?;
        if self
            .store
            .pending_challenge(challenger.id, opponent.id, now)
            .await?
            .is_some()
        {
            return Err(ServiceError::AlreadyChallenged(opponent.name.clone()));
        }
        for player in [challenger, opponent] {
            if self.store.ongoing_games(player.id).await?.len() >= self.config.max_ongoing_games {
                return Err(ServiceError::TooManyGames {
                    name: player.name.clone(),
                    limit: self.config.max_ongoing_games,
                });
            }
        }
        let expires_at = now + self.config.challenge_ttl_secs;
        let id = self
            .store
            .create_challenge(&NewChallenge {
                guild_id,
                channel_id: place.channel_id,
                challenger_id: challenger.id,
                opponent_id: opponent.id,
                created_at: now,
                expires_at,
                seconds_per_move,
                rematch_of,
                venue: place.venue,
                rated,
                live: time_control.map(|control| (control.base_ms, control.increment_ms)),
            })
            .await?;
        Ok(ChallengeView {
            id,
            guild_id,
            channel_id: place.channel_id,
            challenger: challenger_row,
            opponent: opponent_row,
            status: ChallengeStatus::Pending,
            expires_at,
            game_id: None,
            seconds_per_move,
            rematch_of,
            venue: place.venue,
            rated,
            time_control,
        })
    }

    /// Remembers the message showing a challenge, so that it can be
    /// updated when the challenge expires.
    pub async fn set_challenge_message(&self, challenge_id: i64, channel_id: u64, message_id: u64) -> Result<()> {
        Ok(self
            .store
            .set_challenge_message(challenge_id, channel_id, message_id)
            .await?)
    }

    pub async fn settings(&self, user_id: u64) -> Result<Settings> {
        let row = self.store.settings(user_id).await?;
        Ok(Settings {
            dm_reminders: row.dm_reminders,
            default_time_per_move: row.default_seconds_per_move.and_then(TimePerMove::from_seconds),
            reminders: self.reminder_pace(user_id).await?,
        })
    }

    /// Ends `view` on time if its player to move is out of time: `true` if
    /// this call did it (a move that got in first wins the race).
    pub(super) async fn time_out_if_due(&self, view: &GameView) -> Result<bool> {
        if let Some(ended) = self.live_time_out_if_due(view).await? {
            return Ok(ended);
        }
        let (Some(deadline), Some(seat)) = (view.deadline, view.to_move()) else {
            return Ok(false);
        };
        if self.now() < deadline || view.finished.is_some() {
            return Ok(false);
        }
        let finished = Some((EndReason::Timeout { seat }, Winner::Seat(seat.opponent())));
        let update = self.update_for(view, finished);
        let written = self.store.time_out(view.id, view.ply(), &update, deadline).await?;
        if written == Written::Yes {
            tracing::info!(game_id = view.id, seat = %seat, "lost on time");
        }
        Ok(written == Written::Yes)
    }

    /// One tick of the scheduler: expires challenges, takes due reminders,
    /// ends games out of time; then returns every notice still to send,
    /// oldest event first (after a restart: everything that fell due while
    /// the bot was down).
    pub async fn tick(&self) -> Result<Vec<NoticeView>> {
        let now = self.now();
        self.store.expire_challenges(now).await?;
        self.end_vacations_out_of_allowance().await?;
        self.pause_clocks_of_players_away().await?;
        self.restart_clocks_unkept().await?;
        self.claim_due_reminders().await?;
        for id in self.store.games_out_of_time(now).await? {
            match self.game(id).await {
                Ok(view) => {
                    self.time_out_if_due(&view).await?;
                }
                Err(error) => tracing::error!(%error, game_id = id, "cannot load a game out of time"),
            }
        }
        // Live clocks are the flag watch's: each process's ends those games
        // the instant their flag falls (see `Service::end_flagged_games`).
        // The tick only ends those the watch left well past their fall (a
        // watch that stopped), so that no game waits for ever.
        self.end_games_flagged_by(self.now_millis() - FLAG_WATCH_GRACE_MS)
            .await?;
        self.notices_to_send().await
    }

    /// Every notice still to send, oldest event first, each leased to this
    /// process (see [`Service::tick`]): what a flag fall, once written,
    /// sends at once rather than at the next tick.
    pub async fn notices_to_send(&self) -> Result<Vec<NoticeView>> {
        let mut notices = Vec::new();
        for notice in self.store.unsent_notices().await? {
            // Another process may be sending this one: it is ours only with
            // the lease (kept until sent, or until it expires if we die).
            if !self.lease(LeaseKind::Notice, notice.id).await? {
                continue;
            }
            // Read again under the lease: another process may have sent it
            // and released its lease since the list was read.
            if !self.store.notice_unsent(notice.id).await? {
                self.store.release_lease(LeaseKind::Notice, notice.id).await?;
                continue;
            }
            // A notice whose game or challenge cannot be read is left for
            // the next tick; the others go out all the same.
            match self.notice_view(&notice).await {
                Ok(Some(view)) => notices.push(view),
                Ok(None) => {}
                Err(error) => tracing::error!(
                    %error,
                    notice = notice.id,
                    game_id = notice.game_id,
                    challenge_id = notice.challenge_id,
                    "cannot load a notice's game or challenge"
                ),
            }
        }
        Ok(notices)
    }

    /// What `notice` says, read now; `None` if there is nothing left to
    /// say (the reminder is marked sent).
    async fn notice_view(&self, notice: &Notice) -> Result<Option<NoticeView>> {
        let view = match notice.kind.as_str() {
            "challenge_expired" => {
                let Some(challenge_id) = notice.challenge_id else {
                    return Ok(None);
                };
                let Some(row) = self.store.challenge(challenge_id).await? else {
                    return Ok(None);
                };
                let message = match (row.message_channel_id, row.message_id) {
                    (Some(channel), Some(message)) => Some((channel, message)),
                    _ => None,
                };
                NoticeView::ChallengeExpired {
                    id: notice.id,
                    challenge: self.challenge_view(row).await?,
                    message,
                }
            }
            "vacation" | "vacation_over" => return self.vacation_notice_view(notice).await,
            kind => {
                let Some(game_id) = notice.game_id else {
                    return Ok(None);
                };
                let view = self.game(game_id).await?;
                if kind == "timeout" {
                    NoticeView::Timeout { id: notice.id, view }
                } else if view.finished.is_none() && Some(view.ply()) == notice.ply {
                    let to_move = view.to_move().unwrap_or(Seat::A);
                    let dm = self.settings(view.player(to_move).user_id).await?.dm_reminders;
                    NoticeView::Reminder {
                        id: notice.id,
                        view,
                        dm,
                    }
                } else {
                    // The player moved (or the game ended) before the
                    // reminder went out: nothing left to remind.
                    self.notice_sent(notice.id).await?;
                    return Ok(None);
                }
            }
        };
        Ok(Some(view))
    }

    pub async fn notice_sent(&self, notice_id: i64) -> Result<()> {
        self.store.mark_notice_sent(notice_id, self.now()).await?;
        Ok(self.store.release_lease(LeaseKind::Notice, notice_id).await?)
    }
}
