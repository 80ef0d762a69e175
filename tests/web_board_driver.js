// What tests/test_web_browser.py runs in a game's page to play on its board like a person:
// where to click an element (a point of it that a click reaches, brought into view), and
// which elements to click for one choice. Loaded into every page the tests open.

// A point of `element` that a click there reaches: its centre, or a point inside its
// first shape (an area's centre may lie outside it); null if none does.
window.pointIn = (element) => {
  element.scrollIntoView({ block: "center", inline: "center" });
  const inside = ([x, y]) => element.contains(document.elementFromPoint(x, y));
  const box = element.getBoundingClientRect();
  const points = [[box.x + box.width / 2, box.y + box.height / 2]];
  for (const shape of element.querySelectorAll("path, rect")) {
    const start =
      shape.tagName === "path" ? shape.getPointAtLength(0) : { x: +shape.getAttribute("x"), y: +shape.getAttribute("y") };
    const corner = new DOMPoint(start.x + 4, start.y + 4).matrixTransform(shape.getScreenCTM());
    points.push([corner.x, corner.y]);
  }
  return points.find(inside) ?? null;
};

// The elements `selector` finds that are shown.
window.shownOf = (selector) => [...document.querySelectorAll(selector)].filter((e) => e.getClientRects().length);

// Where to click for one choice on the board, chosen by the turn's number: the parts of an
// action that no other goes beyond (a shape, cards to keep: none waits for a confirmation),
// or a pick (then what it shows, found after the click), or a part that plays its action.
window.onBoard = (turn) => {
  const board = "#play svg";
  const combos = [...document.querySelectorAll(`${board} .combo`)].map((c) => c.dataset.parts.split(" "));
  const whole = combos.filter((p) => !combos.some((o) => o.length > p.length && p.every((x) => o.includes(x))));
  if (whole.length) {
    const parts = whole[turn % whole.length];
    return { parts: parts.map((part) => pointIn(document.querySelector(`${board} [data-part="${part}"]`))) };
  }
  const picks = shownOf(`${board} [data-pick]`);
  if (picks.length && turn % 2 === 0) {
    const picked = picks[turn % picks.length];
    return { pick: picked.dataset.pick, parts: [pointIn(picked)] };
  }
  const actions = shownOf(`${board} [data-action]:not(.combo)`);
  return { parts: actions.length ? [pointIn(actions[turn % actions.length])] : [] };
};

// Where to click to let go of a choice begun on an earlier screen's clicks (the parts
// chosen, the pick shown): a retry then starts from nothing chosen.
window.letGo = () => shownOf("#play svg [data-part].chosen, #play svg [data-pick].picked").map(pointIn);

// Where the page stands: whether its seat decides, the game is over, the steps so far,
// whether the hot-seat curtain hides the screen.
window.pageState = () => ({
  deciding: document.body.dataset.deciding === "yes",
  over: document.body.dataset.over === "yes",
  steps: document.body.dataset.steps,
  curtain: document.querySelector("#curtain").classList.contains("shown"),
});
