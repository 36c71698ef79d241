// The new-game form: game, preset and rule settings from the catalog (the keys of
// `boardgame rules`), and the seat selectors.

/** The choices of a setting's `values` text, when it is a short list, else null. */
export function choicesOf(values) {
  if (/^[\w-]+(\|[\w-]+)+$/.test(values)) return values.split("|");
  const range = /^(\d+)\.\.=(\d+)$/.exec(values);
  if (range) {
    const [low, high] = [Number(range[1]), Number(range[2])];
    if (high - low <= 10) return Array.from({ length: high - low + 1 }, (_, i) => String(low + i));
  }
  return null;
}

/** The prefix of the engine's named levels in a bot spec. */
const LEVEL = "engine:level=";

/** The level's name of an `engine:level=NAME` spec (`beginner` … `master`), else null. */
export function levelOf(spec) {
  return spec.startsWith(LEVEL) ? spec.slice(LEVEL.length) : null;
}

/**
 * What a seat menu calls the bot `spec` named `name` in the catalog: the engine's levels by
 * their names ("engine: beginner"), the other bots by theirs ("bot: greedy: …").
 */
export function botLabel(spec, name) {
  const level = levelOf(spec);
  return level === null ? `bot: ${name}` : `engine: ${level}`;
}

/** The seat menu's value for "another spec" (not a spec: specs have no spaces). */
const OTHER = "another spec";

function option(value, text, selected = false) {
  const node = document.createElement("option");
  node.value = value;
  node.textContent = text;
  node.selected = selected;
  return node;
}

/** Fills the preset select and the settings fields of `entry` (one catalog entry). */
export function fillSetup(entry, presetSelect, settingsBox) {
  presetSelect.replaceChildren(...entry.presets.map((preset, i) =>
    Object.assign(option(preset.name, preset.name, i === 0), { title: preset.help })));
  settingsBox.replaceChildren(...entry.settings.map((setting) => {
    const label = document.createElement("label");
    label.className = "setting";
    label.title = setting.help;
    const name = document.createElement("span");
    name.textContent = setting.key;
    const choices = choicesOf(setting.values);
    let field;
    if (choices) {
      field = document.createElement("select");
      field.append(option("", `(preset; default ${setting.default})`),
        ...choices.map((choice) => option(choice, choice)));
    } else {
      field = document.createElement("input");
      field.placeholder = `${setting.default}   (${setting.values})`;
      field.spellcheck = false;
    }
    field.dataset.key = setting.key;
    field.id = `setting-${setting.key}`;
    const help = document.createElement("small");
    help.textContent = setting.help;
    label.append(name, field, help);
    return label;
  }));
}

/** The settings a person changed, as the JSON object `Session` takes. */
export function settingsJson(settingsBox) {
  const chosen = {};
  for (const field of settingsBox.querySelectorAll("[data-key]")) {
    const value = field.value.trim();
    if (value !== "") chosen[field.dataset.key] = value;
  }
  return JSON.stringify(chosen);
}

/**
 * Builds one selector per seat of `seats` (the view's seat list) offering a person and the
 * bots of `entry` (one catalog entry) by their names, with the seat's piece colour
 * `colourOf(seat entry)`; `choose(seat, who)` is called on a change.
 */
export function fillSeats(box, seats, entry, current, choose, colourOf) {
  box.replaceChildren(...seats.map((seatEntry) => {
    const { seat, name } = seatEntry;
    const label = document.createElement("label");
    label.className = "seat";
    const text = document.createElement("span");
    const swatch = document.createElement("i");
    swatch.className = "swatch";
    swatch.style.background = colourOf(seatEntry);
    text.append(swatch, name);
    const select = document.createElement("select");
    select.id = `seat-${seat}`;
    select.dataset.seat = seat;
    const who = current[seat] ?? "human";
    const choices = [["human", "person", "a person plays this seat"],
      ...entry.bots.map((spec, i) => [spec, botLabel(spec, entry.botNames[i]), levelOf(spec) === null ? spec : `${entry.botNames[i]} (${spec})`])];
    if (!choices.some(([spec]) => spec === who)) choices.push([who, `bot: ${who}`, who]);
    select.append(...choices.map(([spec, text, title]) => Object.assign(option(spec, text, spec === who), { title })),
      option(OTHER, "bot: another spec…"));
    // Any bot spec, typed (`mcts:iters=2000`, `expectimax:depth=3`): shown when chosen.
    const typed = document.createElement("input");
    typed.id = `seat-${seat}-spec`;
    typed.className = "spec";
    typed.placeholder = "a bot spec, then Enter";
    typed.spellcheck = false;
    typed.hidden = true;
    typed.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && typed.value.trim() !== "") choose(seat, typed.value.trim());
    });
    select.addEventListener("change", () => {
      typed.hidden = select.value !== OTHER;
      if (select.value === OTHER) {
        typed.value = who === "human" ? "" : who;
        typed.focus();
      } else {
        choose(seat, select.value);
      }
    });
    label.append(text, select, typed);
    return label;
  }));
}
