//! Says, once per `cargo test`, whether the PostgreSQL variants of the
//! suites ran: without `AKON_TEST_POSTGRES_URL` they return at once, and the
//! harness would show them as passed.

fn main() {
    match std::env::var("AKON_TEST_POSTGRES_URL") {
        Ok(url) if !url.trim().is_empty() => {
            println!("PostgreSQL suites: run against the server AKON_TEST_POSTGRES_URL names.");
        }
        _ => println!(
            "PostgreSQL suites NOT run: set AKON_TEST_POSTGRES_URL to a server where the tests may create \
             databases, e.g. AKON_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres cargo test"
        ),
    }
}
