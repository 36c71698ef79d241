//! The code compiled more than once and chosen at run time for the CPU, and the table's
//! prefetch: the engine's one module with `unsafe` code.
//!
//! - The network's two kernels are written once, in safe Rust over fixed-size blocks, and
//!   compiled three times: for the build's own target (x86-64 without AVX2 for `cargo
//!   install`), and, on x86-64, inside functions compiled for AVX2 (a block of 128 lanes in
//!   eight 256-bit registers) and for AVX-512 F and BW (four 512-bit registers). The best
//!   copy the CPU running the engine has is called, after `is_x86_feature_detected!` found
//!   its instructions.
//! - The search's move ordering ([`with_popcnt`]) is compiled a second time with the
//!   `popcnt` instruction, in a build whose target lacks it.
//!
//! The run-time check is the whole safety argument of every `unsafe` call below. The tests
//! compare each copy the CPU can run with the portable one on random inputs.
#![allow(unsafe_code)] // the dispatch to the CPU's copies and the prefetch hint (see each SAFETY)

/// The kernels' block: hidden sizes are multiples of it.
pub(crate) const BLOCK: usize = crate::eval::net::HIDDEN_STEP;

/// A block of [`BLOCK`] lanes, aligned to a cache line: the network's rows, biases and
/// accumulators are made of them, so that every vector load is aligned (and the compiler
/// never splits a 256-bit load in two, as it does for loads of unknown alignment when it
/// tunes for a generic x86-64 CPU).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub(crate) struct Lanes(pub(crate) [i16; BLOCK]);

impl Default for Lanes {
    fn default() -> Lanes {
        Lanes([0; BLOCK])
    }
}

/// Whether the AVX2 copies run on this CPU.
#[inline]
pub(crate) fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Whether the AVX-512 copies run on this CPU (AVX-512 F and BW: 512-bit registers of
/// `i16` lanes).
#[inline]
pub(crate) fn has_avx512() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The instruction set the kernels use on this CPU: `"avx512"`, `"avx2"` or `"portable"`.
#[must_use]
pub fn kernel_name() -> &'static str {
    if has_avx512() {
        "avx512"
    } else if has_avx2() {
        "avx2"
    } else {
        "portable"
    }
}

/// `out = from + Σ rows[added] − Σ rows[removed]` over `from.len()` blocks, where row `r` is
/// `weights[r·blocks..(r + 1)·blocks]` (wrapping `i16` arithmetic: the network's
/// quantisation keeps every sum in range). A row outside `weights` is skipped.
#[inline]
pub(crate) fn apply(
    from: &[Lanes],
    out: &mut [Lanes],
    weights: &[Lanes],
    added: &[u16],
    removed: &[u16],
) {
    #[cfg(target_arch = "x86_64")]
    if has_avx512() {
        // SAFETY: `apply_avx512` only needs AVX-512 F and BW, which the CPU has (checked just
        // above); it touches memory only through safe, bounds-checked slices.
        unsafe { apply_avx512(from, out, weights, added, removed) };
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: `apply_avx2` only needs AVX2, which the CPU has (checked just above); it
        // touches memory only through safe, bounds-checked slices.
        unsafe { apply_avx2(from, out, weights, added, removed) };
        return;
    }
    apply_blocks::<32>(from, out, weights, added, removed);
}

/// `Σ clamp(v, 0, 255)² · w` over `values` and `weights`, computed as `(v·w)·v` (`v·w` fits
/// an `i16` when |w| ≤ 127), in 64 bits.
#[inline]
pub(crate) fn screlu_dot(values: &[Lanes], weights: &[Lanes]) -> i64 {
    #[cfg(target_arch = "x86_64")]
    if has_avx512() {
        // SAFETY: as in `apply`: AVX-512 F and BW are there, and the function reads only
        // through slices.
        return unsafe { screlu_dot_avx512(values, weights) };
    }
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: as in `apply`: AVX2 is there, and the function reads only through slices.
        return unsafe { screlu_dot_avx2(values, weights) };
    }
    screlu_dot_blocks(values, weights)
}

/// Work for [`with_popcnt`]: `run` must be `#[inline(always)]`, and so must what it calls,
/// for the copy compiled with `popcnt` to contain it (a closure would not do: the compiler
/// kept it out of line, where it ran as the build compiled it).
pub(crate) trait InlineWork {
    /// What the work returns.
    type Output;
    /// Does the work.
    fn run(self) -> Self::Output;
}

/// Runs `work`, compiled a second time with the `popcnt` instruction where the build's
/// target lacks it and the CPU has it: the move list's scoring counts each move's flips
/// with `count_ones`, a dozen instructions without `popcnt` (the build `cargo install` makes
/// of a published crate targets plain x86-64). Code that `work` calls without inlining runs
/// as the build compiled it, which is as correct, only slower.
#[inline(always)]
pub(crate) fn with_popcnt<W: InlineWork>(work: W) -> W::Output {
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: `popcnt_copy` only needs the `popcnt` instruction, which the CPU has
        // (checked just above); the code it runs is safe Rust.
        return unsafe { popcnt_copy(work) };
    }
    work.run()
}

/// `work.run()` in a function compiled for `popcnt`, so that the work inlined into it uses
/// the instruction.
#[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
#[target_feature(enable = "popcnt")]
fn popcnt_copy<W: InlineWork>(work: W) -> W::Output {
    work.run()
}

/// Asks the CPU to bring the cache line of `value` closer (a hint: it changes no result).
#[inline]
pub(crate) fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch never faults and reads nothing the program sees; `value` is a
    // valid reference anyway. SSE, which it needs, is part of every x86-64 CPU.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(value).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

/// The two kernels compiled for one set of x86-64 target features: `$apply` is
/// [`apply_blocks`] a block at a time, `$screlu` is [`screlu_dot_blocks`].
macro_rules! kernels_compiled_for {
    ($features:literal, $apply:ident, $screlu:ident) => {
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = $features)]
        fn $apply(
            from: &[Lanes],
            out: &mut [Lanes],
            weights: &[Lanes],
            added: &[u16],
            removed: &[u16],
        ) {
            apply_blocks::<BLOCK>(from, out, weights, added, removed);
        }

        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = $features)]
        fn $screlu(values: &[Lanes], weights: &[Lanes]) -> i64 {
            screlu_dot_blocks(values, weights)
        }
    };
}

kernels_compiled_for!("avx2", apply_avx2, screlu_dot_avx2);
kernels_compiled_for!("avx512f,avx512bw", apply_avx512, screlu_dot_avx512);

/// [`apply`], `PART` lanes at a time: that part of the sum stays in registers while every
/// row is added to it (128 lanes are eight AVX2 registers; 32 are four SSE registers).
#[inline(always)]
fn apply_blocks<const PART: usize>(
    from: &[Lanes],
    out: &mut [Lanes],
    weights: &[Lanes],
    added: &[u16],
    removed: &[u16],
) {
    let blocks = from.len();
    for (block, (start, target)) in from.iter().zip(out.iter_mut()).enumerate() {
        for part in (0..BLOCK).step_by(PART) {
            let mut sum = [0i16; PART];
            sum.copy_from_slice(&start.0[part..part + PART]);
            for &row in added {
                let Some(row) = weights.get(usize::from(row) * blocks + block) else {
                    continue;
                };
                for (s, w) in sum.iter_mut().zip(&row.0[part..part + PART]) {
                    *s = s.wrapping_add(*w);
                }
            }
            for &row in removed {
                let Some(row) = weights.get(usize::from(row) * blocks + block) else {
                    continue;
                };
                for (s, w) in sum.iter_mut().zip(&row.0[part..part + PART]) {
                    *s = s.wrapping_sub(*w);
                }
            }
            target.0[part..part + PART].copy_from_slice(&sum);
        }
    }
}

/// [`screlu_dot`] a block at a time: 128 terms below 2²³ each fit an `i32`.
#[inline(always)]
fn screlu_dot_blocks(values: &[Lanes], weights: &[Lanes]) -> i64 {
    let mut total = 0i64;
    for (v, w) in values.iter().zip(weights) {
        let mut sum = 0i32;
        for (v, w) in v.0.iter().zip(&w.0) {
            let v = (*v).clamp(0, 255);
            sum = sum.wrapping_add(i32::from(v.wrapping_mul(*w)) * i32::from(v));
        }
        total += i64::from(sum);
    }
    total
}

/// `values` in blocks (the last one padded with zeros).
#[must_use]
pub(crate) fn to_blocks(values: &[i16]) -> Vec<Lanes> {
    values
        .chunks(BLOCK)
        .map(|chunk| {
            let mut lanes = Lanes::default();
            lanes.0[..chunk.len()].copy_from_slice(chunk);
            lanes
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgame_core::driver::{Rng, below, rng_from_seed};

    fn random(rng: &mut impl Rng, n: usize, range: u64) -> Vec<i16> {
        (0..n)
            .map(|_| (below(rng, 2 * range + 1) as i64 - range as i64) as i16)
            .collect()
    }

    /// Up to 40 row indices, a few of them past the last of `inputs` rows.
    fn rows(rng: &mut impl Rng, inputs: usize) -> Vec<u16> {
        (0..below(rng, 40))
            .map(|_| below(rng, inputs as u64 + 3) as u16)
            .collect()
    }

    fn flat(blocks: &[Lanes]) -> Vec<i16> {
        blocks.iter().flat_map(|b| b.0).collect()
    }

    #[test]
    fn the_dispatched_kernels_equal_the_portable_ones_and_plain_loops_on_random_inputs() {
        let mut rng = rng_from_seed(7);
        for hidden in [128, 256] {
            let blocks = hidden / BLOCK;
            let inputs = 300;
            let weights = random(&mut rng, inputs * hidden, 3000);
            let weight_blocks = to_blocks(&weights);
            for _ in 0..200 {
                let from = random(&mut rng, hidden, 20_000);
                let (added, removed) = (rows(&mut rng, inputs), rows(&mut rng, inputs));
                let mut fast = vec![Lanes::default(); blocks];
                let mut plain = vec![Lanes::default(); blocks];
                let start = to_blocks(&from);
                apply(&start, &mut fast, &weight_blocks, &added, &removed);
                apply_blocks::<32>(&start, &mut plain, &weight_blocks, &added, &removed);
                assert_eq!(fast, plain);
                // Each copy this CPU can run, not only the one the dispatch chose.
                #[cfg(target_arch = "x86_64")]
                {
                    let mut copy = vec![Lanes::default(); blocks];
                    if has_avx2() {
                        // SAFETY: the CPU has AVX2 (checked just above).
                        unsafe { apply_avx2(&start, &mut copy, &weight_blocks, &added, &removed) };
                        assert_eq!(copy, plain);
                    }
                    if has_avx512() {
                        // SAFETY: the CPU has AVX-512 F and BW (checked just above).
                        unsafe {
                            apply_avx512(&start, &mut copy, &weight_blocks, &added, &removed);
                        }
                        assert_eq!(copy, plain);
                    }
                }
                // And against the plainest loop, rows outside the weights skipped.
                let mut by_hand = from.clone();
                for (rows, sign) in [(&added, 1i16), (&removed, -1)] {
                    for &row in rows {
                        if usize::from(row) < inputs {
                            for (unit, s) in by_hand.iter_mut().enumerate() {
                                let w = weights[usize::from(row) * hidden + unit];
                                *s = s.wrapping_add(sign.wrapping_mul(w));
                            }
                        }
                    }
                }
                assert_eq!(flat(&fast), by_hand);
                let values = random(&mut rng, hidden, 400);
                let output = random(&mut rng, hidden, 127);
                let expected: i64 = values
                    .iter()
                    .zip(&output)
                    .map(|(&v, &w)| i64::from(v.clamp(0, 255)).pow(2) * i64::from(w))
                    .sum();
                let (values, output) = (to_blocks(&values), to_blocks(&output));
                assert_eq!(screlu_dot(&values, &output), expected);
                assert_eq!(screlu_dot_blocks(&values, &output), expected);
                #[cfg(target_arch = "x86_64")]
                {
                    if has_avx2() {
                        // SAFETY: the CPU has AVX2 (checked just above).
                        assert_eq!(unsafe { screlu_dot_avx2(&values, &output) }, expected);
                    }
                    if has_avx512() {
                        // SAFETY: the CPU has AVX-512 F and BW (checked just above).
                        assert_eq!(unsafe { screlu_dot_avx512(&values, &output) }, expected);
                    }
                }
            }
        }
        // The largest sums do not overflow: every value at 255, every weight at ±127.
        for w in [127i16, -127] {
            let values = to_blocks(&[255i16; 256]);
            let weights = to_blocks(&[w; 256]);
            assert_eq!(
                screlu_dot(&values, &weights),
                256 * 255 * 255 * i64::from(w)
            );
        }
        assert!(["avx512", "avx2", "portable"].contains(&kernel_name()));
    }

    #[test]
    fn the_prefetch_hint_changes_nothing() {
        let value = [1u64, 2, 3];
        prefetch(&value);
        prefetch(&value[2]);
        assert_eq!(value, [1, 2, 3]);
    }

    /// Only this module may hold `unsafe` code: the crate denies it, and this test fails
    /// when another file of the crate has an `unsafe` block or allows the lint.
    #[test]
    fn no_other_file_of_the_crate_has_unsafe_code() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut stack = vec![root];
        let mut seen = 0;
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "rs") || path.ends_with("simd.rs") {
                    continue;
                }
                seen += 1;
                let text = boardgame_io::scratch::read_text(&path);
                for word in ["unsafe ", "unsafe{", "unsafe_code"] {
                    assert!(!text.contains(word), "{} contains {word:?}", path.display());
                }
            }
        }
        assert!(seen >= 10, "only {seen} files scanned");
    }
}
