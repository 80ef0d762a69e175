// The developer's panel: any action of the decision composed field by field, legal or not.
// A legal one is previewed, any other explained with the engine's reason. Numbers are
// shown as everywhere else on the page: a field the words count from one (a slot, a card,
// a pile) is offered from 1. A placement is chosen on a grid of positions, for the
// rotation chosen above it.
import { make } from "./common.js";

const byId = (id) => document.getElementById(id);

export class Composer {
  constructor({ preview, act, screen }) {
    this.preview = preview;
    this.act = act;
    this.screen = screen;
    byId("compose-check").addEventListener("click", () => this.preview(this.composed()));
    byId("compose-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.act(this.composed());
    });
  }

  show(screen) {
    byId("compose").hidden = !screen.deciding;
    byId("explain").textContent = "";
    const box = byId("compose-fields");
    const chosenKind = box.querySelector("select[name=kind]")?.value;
    box.replaceChildren();
    if (!screen.fields.length) return;
    const kindSelect = make("select", { name: "kind", onchange: () => this.fieldsOf(kindSelect.value) });
    for (const kind of screen.fields) kindSelect.append(make("option", { value: kind.kind, text: kind.kind }));
    if (screen.fields.some((k) => k.kind === chosenKind)) kindSelect.value = chosenKind;
    box.append(make("label", {}, "kind", kindSelect), make("span", { id: "kind-fields" }));
    this.fieldsOf(kindSelect.value);
  }

  explain(answer) {
    byId("explain").textContent = answer.legal ? `legal: ${answer.text}` : `not legal: ${answer.why}`;
  }

  kind(name) {
    return this.screen().fields.find((k) => k.kind === name);
  }

  fieldsOf(name) {
    const kind = this.kind(name);
    const holder = byId("kind-fields");
    holder.replaceChildren();
    const gridded = hasGrid(kind);
    for (const field of kind.fields) {
      if (gridded && (field.name === "x" || field.name === "y")) continue; // chosen on the grid
      const select = make("select", { name: field.name, "data-field": field.name, onchange: () => this.markGrid(kind) });
      const values = field.labels ?? [...Array(field.size).keys()];
      for (const value of values) {
        const shown = field.labels ? value : value + field.first;
        select.append(make("option", { value: String(value), text: String(shown) }));
      }
      holder.append(make("label", {}, field.name, select));
    }
    const grid = byId("grid");
    grid.replaceChildren();
    grid.hidden = !gridded;
    byId("compose-check").hidden = gridded; // the grid's cells check and play
    byId("compose-play").hidden = gridded;
    if (gridded) this.drawGrid(kind, grid);
  }

  // Hovering a position previews it (or says why not), clicking plays it.
  drawGrid(kind, grid) {
    const size = (name) => kind.fields.find((f) => f.name === name).size;
    for (let y = 0; y < size("y"); y++) {
      const row = make("div", { class: "grid-row" });
      for (let x = 0; x < size("x"); x++) {
        const chosen = () => ({ ...this.composed(), x, y });
        row.append(
          make("button", {
            type: "button",
            class: "cell",
            "data-x": x,
            "data-y": y,
            title: `x=${x} y=${y}`,
            onmouseenter: () => this.preview(chosen()),
            onfocus: () => this.preview(chosen()),
            onclick: () => this.act(chosen()),
          }),
        );
      }
      grid.append(row);
    }
    this.markGrid(kind);
  }

  // The positions where the other fields as chosen make a legal action.
  markGrid(kind) {
    if (!hasGrid(kind)) return;
    const chosen = this.composed();
    const same = (action) => kind.fields.every((f) => f.name === "x" || f.name === "y" || action[f.name] === chosen[f.name]);
    const legal = new Set(
      this.screen()
        .actions.filter((c) => c.action.kind === kind.kind && same(c.action))
        .map((c) => `${c.action.x},${c.action.y}`),
    );
    for (const cell of document.querySelectorAll("#grid button.cell")) {
      cell.classList.toggle("legal", legal.has(`${cell.dataset.x},${cell.dataset.y}`));
    }
  }

  composed() {
    const kindName = document.querySelector("#compose-fields select[name=kind]").value;
    const action = { kind: kindName };
    for (const field of this.kind(kindName).fields) {
      const select = document.querySelector(`#kind-fields select[name="${field.name}"]`);
      if (!select) continue; // x and y: from the grid
      action[field.name] = field.labels ? select.value : Number(select.value);
    }
    return action;
  }
}

// A kind placed by its x and y (a domino's placement) is chosen on a grid of positions.
function hasGrid(kind) {
  const names = kind.fields.map((f) => f.name);
  return names.includes("x") && names.includes("y");
}
