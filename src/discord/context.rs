//! What a handler needs of Discord: the REST client and who the bot is.
//! serenity hands its own context to gateway events only, and cannot build
//! one without a gateway connection; interactions received over HTTP have
//! none, so both modes build this one.

use std::sync::Arc;

use serenity::all::{CurrentUser, Http, UserId};

#[derive(Clone)]
pub(super) struct Context {
    pub(super) http: Arc<Http>,
    bot_user: UserId,
    bot_name: Arc<str>,
}

impl Context {
    pub(super) fn new(http: Arc<Http>, bot: &CurrentUser) -> Context {
        Context {
            http,
            bot_user: bot.id,
            bot_name: Arc::from(bot.global_name.as_deref().unwrap_or(&bot.name)),
        }
    }

    /// The context of a gateway event: the bot is known once READY came.
    pub(super) fn of_gateway(ctx: &serenity::all::Context) -> Context {
        Context::new(ctx.http.clone(), &ctx.cache.current_user())
    }

    /// The bot's own user, to tell its messages from others'.
    pub(super) fn bot_user(&self) -> UserId {
        self.bot_user
    }

    /// The bot's name, as players see it.
    pub(super) fn bot_name(&self) -> &str {
        &self.bot_name
    }
}

/// serenity's calls that take a context take this one: they find the REST
/// client in it. It has no cache (the bot asks for no gateway events, so
/// serenity's held next to nothing) and its checks are Discord's.
impl serenity::http::CacheHttp for Context {
    fn http(&self) -> &Http {
        &self.http
    }
}
