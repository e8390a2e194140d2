use std::process::ExitCode;

fn main() -> ExitCode {
    akon::cli::run()
}
