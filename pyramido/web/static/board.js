// The board: the server's picture in parts (the table, each seat, the extras) laid out on
// the page, and played by clicking it. The parts carry their choices as data attributes
// (docs/web.md, "Playing on the board"); nothing here knows a game.
import { make } from "./common.js";

const MAX_SCALE = 2;

// The titles of a part's drawn things (a block, a gem, a card...), counted: what a new
// picture of the part has that the last one had not is drawn arriving (CSS: .fresh).
function titles(container) {
  const counted = new Map();
  for (const title of container.querySelectorAll("g:not(.choice):not(.combo) > title")) {
    counted.set(title.textContent, (counted.get(title.textContent) ?? 0) + 1);
  }
  return counted;
}

// Put `svg` (the server's own output: every text in it escaped) in `container`, marking
// what is new since the last picture there, unless this is the first. A part drawn the
// same as before is left as it is (most steps change one or two parts of the board).
export function showPart(container, svg, animate = true) {
  if (container.shownSvg === (svg ?? "")) return;
  const before = animate && container.childElementCount ? titles(container) : null;
  container.innerHTML = svg ?? "";
  container.shownSvg = svg ?? "";
  for (const picture of container.querySelectorAll(":scope > svg")) {
    // drawn up to twice its size, not more: a board with little on it stays a board
    picture.style.maxWidth = `${MAX_SCALE * picture.width.baseVal.value}px`;
    picture.style.maxHeight = `${MAX_SCALE * picture.height.baseVal.value}px`;
  }
  if (!before) return;
  for (const title of container.querySelectorAll("g:not(.choice):not(.combo) > title")) {
    const left = before.get(title.textContent) ?? 0;
    if (left > 0) before.set(title.textContent, left - 1);
    else title.parentElement.classList.add("fresh");
  }
}

// A seat's heading: its name, standing and whether it decides.
export function seatHeading(seat) {
  const heading = [make("span", { class: "name", text: seat.name })];
  if (seat.standing) heading.push(make("span", { class: "standing", text: seat.standing }));
  if (seat.deciding) heading.push(make("span", { class: "deciding-badge", text: "deciding" }));
  return heading;
}

// A seat's card: its heading over its board.
export function seatCard(seat, id) {
  const card = make("section", { class: `seat-card${seat.deciding ? " deciding" : ""}`, id, "data-player": seat.player });
  card.append(make("h2", { class: "seat-heading" }, ...seatHeading(seat)), make("div", { class: "board" }));
  return card;
}

// What a page needs to play on the board: clicks, keys and the pointer on `root`, turned
// into actions given to `play`; what a part does is said through `hint`.
export class BoardPlay {
  constructor(root, play, hint, confirm) {
    this.root = root;
    this.play = play;
    this.hint = hint;
    this.confirm = confirm;
    this.picked = null;
    this.chosen = new Set();
    this.variant = null;
    this.aimed = null;
    root.addEventListener("click", (event) => this.click(event));
    root.addEventListener("keydown", (event) => this.key(event));
    root.addEventListener("pointermove", (event) => this.aim(event));
    root.addEventListener("pointerover", (event) => this.tell(event.target));
    root.addEventListener("focusin", (event) => this.tell(event.target));
    document.addEventListener("keydown", (event) => {
      if ((event.key === "r" || event.key === "R") && !/INPUT|SELECT|TEXTAREA/.test(event.target.tagName)) this.rotate();
    });
    confirm.addEventListener("click", () => {
      if (confirm.action) this.send(confirm.action);
    });
  }

  // A new screen: what was picked or chosen toward an action is let go.
  reset() {
    this.picked = null;
    this.chosen.clear();
    this.aimed = null;
    this.confirm.hidden = true;
    this.refresh();
  }

  send(action) {
    this.reset();
    this.play(action);
  }

  click(event) {
    const target = event.target.closest("[data-action], [data-pick], [data-part], [data-rotate]");
    if (target && target.classList.contains("combo")) return;
    if (!target) {
      if (this.aimed && event.target.closest("svg")?.contains(this.aimed)) this.send(JSON.parse(this.aimed.dataset.action));
      return;
    }
    event.preventDefault();
    if (target.dataset.rotate) this.rotate();
    else if (target.dataset.pick) this.pick(target.dataset.pick);
    else if (target.dataset.part) this.choose(target.dataset.part);
    else this.send(JSON.parse(target.dataset.action));
  }

  key(event) {
    if ((event.key === "Enter" || event.key === " ") && event.target.getAttribute("role") === "button") {
      event.preventDefault();
      event.target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }
  }

  tell(element) {
    const labelled = element.closest?.("[aria-label][role=button]");
    if (labelled && this.root.contains(labelled)) this.hint.textContent = labelled.getAttribute("aria-label");
  }

  pick(key) {
    this.picked = this.picked === key ? null : key;
    this.refresh();
  }

  // A part chosen, or let go (the last one too): the actions whose parts hold every part
  // chosen are the candidates; the one whose parts are exactly these, and which no other
  // goes beyond, is played; one that others go beyond waits for a confirmation.
  choose(part) {
    if (this.chosen.has(part)) this.chosen.delete(part);
    else this.chosen.add(part);
    if (!this.chosen.size) {
      this.confirm.hidden = true; // the last part let go: nothing chosen, nothing to confirm
      this.refresh();
      return;
    }
    let candidates = this.candidates();
    if (!candidates.length) {
      this.chosen = new Set([part]);
      candidates = this.candidates();
      if (!candidates.length) this.chosen.clear();
      this.hint.textContent = "no choice has all these: start again from this one";
    }
    const whole = candidates.filter((combo) => this.partsOf(combo).length === this.chosen.size);
    this.confirm.hidden = true;
    if (whole.length === 1 && candidates.length === 1) {
      this.send(JSON.parse(whole[0].dataset.action));
      return;
    }
    if (whole.length === 1) {
      this.confirm.action = JSON.parse(whole[0].dataset.action);
      this.confirm.textContent = `play: ${whole[0].querySelector("title").textContent}`;
      this.confirm.hidden = false;
    }
    this.refresh();
  }

  partsOf(combo) {
    return combo.dataset.parts.split(" ");
  }

  candidates() {
    if (!this.chosen.size) return [];
    return [...this.root.querySelectorAll(".combo[data-parts]")].filter((combo) => {
      const parts = this.partsOf(combo);
      return [...this.chosen].every((part) => parts.includes(part));
    });
  }

  rotate() {
    const variants = this.variants();
    if (!variants.length) return;
    this.variant = variants[(variants.indexOf(this.variant) + 1) % variants.length];
    this.aimed = null;
    this.refresh();
  }

  variants() {
    return [...new Set([...this.root.querySelectorAll("[data-variant]")].map((spot) => spot.dataset.variant))].sort();
  }

  // The pointer over a picture with spots: the nearest spot of the variant shown (within
  // two of its sizes) is aimed at, and the ghost of that variant lies there.
  aim(event) {
    const picture = event.target.closest?.("svg");
    const spots = picture ? [...picture.querySelectorAll(`[data-variant="${this.variant}"]`)] : [];
    if (!spots.length) return;
    const layer = spots[0].parentElement;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(layer.getScreenCTM().inverse());
    let best = null;
    let bestDistance = Infinity;
    for (const spot of spots) {
      const [x, y] = spot.dataset.centre.split(" ").map(Number);
      const distance = Math.hypot(point.x - x, point.y - y);
      if (distance < bestDistance) [best, bestDistance] = [spot, distance];
    }
    const size = Number(best.querySelector("rect").getAttribute("width"));
    this.aimed = bestDistance <= 2 * size ? best : null;
    if (this.aimed) this.hint.textContent = this.aimed.getAttribute("aria-label");
    this.refresh();
  }

  // Show the board as the choices stand: the parts of the pick, the parts chosen and
  // those that could follow, the spots and the ghost of the variant.
  refresh() {
    const root = this.root;
    for (const shown of root.querySelectorAll("[data-when]")) shown.style.display = shown.dataset.when === this.picked ? "" : "none";
    for (const picker of root.querySelectorAll("[data-pick]")) picker.classList.toggle("picked", picker.dataset.pick === this.picked);
    for (const lit of root.querySelectorAll("[data-group]")) lit.classList.toggle("lit", lit.dataset.group === this.picked);
    const possible = new Set(this.candidates().flatMap((combo) => this.partsOf(combo)));
    for (const part of root.querySelectorAll("[data-part]")) {
      part.classList.toggle("chosen", this.chosen.has(part.dataset.part));
      part.classList.toggle("possible", !this.chosen.has(part.dataset.part) && possible.has(part.dataset.part));
    }
    const variants = this.variants();
    if (!variants.includes(this.variant)) this.variant = variants[0] ?? null;
    for (const spot of root.querySelectorAll("[data-variant]")) {
      spot.style.display = spot.dataset.variant === this.variant ? "" : "none";
      spot.classList.toggle("aimed", spot === this.aimed);
    }
    for (const ghost of root.querySelectorAll("[data-ghost]")) {
      const shown = this.aimed && ghost.dataset.ghost === this.variant && ghost.closest("svg") === this.aimed.closest("svg");
      ghost.style.display = shown ? "" : "none";
      if (shown) ghost.setAttribute("transform", `translate(${this.aimed.dataset.centre})`);
    }
  }
}
