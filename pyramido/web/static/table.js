// A game's page: a seat's screen (or a spectator's), kept up to date over a WebSocket.
// The seat link's token is the address's "#" part: browsers never send it in a request,
// so it reaches the server only in this page's join message.
import { api, make, rankingTable, say, showPicture, unsay } from "./common.js";

const tableId = location.pathname.split("/").pop();
const token = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;
let socket;
let screen = null;
let joined = null;
let shownViewer = null;
let previewRef = 0;
let hoverTimer = null;
let reconnectDelay = 1000; // ms, doubled at each failed try up to half a minute

// The server's refusals (4403: a seat link not of this game, 4404: no such game): joining
// again would be refused again. Any other end (4408: dropped as too slow to read, a lost
// connection, a server restarting) is followed by joining again with the same link, which
// shows the current screen: every update is a whole screen, so nothing is missed.
const REFUSED = new Set([4403, 4404]);

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  socket.addEventListener("open", () => socket.send(JSON.stringify({ type: "join", token })));
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    const status = document.getElementById("status");
    if (REFUSED.has(event.code)) {
      status.textContent = "disconnected";
      return;
    }
    status.textContent = "disconnected: joining again…";
    setTimeout(connect, reconnectDelay);
    reconnectDelay = Math.min(2 * reconnectDelay, 30_000);
  });
}

function send(message) {
  socket.send(JSON.stringify(message));
}

function receive(message) {
  if (message.type === "joined") {
    joined = message;
    reconnectDelay = 1000;
    document.getElementById("title").textContent = `${message.name} · ${message.players} players`;
    const seats = message.seats.map((s) => `player ${s}`).join(", ");
    document.getElementById("role").textContent = seats ? `you play ${seats}` : "you watch";
  } else if (message.type === "screen") {
    show(message.screen, message.failure);
  } else if (message.type === "preview") {
    if (message.ref === previewRef) showPreview(message);
  } else if (message.type === "error") {
    say(message.message);
    document.body.setAttribute("data-error", message.message);
  }
}

function show(next, failure) {
  const handOver = joined && joined.hot_seat && joined.seats.length > 1 && next.deciding && next.viewer !== shownViewer && shownViewer !== null;
  screen = next;
  shownViewer = next.viewer;
  if (failure) say(failure);
  showPicture(document.getElementById("board"), next.svg);
  document.getElementById("status").textContent = statusLine(next);
  showChoices(next);
  const news = document.getElementById("news");
  news.replaceChildren(...next.news.map((line) => make("li", { text: line })));
  const over = document.getElementById("over");
  over.hidden = next.ranking === null;
  if (next.ranking) document.getElementById("ranking").replaceChildren(rankingTable(next.ranking));
  document.body.setAttribute("data-steps", next.steps);
  document.body.setAttribute("data-deciding", next.deciding ? "yes" : "no");
  document.body.setAttribute("data-over", next.ranking ? "yes" : "no");
  if (handOver) {
    document.getElementById("curtain-text").textContent = `Pass the screen to player ${next.viewer}.`;
    document.getElementById("curtain-button").textContent = `I am player ${next.viewer}: show my screen`;
    document.getElementById("curtain").classList.add("shown");
  }
}

function statusLine(next) {
  if (next.ranking) return "the game is over";
  const deciders = next.decision.players.map((p) => `player ${p}`).join(", ");
  if (next.deciding) return `your turn, player ${next.viewer}: ${next.decision.kind}`;
  return `${deciders} to ${next.decision.kind}; you are ${next.who}`;
}

function showChoices(next) {
  document.getElementById("decision").hidden = !next.deciding;
  document.getElementById("compose").hidden = !next.deciding;
  document.getElementById("preview-panel").hidden = true;
  document.getElementById("explain").textContent = "";
  document.getElementById("decision-title").textContent = `Your choice, player ${next.viewer}: ${next.decision ? next.decision.kind : ""}`;
  const buttons = next.actions.map((choice) =>
    make("button", {
      type: "button",
      class: "action",
      "data-index": choice.index,
      text: choice.text,
      onclick: () => act(choice.action),
      onmouseenter: () => hover(choice.action),
      onfocus: () => hover(choice.action),
    }),
  );
  document.getElementById("actions").replaceChildren(...buttons);
  composeFields(next.fields);
}

function hover(action) {
  clearTimeout(hoverTimer);
  hoverTimer = setTimeout(() => askPreview(action), 60);
}

function askPreview(action) {
  previewRef += 1;
  send({ type: "preview", seat: screen.viewer, action, ref: previewRef });
}

function showPreview(answer) {
  const panel = document.getElementById("preview-panel");
  const explain = document.getElementById("explain");
  if (answer.legal) {
    panel.hidden = false;
    document.getElementById("preview-text").textContent = answer.text;
    showPicture(document.getElementById("preview"), answer.svg);
    explain.textContent = `legal: ${answer.text}`;
  } else {
    explain.textContent = `not legal: ${answer.why}`;
  }
}

function act(action) {
  unsay();
  clearTimeout(hoverTimer);
  send({ type: "act", seat: screen.viewer, action, steps: screen.steps });
}

function composeFields(kinds) {
  const box = document.getElementById("compose-fields");
  const chosenKind = box.querySelector("select[name=kind]")?.value;
  box.replaceChildren();
  if (!kinds.length) return;
  const kindSelect = make("select", { name: "kind", onchange: () => fieldsOf(kinds, kindSelect.value) });
  for (const kind of kinds) kindSelect.append(make("option", { value: kind.kind, text: kind.kind }));
  if (kinds.some((k) => k.kind === chosenKind)) kindSelect.value = chosenKind;
  box.append(make("label", {}, "kind", kindSelect), make("span", { id: "kind-fields" }));
  fieldsOf(kinds, kindSelect.value);
}

function fieldsOf(kinds, name) {
  const kind = kinds.find((k) => k.kind === name);
  const holder = document.getElementById("kind-fields");
  holder.replaceChildren();
  const gridded = hasGrid(kind);
  for (const field of kind.fields) {
    if (gridded && (field.name === "x" || field.name === "y")) continue; // chosen on the grid
    const select = make("select", { name: field.name, "data-field": field.name, onchange: () => markGrid(kind) });
    const values = field.labels ?? [...Array(field.size).keys()];
    for (const value of values) select.append(make("option", { value: String(value), text: String(value) }));
    holder.append(make("label", {}, field.name, select));
  }
  const grid = document.getElementById("grid");
  grid.replaceChildren();
  grid.hidden = !gridded;
  document.getElementById("compose-check").hidden = gridded; // the grid's cells check and play
  document.getElementById("compose-play").hidden = gridded;
  if (gridded) drawGrid(kind, grid);
}

// A kind placed by its x and y (a domino's placement) is chosen on a grid of positions:
// hovering one previews it (or says why not), clicking plays it.
function hasGrid(kind) {
  const names = kind.fields.map((f) => f.name);
  return names.includes("x") && names.includes("y");
}

function drawGrid(kind, grid) {
  const size = (name) => kind.fields.find((f) => f.name === name).size;
  for (let y = 0; y < size("y"); y++) {
    const row = make("div", { class: "grid-row" });
    for (let x = 0; x < size("x"); x++) {
      const chosen = () => ({ ...composed(), x, y });
      row.append(
        make("button", {
          type: "button",
          class: "cell",
          "data-x": x,
          "data-y": y,
          title: `x=${x} y=${y}`,
          onmouseenter: () => hover(chosen()),
          onfocus: () => hover(chosen()),
          onclick: () => act(chosen()),
        }),
      );
    }
    grid.append(row);
  }
  markGrid(kind);
}

// The positions where the other fields as chosen make a legal action.
function markGrid(kind) {
  if (!hasGrid(kind)) return;
  const chosen = composed();
  const same = (action) => kind.fields.every((f) => f.name === "x" || f.name === "y" || action[f.name] === chosen[f.name]);
  const legal = new Set(screen.actions.filter((c) => c.action.kind === kind.kind && same(c.action)).map((c) => `${c.action.x},${c.action.y}`));
  for (const cell of document.querySelectorAll("#grid button.cell")) {
    cell.classList.toggle("legal", legal.has(`${cell.dataset.x},${cell.dataset.y}`));
  }
}

function composed() {
  const kindName = document.querySelector("#compose-fields select[name=kind]").value;
  const kind = screen.fields.find((k) => k.kind === kindName);
  const action = { kind: kindName };
  for (const field of kind.fields) {
    const select = document.querySelector(`#kind-fields select[name="${field.name}"]`);
    if (!select) continue; // x and y: from the grid
    action[field.name] = field.labels ? select.value : Number(select.value);
  }
  return action;
}

document.getElementById("compose-check").addEventListener("click", () => askPreview(composed()));
document.getElementById("compose-form").addEventListener("submit", (event) => {
  event.preventDefault();
  act(composed());
});
document.getElementById("curtain-button").addEventListener("click", () => document.getElementById("curtain").classList.remove("shown"));
document.getElementById("replay").addEventListener("click", async () => {
  try {
    const record = await fetch(`/api/tables/${encodeURIComponent(tableId)}/record`);
    const replay = await api("/api/replays", { method: "POST", body: await record.text() });
    location.href = replay.url;
  } catch (error) {
    say(error.message);
  }
});
document.getElementById("download").href = `/api/tables/${encodeURIComponent(tableId)}/record`;
connect();
