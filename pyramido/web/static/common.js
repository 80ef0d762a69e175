// What every page shares: calling the server's API, showing a message, building elements.

export async function api(path, options = {}) {
  const response = await fetch(path, options);
  let body;
  try {
    body = await response.json();
  } catch {
    body = { error: `the server answered ${response.status} without JSON` };
  }
  if (!response.ok) throw new Error(body.error || `the server answered ${response.status}`);
  return body;
}

export function postJson(path, value) {
  return api(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(value) });
}

// A message over the page: an error (it stays until the next action succeeds), or good news.
export function say(text, good = false) {
  const box = document.getElementById("message");
  box.textContent = text;
  box.className = `message shown ${good ? "good" : "bad"}`;
}

export function unsay() {
  document.getElementById("message").className = "message";
}

export function make(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "text") element.textContent = value;
    else if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value);
  }
  element.append(...children);
  return element;
}

// "1 player", "3 players".
export function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

// The final ranking; `names` are the players' names at the table (player N without).
export function rankingTable(rows, names = []) {
  const table = make("table", { class: "ranking" });
  table.append(make("tr", {}, ...["place", "player", "score"].map((h) => make("th", { text: h }))));
  for (const row of rows) {
    const name = row.player === "legend" ? "the Legend" : names[row.player] ?? `player ${row.player}`;
    table.append(make("tr", {}, make("td", { text: row.rank }), make("td", { text: name }), make("td", { text: row.score })));
  }
  return table;
}
