//! The evaluation options `Eval` and `EvalFile`, read the same way by the protocol
//! (`setoption`), `match --first/--second` and `datagen --net`. A network file is read
//! through `boardgame_io::read`: only a regular file (a FIFO or a device such as `/dev/zero`
//! is refused before it is opened), and at most [`MAX_NET_FILE_BYTES`].

use std::path::Path;
use std::sync::Arc;

use crate::eval::{Evaluation, Network};

/// The evaluation named by a value of the option `Eval`: `net` or `handcrafted`, in any case.
///
/// # Errors
/// A message for any other value (quoted short).
pub fn eval_named(value: &str) -> Result<Evaluation, String> {
    match value.trim().to_ascii_lowercase().as_str() {
        "net" => Ok(Evaluation::default_net()),
        "handcrafted" => Ok(Evaluation::handcrafted()),
        _ => Err(format!(
            "Eval is net or handcrafted, not {}",
            boardgame_io::quote(value)
        )),
    }
}

/// Whether a value of the option `EvalFile` names the embedded network (empty or
/// `<embedded>`) rather than a file.
#[must_use]
pub fn is_embedded(value: &str) -> bool {
    value.is_empty() || value == "<embedded>"
}

/// The evaluation named by a value of the option `EvalFile`: the embedded network (see
/// [`is_embedded`]) or the network in that file ([`load`]).
///
/// # Errors
/// What [`load`] gives, after the quoted path.
pub fn eval_file(value: &str) -> Result<Evaluation, String> {
    if is_embedded(value) {
        return Ok(Evaluation::default_net());
    }
    load(Path::new(value))
        .map(|net| Evaluation::Net(Arc::new(net)))
        .map_err(|e| format!("EvalFile {}: {e}", boardgame_io::quote(value)))
}

/// The most bytes read from a network file: the largest network of this architecture (squares
/// and 2×2 patterns with [`MAX_HIDDEN`](crate::eval::net::MAX_HIDDEN) hidden units, 1,569,828
/// bytes) with room to spare, and the 2 MB that a network embedded in the binary may have.
pub const MAX_NET_FILE_BYTES: u64 = 2_000_000;

/// The network in the file at `path`.
///
/// # Errors
/// A message (without the path) when the file is not a regular file, is longer than
/// [`MAX_NET_FILE_BYTES`], cannot be read, or is not a network of this architecture.
pub fn load(path: &Path) -> Result<Network, String> {
    let bytes =
        boardgame_io::read::read_bounded(path, MAX_NET_FILE_BYTES).map_err(|e| e.to_string())?;
    Network::from_bytes(&bytes).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::net::Features;

    #[test]
    fn the_bound_holds_the_largest_network() {
        let net = Network::from_bytes(crate::eval::EMBEDDED_NET).unwrap();
        assert!(net.to_bytes().len() as u64 <= MAX_NET_FILE_BYTES);
        // Every size the trainer can write loads back from a file.
        let dir = boardgame_io::scratch::Scratch::new("netfile-sizes");
        for features in [Features::Squares, Features::SquaresAndTuples] {
            let mut hidden = crate::eval::net::HIDDEN_STEP;
            while hidden <= crate::eval::net::MAX_HIDDEN {
                let bytes = Network::zeroed(features, hidden).to_bytes();
                assert!(
                    bytes.len() as u64 <= MAX_NET_FILE_BYTES,
                    "{features:?} {hidden}"
                );
                let path = dir.join(format!("{features:?}-{hidden}.nnue"));
                boardgame_io::write::replace(&path, &bytes).unwrap();
                let back = load(&path).unwrap_or_else(|e| panic!("{features:?} {hidden}: {e}"));
                assert_eq!(back.to_bytes(), bytes, "{features:?} {hidden}");
                hidden += crate::eval::net::HIDDEN_STEP;
            }
        }
        for path in ["/dev/zero", "/", "/no/such/net"] {
            assert!(load(Path::new(path)).is_err(), "{path}");
        }
    }

    #[test]
    fn option_values_read_alike_everywhere() {
        assert!(eval_named("NET").is_ok());
        assert!(eval_named(" handcrafted").is_ok());
        assert!(eval_named("x".repeat(10_000).as_str()).unwrap_err().len() < 200);
        assert!(eval_file("").is_ok());
        assert!(eval_file("<embedded>").is_ok());
        let error = eval_file("/dev/zero").unwrap_err();
        assert!(error.contains("not a regular file"), "{error}");
    }
}
