#!/usr/bin/env node
// A small Pyramid solitaire engine in JavaScript that knows moves, not taps, and speaks the
// suite's moves protocol (docs/moves-protocol.md): it lists its legal moves, plays one, takes
// one back and shows its table. The suite's move shim turns every scenario's taps into these
// moves and compares the moves listed with the rules' at every state. It plays the app's
// rules: pairs adding up to 13 among the free pyramid cards and the waste's top card, Kings
// alone, a draw of one card, recycling the waste as often as the player likes, undo.
//
//   pyramide check --moves-cmd "node docs/examples/js-moves-engine/engine.js"
"use strict";

const readline = require("node:readline");

const MOVES_PROTOCOL = 1;
const RANKS = { A: 1, T: 10, 10: 10, J: 11, Q: 12, K: 13 };
for (let n = 2; n <= 9; n++) RANKS[String(n)] = n;
const ASCII_RANK = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];

function parseCard(text) {
  const rank = RANKS[text.slice(0, -1)];
  const suit = text.slice(-1);
  if (!rank || !"CDHS".includes(suit)) throw new Error(`not a card: ${text}`);
  return ASCII_RANK[rank] + suit;
}
const rankOf = (card) => RANKS[card[0]];

// Places 0..27 in reading order; place (r, c) lies under (r+1, c) and (r+1, c+1).
const indexOf = (row, col) => (row * (row - 1)) / 2 + col - 1;
const COVERED_BY = [];
for (let r = 1; r <= 7; r++) {
  for (let c = 1; c <= r; c++) COVERED_BY.push(r < 7 ? [indexOf(r + 1, c), indexOf(r + 1, c + 1)] : []);
}

class Game {
  constructor({ pyramid, waste = [], stock = [] }) {
    const cell = (card) => (card === null || card === "--" ? null : parseCard(card));
    this.pyramid = pyramid.flat().map(cell); // 28 places, null once removed
    if (this.pyramid.length !== 28) throw new Error("a pyramid has 28 places");
    this.waste = waste.map(parseCard); // bottom first
    this.stock = stock.map(parseCard); // top first
    this.score = 0;
    this.moves = 0;
    this.history = [];
  }

  // The cards in play: each free pyramid card (nothing left on it) and the waste's top card.
  freeCards() {
    const free = this.pyramid.filter((card, i) => card !== null && COVERED_BY[i].every((j) => this.pyramid[j] === null));
    return this.waste.length ? [...free, this.waste[this.waste.length - 1]] : free;
  }

  legalMoves() {
    if (this.pyramid.every((card) => card === null)) return []; // won
    const free = this.freeCards();
    const moves = free.filter((card) => rankOf(card) === 13);
    free.forEach((a, n) => {
      for (const b of free.slice(n + 1)) if (rankOf(a) + rankOf(b) === 13) moves.push(`${a}+${b}`);
    });
    if (this.stock.length) moves.push("draw");
    else if (this.waste.length) moves.push("recycle");
    return moves;
  }

  play(move) {
    if (!this.legalMoves().includes(move)) throw new Error(`not a legal move: ${move}`);
    this.history.push(JSON.stringify([this.pyramid, this.waste, this.stock, this.score]));
    if (this.history.length > 100) this.history.shift(); // undo goes back 100 moves at most
    this.moves += 1;
    if (move === "draw") this.waste.push(this.stock.shift());
    else if (move === "recycle") [this.stock, this.waste] = [this.waste, []];
    else for (const card of move.split("+")) this.remove(card);
  }

  remove(card) {
    const place = this.pyramid.indexOf(card);
    if (place >= 0) {
      this.pyramid[place] = null;
      this.score += 10;
    } else this.waste.pop();
  }

  // Undo restores the table and the score; the move counter goes on counting (the app's way).
  undo() {
    const saved = this.history.pop();
    if (saved !== undefined) [this.pyramid, this.waste, this.stock, this.score] = JSON.parse(saved);
  }

  state() {
    const rows = [];
    for (let r = 1; r <= 7; r++) rows.push(this.pyramid.slice(indexOf(r, 1), indexOf(r, r) + 1));
    const won = this.pyramid.every((card) => card === null);
    return {
      pyramid: rows,
      waste: this.waste,
      stock_size: this.stock.length,
      stock: this.stock,
      score: this.score,
      moves: this.moves,
      status: won ? "won" : this.legalMoves().length ? "playing" : "no-more-moves",
    };
  }
}

let game = null;

function answer(request) {
  if (request.op === "hello") {
    if (request.moves_protocol !== MOVES_PROTOCOL) {
      return { ok: false, moves_protocol: MOVES_PROTOCOL, error: `I speak moves protocol ${MOVES_PROTOCOL}` };
    }
    return {
      ok: true,
      moves_protocol: MOVES_PROTOCOL,
      engine: { name: "js-moves-example", version: "1.0.0" },
      capabilities: { undo: true, stock_order: true, profiles: ["app"] },
    };
  }
  try {
    if (request.op === "new_game") {
      if (!request.layout) throw new Error("this engine starts from a layout only");
      game = new Game(request.layout);
      return { id: request.id, ok: true };
    }
    if (game === null) throw new Error("no game started");
    if (request.op === "legal_moves") return { id: request.id, moves: game.legalMoves() };
    if (request.op === "state") return { id: request.id, state: game.state() };
    if (request.op === "play") game.play(request.move);
    else if (request.op === "undo") game.undo();
    else throw new Error(`unknown op ${request.op}`);
    return { id: request.id, ok: true };
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
