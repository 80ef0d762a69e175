// The start page: new games (any ruleset, seats taken by people or bots), records, house rules.
import { api, make, postJson, say, unsay } from "./common.js";

let rulesets = [];

async function loadRulesets(selected) {
  rulesets = (await api("/api/rulesets")).rulesets;
  const select = document.getElementById("ruleset");
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
  return rulesets.find((r) => r.id === document.getElementById("ruleset").value);
}

function rulesetChanged() {
  const ruleset = current();
  const players = document.getElementById("players");
  players.min = ruleset.players.min;
  players.max = ruleset.players.max;
  players.value = Math.min(Math.max(Number(players.value) || 2, ruleset.players.min), ruleset.players.max);
  seatsChanged();
}

function seatsChanged() {
  const ruleset = current();
  const box = document.getElementById("seats");
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  const count = Number(document.getElementById("players").value);
  for (let seat = 0; seat < count; seat++) {
    const select = make("select", { name: `seat-${seat}`, "data-seat": seat });
    select.append(make("option", { value: "", text: "a person" }));
    for (const bot of ruleset.bots) select.append(make("option", { value: bot.name, text: `bot: ${bot.name}` }));
    select.value = before[seat] ?? (seat === 0 ? "" : ruleset.bots.some((b) => b.name === "greedy") ? "greedy" : "");
    box.append(make("label", {}, `player ${seat}`, select));
  }
}

async function start(event) {
  event.preventDefault();
  unsay();
  const optionsText = document.getElementById("options").value.trim();
  let options = null;
  if (optionsText) {
    try {
      options = JSON.parse(optionsText);
    } catch (error) {
      say(`Options: not JSON (${error.message})`);
      return;
    }
  }
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value || null);
  const settings = {
    ruleset: current().id,
    seats,
    options,
    hot_seat: document.querySelector("input[name=mode]:checked").value === "hot-seat",
  };
  const seed = document.getElementById("seed").value.trim();
  if (seed) settings.seed = Number(seed); // else the server deals at random
  try {
    const table = await postJson("/api/tables", settings);
    showLinks(table);
  } catch (error) {
    say(error.message);
  }
}

function showLinks(table) {
  const list = document.getElementById("links");
  list.replaceChildren();
  for (const link of table.links) {
    const who = link.seats.map((s) => `player ${s}`).join(", ");
    const url = new URL(link.url, location.href).href;
    list.append(make("li", {}, `${who}: `, make("a", { href: url, class: "seat-link", text: url })));
  }
  const watch = new URL(table.watch, location.href).href;
  list.append(make("li", {}, "to watch: ", make("a", { href: watch, class: "watch-link", text: watch })));
  document.getElementById("created").hidden = false;
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

document.getElementById("ruleset").addEventListener("change", rulesetChanged);
document.getElementById("players").addEventListener("change", seatsChanged);
document.getElementById("start").addEventListener("submit", start);
document.getElementById("record-file").addEventListener("change", openRecord);
document.getElementById("ruleset-file").addEventListener("change", addHouseRule);
loadRulesets().then(() => document.body.setAttribute("data-ready", "yes"), (error) => say(error.message));
