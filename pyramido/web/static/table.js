// A game's page: a seat's screen (or a spectator's), kept up to date over a WebSocket,
// played by clicking the board (board.js), with the log of every step beside it.
// The seat link's token is the address's "#" part: browsers never send it in a request,
// so it reaches the server only in this page's join message.
import { BoardPlay, seatCard, seatHeading, showPart } from "./board.js";
import { api, make, plural, rankingTable, say, unsay } from "./common.js";
import { Composer } from "./compose.js";

const tableId = location.pathname.split("/").pop();
const token = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;
const byId = (id) => document.getElementById(id);
let socket;
let screen = null;
let joined = null;
let shownViewer = null;
let previewRef = 0;
let hoverTimer = null;
let hovered = null; // the choice of the list last previewed
let reconnectDelay = 1000; // ms, doubled at each failed try up to half a minute
let painted = false;

// The server's refusals (4403: a seat link not of this game, 4404: no such game): joining
// again would be refused again. Any other end (4408: dropped as too slow to read, a lost
// connection, a server restarting) is followed by joining again with the same link, which
// shows the current screen: every update is a whole screen, so nothing is missed.
const REFUSED = new Set([4403, 4404]);

const boardPlay = new BoardPlay(byId("play"), act, byId("hint"), byId("confirm"));
const composer = new Composer({ preview: askPreview, act, screen: () => screen });

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  socket.addEventListener("open", () => socket.send(JSON.stringify({ type: "join", token })));
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    const status = byId("status");
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
    byId("title").textContent = `${message.name} · ${plural(message.players, "player")}`;
    const seats = message.seats.map((s) => message.names[s]).join(", ");
    byId("role").textContent = seats ? `you play ${seats}` : "you watch";
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
  const moved = !screen || screen.steps !== next.steps || screen.viewer !== next.viewer;
  const rechoose = !screen || JSON.stringify(screen.actions) !== JSON.stringify(next.actions) || screen.viewer !== next.viewer;
  screen = next;
  shownViewer = next.viewer;
  if (failure) say(failure);
  showBoard(next, moved);
  byId("status").textContent = statusLine(next);
  showLog(next.log, next.viewer);
  showChoices(next);
  composer.show(next);
  byId("raw").textContent = JSON.stringify({ decision: next.decision, actions: next.actions.map((a) => a.action) }, null, 1);
  byId("over").hidden = next.ranking === null;
  if (next.ranking) byId("ranking").replaceChildren(rankingTable(next.ranking, names()));
  document.body.setAttribute("data-steps", next.steps);
  document.body.setAttribute("data-deciding", next.deciding ? "yes" : "no");
  document.body.setAttribute("data-over", next.ranking ? "yes" : "no");
  if (rechoose) boardPlay.reset(); // what was picked or chosen on the board stands while the choices do
  else boardPlay.refresh();
  if (handOver) {
    byId("curtain-text").textContent = `Pass the screen to ${names()[next.viewer]}.`;
    byId("curtain-button").textContent = `I am ${names()[next.viewer]}: show my screen`;
    byId("curtain").classList.add("shown");
  }
  if (!painted) {
    painted = true;
    requestAnimationFrame(() => document.body.setAttribute("data-painted", performance.now().toFixed(0)));
  }
}

function names() {
  return joined ? joined.names : [];
}

// The board's parts in their places: the table on top, the seat's own board large in
// the middle, the others beside it (a spectator sees every seat beside the table).
function showBoard(next, animate) {
  const board = next.board;
  if (byId("defs").shownSvg !== board.defs) byId("defs").innerHTML = byId("defs").shownSvg = board.defs;
  showPart(byId("market"), [board.table, ...board.extra].join(""), animate);
  showPart(byId("key"), board.key, false);
  const mine = board.seats.find((seat) => seat.player === next.viewer);
  document.body.classList.toggle("watching", !mine);
  if (mine) {
    byId("mine-heading").replaceChildren(...seatHeading(mine));
    byId("mine").classList.toggle("deciding", mine.deciding);
    showPart(byId("mine-board"), mine.svg, animate);
  }
  showPart(byId("buttons"), board.buttons, false);
  const others = byId("others");
  const kept = new Map([...others.querySelectorAll(".seat-card")].map((card) => [card.dataset.player, card]));
  const cards = board.seats
    .filter((seat) => seat !== mine)
    .map((seat) => {
      const card = seatCard(seat, `seat-${seat.player}`);
      const before = kept.get(String(seat.player));
      if (before) card.replaceChild(before.querySelector(".board"), card.querySelector(".board")); // as it was
      showPart(card.querySelector(".board"), seat.svg, animate);
      return card;
    });
  others.replaceChildren(...cards);
  document.body.classList.toggle("alone", cards.length === 0 && Boolean(mine));
  const scores = board.scores.map((seat) =>
    make("li", { class: seat.deciding ? "deciding" : "" }, make("span", { class: "name", text: seat.name }), make("span", { class: "standing", text: seat.standing || "" })),
  );
  byId("scores").replaceChildren(...scores);
}

function statusLine(next) {
  if (next.ranking) return "the game is over";
  const deciders = next.decision.players.map((p) => names()[p] ?? `player ${p}`).join(", ");
  if (next.deciding) return `your turn, ${next.who}: ${next.decision.kind}`;
  return `${deciders} to ${next.decision.kind}; you are ${next.who}`;
}

// The log, newest first: each step's sentence, and what followed it. A step once told
// stays told, so only the new ones are added (all anew when the screen's seat changes).
function showLog(entries, viewer) {
  const log = byId("log");
  const whose = JSON.stringify(viewer);
  if (log.dataset.viewer !== whose || Number(log.dataset.steps ?? 0) > entries.length) {
    log.replaceChildren();
    log.dataset.steps = 0;
  }
  const known = Number(log.dataset.steps ?? 0);
  const added = entries.slice(known).map((entry) => {
    const item = make("li", { "data-step": entry.step, value: entry.step, class: known ? "fresh" : "" }, make("span", { text: entry.text }));
    if (entry.more.length) item.append(make("ul", {}, ...entry.more.map((line) => make("li", { text: line }))));
    return item;
  });
  log.prepend(...added.reverse());
  log.dataset.viewer = whose;
  log.dataset.steps = entries.length;
}

function showChoices(next) {
  const buttons = next.actions.map((choice) =>
    make("button", {
      type: "button",
      class: "action",
      "data-index": choice.index,
      text: choice.text,
      onclick: () => act(choice.action),
      onmousemove: () => hover(choice.action), // not on entering: a list redrawn under a still pointer previews nothing
      onfocus: () => hover(choice.action),
      onmouseleave: hidePreview,
      onblur: hidePreview,
    }),
  );
  byId("actions").replaceChildren(...buttons);
  byId("choices-panel").hidden = !next.deciding;
  hidePreview();
}

function hover(action) {
  if (!byId("preview-panel").hidden && JSON.stringify(action) === hovered) return; // shown already
  hovered = JSON.stringify(action);
  clearTimeout(hoverTimer);
  hoverTimer = setTimeout(() => askPreview(action), 60);
}

function askPreview(action) {
  previewRef += 1;
  send({ type: "preview", seat: screen.viewer, action, ref: previewRef });
}

// A legal move's preview takes the place of the seat's board, at its size.
function showPreview(answer) {
  if (answer.legal) {
    byId("preview-panel").hidden = false;
    byId("preview-text").textContent = answer.text;
    byId("preview").innerHTML = answer.svg;
  }
  composer.explain(answer);
}

function hidePreview() {
  clearTimeout(hoverTimer);
  previewRef += 1; // an answer on its way is of no use now
  byId("preview-panel").hidden = true;
}

function act(action) {
  unsay();
  hidePreview();
  send({ type: "act", seat: screen.viewer, action, steps: screen.steps });
}

byId("curtain-button").addEventListener("click", () => byId("curtain").classList.remove("shown"));
byId("replay").addEventListener("click", async () => {
  try {
    const record = await fetch(`/api/tables/${encodeURIComponent(tableId)}/record`);
    const replay = await api("/api/replays", { method: "POST", body: await record.text() });
    location.href = replay.url;
  } catch (error) {
    say(error.message);
  }
});
byId("download").href = `/api/tables/${encodeURIComponent(tableId)}/record`;
connect();
