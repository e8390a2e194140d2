//! Whether a database URL names a database the store can open, found
//! without connecting: the configuration refuses a bad URL before anything
//! starts, in its own words (which variable to set, and how).

use std::str::FromStr;

use super::Backend;

/// What is wrong with a database URL. None of them repeats the URL, which
/// may carry a password.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DatabaseUrlError {
    /// A URL of a database the store does not run on: `scheme` lower-cased,
    /// e.g. `mysql` (or `postgres` written without `//`).
    #[error("`{scheme}:` names a database that is neither SQLite nor PostgreSQL")]
    Unsupported { scheme: String },
    /// A `postgres://` URL that does not parse: `reason` says what is
    /// wrong in it.
    #[error("not a valid PostgreSQL URL: {reason}")]
    BadPostgres { reason: String },
    /// A `sqlite:` URL of an in-memory database, lost when the process
    /// stops.
    #[error("an in-memory SQLite database")]
    InMemory,
    /// `sqlite:` with no file after it.
    #[error("a sqlite: URL naming no file")]
    NoFile,
    /// No URL at all (no scheme): a bare word is not taken for a file.
    #[error("neither a sqlite: URL nor a postgres:// URL")]
    NotAUrl,
}

/// Checks that `url` is a `sqlite:` URL naming a file or a PostgreSQL URL
/// as sqlx reads it, and says which engine it names. Whether the file can
/// be created or the server answers is found when [`super::Store::open`]
/// opens it.
pub fn check_database_url(url: &str) -> Result<Backend, DatabaseUrlError> {
    let backend = Backend::of_url(url);
    match backend {
        Backend::Postgres => check_postgres_url(url)?,
        Backend::Sqlite => check_sqlite_url(url)?,
    }
    Ok(backend)
}

fn check_postgres_url(url: &str) -> Result<(), DatabaseUrlError> {
    match sqlx::postgres::PgConnectOptions::from_str(url) {
        // The parser's message never repeats the URL: only what is wrong.
        Err(error) => Err(DatabaseUrlError::BadPostgres {
            reason: match error {
                sqlx::Error::Configuration(reason) => reason.to_string(),
                other => other.to_string(),
            },
        }),
        Ok(_) => Ok(()),
    }
}

fn check_sqlite_url(url: &str) -> Result<(), DatabaseUrlError> {
    let Some(rest) = url.strip_prefix("sqlite:") else {
        return Err(match url.split_once(':') {
            Some((scheme, _))
                if !scheme.is_empty() && scheme.chars().all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c)) =>
            {
                DatabaseUrlError::Unsupported {
                    scheme: scheme.to_ascii_lowercase(),
                }
            }
            _ => DatabaseUrlError::NotAUrl,
        });
    };
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    let path = path.strip_prefix("//").unwrap_or(path);
    if path == ":memory:" || query.split('&').any(|pair| pair == "mode=memory") {
        return Err(DatabaseUrlError::InMemory);
    }
    if path.is_empty() {
        return Err(DatabaseUrlError::NoFile);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_files_and_postgresql_servers_are_told_apart() {
        for url in [
            "sqlite:akon.db",
            "sqlite://akon.db",
            "sqlite:///var/lib/akon/akon.db",
            "sqlite:data/akon.db?mode=rwc",
        ] {
            assert_eq!(check_database_url(url), Ok(Backend::Sqlite), "{url}");
        }
        for url in [
            "postgres://akon:s3cret@db.example/akon",
            "postgresql://akon@db:5433/akon?sslmode=require",
        ] {
            assert_eq!(check_database_url(url), Ok(Backend::Postgres), "{url}");
        }
    }

    #[test]
    fn sqlite_urls_without_a_file_are_refused_by_what_they_lack() {
        for (url, expected) in [
            ("sqlite:", DatabaseUrlError::NoFile),
            ("sqlite://", DatabaseUrlError::NoFile),
            ("sqlite::memory:", DatabaseUrlError::InMemory),
            ("sqlite://:memory:", DatabaseUrlError::InMemory),
            ("sqlite:akon.db?cache=shared&mode=memory", DatabaseUrlError::InMemory),
        ] {
            assert_eq!(check_database_url(url), Err(expected), "{url}");
        }
    }

    #[test]
    fn other_databases_and_bare_words_are_refused() {
        let unsupported = |scheme: &str| {
            Err(DatabaseUrlError::Unsupported {
                scheme: scheme.to_string(),
            })
        };
        assert_eq!(check_database_url("MySQL://root@localhost/akon"), unsupported("mysql"));
        assert_eq!(check_database_url("postgres:akon"), unsupported("postgres"));
        assert_eq!(check_database_url("garbage"), Err(DatabaseUrlError::NotAUrl));
        assert_eq!(check_database_url(":akon.db"), Err(DatabaseUrlError::NotAUrl));
    }

    #[test]
    fn a_bad_postgresql_url_says_what_is_wrong_without_its_password() {
        let error = check_database_url("postgres://akon:s3cret@db.example:port/akon").unwrap_err();
        let DatabaseUrlError::BadPostgres { reason } = &error else {
            panic!("{error:?}");
        };
        assert!(!reason.is_empty());
        assert!(!error.to_string().contains("s3cret"), "{error}");
    }
}
