#!/usr/bin/env node
// A small Pyramid solitaire engine in JavaScript that speaks the suite's JSON-lines protocol
// (docs/adapters.md). It is written from the rules, not translated line by line, to show what
// an engine in another language needs: the table, taps and selection, message keys, undo,
// deal codes and the rule profiles.
//
//   pyramide check --cmd "node docs/examples/js-engine/engine.js"
//
// A deliberately wrong variant, for the suite's own tests, is chosen with --bug=NAME or the
// PYRAMIDE_JS_BUG environment variable:
//   score    5 points per pyramid card instead of 10
//   undo     undo takes one off the move counter
//   recycle  recycling keeps the waste upside down (the old top is drawn first again)
//   blocked  a card covered by one card only can be selected and paired
"use strict";

const readline = require("node:readline");

const PROTOCOL = 1;
const BUGS = ["score", "undo", "recycle", "blocked"];
const bugArg = process.argv.find((arg) => arg.startsWith("--bug="));
const BUG = bugArg ? bugArg.slice("--bug=".length) : process.env.PYRAMIDE_JS_BUG || "";
if (BUG && !BUGS.includes(BUG)) {
  process.stderr.write(`unknown bug ${JSON.stringify(BUG)}; known: ${BUGS.join(", ")}\n`);
  process.exit(2);
}

// --- cards ---------------------------------------------------------------------------------

const SUITS = "CDHS";
const RANKS = { A: 1, T: 10, 10: 10, J: 11, Q: 12, K: 13 };
for (let n = 2; n <= 9; n++) RANKS[String(n)] = n;
const SYMBOLS = { "♣": "C", "♦": "D", "♥": "H", "♠": "S" };
const ASCII_RANK = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];

function parseCard(text) {
  const suit = SYMBOLS[text.slice(-1)] || text.slice(-1).toUpperCase();
  const rank = RANKS[text.slice(0, -1).toUpperCase()];
  if (!rank || !SUITS.includes(suit)) throw new Error(`not a card: ${text}`);
  return ASCII_RANK[rank] + suit;
}
const rankOf = (card) => RANKS[card[0]];

// --- geometry: places 0..27 in reading order; place (r, c) lies under (r+1, c) and (r+1, c+1)

const indexOf = (row, col) => (row * (row - 1)) / 2 + col - 1;
const PLACES = [];
for (let r = 1; r <= 7; r++) for (let c = 1; c <= r; c++) PLACES.push([r, c]);
const COVERED_BY = PLACES.map(([r, c]) => (r < 7 ? [indexOf(r + 1, c), indexOf(r + 1, c + 1)] : []));

// --- profiles and deal codes ---------------------------------------------------------------

const PROFILES = {
  app: { letter: "N" },
  "strict-win": { letter: "W", strictWin: true },
  "single-pass": { letter: "P", maxRecycles: 0 },
  "three-passes": { letter: "R", maxRecycles: 2 },
  "drawn-with-waste": { letter: "D", drawnWithWaste: true },
  "covering-pair": { letter: "C", coveringPair: true },
  "stock-24": { letter: "F", stock24: true },
  traditional: { letter: "T", stock24: true, maxRecycles: 2 },
  "classic-strict": { letter: "S", strictWin: true, maxRecycles: 0, drawnWithWaste: true, stock24: true },
};
const byLetter = (letter) => Object.values(PROFILES).find((p) => p.letter === letter);

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const BASE_DECK = (
  "AC 2D 6C 3D 4D AS 4C 6H 5S 7D JC TS TC JD 8S 3S 8D 7C 8H 7H QS 6S AH TH KC KH " +
  "9H 5H 2C 9D 5D 5C 9S KS QC KD 4H 8C JS 7S 3H 2H JH QH AD 3C 9C QD TD 4S 2S 6D"
).split(" ");
const MASK = (1n << 64n) - 1n;

function splitmix64(seed) {
  let state = BigInt(seed) & MASK;
  return () => {
    state = (state + 0x9e3779b97f4a7c15n) & MASK;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  };
}

function dealCode(code) {
  const match = /^PY1-([A-Z])-([A-Z2-7]{7})$/.exec(code.trim());
  const profile = match && byLetter(match[1]);
  if (!profile) throw new Error(`not a deal code: ${code}`);
  let seed = 0;
  for (const char of match[2]) seed = seed * 32 + ALPHABET.indexOf(char);
  const next = splitmix64(seed);
  const deck = BASE_DECK.slice();
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Number(next() % BigInt(i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  const rest = deck.slice(28);
  const waste = profile.stock24 ? [] : rest.splice(0, 1);
  return { pyramid: deck.slice(0, 28), waste, stock: rest, profile };
}

// --- the game ------------------------------------------------------------------------------

class Game {
  constructor({ pyramid, waste, stock }, profile, code, errorHelp) {
    this.pyramid = pyramid; // 28 places, null once removed
    this.waste = waste; // bottom first
    this.stock = stock; // top first
    this.profile = profile;
    this.code = code;
    this.errorHelp = errorHelp;
    this.score = 0;
    this.moves = 0;
    this.recycles = 0;
    this.freshDraw = false; // the drawn card may meet the card beneath it (drawn-with-waste)
    this.selected = null;
    this.message = null;
    this.history = [];
  }

  isFree(i) {
    return this.pyramid[i] !== null && COVERED_BY[i].every((j) => this.pyramid[j] === null);
  }
  cleared() {
    return this.pyramid.every((card) => card === null);
  }
  won() {
    return this.cleared() && (!this.profile.strictWin || (!this.stock.length && !this.waste.length));
  }
  canRecycle() {
    const limit = this.profile.maxRecycles;
    return !this.stock.length && this.waste.length > 0 && (limit === undefined || this.recycles < limit);
  }
  // The cards a player may touch: free pyramid cards and the waste top; with drawn-with-waste,
  // the card beneath a freshly drawn one; with covering-pair, a card under one free card.
  touchable(target) {
    if (target === "waste") return this.waste.length > 0;
    if (target === "waste-below") return this.profile.drawnWithWaste && this.freshDraw && this.waste.length > 1;
    const i = target;
    if (this.pyramid[i] === null) return false;
    return this.isFree(i) || this.onlyCover(i) !== null;
  }
  onlyCover(i) {
    if (!this.profile.coveringPair && BUG !== "blocked") return null;
    const covering = COVERED_BY[i].filter((j) => this.pyramid[j] !== null);
    return covering.length === 1 && this.isFree(covering[0]) ? covering[0] : null;
  }
  cardAt(target) {
    if (target === "waste") return this.waste[this.waste.length - 1];
    if (target === "waste-below") return this.waste[this.waste.length - 2];
    return this.pyramid[target];
  }
  pairAllowed(a, b) {
    if (rankOf(this.cardAt(a)) + rankOf(this.cardAt(b)) !== 13) return false;
    const free = (t) => (typeof t === "number" ? this.isFree(t) : t === "waste");
    if (free(a) && free(b)) return true;
    const both = [a, b].sort().join();
    if (both === "waste,waste-below") return this.profile.drawnWithWaste && this.freshDraw;
    if (typeof a === "number" && typeof b === "number") return this.onlyCover(a) === b || this.onlyCover(b) === a;
    return false;
  }
  anyMove() {
    if (this.won()) return false;
    if (this.stock.length || this.canRecycle()) return true;
    const targets = [...this.pyramid.keys(), "waste", "waste-below"].filter((t) => this.touchable(t));
    return targets.some(
      (a, n) =>
        (rankOf(this.cardAt(a)) === 13 && (typeof a === "number" ? this.isFree(a) : a === "waste")) ||
        targets.slice(n + 1).some((b) => this.pairAllowed(a, b)),
    );
  }
  status() {
    if (this.won()) return "won";
    return this.anyMove() ? "playing" : "no-more-moves";
  }

  play(change) {
    this.history.push(JSON.stringify([this.pyramid, this.waste, this.stock, this.score, this.recycles, this.freshDraw]));
    if (this.history.length > 100) this.history.shift();
    this.moves += 1;
    this.freshDraw = false;
    change();
    this.selected = null;
    if (this.status() === "no-more-moves") this.message = { key: "no-more-moves", params: {} };
  }
  remove(targets) {
    this.play(() => {
      for (const t of targets.slice().sort((x, y) => (x === "waste") - (y === "waste"))) {
        if (typeof t === "number") {
          this.pyramid[t] = null;
          this.score += BUG === "score" ? 5 : 10;
        } else {
          this.waste.splice(t === "waste" ? -1 : -2, 1);
        }
      }
    });
  }
  blocked() {
    if (this.errorHelp) this.message = { key: "card-blocked", params: {} };
  }

  tap(target) {
    this.message = null;
    if (this.won()) return;
    if (target === "stock") return this.tapStock();
    if (target === "stock-top") return; // the app's stock cards are never in play
    const place = /^r([1-7])c([1-7])$/.exec(target);
    if (place ? place[2] > place[1] : !["waste", "waste-below"].includes(target)) {
      throw new Error(`not a tap target: ${target}`);
    }
    const t = place ? indexOf(Number(place[1]), Number(place[2])) : target;
    if (this.cardAt(t) === undefined || this.cardAt(t) === null) return;
    if (!this.touchable(t)) return this.blocked();
    if (rankOf(this.cardAt(t)) === 13) {
      const free = typeof t === "number" ? this.isFree(t) : t === "waste";
      return free ? this.remove([t]) : this.blocked();
    }
    if (this.selected === null) this.selected = t;
    else if (this.selected === t) this.selected = null;
    else if (this.pairAllowed(this.selected, t)) this.remove([this.selected, t]);
    else {
      if (rankOf(this.cardAt(this.selected)) + rankOf(this.cardAt(t)) !== 13) {
        this.message = { key: "sum-must-equal", params: { target: 13 } };
        this.selected = t;
      } else this.blocked(); // worth 13 but not a legal pair: blocked, the pick stays
    }
  }
  tapStock() {
    if (this.stock.length) {
      this.play(() => {
        this.waste.push(this.stock.shift());
        this.freshDraw = true;
      });
    } else if (this.canRecycle()) {
      this.play(() => {
        this.stock = BUG === "recycle" ? this.waste.slice().reverse() : this.waste.slice();
        this.waste = [];
        this.recycles += 1;
      });
    }
  }
  undo() {
    this.selected = null;
    this.message = null;
    const saved = this.history.pop();
    if (saved === undefined) return;
    [this.pyramid, this.waste, this.stock, this.score, this.recycles, this.freshDraw] = JSON.parse(saved);
    if (BUG === "undo") this.moves -= 1;
  }

  snapshot() {
    const rows = [];
    for (let r = 1; r <= 7; r++) rows.push(this.pyramid.slice(indexOf(r, 1), indexOf(r, r) + 1));
    const name = (t) => (typeof t === "number" ? `r${PLACES[t][0]}c${PLACES[t][1]}` : t);
    return {
      pyramid: rows,
      waste: this.waste,
      stock_size: this.stock.length,
      stock: this.stock,
      selected: this.selected === null ? null : name(this.selected),
      score: this.score,
      moves: this.moves,
      status: this.status(),
      message: this.message,
      code: this.code,
    };
  }
}

// --- the protocol --------------------------------------------------------------------------

function start(request) {
  if (request.code !== undefined) {
    const deal = dealCode(request.code);
    return new Game(deal, deal.profile, request.code.trim(), request.error_help);
  }
  const profile = PROFILES[request.profile];
  if (!profile) throw new Error(`unknown profile ${request.profile}`);
  const { pyramid, waste = [], stock = [] } = request.layout;
  const cell = (card) => (card === null || card === "--" ? null : parseCard(card));
  const layout = { pyramid: pyramid.flat().map(cell), waste: waste.map(parseCard), stock: stock.map(parseCard) };
  if (layout.pyramid.length !== 28) throw new Error("a pyramid has 28 places");
  return new Game(layout, profile, null, request.error_help);
}

let game = null;

function answer(request) {
  if (request.op === "hello") {
    if (request.protocol !== PROTOCOL) return { ok: false, protocol: PROTOCOL, error: `I speak protocol ${PROTOCOL}` };
    return {
      ok: true,
      protocol: PROTOCOL,
      engine: { name: BUG ? `js-example (bug: ${BUG})` : "js-example", version: "1.0.0" },
      capabilities: {
        taps: true,
        messages: "key",
        undo: true,
        deal_codes: true,
        stock_order: true,
        profiles: Object.keys(PROFILES),
      },
    };
  }
  try {
    if (request.op === "start") game = start(request);
    else if (game === null) throw new Error("no game started");
    else if (request.op === "tap") game.tap(request.target);
    else if (request.op === "undo") game.undo();
    else if (request.op !== "snapshot") throw new Error(`unknown op ${request.op}`);
    return { id: request.id, snapshot: game.snapshot() };
  } catch (error) {
    return { id: request.id ?? null, error: String(error.message || error) };
  }
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (!line.trim()) return;
  let request;
  try {
    request = JSON.parse(line);
  } catch {
    process.stdout.write(JSON.stringify({ id: null, error: "not a JSON line" }) + "\n");
    return;
  }
  process.stdout.write(JSON.stringify(answer(request)) + "\n");
});
