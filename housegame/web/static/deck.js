// A deck to pick physical cards from, and card text as players type it: shared by the table
// calculator (table.js) and the table room (room.js). No build step.
"use strict";

const RANKS = "23456789TJQKA";
const SUITS = [["S", "♠"], ["H", "♥"], ["D", "♦"], ["C", "♣"]];

// A typed card as the deck names it: "10h", "T♥" and "TH" are all "TH"; anything else is
// kept as typed, for the API to refuse with its message.
function normalize(token) {
  let text = token.trim().toUpperCase();
  for (const [letter, symbol] of SUITS) text = text.split(symbol).join(letter);
  text = text.replace(/^10/, "T");
  return text;
}

function parseText(text) {
  return text.split(/[\s,]+/).filter((t) => t).map(normalize);
}

function cardLabel(card) {
  const suit = SUITS.find(([letter]) => letter === card[1]);
  const rank = card[0] === "T" ? "10" : card[0];
  return suit ? rank + suit[1] : card;
}

// The 52 cards as buttons in `deck`, a suit a row (A down to 2); a tap calls onClick(card).
// The deck is drawn once; markDeck marks the cards held, so a card keeps its focus.
function drawDeckInto(deck, onClick) {
  deck.replaceChildren();
  for (const [letter] of SUITS) {
    for (const rank of [...RANKS].reverse()) {
      const card = rank + letter;
      const button = el("button", cardLabel(card), "card");
      button.type = "button";
      button.dataset.card = card;
      if (letter === "H" || letter === "D") button.classList.add("red");
      if (rank === "A") button.classList.add("suit-start");
      button.addEventListener("click", () => onClick(card));
      deck.appendChild(button);
    }
  }
}

function markDeckIn(deck, isUsed) {
  for (const button of deck.querySelectorAll(".card")) {
    button.classList.toggle("used", isUsed(button.dataset.card));
  }
}
