// A deck to pick physical cards from, and card text as players type it: shared by the table
// calculator (table.js) and the table room (room.js). No build step.
"use strict";

const RANKS = "23456789TJQKA";
const SUITS = [["S", "♠"], ["H", "♥"], ["D", "♦"], ["C", "♣"]];

// A typed card as the deck names it: "10h", "T♥" and "TH" are all "TH", 王 / 小王 / 大王 are
// JK / JKS / JKB; anything else is kept as typed, for the API to refuse with its message.
const JOKER_WORDS = { "王": "JK", "小王": "JKS", "大王": "JKB" };

function normalize(token) {
  let text = token.trim().toUpperCase();
  if (JOKER_WORDS[text]) return JOKER_WORDS[text];
  for (const [letter, symbol] of SUITS) text = text.split(symbol).join(letter);
  text = text.replace(/^10/, "T");
  return text;
}

function parseText(text) {
  return text.split(/[\s,]+/).filter((t) => t).map(normalize);
}

const JOKERS = ["JK", "JKS", "JKB"];

function cardLabel(card) {
  if (JOKERS.includes(card)) return card;
  const suit = SUITS.find(([letter]) => letter === card[1]);
  const rank = card[0] === "T" ? "10" : card[0];
  return suit ? rank + suit[1] : card;
}

// The standard deck: every one of the 52 cards once, no jokers.
const STANDARD_COPIES = Object.fromEntries(
  SUITS.flatMap(([letter]) => [...RANKS].map((rank) => [rank + letter, 1])));

function cardButton(card, copies, onClick) {
  const button = el("button", cardLabel(card), "card");
  button.type = "button";
  button.dataset.card = card;
  button.dataset.copies = String(copies);
  if (card[1] === "H" || card[1] === "D" || card === "JKB") button.classList.add("red");
  if (copies > 1) {
    const badge = el("span", "×" + copies, "copies");
    button.appendChild(badge);
  }
  button.addEventListener("click", () => onClick(card));
  return button;
}

// The deck's cards as buttons in `deck`, a suit a row (A down to 2), then the jokers; a tap
// calls onClick(card). `copies` maps each card the ruleset's deck holds to how many times (a
// card 加一色 adds is there twice: its button says ×2); the standard 52 by default. The deck
// is drawn once per deck; markDeckIn marks the cards held, so a card keeps its focus.
function drawDeckInto(deck, onClick, copies = STANDARD_COPIES) {
  deck.replaceChildren();
  deck.dataset.size = String(Object.values(copies).reduce((a, b) => a + b, 0));
  for (const [letter] of SUITS) {
    for (const rank of [...RANKS].reverse()) {
      const card = rank + letter;
      if (!copies[card]) continue;
      const button = cardButton(card, copies[card], onClick);
      if (rank === "A") button.classList.add("suit-start");
      deck.appendChild(button);
    }
  }
  for (const [i, card] of JOKERS.filter((j) => copies[j]).entries()) {
    const button = cardButton(card, copies[card], onClick);
    if (i === 0) button.classList.add("suit-start");
    deck.appendChild(button);
  }
}

// `held(card)`: how many copies are held (true / false for one). A card is used when every
// copy is; a card the deck holds several times shows the copies still free.
function markDeckIn(deck, held) {
  for (const button of deck.querySelectorAll(".card")) {
    const copies = Number(button.dataset.copies || "1");
    const count = Number(held(button.dataset.card));
    button.classList.toggle("used", count >= copies);
    const badge = button.querySelector(".copies");
    if (badge) badge.textContent = "×" + Math.max(copies - count, 0);
  }
}
