// A record stepped through back and forth, as any seat or a spectator saw it.
import { api, make, rankingTable, say, showPicture, unsay } from "./common.js";

const replayId = location.pathname.split("/").pop();
let total = 0;
let step = 0;
let asked = 0;

async function go(target) {
  step = Math.max(0, Math.min(total, target));
  const seat = document.getElementById("seat").value;
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
  document.getElementById("slider").max = total;
  document.getElementById("slider").value = screen.step;
  document.getElementById("step-text").textContent = `${screen.step} of ${total} steps · ${screen.last}`;
  showPicture(document.getElementById("board"), screen.svg);
  document.getElementById("news").replaceChildren(...screen.news.map((line) => make("li", { text: line })));
  document.getElementById("over").hidden = screen.ranking === null;
  if (screen.ranking) document.getElementById("ranking").replaceChildren(rankingTable(screen.ranking));
  document.body.setAttribute("data-step", screen.step);
  document.getElementById("back").disabled = screen.step === 0;
  document.getElementById("first").disabled = screen.step === 0;
  document.getElementById("forward").disabled = screen.step === total;
  document.getElementById("last").disabled = screen.step === total;
}

async function start() {
  const first = await api(`/api/replays/${encodeURIComponent(replayId)}/0`);
  const seats = document.getElementById("seat");
  for (let seat = 0; seat < first.players; seat++) seats.append(make("option", { value: String(seat), text: `player ${seat}` }));
  document.getElementById("title").textContent = `a replay of ${first.name} · ${first.players} players`;
  show(first);
}

document.getElementById("first").addEventListener("click", () => go(0));
document.getElementById("back").addEventListener("click", () => go(step - 1));
document.getElementById("forward").addEventListener("click", () => go(step + 1));
document.getElementById("last").addEventListener("click", () => go(total));
document.getElementById("slider").addEventListener("input", (event) => go(Number(event.target.value)));
document.getElementById("seat").addEventListener("change", () => go(step));
document.addEventListener("keydown", (event) => {
  if (event.target.tagName === "SELECT" || event.target.tagName === "INPUT") return;
  const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: total };
  if (event.key in moves) {
    event.preventDefault();
    go(moves[event.key]);
  }
});
start().catch((error) => say(error.message));
