// The start page: new games (any ruleset, its options as form fields, seats taken by
// people with their names or by bots), the lobby of open tables, records, house rules.
import { api, make, postJson, say, unsay } from "./common.js";

const byId = (id) => document.getElementById(id);
const LOBBY_EVERY = 5000; // ms between looks at the lobby
let rulesets = [];

async function loadRulesets(selected) {
  rulesets = (await api("/api/rulesets")).rulesets;
  const select = byId("ruleset");
  select.replaceChildren();
  const games = rulesets.filter((r) => r.id === r.game);
  const others = rulesets.filter((r) => r.id !== r.game);
  for (const [label, group] of [["Games", games], ["House rules", others]]) {
    const optgroup = make("optgroup", { label });
    for (const r of group) optgroup.append(make("option", { value: r.id, text: `${r.name} (${r.id})` }));
    if (group.length) select.append(optgroup);
  }
  select.value = selected ?? (rulesets.some((r) => r.id === "pyramido") ? "pyramido" : rulesets[0].id);
  rulesetChanged();
}

function current() {
  return rulesets.find((r) => r.id === byId("ruleset").value);
}

function rulesetChanged() {
  const ruleset = current();
  const players = byId("players");
  players.min = ruleset.players.min;
  players.max = ruleset.players.max;
  players.value = Math.min(Math.max(Number(players.value) || 2, ruleset.players.min), ruleset.players.max);
  showOptions(ruleset.options);
  seatsChanged();
}

// A field for each option of the ruleset's schema: a list for values to choose from, a
// box to tick for a yes or no, a number, or text; empty means the game's default. An
// option for some player counts only ("x-players") is shown for those only.
function showOptions(schema) {
  const box = byId("options");
  box.replaceChildren();
  for (const [name, option] of Object.entries(schema.properties ?? {})) {
    let field;
    if (option.enum) {
      field = make("select", { "data-option": name });
      field.append(make("option", { value: "", text: "(none)" }));
      for (const value of option.enum) field.append(make("option", { value: JSON.stringify(value), text: String(value) }));
    } else if (option.type === "boolean") {
      field = make("input", { type: "checkbox", "data-option": name });
    } else {
      field = make("input", { type: option.type === "integer" || option.type === "number" ? "number" : "text", "data-option": name });
    }
    const counts = option["x-players"] ?? { min: 0, max: Infinity };
    const holder = make("div", { class: "option", "data-min": counts.min, "data-max": counts.max });
    holder.append(make("label", { title: option.description ?? "" }, option.title ?? name, field), make("span", { class: "muted", text: option.description ?? "" }));
    box.append(holder);
  }
  optionsForPlayers();
}

function optionsForPlayers() {
  const players = Number(byId("players").value);
  let shown = 0;
  for (const option of byId("options").children) {
    option.hidden = !(Number(option.dataset.min) <= players && players <= Number(option.dataset.max));
    shown += !option.hidden;
  }
  byId("options-box").hidden = !shown;
}

function chosenOptions() {
  const options = {};
  for (const field of byId("options").querySelectorAll(".option:not([hidden]) [data-option]")) {
    const name = field.dataset.option;
    if (field.type === "checkbox") options[name] = field.checked;
    else if (field.tagName === "SELECT" && field.value) options[name] = JSON.parse(field.value);
    else if (field.type === "number" && field.value !== "") options[name] = Number(field.value);
    else if (field.type === "text" && field.value !== "") options[name] = field.value;
  }
  return Object.keys(options).length ? options : null;
}

// A row per seat: a person (with a name) or one of the ruleset's bots. The rows there
// are kept as they are (what was chosen or typed in them stays), rows are added or taken
// away to match the number of players, and each offers the ruleset's bots.
function seatsChanged() {
  const ruleset = current();
  const box = byId("seats");
  const count = Math.max(0, Math.min(Number(byId("players").value) || 0, ruleset.players.max));
  const rows = [...box.children];
  for (const row of rows.slice(count)) row.remove();
  for (let seat = rows.length; seat < count; seat++) box.append(seatRow(seat));
  for (const select of box.querySelectorAll("select")) offerBots(select, ruleset);
  optionsForPlayers();
}

function seatRow(seat) {
  const select = make("select", { name: `seat-${seat}`, "data-seat": seat, "aria-label": `player ${seat}: a person or a bot` });
  const name = make("input", { type: "text", maxlength: 24, placeholder: `player ${seat}`, "data-name": seat, "aria-label": `player ${seat}'s name` });
  return make("div", { class: "seat" }, make("span", { text: `player ${seat}` }), select, name);
}

function offerBots(select, ruleset) {
  const seat = Number(select.dataset.seat);
  const before = select.options.length ? select.value : seat === 0 ? "" : "greedy";
  select.replaceChildren(make("option", { value: "", text: "a person" }));
  for (const bot of ruleset.bots) select.append(make("option", { value: bot.name, text: `bot: ${bot.name}` }));
  select.value = ruleset.bots.some((b) => b.name === before) ? before : "";
}

async function start(event) {
  event.preventDefault();
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value || null);
  const names = [...document.querySelectorAll("#seats input[data-name]")].map((i) => i.value.trim() || null);
  const settings = {
    ruleset: current().id,
    seats,
    names,
    options: chosenOptions(),
    hot_seat: document.querySelector("input[name=mode]:checked").value === "hot-seat",
    listed: byId("listed").checked,
  };
  const seed = byId("seed").value.trim();
  if (seed) settings.seed = Number(seed); // else the server deals at random
  try {
    const table = await postJson("/api/tables", settings);
    unsay();
    showLinks(table);
    loadLobby();
  } catch (error) {
    say(error.message);
  }
}

function showLinks(table) {
  const list = byId("links");
  list.replaceChildren();
  for (const link of table.links) {
    const who = link.seats.map((s) => table.names[s]).join(", ");
    const url = new URL(link.url, location.href).href;
    list.append(make("li", {}, `${who}: `, make("a", { href: url, class: "seat-link", text: url })));
  }
  const watch = new URL(table.watch, location.href).href;
  list.append(make("li", {}, "to watch: ", make("a", { href: watch, class: "watch-link", text: watch })));
  byId("created").hidden = false;
}

// The lobby: each listed table's game, players, free seats and watchers, to join or watch.
async function loadLobby() {
  let tables;
  try {
    tables = (await api("/api/tables")).tables;
  } catch {
    return; // the server is away: the next look may find it
  }
  const rows = tables.map((table) => {
    const actions = make("td", {});
    if (table.free) actions.append(make("button", { type: "button", class: "join", text: "take a seat", onclick: () => takeSeat(table.table) }), " ");
    actions.append(make("a", { href: `/table/${encodeURIComponent(table.table)}`, class: "watch", text: "watch" }));
    return make(
      "tr",
      { "data-table": table.table },
      make("td", { text: table.name }),
      make("td", { text: table.names.join(", ") }),
      make("td", { text: String(table.free) }),
      make("td", { text: String(table.watchers) }),
      actions,
    );
  });
  document.querySelector("#tables tbody").replaceChildren(...rows);
  byId("tables").hidden = !rows.length;
  byId("no-tables").hidden = rows.length > 0;
  document.body.setAttribute("data-lobby", String(rows.length));
}

async function takeSeat(table) {
  try {
    const seat = await api(`/api/tables/${encodeURIComponent(table)}/seat`, { method: "POST" });
    location.href = seat.url;
  } catch (error) {
    say(error.message);
    loadLobby();
  }
}

async function readFile(input) {
  const file = input.files[0];
  return file ? { name: file.name, text: await file.text() } : null;
}

async function openRecord(event) {
  unsay();
  const file = await readFile(event.target);
  if (!file) return;
  try {
    const replay = await api("/api/replays", { method: "POST", body: file.text });
    location.href = replay.url;
  } catch (error) {
    say(`${file.name}: ${error.message}`);
  }
  event.target.value = "";
}

async function addHouseRule(event) {
  unsay();
  const file = await readFile(event.target);
  if (!file) return;
  try {
    const added = await postJson("/api/rulesets", file);
    await loadRulesets(added.ruleset);
    say(`Added ${added.name} (${added.ruleset}): it is chosen above.`, true);
  } catch (error) {
    say(error.message);
  }
  event.target.value = "";
}

byId("ruleset").addEventListener("change", rulesetChanged);
byId("players").addEventListener("input", seatsChanged);
byId("start").addEventListener("submit", start);
byId("record-file").addEventListener("change", openRecord);
byId("ruleset-file").addEventListener("change", addHouseRule);
loadRulesets().then(
  () => {
    byId("start-game").disabled = false; // "Start" works once the rulesets are known
    document.body.setAttribute("data-ready", "yes");
  },
  (error) => say(error.message),
);
loadLobby();
setInterval(loadLobby, LOBBY_EVERY);
