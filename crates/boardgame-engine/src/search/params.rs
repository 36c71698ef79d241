//! The search's switches and tunable numbers, in one table: each is a UAI option
//! (`setoption name <Name> value <v>`), so that a match runner can test a change without a
//! rebuild, and [`Params::minimax`] switches every selective feature off at once.

/// The search's parameters. Depths are in plies; margins in hundredths of a stone.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive] // a new parameter is not a breaking change: start from `Params::default()`
pub struct Params {
    /// Cut off on transposition-table scores (the table's move is used for ordering
    /// either way).
    pub table_cutoffs: bool,
    /// Aspiration windows from this depth on (0: never).
    pub aspiration_depth: i32,
    /// The aspiration window's first half-width.
    pub aspiration_window: i32,
    /// Late-move reductions.
    pub lmr: bool,
    /// LMR applies from this remaining depth on.
    pub lmr_depth: i32,
    /// LMR applies to moves after this many.
    pub lmr_after: i32,
    /// LMR's reduction is `(base + ln(depth)·ln(move number) · 100 / divisor) / 100`.
    pub lmr_base: i32,
    /// See [`Params::lmr_base`].
    pub lmr_divisor: i32,
    /// Reverse futility pruning: a node whose static evaluation beats beta by a margin
    /// per ply of remaining depth returns at once.
    pub rfp: bool,
    /// RFP applies up to this remaining depth.
    pub rfp_depth: i32,
    /// RFP's margin per ply.
    pub rfp_margin: i32,
    /// Futility pruning: near the horizon, moves whose gain cannot lift the static
    /// evaluation to alpha are skipped.
    pub futility: bool,
    /// Futility applies up to this remaining depth.
    pub futility_depth: i32,
    /// Futility's margin: base plus this per ply.
    pub futility_margin: i32,
    /// Late-move pruning: near the horizon, moves after the first few are skipped.
    pub lmp: bool,
    /// LMP applies up to this remaining depth.
    pub lmp_depth: i32,
    /// LMP keeps `base + depth²` moves (half as many when the evaluation is not improving).
    pub lmp_base: i32,
    /// Internal iterative reduction: a node without a table move is searched one ply
    /// shallower.
    pub iir: bool,
    /// IIR applies from this remaining depth on.
    pub iir_depth: i32,
    /// Singular extensions: the table's move is searched one ply deeper when every other
    /// move fails low against a margin below its score.
    pub singular: bool,
    /// Singular extensions apply from this remaining depth on.
    pub singular_depth: i32,
    /// The singular margin per ply of depth, in hundredths of a stone.
    pub singular_margin: i32,
    /// Multi-cut: when the singular test shows another move also beats beta, the node
    /// returns at once.
    pub multicut: bool,
    /// When the singular search shows another move as good as the table's move for a
    /// score at or above beta, search the table's move one ply shallower (a negative
    /// extension).
    pub singular_negative: bool,
    /// LMR reduces a move by its history ÷ this much less (0: history does not change the
    /// reduction). History runs from −16 384 to 16 384.
    pub lmr_history: i32,
    /// After this many moves searched at a node (0: never), the jumps that flip nothing are
    /// skipped, at every node but the root (the table's move excepted). Such a jump gives
    /// up a square for nothing; the move order puts them last.
    pub quiet_jumps: i32,
    /// Time: no new iteration starts after this percentage of the soft budget has passed
    /// (before node scaling).
    pub soft_percent: i32,
    /// Time: the soft limit scales with the share of the main thread's nodes that went
    /// to the best root move, `clamp((150 − share%) · 1.35, 40%, 200%)`: a move the search
    /// is sure of is played sooner, an unclear one thought about longer (never past the
    /// hard limit).
    pub node_tm: bool,
}

impl Default for Params {
    /// The engine's defaults: the features and values kept by the matches logged in
    /// `docs/strength.md`.
    fn default() -> Params {
        Params {
            table_cutoffs: true,
            aspiration_depth: 4,
            aspiration_window: 16,
            lmr: true,
            lmr_depth: 3,
            lmr_after: 3,
            lmr_base: 75,
            lmr_divisor: 225,
            rfp: true,
            rfp_depth: 6,
            rfp_margin: 50,
            futility: true,
            futility_depth: 6,
            futility_margin: 80,
            lmp: true,
            lmp_depth: 4,
            lmp_base: 4,
            iir: true,
            iir_depth: 3,
            singular: true,
            singular_depth: 6,
            singular_margin: 1,
            multicut: true,
            singular_negative: true,
            lmr_history: 12_288,
            quiet_jumps: 2,
            soft_percent: 50,
            node_tm: true,
        }
    }
}

/// One parameter as a UAI option.
#[derive(Copy, Clone, Debug)]
pub struct ParamSpec {
    /// The option's name.
    pub name: &'static str,
    /// `true` for a check box (0/1), else a spin.
    pub check: bool,
    /// The smallest value accepted.
    pub min: i32,
    /// The largest value accepted.
    pub max: i32,
    get: fn(&Params) -> i32,
    set: fn(&mut Params, i32),
}

macro_rules! spec {
    (check $name:literal, $field:ident) => {
        ParamSpec {
            name: $name,
            check: true,
            min: 0,
            max: 1,
            get: |p| i32::from(p.$field),
            set: |p, v| p.$field = v != 0,
        }
    };
    (spin $name:literal, $field:ident, $min:literal, $max:literal) => {
        ParamSpec {
            name: $name,
            check: false,
            min: $min,
            max: $max,
            get: |p| p.$field,
            set: |p, v| p.$field = v,
        }
    };
}

/// Every parameter, in the order `uai` lists them.
pub const PARAMS: &[ParamSpec] = &[
    spec!(check "TableCutoffs", table_cutoffs),
    spec!(spin "AspirationDepth", aspiration_depth, 0, 64),
    spec!(spin "AspirationWindow", aspiration_window, 1, 2000),
    spec!(check "LMR", lmr),
    spec!(spin "LMRDepth", lmr_depth, 1, 64),
    spec!(spin "LMRAfter", lmr_after, 1, 256),
    spec!(spin "LMRBase", lmr_base, 0, 400),
    spec!(spin "LMRDivisor", lmr_divisor, 50, 1000),
    spec!(check "RFP", rfp),
    spec!(spin "RFPDepth", rfp_depth, 1, 64),
    spec!(spin "RFPMargin", rfp_margin, 1, 2000),
    spec!(check "Futility", futility),
    spec!(spin "FutilityDepth", futility_depth, 1, 64),
    spec!(spin "FutilityMargin", futility_margin, 1, 2000),
    spec!(check "LMP", lmp),
    spec!(spin "LMPDepth", lmp_depth, 1, 64),
    spec!(spin "LMPBase", lmp_base, 1, 256),
    spec!(check "IIR", iir),
    spec!(spin "IIRDepth", iir_depth, 1, 64),
    spec!(check "Singular", singular),
    spec!(spin "SingularDepth", singular_depth, 2, 64),
    spec!(spin "SingularMargin", singular_margin, 0, 200),
    spec!(check "Multicut", multicut),
    spec!(check "SingularNegative", singular_negative),
    spec!(spin "LMRHistory", lmr_history, 0, 65536),
    spec!(spin "QuietJumps", quiet_jumps, 0, 256),
    spec!(spin "SoftPercent", soft_percent, 10, 100),
    spec!(check "NodeTM", node_tm),
];

impl ParamSpec {
    /// The parameter's value in `params`.
    #[must_use]
    pub fn get(&self, params: &Params) -> i32 {
        (self.get)(params)
    }

    /// The `option name …` line of `uai` (with the default's value).
    #[must_use]
    pub fn uai_line(&self) -> String {
        let default = self.get(&Params::default());
        if self.check {
            let value = if default != 0 { "true" } else { "false" };
            format!("option name {} type check default {value}", self.name)
        } else {
            format!(
                "option name {} type spin default {default} min {} max {}",
                self.name, self.min, self.max
            )
        }
    }
}

impl Params {
    /// Every selective feature off: no pruning, reduction or extension, no cut-offs on
    /// table scores and no aspiration windows. A search to a fixed depth then returns the
    /// plain minimax value (the tests check it).
    #[must_use]
    pub fn minimax() -> Params {
        Params {
            table_cutoffs: false,
            aspiration_depth: 0,
            lmr: false,
            rfp: false,
            futility: false,
            lmp: false,
            iir: false,
            singular: true,
            multicut: false,
            singular_negative: false,
            quiet_jumps: 0,
            ..Params::default()
        }
    }

    /// The parameter called `name` (any case), if there is one.
    #[must_use]
    pub fn spec(name: &str) -> Option<&'static ParamSpec> {
        PARAMS.iter().find(|s| s.name.eq_ignore_ascii_case(name))
    }

    /// Sets the parameter called `name` from its UAI text (`true`/`false` for a check,
    /// a whole number in range for a spin).
    ///
    /// # Errors
    /// A message when there is no such parameter or the value does not fit.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let spec =
            Params::spec(name).ok_or_else(|| format!("no option {}", boardgame_io::quote(name)))?;
        let number = if spec.check {
            match value.to_ascii_lowercase().as_str() {
                "true" | "1" | "on" => 1,
                "false" | "0" | "off" => 0,
                _ => {
                    return Err(format!(
                        "{} takes true or false, not {}",
                        spec.name,
                        boardgame_io::quote(value)
                    ));
                }
            }
        } else {
            match value.parse::<i32>() {
                Ok(n) if (spec.min..=spec.max).contains(&n) => n,
                _ => {
                    return Err(format!(
                        "{} takes a whole number in {}..={}, not {}",
                        spec.name,
                        spec.min,
                        spec.max,
                        boardgame_io::quote(value)
                    ));
                }
            }
        };
        (spec.set)(self, number);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_parameter_reads_back_what_was_set_and_refuses_values_out_of_range() {
        for spec in PARAMS {
            let mut params = Params::default();
            let value = if spec.check {
                "false"
            } else {
                &spec.max.to_string()
            };
            params.set(spec.name, value).unwrap();
            let expected = if spec.check { 0 } else { spec.max };
            assert_eq!(spec.get(&params), expected, "{}", spec.name);
            assert!(params.set(spec.name, "nonsense").is_err());
            if !spec.check {
                assert!(params.set(spec.name, &(spec.max + 1).to_string()).is_err());
                assert!(params.set(spec.name, &(spec.min - 1).to_string()).is_err());
            }
            assert!(spec.uai_line().starts_with("option name "));
        }
        assert!(Params::default().set("NoSuchThing", "1").is_err());
        let names: std::collections::HashSet<_> =
            PARAMS.iter().map(|s| s.name.to_ascii_lowercase()).collect();
        assert_eq!(names.len(), PARAMS.len(), "option names are unique");
    }
}
