//! For tests that drive serenity themselves: an HTTP client on the fake, and a trap for
//! events serenity could not parse.

use super::*;

/// serenity `Http` pointed at this fake (`proxy` + `ratelimiter_disabled`, as the recipe demands).
pub fn serenity_http(fake: &FakeDiscord) -> serenity::http::Http {
    serenity::http::HttpBuilder::new(TOKEN)
        .proxy(fake.api_base())
        .ratelimiter_disabled(true)
        .build()
}

/// A `RawEventHandler` that records (and prints loudly) every `Event::Unknown`, i.e. every
/// dispatch serenity failed to deserialize and would otherwise drop silently.
#[derive(Clone, Default)]
pub struct UnknownEventTrap {
    pub seen: Arc<Mutex<Vec<String>>>,
}

impl UnknownEventTrap {
    pub fn unknown_events(&self) -> Vec<String> {
        self.seen.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Panics if serenity dropped any dispatch as `Event::Unknown`.
    pub fn assert_none(&self) {
        let seen = self.unknown_events();
        assert!(
            seen.is_empty(),
            "serenity could not deserialize {} gateway event(s): {seen:#?}",
            seen.len()
        );
    }
}

#[serenity::async_trait]
impl serenity::client::RawEventHandler for UnknownEventTrap {
    async fn raw_event(&self, _ctx: serenity::client::Context, ev: serenity::model::event::Event) {
        if let serenity::model::event::Event::Unknown(u) = &ev {
            let line = format!("{}: {}", u.kind, truncate(&u.value.to_string(), 2000));
            eprintln!("!!!! serenity dropped an undeserializable gateway event (Event::Unknown) {line}");
            self.seen.lock().unwrap_or_else(|e| e.into_inner()).push(line);
        }
    }
}
