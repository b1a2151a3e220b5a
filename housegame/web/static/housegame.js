// housegame web table: the little JavaScript every page shares. No build step.
"use strict";

// POST a JSON body to the API; resolves to {ok, status, data}; data.errors lists problems.
async function postJSON(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  let data = null;
  try { data = await response.json(); } catch (e) { data = { errors: [response.statusText] }; }
  return { ok: response.ok, status: response.status, data };
}

async function getJSON(url) {
  const response = await fetch(url);
  let data = null;
  try { data = await response.json(); } catch (e) { data = { errors: [response.statusText] }; }
  return { ok: response.ok, status: response.status, data };
}

// A call to a game's API at `base` (in the page's language): the answer's data, or null once
// its problems are shown in `errorsElement`.
async function apiCall(base, errorsElement, method, path, body) {
  const url = base + path + (lang() === "zh" ? "?lang=zh" : "");
  const response = method === "GET" ? await getJSON(url) : await postJSON(url, body || {});
  if (!response.ok) { showErrors(errorsElement, response.data.errors); return null; }
  showErrors(errorsElement, []);
  return response.data;
}

// Keep a game's id in the page's address, so a reload goes on with the same game.
function rememberGame(id) {
  const params = new URLSearchParams(window.location.search);
  params.set("game", id);
  window.history.replaceState(null, "", window.location.pathname + "?" + params.toString());
}

// Text as the CLI shows it: control and bidi characters as escapes (\u202e), so a name can
// not reverse what the page says (tabs and line breaks stay: a page shows them as spaces).
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
function visible(text) {
  return String(text).replace(INVISIBLE, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x100 ? "\\x" + code.toString(16).padStart(2, "0")
      : "\\u" + code.toString(16).padStart(4, "0");
  });
}

// Show problems (a list of lines) in an element, as text: never as HTML.
function showErrors(element, lines) {
  element.replaceChildren();
  element.hidden = !lines || lines.length === 0;
  for (const line of lines || []) {
    const item = document.createElement("li");
    item.textContent = visible(line);
    element.appendChild(item);
  }
}

// An element with text content (never innerHTML with data).
function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = visible(text);
  if (className) node.className = className;
  return node;
}

// Units with their sign (+3, -1.5), as the CLI shows them.
function signed(value) {
  return (value > 0 ? "+" : "") + String(value);
}

// A card code (AS, TD) as players read it (A♠, 10♦); a card as an element (a button to tap,
// or a span), red suits marked, its code in data-card.
const CARD_SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

function cardFace(code) {
  const rank = code.slice(0, -1);
  return (rank === "T" ? "10" : rank) + (CARD_SUITS[code.slice(-1)] || code.slice(-1));
}

function cardNode(code, tag, extra) {
  const red = "HD".includes(code.slice(-1));
  const node = el(tag || "span", cardFace(code), "card" + (red ? " red" : "") + (extra || ""));
  node.dataset.card = code;
  if (tag === "button") node.type = "button";
  return node;
}

function lang() {
  return new URLSearchParams(window.location.search).get("lang") === "zh" ? "zh" : "en";
}
