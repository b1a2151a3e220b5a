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

// Show problems (a list of lines) in an element, as text: never as HTML.
function showErrors(element, lines) {
  element.replaceChildren();
  element.hidden = !lines || lines.length === 0;
  for (const line of lines || []) {
    const item = document.createElement("li");
    item.textContent = line;
    element.appendChild(item);
  }
}

// An element with text content (never innerHTML with data).
function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
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
