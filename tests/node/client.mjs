// A client of `pyramido engine` in another language: Node, with no package but its own.
//
// It starts the engine (`PYTHON -m pyramido engine`, PYTHON the first argument), plays a full
// game of every ruleset the engine lists (the three games and their house rules) with seeded
// random legal choices (every seat of a simultaneous decision
// chooses), takes a step back with undo, saves and loads the game, sends bad requests and
// checks that they are answered and change nothing, then quits. Exit code 0: all went well.
//
//   node tests/node/client.mjs /path/to/python

import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import assert from "node:assert/strict";

const python = process.argv[2] ?? "python3";
const engine = spawn(python, ["-m", "pyramido", "engine"], { stdio: ["pipe", "pipe", "inherit"] });
const lines = createInterface({ input: engine.stdout });
const waiting = [];
lines.on("line", (line) => waiting.shift()(JSON.parse(line)));
engine.on("close", (code) => {
  if (waiting.length > 0) {
    console.error(`the engine ended (exit code ${code}) with a request unanswered`);
    process.exit(1);
  }
});

let nextId = 0;

// Send one raw line; resolve with the response line, parsed.
function sendLine(text) {
  return new Promise((resolve) => {
    waiting.push(resolve);
    engine.stdin.write(text + "\n");
  });
}

// Send a request; resolve with its result, failing unless it is answered ok with our id.
async function ask(request) {
  const id = ++nextId;
  const response = await sendLine(JSON.stringify({ id, ...request }));
  assert.equal(response.id, id);
  assert.ok(response.ok, `${request.cmd}: ${JSON.stringify(response.error)}`);
  return response.result;
}

// Send a bad line; return its error after checking the game did not change.
async function refused(text) {
  const before = JSON.stringify(await ask({ cmd: "save" }));
  const response = await sendLine(text);
  assert.equal(response.ok, false, `accepted: ${text}`);
  assert.equal(JSON.stringify(await ask({ cmd: "save" })), before);
  return response.error;
}

// mulberry32: a small seeded generator, so that the client's games are the same every run.
function generator(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function badRequests(state) {
  assert.equal((await refused("this is not json")).type, "bad_json");
  assert.equal((await refused('{"cmd": "teleport"}')).type, "unknown_command");
  assert.equal((await refused('{"cmd": "new", "ruleset": "pyramido"}')).type, "bad_request");
  const seat = state.decision.players[0];
  const other = (seat + 1) % state.players;
  if (!state.decision.players.includes(other)) {
    const { actions } = await ask({ cmd: "legal", player: seat });
    const error = await refused(JSON.stringify({ cmd: "apply", action: actions[0].action, player: other }));
    assert.equal(error.type, "illegal_action");
  }
}

async function playOne(ruleset, players, seed) {
  const random = generator(seed);
  let state = await ask({ cmd: "new", ruleset, players, seed });
  let turns = 0;
  while (!state.is_over) {
    for (const player of state.decision.players) {
      const { actions } = await ask({ cmd: "legal", player });
      const choice = actions[Math.floor(random() * actions.length)];
      state = await ask({ cmd: "apply", action: choice.action, player });
      if (state.is_over) break;
    }
    turns += 1;
    if (turns === 5 && seed === 0) await badRequests(state);
    if (turns % 25 === 0 && !state.is_over) {
      const { record } = await ask({ cmd: "save" });
      assert.equal(record.result, null);
      const back = await ask({ cmd: "undo" });
      assert.equal(back.steps, state.steps - 1);
      assert.deepEqual(await ask({ cmd: "load", record }), state);
    }
    if (turns === 30 && !state.is_over) {
      const seat = state.decision.players[0];
      const picked = await ask({ cmd: "bot", name: "greedy", seed: 1, player: seat, apply: true });
      state = picked.state;
    }
  }
  assert.equal(state.ranking.length, players);
  const { observation } = await ask({ cmd: "observation", player: null });
  assert.equal(observation.ruleset, ruleset);
  const { events } = await ask({ cmd: "events", player: 0 });
  assert.equal(events.at(-1).type, "game_over");
  console.log(`${ruleset}: ${state.steps} steps, winner seat ${state.ranking[0].player}`);
}

try {
  const { rulesets } = await ask({ cmd: "rulesets" });
  for (const [seed, { id, players }] of rulesets.entries()) {
    await playOne(id, Math.min(Math.max(2 + (seed % 3), players.min), players.max), seed);
  }
  assert.deepEqual(await ask({ cmd: "quit" }), {});
  const code = await new Promise((resolve) => engine.on("close", resolve));
  assert.equal(code, 0);
} catch (error) {
  console.error(error);
  engine.kill();
  process.exit(1);
}
