#!/usr/bin/env node
// A small Pyramid solitaire engine in JavaScript that speaks the suite's JSON-lines protocol
// (docs/adapters.md), revision 3. It is written from the rules, not translated line by line, to
// show what an engine in another language needs: the table, taps and selection, message keys,
// undo, deal codes, the rule profiles, and the named variants' piles and rows: Giza's reserves,
// Apophis's three waste piles with a draw onto the pile the player names, the Pharaoh's 10 rows
// of two decks.
//
//   pyramide check --cmd "node docs/examples/js-engine/engine.js" --profile giza
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
const REVISION = 3;
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

// --- geometry: places in reading order; place (r, c) lies under (r+1, c) and (r+1, c+1) -----

const indexOf = (row, col) => (row * (row - 1)) / 2 + col - 1;

function geometry(rows) {
  const places = [];
  for (let r = 1; r <= rows; r++) for (let c = 1; c <= r; c++) places.push([r, c]);
  const coveredBy = places.map(([r, c]) => (r < rows ? [indexOf(r + 1, c), indexOf(r + 1, c + 1)] : []));
  return { rows, places, coveredBy };
}
const GEOMETRIES = { 7: geometry(7), 10: geometry(10) };

// --- profiles and deal codes ---------------------------------------------------------------

// A profile's switches, the app's where it names none: 7 rows of one deck, a stock and one
// waste, no reserve piles.
const rules = (switches) => ({ rows: 7, decks: 1, reserves: 0, wastePiles: 1, choosePile: false, ...switches });
const PROFILES = {
  app: rules({ letter: "N" }),
  "strict-win": rules({ letter: "W", strictWin: true }),
  "single-pass": rules({ letter: "P", maxRecycles: 0 }),
  "three-passes": rules({ letter: "R", maxRecycles: 2 }),
  "drawn-with-waste": rules({ letter: "D", drawnWithWaste: true }),
  "covering-pair": rules({ letter: "C", coveringPair: true }),
  "stock-24": rules({ letter: "F", stock24: true }),
  traditional: rules({ letter: "T", stock24: true, maxRecycles: 2 }),
  "classic-strict": rules({ letter: "S", strictWin: true, maxRecycles: 0, drawnWithWaste: true, stock24: true }),
  giza: rules({ letter: "G", reserves: 8 }), // the 24 cards left face up on 8 reserve piles
  apophis: rules({ letter: "O", wastePiles: 3, choosePile: true }), // a draw onto the pile named
  pharaoh: rules({ letter: "H", rows: 10, decks: 2 }), // 55 places: two decks shuffled together
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

// The deal a code names (docs/deal-codes.md): the decks shuffled, then the places in reading
// order, then the reserves a row at a time, or one card onto the waste and the rest as stock.
function dealCode(code) {
  const match = /^PY1-([A-Z])-([A-Z2-7]{7})$/.exec(code.trim());
  const profile = match && byLetter(match[1]);
  if (!profile) throw new Error(`not a deal code: ${code}`);
  let seed = 0;
  for (const char of match[2]) seed = seed * 32 + ALPHABET.indexOf(char);
  const next = splitmix64(seed);
  const deck = Array.from({ length: profile.decks }, () => BASE_DECK).flat();
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Number(next() % BigInt(i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  const size = GEOMETRIES[profile.rows].places.length;
  const rest = deck.slice(size);
  const piles = profile.reserves;
  const reserves = Array.from({ length: piles }, (_, n) => rest.filter((_, i) => i % piles === n));
  const waste = profile.stock24 || profile.reserves ? [] : rest.splice(0, 1);
  const stock = profile.reserves ? [] : rest;
  return { pyramid: deck.slice(0, size), wastes: [waste], reserves, stock, profile };
}

// --- the game ------------------------------------------------------------------------------

// A tap target is a pyramid place (its index) or a pile's name: "waste" (pile 1), "waste-2",
// "waste-3", "reserve-1" .. "reserve-8", or "waste-below" (the card beneath the waste top).
const PILE = /^(waste|reserve)-([1-9])$/;

class Game {
  constructor({ pyramid, wastes, reserves, stock }, profile, code, errorHelp) {
    this.profile = profile;
    this.geometry = GEOMETRIES[profile.rows];
    this.pyramid = pyramid; // one entry per place, null once removed
    this.wastes = Array.from({ length: profile.wastePiles }, (_, n) => wastes[n] || []); // each bottom first
    this.reserves = Array.from({ length: profile.reserves }, (_, n) => reserves[n] || []); // each bottom first
    this.stock = stock; // top first
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

  get waste() {
    return this.wastes[0];
  }
  pile(target) {
    if (target === "waste") return this.wastes[0];
    const match = PILE.exec(target);
    if (!match) return undefined;
    return (match[1] === "waste" ? this.wastes : this.reserves)[Number(match[2]) - 1];
  }
  targets() {
    const piles = (kind, list) => list.map((_, n) => `${kind}-${n + 1}`);
    const others = [...piles("waste", this.wastes).slice(1), ...piles("reserve", this.reserves)];
    return [...this.pyramid.keys(), "waste", "waste-below", ...others];
  }

  isFree(i) {
    return this.pyramid[i] !== null && this.geometry.coveredBy[i].every((j) => this.pyramid[j] === null);
  }
  // Free on its own: a free pyramid card, or the top of a pile.
  available(target) {
    if (typeof target === "number") return this.isFree(target);
    return target !== "waste-below" && this.cardAt(target) !== undefined;
  }
  cleared() {
    return this.pyramid.every((card) => card === null);
  }
  won() {
    const piles = [this.stock, ...this.wastes, ...this.reserves];
    return this.cleared() && (!this.profile.strictWin || piles.every((pile) => !pile.length));
  }
  canRecycle() {
    const limit = this.profile.maxRecycles;
    const left = limit === undefined || this.recycles < limit;
    return !this.stock.length && this.wastes.some((pile) => pile.length) && left;
  }
  belowInPlay() {
    return Boolean(this.profile.drawnWithWaste && this.freshDraw && this.waste.length > 1);
  }
  // The cards a player may touch: free pyramid cards and pile tops; with drawn-with-waste,
  // the card beneath a freshly drawn one; with covering-pair, a card under one free card.
  touchable(target) {
    if (this.cardAt(target) === undefined) return false;
    if (target === "waste-below") return this.belowInPlay();
    return this.available(target) || (typeof target === "number" && this.onlyCover(target) !== null);
  }
  onlyCover(i) {
    if (!this.profile.coveringPair && BUG !== "blocked") return null;
    const covering = this.geometry.coveredBy[i].filter((j) => this.pyramid[j] !== null);
    return covering.length === 1 && this.isFree(covering[0]) ? covering[0] : null;
  }
  // The card at a target, or undefined where there is none.
  cardAt(target) {
    if (typeof target === "number") return this.pyramid[target] ?? undefined;
    if (target === "waste-below") return this.waste[this.waste.length - 2];
    const pile = this.pile(target) || [];
    return pile[pile.length - 1];
  }
  pairAllowed(a, b) {
    if (rankOf(this.cardAt(a)) + rankOf(this.cardAt(b)) !== 13) return false;
    if (this.available(a) && this.available(b)) return true;
    const both = [a, b].sort().join();
    if (both === "waste,waste-below") return this.belowInPlay();
    if (typeof a === "number" && typeof b === "number") return this.onlyCover(a) === b || this.onlyCover(b) === a;
    return false;
  }
  anyMove() {
    if (this.won()) return false;
    if (this.stock.length || this.canRecycle()) return true;
    const targets = this.targets().filter((t) => this.touchable(t));
    return targets.some(
      (a, n) =>
        (rankOf(this.cardAt(a)) === 13 && this.available(a)) ||
        targets.slice(n + 1).some((b) => this.pairAllowed(a, b)),
    );
  }
  status() {
    if (this.won()) return "won";
    return this.anyMove() ? "playing" : "no-more-moves";
  }

  play(change) {
    const saved = [this.pyramid, this.wastes, this.reserves, this.stock, this.score, this.recycles, this.freshDraw];
    this.history.push(JSON.stringify(saved));
    if (this.history.length > 100) this.history.shift();
    this.moves += 1;
    this.freshDraw = false;
    change();
    this.selected = null;
    if (this.status() === "no-more-moves") this.message = { key: "no-more-moves", params: {} };
  }
  remove(targets) {
    this.play(() => {
      // the card beneath the waste top goes before the top, so that the top is still the last
      for (const t of targets.slice().sort((x, y) => (x === "waste") - (y === "waste"))) {
        if (typeof t === "number") {
          this.pyramid[t] = null;
          this.score += BUG === "score" ? 5 : 10;
        } else if (t === "waste-below") {
          this.waste.splice(-2, 1);
        } else {
          this.pile(t).pop();
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
    if (target === "stock-top") return; // these profiles never put the stock's cards in play
    const onto = /^stock-to-waste(?:-([23]))?$/.exec(target);
    if (onto && !this.profile.choosePile) throw new Error(`${target}: the player names no waste pile here`);
    if (onto) return this.draw(Number(onto[1] || 1));
    const t = this.target(target);
    if (this.cardAt(t) === undefined) return;
    if (!this.touchable(t)) return this.blocked();
    if (rankOf(this.cardAt(t)) === 13) return this.available(t) ? this.remove([t]) : this.blocked();
    if (this.selected === null) this.selected = t;
    else if (this.selected === t) this.selected = null;
    else if (this.pairAllowed(this.selected, t)) this.remove([this.selected, t]);
    else if (rankOf(this.cardAt(this.selected)) + rankOf(this.cardAt(t)) !== 13) {
      this.message = { key: "sum-must-equal", params: { target: 13 } };
      this.selected = t;
    } else this.blocked(); // worth 13 but not a legal pair: blocked, the pick stays
  }
  // A target as the game knows it: a place's index, or the pile's name.
  target(name) {
    const place = /^r(\d+)c(\d+)$/.exec(name);
    if (place) {
      const [row, col] = [Number(place[1]), Number(place[2])];
      if (row > this.geometry.rows || col > row) throw new Error(`no place ${name} in ${this.geometry.rows} rows`);
      return indexOf(row, col);
    }
    if (name === "waste-below" || name === "waste" || PILE.test(name)) return name;
    throw new Error(`not a tap target: ${name}`);
  }
  tapStock() {
    if (this.stock.length) this.draw(1);
    else if (this.canRecycle()) {
      // the piles back into the stock, pile 1's bottom card on top, then pile 2's, pile 3's
      const cards = this.wastes.flat();
      this.play(() => {
        this.stock = BUG === "recycle" ? cards.reverse() : cards;
        this.wastes = this.wastes.map(() => []);
        this.recycles += 1;
      });
    }
  }
  draw(pile) {
    if (pile > this.wastes.length) throw new Error(`there is no waste pile ${pile}`);
    if (!this.stock.length) return;
    this.play(() => {
      this.wastes[pile - 1].push(this.stock.shift());
      this.freshDraw = true;
    });
  }
  undo() {
    this.selected = null;
    this.message = null;
    const saved = this.history.pop();
    if (saved === undefined) return;
    const restored = JSON.parse(saved);
    [this.pyramid, this.wastes, this.reserves, this.stock, this.score, this.recycles, this.freshDraw] = restored;
    if (BUG === "undo") this.moves -= 1;
  }

  snapshot() {
    const rows = [];
    for (let r = 1; r <= this.geometry.rows; r++) rows.push(this.pyramid.slice(indexOf(r, 1), indexOf(r, r) + 1));
    const name = (t) => (typeof t === "number" ? `r${this.geometry.places[t][0]}c${this.geometry.places[t][1]}` : t);
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
      ...(this.wastes.length > 1 ? { more_wastes: this.wastes.slice(1) } : {}),
      ...(this.reserves.length ? { reserves: this.reserves } : {}),
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
  const { pyramid, waste = [], stock = [], more_wastes = [], reserves = [] } = request.layout;
  const cell = (card) => (card === null || card === "--" ? null : parseCard(card));
  const piles = (list) => list.map((pile) => pile.map(parseCard));
  const layout = {
    pyramid: pyramid.flat().map(cell),
    wastes: piles([waste, ...more_wastes]),
    reserves: piles(reserves),
    stock: stock.map(parseCard),
  };
  const size = GEOMETRIES[profile.rows].places.length;
  if (layout.pyramid.length !== size) throw new Error(`a pyramid of ${profile.rows} rows has ${size} places`);
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
        revision: REVISION,
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
