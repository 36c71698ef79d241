//! The network in floating point, as the trainer sees it: forward pass, gradients, AdamW,
//! and quantisation into the engine's [`Network`].

use crate::eval::net::{self, Features, MAX_HIDDEN, Network, QA, QB};

/// Output weights are kept within ±this in training, so that `QB`-quantised they fit the
/// engine's bound of 127 (see `Network::output`).
pub(crate) const OUTPUT_CLIP: f32 = 127.0 / QB as f32;
/// Feature weights and biases are kept within ±this, so that a sum of 49 inputs and the
/// bias, `QA`-quantised, stays well inside `i16`.
pub(crate) const FEATURE_CLIP: f32 = 1.98;

/// The parameters (or their gradients, or Adam's moments: the same shape).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Model {
    /// The input set.
    pub(crate) features: Features,
    /// Hidden units per perspective.
    pub(crate) hidden: usize,
    /// `feature_weights[input * hidden + unit]`.
    pub(crate) feature_weights: Vec<f32>,
    pub(crate) feature_bias: Vec<f32>,
    /// The side to move's `hidden` weights, then the other side's.
    pub(crate) output_weights: Vec<f32>,
    pub(crate) output_bias: f32,
}

/// One training position, seen from its side to move.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct Sample {
    pub(crate) x: u64,
    pub(crate) o: u64,
    pub(crate) gaps: u64,
    /// 0 when `x` moves, 1 when `o` does.
    pub(crate) side: usize,
    /// The target win chance of the side to move.
    pub(crate) target: f32,
}

impl Model {
    pub(crate) fn zeros(features: Features, hidden: usize) -> Model {
        let hidden = hidden.clamp(1, MAX_HIDDEN);
        Model {
            features,
            hidden,
            feature_weights: vec![0.0; features.inputs() * hidden],
            feature_bias: vec![0.0; hidden],
            output_weights: vec![0.0; 2 * hidden],
            output_bias: 0.0,
        }
    }

    /// Random initial weights from `uniform`, a source of values in [-1, 1).
    pub(crate) fn random(
        features: Features,
        hidden: usize,
        mut uniform: impl FnMut() -> f32,
    ) -> Model {
        let mut model = Model::zeros(features, hidden);
        let feature_scale = 1.0 / (32.0f32).sqrt();
        for w in &mut model.feature_weights {
            *w = uniform() * feature_scale;
        }
        for b in &mut model.feature_bias {
            *b = 0.25 + 0.25 * uniform();
        }
        let output_scale = 1.0 / (model.hidden as f32).sqrt();
        for w in &mut model.output_weights {
            *w = uniform() * output_scale;
        }
        model
    }

    fn parameters_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.feature_weights
            .iter_mut()
            .chain(self.feature_bias.iter_mut())
            .chain(self.output_weights.iter_mut())
            .chain(std::iter::once(&mut self.output_bias))
    }

    fn parameters(&self) -> impl Iterator<Item = &f32> {
        self.feature_weights
            .iter()
            .chain(self.feature_bias.iter())
            .chain(self.output_weights.iter())
            .chain(std::iter::once(&self.output_bias))
    }

    /// Adds `other` into `self`.
    pub(crate) fn add(&mut self, other: &Model) {
        for (a, b) in self.parameters_mut().zip(other.parameters()) {
            *a += *b;
        }
    }

    /// Sets every value to 0 (a gradient buffer's reset).
    pub(crate) fn clear(&mut self) {
        for a in self.parameters_mut() {
            *a = 0.0;
        }
    }

    /// The accumulator of `perspective` for a sample.
    fn accumulate(&self, sample: &Sample, perspective: usize, acc: &mut [f32]) {
        let hidden = self.hidden;
        acc.copy_from_slice(&self.feature_bias);
        net::for_each_input(
            self.features,
            sample.x,
            sample.o,
            sample.gaps,
            perspective,
            |input| {
                let row = &self.feature_weights[input * hidden..(input + 1) * hidden];
                for (a, w) in acc.iter_mut().zip(row) {
                    *a += w;
                }
            },
        );
    }

    /// The output (logistic units: the win chance is its sigmoid) for a sample, with the
    /// two accumulators left in `us` and `them`.
    fn forward(&self, sample: &Sample, us: &mut [f32], them: &mut [f32]) -> f32 {
        self.accumulate(sample, sample.side, us);
        self.accumulate(sample, 1 - sample.side, them);
        let (w_us, w_them) = self.output_weights.split_at(self.hidden);
        let mut out = self.output_bias;
        for (a, w) in us.iter().zip(w_us) {
            out += screlu(*a) * w;
        }
        for (a, w) in them.iter().zip(w_them) {
            out += screlu(*a) * w;
        }
        out
    }

    /// The evaluation of a sample in the engine's units (hundredths of a stone).
    pub(crate) fn evaluate(&self, sample: &Sample) -> f32 {
        let mut us = [0.0; MAX_HIDDEN];
        let mut them = [0.0; MAX_HIDDEN];
        let hidden = self.hidden;
        self.forward(sample, &mut us[..hidden], &mut them[..hidden]) * net::SCALE as f32
    }

    /// Adds the gradient of the squared error `(sigmoid(out) − target)²` for `sample` to
    /// `gradient`, and returns the error.
    pub(crate) fn backward(&self, sample: &Sample, gradient: &mut Model) -> f32 {
        let hidden = self.hidden;
        let mut us_all = [0.0; MAX_HIDDEN];
        let mut them_all = [0.0; MAX_HIDDEN];
        let (us, them) = (&mut us_all[..hidden], &mut them_all[..hidden]);
        let out = self.forward(sample, us, them);
        let predicted = sigmoid(out);
        let error = predicted - sample.target;
        let g = 2.0 * error * predicted * (1.0 - predicted);
        gradient.output_bias += g;
        for (perspective, acc, offset) in
            [(sample.side, &*us, 0), (1 - sample.side, &*them, hidden)]
        {
            let mut d_acc_all = [0.0f32; MAX_HIDDEN];
            let d_acc = &mut d_acc_all[..hidden];
            for unit in 0..hidden {
                let a = acc[unit];
                gradient.output_weights[offset + unit] += g * screlu(a);
                if a > 0.0 && a < 1.0 {
                    d_acc[unit] = g * self.output_weights[offset + unit] * 2.0 * a;
                }
            }
            for (b, d) in gradient.feature_bias.iter_mut().zip(d_acc.iter()) {
                *b += d;
            }
            net::for_each_input(
                self.features,
                sample.x,
                sample.o,
                sample.gaps,
                perspective,
                |input| {
                    let row = &mut gradient.feature_weights[input * hidden..(input + 1) * hidden];
                    for (w, d) in row.iter_mut().zip(d_acc.iter()) {
                        *w += d;
                    }
                },
            );
        }
        error * error
    }

    /// The engine's integer network.
    pub(crate) fn quantise(&self) -> Network {
        let q16 = |v: f32, scale: i32| (v * scale as f32).round().clamp(-32_767.0, 32_767.0) as i16;
        let feature_weights: Vec<i16> = self.feature_weights.iter().map(|&w| q16(w, QA)).collect();
        let feature_bias: Vec<i16> = self.feature_bias.iter().map(|&b| q16(b, QA)).collect();
        let output_weights: Vec<i16> = self
            .output_weights
            .iter()
            .map(|&w| (w * QB as f32).round().clamp(-127.0, 127.0) as i16)
            .collect();
        let output_bias = (self.output_bias * (QA * QB) as f32).round() as i32;
        Network::from_parts(
            self.features,
            self.hidden,
            &feature_weights,
            &feature_bias,
            &output_weights,
            output_bias,
        )
        .unwrap_or_else(|_| Network::zeroed(self.features, self.hidden))
    }
}

#[inline]
fn screlu(a: f32) -> f32 {
    let c = a.clamp(0.0, 1.0);
    c * c
}

/// The logistic function.
#[inline]
pub(crate) fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// AdamW over a [`Model`]'s parameters.
#[derive(Clone, Debug)]
pub(crate) struct Adam {
    first: Model,
    second: Model,
    steps: i32,
}

impl Adam {
    pub(crate) fn new(features: Features, hidden: usize) -> Adam {
        Adam {
            first: Model::zeros(features, hidden),
            second: Model::zeros(features, hidden),
            steps: 0,
        }
    }

    /// One step with learning rate `rate` and weight decay `decay`, then the clips that
    /// keep the quantised network within its integer ranges.
    pub(crate) fn step(&mut self, model: &mut Model, gradient: &Model, rate: f32, decay: f32) {
        const BETA1: f32 = 0.9;
        const BETA2: f32 = 0.999;
        const EPSILON: f32 = 1e-8;
        self.steps += 1;
        let correction1 = 1.0 - BETA1.powi(self.steps);
        let correction2 = 1.0 - BETA2.powi(self.steps);
        for (((p, g), m), v) in model
            .parameters_mut()
            .zip(gradient.parameters())
            .zip(self.first.parameters_mut())
            .zip(self.second.parameters_mut())
        {
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            let update = (*m / correction1) / ((*v / correction2).sqrt() + EPSILON);
            *p -= rate * (update + decay * *p);
        }
        for w in model
            .feature_weights
            .iter_mut()
            .chain(model.feature_bias.iter_mut())
        {
            *w = w.clamp(-FEATURE_CLIP, FEATURE_CLIP);
        }
        for w in &mut model.output_weights {
            *w = w.clamp(-OUTPUT_CLIP, OUTPUT_CLIP);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ataxx::{Ataxx, Color};

    fn sample_of(fen: &str, target: f32) -> Sample {
        let position: Ataxx = fen.parse().unwrap();
        Sample {
            x: position.pieces(Color::X).bits(),
            o: position.pieces(Color::O).bits(),
            gaps: position.blocked().bits(),
            side: position.side_to_move().index(),
            target,
        }
    }

    fn seeded() -> Model {
        seeded_with(Features::Squares)
    }

    fn seeded_with(features: Features) -> Model {
        seeded_sized(features, net::DEFAULT_HIDDEN)
    }

    fn seeded_sized(features: Features, hidden: usize) -> Model {
        let mut state = 12345u32;
        Model::random(features, hidden, || {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (state >> 8) as f32 / (1u32 << 23) as f32 - 1.0
        })
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let model = seeded();
        let sample = sample_of("x5o/1x5/2o4/3-3/7/5o1/o4xx o 0 1", 0.8);
        let mut gradient = Model::zeros(model.features, model.hidden);
        model.backward(&sample, &mut gradient);
        let loss = |m: &Model| {
            let mut us = [0.0; MAX_HIDDEN];
            let mut them = [0.0; MAX_HIDDEN];
            let h = m.hidden;
            let p = sigmoid(m.forward(&sample, &mut us[..h], &mut them[..h]));
            (p - sample.target) * (p - sample.target)
        };
        // A few parameters of each kind: an active input's weight, a bias, output weights.
        let active = net::own(1, 30); // o's stone on c5, seen from o
        let hidden = model.hidden;
        let checks: Vec<(usize, f32)> = [
            active * hidden + 3,
            active * hidden + 77,
            net::SQUARE_INPUTS * hidden + 5,
            net::SQUARE_INPUTS * hidden + hidden + 9,
            net::SQUARE_INPUTS * hidden + hidden + hidden + 100,
        ]
        .iter()
        .map(|&i| (i, gradient.parameters().nth(i).copied().unwrap()))
        .collect();
        for (index, analytic) in checks {
            let h = 1e-3;
            let mut plus = model.clone();
            *plus.parameters_mut().nth(index).unwrap() += h;
            let mut minus = model.clone();
            *minus.parameters_mut().nth(index).unwrap() -= h;
            let numeric = (loss(&plus) - loss(&minus)) / (2.0 * h);
            assert!(
                (numeric - analytic).abs() <= 1e-3 + 0.05 * analytic.abs(),
                "parameter {index}: analytic {analytic}, numeric {numeric}"
            );
        }
    }

    #[test]
    fn the_quantised_network_evaluates_like_the_float_one() {
        for (features, hidden) in [
            (Features::Squares, 128),
            (Features::SquaresAndTuples, 128),
            (Features::SquaresAndTuples, 256),
        ] {
            let model = seeded_sized(features, hidden);
            let network = model.quantise();
            assert_eq!(network.hidden(), hidden);
            for fen in [
                "x5o/7/7/7/7/7/o5x x 0 1",
                "x5o/1x5/2o4/3-3/7/5o1/o4xx o 0 1",
                "xxoo3/x-oo1-1/2o2xx/5ox/ox2x2/o-1xx-1/1o5 x 5 25",
            ] {
                let float = model.evaluate(&sample_of(fen, 0.5));
                let int = network.evaluate(&fen.parse().unwrap()) as f32;
                // Rounding 256 output weights to 1/64 moves the output by up to about 0.03
                // logistic units (12 hundredths of a stone); the features' rounding is smaller.
                // With 512 output weights the rounding errors of these random weights add up
                // to a standard deviation of about 0.05 logistic units (20 hundredths).
                let tolerance = if hidden == 128 { 16.0 } else { 64.0 };
                assert!(
                    (float - int).abs() <= tolerance + 0.02 * float.abs(),
                    "{fen}: float {float}, quantised {int}"
                );
            }
        }
    }

    #[test]
    fn adam_moves_a_sample_towards_its_target() {
        let mut model = seeded();
        let sample = sample_of("x5o/1x5/2o4/3-3/7/5o1/o4xx o 0 1", 0.95);
        let mut adam = Adam::new(model.features, model.hidden);
        let mut gradient = Model::zeros(model.features, model.hidden);
        let first = model.backward(&sample, &mut gradient);
        for _ in 0..50 {
            gradient.clear();
            model.backward(&sample, &mut gradient);
            adam.step(&mut model, &gradient, 0.01, 0.0);
        }
        gradient.clear();
        let last = model.backward(&sample, &mut gradient);
        assert!(last < first / 4.0, "{first} -> {last}");
        assert!(model.output_weights.iter().all(|w| w.abs() <= OUTPUT_CLIP));
    }
}
