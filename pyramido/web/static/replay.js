// A record stepped through back and forth, as any seat or a spectator saw it.
import { seatCard, showPart } from "./board.js";
import { api, make, plural, rankingTable, say, unsay } from "./common.js";

const replayId = location.pathname.split("/").pop();
const byId = (id) => document.getElementById(id);
let total = 0;
let step = 0;
let asked = 0;

async function go(target) {
  step = Math.max(0, Math.min(total, target));
  const seat = byId("seat").value;
  const ask = ++asked;
  try {
    const screen = await api(`/api/replays/${encodeURIComponent(replayId)}/${step}?seat=${encodeURIComponent(seat)}`);
    if (ask !== asked) return; // a later step was asked for meanwhile
    unsay();
    show(screen);
  } catch (error) {
    say(error.message);
  }
}

function show(screen) {
  total = screen.total;
  byId("slider").max = total;
  byId("slider").value = screen.step;
  byId("step-text").textContent = `${screen.step} of ${total} steps · ${screen.last}`;
  const board = screen.board;
  byId("board-title").textContent = `${board.title}. ${board.decision}`;
  byId("defs").innerHTML = board.defs;
  showPart(byId("market"), [board.table, ...board.extra].join(""), false);
  byId("seats").replaceChildren(
    ...board.seats.map((seat) => {
      const card = seatCard(seat, `seat-${seat.player}`);
      showPart(card.querySelector(".board"), seat.svg, false);
      return card;
    }),
  );
  byId("log").replaceChildren(
    ...[...screen.log].reverse().map((entry) =>
      make("li", { value: entry.step }, make("span", { text: entry.text }), ...(entry.more.length ? [make("ul", {}, ...entry.more.map((line) => make("li", { text: line })))] : [])),
    ),
  );
  byId("over").hidden = screen.ranking === null;
  if (screen.ranking) byId("ranking").replaceChildren(rankingTable(screen.ranking));
  document.body.setAttribute("data-step", screen.step);
  byId("back").disabled = screen.step === 0;
  byId("first").disabled = screen.step === 0;
  byId("forward").disabled = screen.step === total;
  byId("last").disabled = screen.step === total;
}

async function start() {
  const first = await api(`/api/replays/${encodeURIComponent(replayId)}/0`);
  const seats = byId("seat");
  for (let seat = 0; seat < first.players; seat++) seats.append(make("option", { value: String(seat), text: `player ${seat}` }));
  byId("title").textContent = `a replay of ${first.name} · ${plural(first.players, "player")}`;
  show(first);
}

byId("first").addEventListener("click", () => go(0));
byId("back").addEventListener("click", () => go(step - 1));
byId("forward").addEventListener("click", () => go(step + 1));
byId("last").addEventListener("click", () => go(total));
byId("slider").addEventListener("input", (event) => go(Number(event.target.value)));
byId("seat").addEventListener("change", () => go(step));
document.addEventListener("keydown", (event) => {
  if (event.target.tagName === "SELECT" || event.target.tagName === "INPUT") return;
  const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: total };
  if (event.key in moves) {
    event.preventDefault();
    go(moves[event.key]);
  }
});
start().catch((error) => say(error.message));
