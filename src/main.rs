use std::process::ExitCode;

/// Every press allocates and frees thousands of small buffers (the gateway
/// event's JSON, HTTP bodies, rows): mimalloc's thread-local free lists cost
/// less per press than the system allocator's (docs/PERFORMANCE.md, "Load benchmark").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    akon::cli::run()
}
