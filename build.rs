//! Links the `lockwork` program as a position-dependent executable on
//! Linux with glibc.
//!
//! The program carries the editor: a position-independent build of it has
//! some 36,000 relocations that the loader applies at every start, copying
//! the pages they touch. That cost about 0.7 ms of a `lockwork check` of
//! 2 ms, the whole of a small level's answer. Only the binary is linked
//! this way; the library, its tests and the crates it uses are not.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
