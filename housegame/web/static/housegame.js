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

function lang() {
  return new URLSearchParams(window.location.search).get("lang") === "zh" ? "zh" : "en";
}
