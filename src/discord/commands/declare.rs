//! What every command is declared with: options ([`Opt`]), whether each
//! must be given ([`Required`], [`Optional`], [`OrElse`]), and the
//! [`subcommand!`] and [`entries!`] macros, which turn one typed options
//! struct (or one list of subcommands) into its registration, its parsing
//! and its dispatch. A subcommand's name, and each option's, is written
//! once; whether an option is required is a type, so a required option is
//! parsed as given or refused, never read as optional.

use crate::i18n::Language;
use serenity::all::{CommandOptionType, CreateCommandOption, ResolvedOption, ResolvedValue};

use super::kinds::{other_languages, words, Kind};
use super::CommandError;

/// An option: its canonical (English) name, which Discord sends back and
/// parsing reads, the keys of its localised name and description, what it
/// holds (`kind`) and whether it must be given (`presence`).
pub(super) struct Opt<K, P> {
    pub name: &'static str,
    pub name_key: &'static str,
    pub description_key: &'static str,
    pub kind: K,
    pub presence: P,
}

/// Whether an option must be given, and what it reads as either way.
pub(super) trait Presence<V>: Sync {
    /// Registered as required.
    const REQUIRED: bool;
    /// What the options struct holds.
    type Value;

    /// What `given` reads as; `None` refuses the command.
    fn value(&self, given: Option<V>) -> Option<Self::Value>;
}

/// Discord makes the user give it: read as the value itself.
pub(super) struct Required;

impl<V> Presence<V> for Required {
    const REQUIRED: bool = true;
    type Value = V;

    fn value(&self, given: Option<V>) -> Option<V> {
        given
    }
}

/// May be left out: read as an `Option`.
pub(super) struct Optional;

impl<V> Presence<V> for Optional {
    const REQUIRED: bool = false;
    type Value = Option<V>;

    fn value(&self, given: Option<V>) -> Option<Option<V>> {
        Some(given)
    }
}

/// May be left out, and then reads as its default.
pub(super) struct OrElse<V>(pub V);

impl<V: Copy + Sync> Presence<V> for OrElse<V> {
    const REQUIRED: bool = false;
    type Value = V;

    fn value(&self, given: Option<V>) -> Option<V> {
        Some(given.unwrap_or(self.0))
    }
}

/// An option of any kind, as the registration lists it.
pub(super) trait Declared: Sync {
    fn name(&self) -> &'static str;
    fn name_key(&self) -> &'static str;
    fn create(&self) -> CreateCommandOption;
}

impl<K: Kind, P: Presence<K::Value>> Declared for Opt<K, P> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn name_key(&self) -> &'static str {
        self.name_key
    }

    fn create(&self) -> CreateCommandOption {
        let option = localized(self.kind.option_type(), self.name, self.name_key, self.description_key);
        self.kind.declare(option.required(P::REQUIRED))
    }
}

/// A subcommand's name and the keys of its words.
pub(super) struct Names {
    pub name: &'static str,
    pub name_key: &'static str,
    pub description_key: &'static str,
}

impl Names {
    /// This subcommand (or group) registered as `kind`, with `options`
    /// under it in their order.
    pub(super) fn create(
        &self,
        kind: CommandOptionType,
        options: impl IntoIterator<Item = CreateCommandOption>,
    ) -> CreateCommandOption {
        let created = localized(kind, self.name, self.name_key, self.description_key);
        options.into_iter().fold(created, CreateCommandOption::add_sub_option)
    }
}

/// Something `/akon` (or a group of it) lists: a subcommand, or a group.
pub(super) trait Entry: Sized {
    const NAMES: Names;

    /// How it is registered.
    fn create() -> CreateCommandOption;

    /// Every option under it, for naming them in refusals.
    fn options() -> Vec<&'static dyn Declared>;

    /// What Discord sent for it: its options, or its group's subcommand.
    fn parse(value: ResolvedValue<'_>) -> Result<Self, CommandError>;
}

/// A subcommand's options as serenity resolved them (users looked up in
/// the interaction's `resolved` data), read by name. A value of the wrong
/// type or out of range refuses the command naming its option.
pub(super) struct Options<'a>(pub Vec<ResolvedOption<'a>>);

impl Options<'_> {
    /// The option `option` (the first one if given twice), refused by name
    /// if malformed or if required and missing.
    pub(super) fn read<K: Kind, P: Presence<K::Value>>(&self, option: &Opt<K, P>) -> Result<P::Value, CommandError> {
        let refused = || CommandError::BadOption(option.name.into());
        let given = match self.0.iter().find(|given| given.name == option.name) {
            Some(given) => Some(option.kind.read(&given.value).ok_or_else(refused)?),
            None => None,
        };
        option.presence.value(given).ok_or_else(refused)
    }
}

/// An option of type `kind` named `name`, with its name and description in
/// every language.
pub(super) fn localized(
    kind: CommandOptionType,
    name: &str,
    name_key: &str,
    description_key: &str,
) -> CreateCommandOption {
    let option = CreateCommandOption::new(kind, name, words(Language::English, description_key));
    other_languages().fold(option, |option, (language, locale)| {
        option
            .name_localized(locale, words(language, name_key))
            .description_localized(locale, words(language, description_key))
    })
}

/// Declares a subcommand as one options struct: each field with the
/// option it is read from, in the order Discord shows them. Gives the
/// struct and its [`Entry`]: its registration and its parsing. Its handler
/// is the struct's `run`, beside it.
macro_rules! subcommand {
    (
        $(#[$meta:meta])*
        pub struct $name:ident = $sub:literal ($name_key:literal, $description_key:literal) {
            $( $(#[$field_meta:meta])* $field:ident: $ty:ty = $option:expr, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct $name {
            $( $(#[$field_meta])* pub $field: $ty, )*
        }

        impl $crate::discord::commands::declare::Entry for $name {
            const NAMES: $crate::discord::commands::declare::Names = $crate::discord::commands::declare::Names {
                name: $sub,
                name_key: $name_key,
                description_key: $description_key,
            };

            fn create() -> serenity::all::CreateCommandOption {
                Self::NAMES.create(
                    serenity::all::CommandOptionType::SubCommand,
                    Self::options().into_iter().map(|option| option.create()),
                )
            }

            fn options() -> Vec<&'static dyn $crate::discord::commands::declare::Declared> {
                vec![$(&$option),*]
            }

            fn parse(value: serenity::all::ResolvedValue<'_>) -> Result<Self, $crate::discord::commands::CommandError> {
                let serenity::all::ResolvedValue::SubCommand(options) = value else {
                    return Err($crate::discord::commands::CommandError::UnknownSubcommand($sub.into()));
                };
                #[allow(unused_variables)]
                let options = $crate::discord::commands::declare::Options(options);
                Ok(Self {
                    $( $field: options.read(&$option)?, )*
                })
            }
        }
    };
}

/// Declares a list of subcommands (and groups), in the order Discord
/// shows them, as an enum with a variant for each: the list's
/// registration (`create_all`), its options (`options_all`), the parsing
/// of one of them by the name Discord sent (`parse_named`), its name for
/// the metrics (`name`) and its dispatch to the subcommand's `run`.
macro_rules! entries {
    (
        $(#[$meta:meta])*
        pub enum $name:ident { $( $variant:ident($ty:ty), )* }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum $name {
            $( $variant($ty), )*
        }

        impl $name {
            fn create_all() -> Vec<serenity::all::CreateCommandOption> {
                vec![$( <$ty as $crate::discord::commands::declare::Entry>::create(), )*]
            }

            fn options_all() -> Vec<&'static dyn $crate::discord::commands::declare::Declared> {
                let mut all = Vec::new();
                $( all.extend(<$ty as $crate::discord::commands::declare::Entry>::options()); )*
                all
            }

            /// The entry named `name`, read from `value`.
            fn parse_named(
                name: &str,
                value: serenity::all::ResolvedValue<'_>,
            ) -> Result<Self, $crate::discord::commands::CommandError> {
                $(
                    if name == <$ty as $crate::discord::commands::declare::Entry>::NAMES.name {
                        return <$ty as $crate::discord::commands::declare::Entry>::parse(value).map(Self::$variant);
                    }
                )*
                Err($crate::discord::commands::CommandError::UnknownSubcommand(name.into()))
            }

            /// The entry's name, as registered.
            pub fn name(&self) -> &'static str {
                match self {
                    $( Self::$variant(_) => <$ty as $crate::discord::commands::declare::Entry>::NAMES.name, )*
                }
            }

            /// Answers the command: its handler parses nothing more, calls
            /// the service and renders.
            pub(in crate::discord) async fn run(
                self,
                bot: &$crate::discord::Bot,
                call: $crate::discord::Call<'_, serenity::all::CommandInteraction>,
            ) -> $crate::discord::Answered {
                match self {
                    $( Self::$variant(command) => command.run(bot, call).await, )*
                }
            }
        }
    };
}

/// Declares a group of subcommands, in the order Discord shows them, as
/// an enum of their options structs (see [`entries!`]) and its [`Entry`].
macro_rules! group {
    (
        $(#[$meta:meta])*
        pub enum $name:ident = $group:literal ($name_key:literal, $description_key:literal) {
            $( $variant:ident($ty:ty), )*
        }
    ) => {
        $crate::discord::commands::declare::entries! {
            $(#[$meta])*
            pub enum $name { $( $variant($ty), )* }
        }

        impl $crate::discord::commands::declare::Entry for $name {
            const NAMES: $crate::discord::commands::declare::Names = $crate::discord::commands::declare::Names {
                name: $group,
                name_key: $name_key,
                description_key: $description_key,
            };

            fn create() -> serenity::all::CreateCommandOption {
                Self::NAMES.create(serenity::all::CommandOptionType::SubCommandGroup, Self::create_all())
            }

            fn options() -> Vec<&'static dyn $crate::discord::commands::declare::Declared> {
                Self::options_all()
            }

            fn parse(value: serenity::all::ResolvedValue<'_>) -> Result<Self, $crate::discord::commands::CommandError> {
                let unknown = || $crate::discord::commands::CommandError::UnknownSubcommand($group.into());
                let serenity::all::ResolvedValue::SubCommandGroup(subs) = value else {
                    return Err(unknown());
                };
                let sub = subs.into_iter().next().ok_or_else(unknown)?;
                Self::parse_named(sub.name, sub.value)
            }
        }
    };
}
pub(super) use {entries, group, subcommand};
