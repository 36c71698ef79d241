//! The JavaScript face of [`Session`] and [`catalog`](crate::catalog::catalog): thin
//! `wasm-bindgen` wrappers that turn [`WebError`]s into thrown `Error`s and JavaScript numbers
//! into seeds. `crates/boardgame-web/API.md` documents them.

use wasm_bindgen::prelude::*;

use crate::session::{Session, WebError, seat_from_number, seed_from_number};

fn thrown(error: WebError) -> JsError {
    JsError::new(&error.0)
}

/// Every game as JSON (see [`crate::catalog::catalog`]).
#[wasm_bindgen]
#[must_use]
pub fn catalog() -> String {
    crate::catalog::catalog()
}

/// A game in play, for JavaScript (`new Session(game, preset, settingsJson, seed)`).
#[wasm_bindgen(js_name = Session)]
#[derive(Debug)]
pub struct JsSession {
    inner: Session,
}

#[wasm_bindgen(js_class = Session)]
impl JsSession {
    /// A new game; see [`Session::new`].
    ///
    /// # Errors
    /// As [`Session::new`], or a seed that is not a whole number `0..=2^53-1`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        game: &str,
        preset: &str,
        settings_json: &str,
        seed: f64,
    ) -> Result<JsSession, JsError> {
        let seed = seed_from_number(seed).map_err(thrown)?;
        Session::new(game, preset, settings_json, seed)
            .map(|inner| JsSession { inner })
            .map_err(thrown)
    }

    /// A game from a record; see [`Session::from_record`].
    ///
    /// # Errors
    /// As [`Session::from_record`].
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(json: &str) -> Result<JsSession, JsError> {
        Session::from_record(json)
            .map(|inner| JsSession { inner })
            .map_err(thrown)
    }

    /// A game from a state; see [`Session::from_state`].
    ///
    /// # Errors
    /// As [`Session::from_state`], or a bad seed.
    #[wasm_bindgen(js_name = fromState)]
    pub fn from_state(
        game: &str,
        preset: &str,
        settings_json: &str,
        state: &str,
        seed: f64,
    ) -> Result<JsSession, JsError> {
        let seed = seed_from_number(seed).map_err(thrown)?;
        Session::from_state(game, preset, settings_json, state, seed)
            .map(|inner| JsSession { inner })
            .map_err(thrown)
    }

    /// See [`Session::set_seat`].
    ///
    /// # Errors
    /// As [`Session::set_seat`], or a seat that is not a whole number (see
    /// [`seat_from_number`]).
    #[wasm_bindgen(js_name = setSeat)]
    pub fn set_seat(&mut self, seat: f64, who: &str) -> Result<(), JsError> {
        let seat = seat_from_number(seat).map_err(thrown)?;
        self.inner.set_seat(seat, who).map_err(thrown)
    }

    /// See [`Session::seat`].
    ///
    /// # Errors
    /// As [`Session::seat`], or a seat that is not a whole number.
    pub fn seat(&self, seat: f64) -> Result<String, JsError> {
        let seat = seat_from_number(seat).map_err(thrown)?;
        self.inner.seat(seat).map_err(thrown)
    }

    /// See [`Session::game`].
    #[must_use]
    pub fn game(&self) -> String {
        self.inner.game()
    }

    /// See [`Session::state`].
    #[must_use]
    pub fn state(&self) -> String {
        self.inner.state()
    }

    /// See [`Session::turn`].
    #[must_use]
    pub fn turn(&self) -> String {
        self.inner.turn()
    }

    /// See [`Session::moves`].
    #[must_use]
    pub fn moves(&self) -> String {
        self.inner.moves()
    }

    /// See [`Session::view`].
    #[must_use]
    pub fn view(&self) -> String {
        self.inner.view()
    }

    /// See [`Session::play`].
    ///
    /// # Errors
    /// As [`Session::play`].
    pub fn play(&mut self, notation: &str) -> Result<(), JsError> {
        self.inner.play(notation).map_err(thrown)
    }

    /// See [`Session::roll`].
    ///
    /// # Errors
    /// As [`Session::roll`].
    pub fn roll(&mut self) -> Result<String, JsError> {
        self.inner.roll().map_err(thrown)
    }

    /// See [`Session::bot_move`].
    ///
    /// # Errors
    /// As [`Session::bot_move`].
    #[wasm_bindgen(js_name = botMove)]
    pub fn bot_move(&mut self) -> Result<String, JsError> {
        self.inner.bot_move().map_err(thrown)
    }

    /// See [`Session::think`].
    ///
    /// # Errors
    /// As [`Session::think`], or a bad seed.
    pub fn think(&mut self, seed: f64) -> Result<String, JsError> {
        let seed = seed_from_number(seed).map_err(thrown)?;
        self.inner.think(seed).map_err(thrown)
    }

    /// See [`Session::move_seed`] (a whole number below 2^53).
    #[wasm_bindgen(js_name = moveSeed)]
    #[must_use]
    pub fn move_seed(&self) -> f64 {
        self.inner.move_seed() as f64
    }

    /// See [`Session::sync`].
    ///
    /// # Errors
    /// As [`Session::sync`].
    pub fn sync(&mut self, json: &str) -> Result<(), JsError> {
        self.inner.sync(json).map_err(thrown)
    }

    /// See [`Session::advance`].
    pub fn advance(&mut self) -> Option<String> {
        self.inner.advance()
    }

    /// See [`Session::undo`].
    pub fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// See [`Session::history`].
    #[must_use]
    pub fn history(&self) -> String {
        self.inner.history()
    }

    /// See [`Session::record`].
    #[must_use]
    pub fn record(&self) -> String {
        self.inner.record()
    }

    /// See [`Session::result`].
    #[must_use]
    pub fn result(&self) -> Option<String> {
        self.inner.result()
    }
}
