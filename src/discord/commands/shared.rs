//! Options that several subcommands declare alike. An option of one name
//! has one localised name everywhere, which refusals use.

use super::declare::{Opt, Optional};
use super::kinds::{Id, Levels, OneOf, Times, UserKind};

/// A time per move, described by `description_key`.
pub(super) const fn time_per_move(description_key: &'static str) -> Opt<OneOf<Times>, Optional> {
    Opt {
        name: "time_per_move",
        name_key: "cmd-time-per-move-name",
        description_key,
        kind: OneOf(Times),
        presence: Optional,
    }
}

/// A player other than the asker, described by `description_key`.
pub(super) const fn player(description_key: &'static str) -> Opt<UserKind, Optional> {
    Opt {
        name: "player",
        name_key: "cmd-player-name",
        description_key,
        kind: UserKind,
        presence: Optional,
    }
}

/// A level of the computer, described by `description_key`.
pub(super) const fn level<P>(description_key: &'static str, presence: P) -> Opt<OneOf<Levels>, P> {
    Opt {
        name: "level",
        name_key: "cmd-level-name",
        description_key,
        kind: OneOf(Levels),
        presence,
    }
}

/// A game, described by `description_key`.
pub(super) const fn game<P>(description_key: &'static str, presence: P) -> Opt<Id, P> {
    Opt {
        name: "game",
        name_key: "cmd-game-option-name",
        description_key,
        kind: Id,
        presence,
    }
}

/// The game a command is about, when the player has more than one.
pub(super) const GAME: Opt<Id, Optional> = game("cmd-game-option-desc", Optional);
