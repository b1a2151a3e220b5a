// The table calculator: pick each player's cards from a deck (deck.js; or type them), then score the
// table under one ruleset (POST /api/score) or compare several (POST /api/compare). Fouls are
// checked by the API under each chosen ruleset (POST /api/setting/check): the ranking is the
// ruleset's, never this page's.
"use strict";

const SIZES = { front: 3, middle: 5, back: 5, cards: 13 };
const LANES = ["front", "middle", "back"];
const WORDS = {
  en: {
    front: "front", middle: "middle", back: "back", cards: "13 cards", lanes: "lanes",
    loose: "13 loose cards", arrange: "Arrange", player: "Player", foul: "FOUL",
    refused: "refuses foul settings: it cannot score this table", under: "under", vs: "vs",
    net: "net to", to: "to", tied: "tied", totals: "totals", total: "total", points: "points",
    ruleset: "ruleset", banker: "banker", declares: "declares", surrenders: "surrenders",
    pool: "pool", settlements: "settlements", skipped: "skipped", choose: "choose at least one ruleset", unit: "unit",
    note: "note", checking: "checking…", declare: "declare", surrender: "surrender",
    default: "(default)", seats: "the calculator seats 2-6 players; this table has",
    deck: "deck", cardsWord: "cards", seatsUpTo: "seats up to",
  },
  zh: {
    front: "头道", middle: "中道", back: "尾道", cards: "13 张", lanes: "三道",
    loose: "13 张散牌", arrange: "自动摆牌", player: "玩家", foul: "倒水",
    refused: "不允许倒水: 不能按它算分", under: "规则", vs: "vs",
    net: "净得", to: "胜", tied: "平", totals: "合计", total: "合计", points: "分",
    ruleset: "规则", banker: "庄家", declares: "报到", surrenders: "投降",
    pool: "彩池", settlements: "个人结算", skipped: "跳过", choose: "请至少选一个规则", unit: "单位",
    note: "备注", checking: "检查中…", declare: "报到", surrender: "投降",
    default: "(默认)", seats: "算分页面只能坐 2-6 人; 这张牌桌有",
    deck: "牌", cardsWord: "张", seatsUpTo: "最多人数",
  },
};
const W = WORDS[lang()];

const EXAMPLE = [
  { name: "You", front: "QS QH QD", middle: "5S 5H 5D KS KH", back: "9S 9H 9D 9C 2S" },
  { name: "Opponent", front: "AC KD 7C", middle: "JC JD 8S 6C 4D", back: "AH TH 6H 3H 2H" },
  { name: "West", front: "2C 3C 4C", middle: "6D 7D 8D TC 2D", back: "AD AS 3D 3S 4S" },
  { name: "North", front: "5C 6S 7S", middle: "TD TS KC QC 7H", back: "8C 8H JH JS 4H" },
];

const state = {
  players: [newPlayer("Ann"), newPlayer("Bo")],
  active: { player: 0, slot: "front" },
};

function newPlayer(name) {
  return {
    name, mode: "lanes", front: [], middle: [], back: [], cards: [], status: null,
    declare: "", surrender: false,
  };
}

function slotsOf(player) {
  return player.mode === "lanes" ? LANES : ["cards"];
}

// Each ruleset's deck as the calculator shows it (GET /table's #decks): copies of every card
// it holds, and the most players it seats. The deck shown is the first chosen ruleset's.
const DECKS = JSON.parse(document.getElementById("decks").textContent);
const STANDARD = { copies: STANDARD_COPIES, seats: 4, size: 52 };

function deckSpec() {
  const [ruleset] = chosenRulesets();
  const spec = DECKS[ruleset] || STANDARD;
  if (!spec.copies) spec.copies = STANDARD_COPIES;
  return spec;
}

function heldCount(card) {
  let count = 0;
  for (const player of state.players) {
    for (const slot of slotsOf(player)) count += player[slot].filter((c) => c === card).length;
  }
  return count;
}

function holderOf(card) {
  for (const [i, player] of state.players.entries()) {
    for (const slot of slotsOf(player)) {
      if (player[slot].includes(card)) return { player: i, slot };
    }
  }
  return null;
}

// --- drawing -----------------------------------------------------------------------------

// The deck (deck.js) is drawn for the first chosen ruleset (its jokers, extra suits and
// cards held twice); a change marks the cards held (markDeck).
let drawnDeck = null;

function drawDeck() {
  const spec = deckSpec();
  if (spec !== drawnDeck) {
    drawnDeck = spec;
    drawDeckInto(document.getElementById("deck"), clickCard, spec.copies);
    const caption = document.getElementById("deck-caption");
    caption.textContent = `${W.deck}: ${spec.size} ${W.cardsWord}; ${W.seatsUpTo} ${spec.seats}`;
  }
  markDeck();
}

function markDeck() {
  markDeckIn(document.getElementById("deck"), heldCount);
}

function drawPlayers() {
  const box = document.getElementById("players");
  box.replaceChildren();
  state.players.forEach((player, i) => box.appendChild(drawPlayer(player, i)));
  drawBankers();
}

function drawPlayer(player, i) {
  const node = el("div", null, "player");
  node.dataset.player = String(i);
  node.dataset.mode = player.mode;
  const name = el("input", null, "name");
  name.value = player.name;
  name.setAttribute("aria-label", W.player + " " + (i + 1));
  name.addEventListener("input", () => { player.name = name.value; drawBankers(); });
  node.appendChild(name);
  const modes = el("div", null, "modes");
  for (const [mode, text] of [["lanes", W.lanes], ["cards", W.loose]]) {
    const label = el("label");
    const radio = el("input");
    radio.type = "radio";
    radio.name = "mode-" + i;
    radio.value = mode;
    radio.checked = player.mode === mode;
    radio.addEventListener("change", () => setMode(i, mode));
    label.append(radio, " " + text + " ");
    modes.appendChild(label);
  }
  node.appendChild(modes);
  for (const slot of slotsOf(player)) node.appendChild(drawSlot(player, i, slot));
  if (player.mode === "cards") {
    const button = el("button", W.arrange, "secondary arrange");
    button.type = "button";
    button.addEventListener("click", () => arrangePlayer(i));
    node.appendChild(button);
  }
  node.appendChild(drawOptions(player));
  const status = el("p", null, "status");
  if (player.status) {
    status.textContent = player.status.text;
    if (player.status.foul) status.classList.add("foul");
  }
  node.appendChild(status);
  return node;
}

// A table file's `declare:` (auto, force, none) and `surrender:` for this player.
function drawOptions(player) {
  const box = el("div", null, "options");
  const label = el("label", W.declare + " ");
  const select = el("select", null, "declare");
  for (const value of ["", "auto", "force", "none"]) {
    const option = el("option", value || W.default);
    option.value = value;
    select.appendChild(option);
  }
  select.value = player.declare;
  select.addEventListener("change", () => { player.declare = select.value; });
  label.appendChild(select);
  const give = el("label");
  const tick = el("input", null, "surrender");
  tick.type = "checkbox";
  tick.checked = player.surrender;
  tick.addEventListener("change", () => { player.surrender = tick.checked; });
  give.append(tick, " " + W.surrender);
  box.append(label, " ", give);
  return box;
}

function drawSlot(player, i, slot) {
  const row = el("div", null, "slot");
  row.dataset.slot = slot;
  if (state.active.player === i && state.active.slot === slot) row.classList.add("active");
  row.appendChild(el("span", W[slot], "label"));
  const input = el("input");
  input.value = player[slot].join(" ");
  input.setAttribute("aria-label", player.name + " " + W[slot]);
  input.addEventListener("focus", () => activate(i, slot));
  input.addEventListener("change", () => {
    player[slot] = parseText(input.value);
    input.value = player[slot].join(" ");
    changed(i);
  });
  row.appendChild(input);
  const count = el("span", player[slot].length + "/" + SIZES[slot], "count");
  if (player[slot].length === SIZES[slot]) count.classList.add("full");
  row.appendChild(count);
  row.addEventListener("click", (event) => { if (event.target !== input) activate(i, slot); });
  return row;
}

function drawBankers() {
  const select = document.getElementById("banker");
  const chosen = select.value;
  while (select.options.length > 1) select.remove(1);
  for (const player of state.players) {
    const option = el("option", player.name);
    option.value = player.name;
    select.appendChild(option);
  }
  select.value = state.players.some((p) => p.name === chosen) ? chosen : "";
}

function redraw() {
  drawPlayers();
  markDeck();
}

function playerNode(i) {
  return document.querySelector(`.player[data-player='${i}']`);
}

// One player's lanes, counts and status after a change, in place: the other players are left
// alone, and Tab from a typed lane goes on to the next one (a new node would take the focus).
// A new mode (lanes or 13 cards) draws the player anew.
function refreshPlayer(i) {
  const player = state.players[i];
  const node = playerNode(i);
  if (!node || node.dataset.mode !== player.mode) {
    const fresh = drawPlayer(player, i);
    if (node) node.replaceWith(fresh);
    else document.getElementById("players").appendChild(fresh);
    return;
  }
  for (const row of node.querySelectorAll(".slot")) {
    const slot = row.dataset.slot;
    const input = row.querySelector("input");
    if (input !== document.activeElement) input.value = player[slot].join(" ");
    const count = row.querySelector(".count");
    count.textContent = player[slot].length + "/" + SIZES[slot];
    count.classList.toggle("full", player[slot].length === SIZES[slot]);
  }
  drawStatus(i);
}

function markActive() {
  for (const row of document.querySelectorAll(".slot")) {
    const here = row.closest(".player").dataset.player === String(state.active.player)
      && row.dataset.slot === state.active.slot;
    row.classList.toggle("active", here);
  }
}

// --- editing -------------------------------------------------------------------------------

function activate(i, slot) {
  state.active = { player: i, slot };
  markActive();
}

// A tap adds the card to the active lane while the deck has a copy free, else takes one back.
function clickCard(card) {
  const holder = heldCount(card) >= (deckSpec().copies[card] || 0) ? holderOf(card) : null;
  if (holder) {
    const player = state.players[holder.player];
    const at = player[holder.slot].lastIndexOf(card);
    player[holder.slot] = player[holder.slot].filter((_, k) => k !== at);
    changed(holder.player);
    return;
  }
  const current = state.players[state.active.player];
  if (current && current[state.active.slot].length >= SIZES[state.active.slot]) advance();
  const { player: i, slot } = state.active;
  const player = state.players[i];
  if (!player || player[slot].length >= SIZES[slot]) return;
  player[slot].push(card);
  if (player[slot].length === SIZES[slot]) advance();
  changed(i);
}

// The next slot that still needs cards, this player's first, then the next players'.
function advance() {
  const count = state.players.length;
  for (let step = 0; step < count; step++) {
    const i = (state.active.player + step) % count;
    const player = state.players[i];
    const free = slotsOf(player).find((slot) => player[slot].length < SIZES[slot]);
    if (free) { state.active = { player: i, slot: free }; return; }
  }
}

function setMode(i, mode) {
  const player = state.players[i];
  if (mode === "cards") player.cards = [...player.front, ...player.middle, ...player.back];
  else {
    const cards = player.cards;
    player.front = cards.slice(0, 3);
    player.middle = cards.slice(3, 8);
    player.back = cards.slice(8, 13);
  }
  player.mode = mode;
  player.status = null;
  state.active = { player: i, slot: slotsOf(player)[0] };
  changed(i);
}

function changed(i) {
  refreshPlayer(i);
  markActive();
  markDeck();
  checkFoul(i);
}

function chosenRulesets() {
  return [...document.querySelectorAll("#rulesets input:checked")].map((box) => box.value);
}

// --- the API ---------------------------------------------------------------------------------

const pending = new Map();

// The API answers hands, items and reasons in the page's language (?lang=zh).
function inLang(url) {
  return lang() === "zh" ? url + "?lang=zh" : url;
}

// As soon as a player's three lanes are complete, rank them under every chosen ruleset.
async function checkFoul(i) {
  const player = state.players[i];
  const complete = player.mode === "lanes" && LANES.every((l) => player[l].length === SIZES[l]);
  if (!complete) {
    if (player.status) { player.status = null; drawStatus(i); }
    return;
  }
  const rulesets = chosenRulesets();
  if (rulesets.length === 0) return;
  const ticket = (pending.get(player) || 0) + 1;
  pending.set(player, ticket);
  const lanes = { front: player.front.join(" "), middle: player.middle.join(" "),
                  back: player.back.join(" ") };
  const answers = await Promise.all(rulesets.map((ruleset) =>
    postJSON(inLang("/api/setting/check"), { ruleset, ...lanes })));
  if (pending.get(player) !== ticket || state.players[i] !== player) return;
  const failed = answers.find((a) => !a.ok);
  if (failed) {
    player.status = { foul: true, text: failed.data.errors.join(" ") };
  } else {
    const fouls = answers.map((a) => a.data).filter((d) => d.fouled);
    if (fouls.length) {
      const refused = fouls.filter((d) => d.refused).map((d) => d.ruleset);
      const names = fouls.map((d) => d.ruleset).join(", ");
      let text = `${W.foul} (${W.under} ${names}): ${fouls[0].reason}`;
      if (refused.length) text += `; ${refused.join(", ")} ${W.refused}`;
      player.status = { foul: true, text };
    } else {
      const hands = answers[0].data.hands;
      const declared = answers.map((a) => a.data).filter((d) => d.declared)
        .map((d) => `${d.ruleset}: ${W.declares} ${d.declared}`);
      const text = [...LANES.map((l) => hands[l]), ...declared].join(" · ");
      player.status = { foul: false, text };
    }
  }
  drawStatus(i);
}

// Only the status line: a redraw of the whole player would take the focus from a name or a
// lane being typed while the answer came.
function drawStatus(i) {
  const node = document.querySelector(`.player[data-player='${i}'] .status`);
  const status = state.players[i] && state.players[i].status;
  if (!node) return;
  node.textContent = status ? status.text : "";
  node.classList.toggle("foul", Boolean(status && status.foul));
}

async function arrangePlayer(i) {
  const player = state.players[i];
  const errors = document.getElementById("errors");
  const [ruleset] = chosenRulesets();
  if (!ruleset) { showErrors(errors, [W.choose]); return; }
  const answer = await postJSON("/api/arrange", { cards: player.cards.join(" "), ruleset, top: 0 });
  if (!answer.ok) { showErrors(errors, answer.data.errors); return; }
  showErrors(errors, []);
  for (const lane of LANES) player[lane] = parseText(answer.data[lane]);
  player.mode = "lanes";
  changed(i);
}

function tableJSON() {
  const players = state.players.map((player) => {
    const entry = { name: player.name };
    for (const slot of slotsOf(player)) entry[slot] = player[slot].join(" ");
    if (player.declare) entry.declare = player.declare;
    if (player.surrender) entry.surrender = true;
    return entry;
  });
  return { players };
}

async function scoreTable() {
  const errors = document.getElementById("errors");
  const results = document.getElementById("results");
  const rulesets = chosenRulesets();
  const banker = document.getElementById("banker").value || null;
  if (rulesets.length === 0) { showErrors(errors, [W.choose]); return; }
  const table = tableJSON();
  const answer = rulesets.length === 1
    ? await postJSON(inLang("/api/score"), { table, ruleset: rulesets[0], banker })
    : await postJSON(inLang("/api/compare"), { table, rulesets, banker });
  results.replaceChildren();
  if (!answer.ok) { showErrors(errors, answer.data.errors); return; }
  showErrors(errors, []);
  if (rulesets.length === 1) {
    results.appendChild(drawResult(answer.data));
  } else {
    results.appendChild(drawComparison(answer.data));
    for (const [rid, entry] of Object.entries(answer.data.rulesets)) {
      results.appendChild(drawResult(entry.result));
    }
  }
}

// A table file's text, read by the API (as `housegame validate` reads a table), into the page.
async function openTable(text, name) {
  const errors = document.getElementById("errors");
  const answer = await postJSON("/api/tables/read", { text, name });
  if (!answer.ok) { showErrors(errors, answer.data.errors); return; }
  const table = answer.data;
  if (table.players.length < 2 || table.players.length > 6) {
    showErrors(errors, [`${W.seats} ${table.players.length}`]);
    return;
  }
  showErrors(errors, []);
  const asList = (text) => parseText(Array.isArray(text) ? text.join(" ") : text || "");
  state.players = table.players.map((entry) => {
    const player = newPlayer(entry.name);
    player.mode = entry.cards ? "cards" : "lanes";
    for (const slot of [...LANES, "cards"]) player[slot] = asList(entry[slot]);
    player.declare = entry.declare || "";
    player.surrender = Boolean(entry.surrender);
    return player;
  });
  state.active = { player: 0, slot: slotsOf(state.players[0])[0] };
  const boxes = [...document.querySelectorAll("#rulesets input")];
  if (table.ruleset && boxes.some((box) => box.value === table.ruleset)) {
    for (const box of boxes) box.checked = box.value === table.ruleset;
  }
  redraw();
  document.getElementById("banker").value = table.banker || "";
  state.players.forEach((_, i) => checkFoul(i));
}

function saveTable() {
  const table = tableJSON();
  const [ruleset] = chosenRulesets();
  const banker = document.getElementById("banker").value;
  const file = { ...(ruleset ? { ruleset } : {}), ...(banker ? { banker } : {}), ...table };
  const blob = new Blob([JSON.stringify(file, null, 2) + "\n"], { type: "application/json" });
  const link = el("a");
  link.href = URL.createObjectURL(blob);
  link.download = "table.json";
  link.click();
  URL.revokeObjectURL(link.href);
}

// --- results ----------------------------------------------------------------------------------

function drawComparison(data) {
  const box = el("div", null, "comparison");
  const table = el("table");
  table.id = "comparison";
  const head = el("tr");
  head.appendChild(el("th", W.ruleset));
  for (const name of data.players) head.appendChild(el("th", name, "num"));
  head.appendChild(el("th", W.unit));
  table.appendChild(el("thead")).appendChild(head);
  const body = table.appendChild(el("tbody"));
  for (const [rid, entry] of Object.entries(data.rulesets)) {
    const row = el("tr");
    row.dataset.ruleset = rid;
    row.appendChild(el("td", rid));
    for (const name of data.players) row.appendChild(unitsCell(entry.totals[name]));
    row.appendChild(el("td", entry.unit, "muted"));
    body.appendChild(row);
  }
  box.appendChild(table);
  for (const [rid, reason] of Object.entries(data.skipped)) {
    box.appendChild(el("p", `${W.skipped} ${rid}: ${reason}`, "muted"));
  }
  return box;
}

function unitsCell(value) {
  const cell = el("td", signed(value), "num");
  if (value > 0) cell.classList.add("positive");
  if (value < 0) cell.classList.add("negative");
  return cell;
}

function drawResult(result) {
  const box = el("section", null, "result");
  box.dataset.ruleset = result.ruleset;
  let title = `${W.ruleset} ${result.ruleset}`;
  if (result.banker) title += ` · ${W.banker} ${result.banker}`;
  box.appendChild(el("h2", title));
  const hands = el("table", null, "hands");
  const head = el("tr");
  for (const text of ["", W.front, W.middle, W.back, W.note]) head.appendChild(el("th", text));
  hands.appendChild(el("thead")).appendChild(head);
  const body = hands.appendChild(el("tbody"));
  for (const player of result.players) {
    const row = el("tr");
    row.appendChild(el("td", player.name));
    for (const lane of LANES) row.appendChild(el("td", player[lane] || ""));
    row.appendChild(noteCell(player));
    body.appendChild(row);
  }
  box.appendChild(hands);
  for (const pair of result.pairs) box.append(...drawPair(pair));
  for (const [heading, entries] of [[W.pool, result.pool], [W.settlements, result.settlements || []]]) {
    if (!entries.length) continue;
    box.appendChild(el("h3", heading));
    const list = el("table", null, "breakdown");
    for (const entry of entries) {
      list.appendChild(itemRow(entry.units, `${entry.player}: ${entry.label}`, entry.detail));
    }
    box.appendChild(list);
  }
  box.appendChild(el("h3", W.totals));
  box.appendChild(totalsTable(result));
  return box;
}

function noteCell(player) {
  if (player.declared) return el("td", `${W.declares} ${player.declared_name} (${player.declared_points})`, "note");
  if (player.surrendered) return el("td", W.surrenders, "note");
  if (player.fouled) return el("td", W.foul, "note foul");
  return el("td", "", "note");
}

function drawPair(pair) {
  const [first, second] = pair.players;
  const heading = el("h3", `${first} ${W.vs} ${second}`);
  const table = el("table", null, "breakdown");
  const laneItems = new Map(pair.items.filter((i) => i.kind === "lane").map((i) => [i.lane, i]));
  const shownLanes = new Set(pair.lanes.map((l) => l.lane));
  for (const lane of pair.lanes) {
    const item = laneItems.get(lane.lane);
    const won = lang() === "zh" ? `${lane.winner} ${W.to}` : `${W.to} ${lane.winner}`;  // 头道 You 胜
    const label = lane.winner ? `${W[lane.lane]} ${won}` : `${W[lane.lane]} ${W.tied}`;
    const row = itemRow(item ? item.units : null, label, lane.hands.join(" vs "));
    row.classList.add("lane");
    table.appendChild(row);
  }
  for (const item of pair.items) {
    if (item.kind !== "lane" || !shownLanes.has(item.lane)) {
      table.appendChild(itemRow(item.units, item.label, item.detail));
    }
  }
  const net = itemRow(pair.net[first], `${W.net} ${first}`, "");
  net.classList.add("net");
  table.appendChild(net);
  return [heading, table];
}

function itemRow(units, label, detail) {
  const row = el("tr");
  row.appendChild(el("td", units === null || units === undefined ? "" : signed(units), "units"));
  row.appendChild(el("td", label, "label"));
  row.appendChild(el("td", detail || "", "detail"));
  return row;
}

function totalsTable(result) {
  const table = el("table", null, "totals");
  const head = el("tr");
  const withPoints = Object.keys(result.points || {}).some((n) => result.points[n] !== result.totals[n]);
  const columns = ["", `${W.total} (${result.unit})`];
  if (withPoints) columns.push(W.points);
  for (const text of columns) head.appendChild(el("th", text));
  table.appendChild(el("thead")).appendChild(head);
  const body = table.appendChild(el("tbody"));
  for (const [name, value] of Object.entries(result.totals)) {
    const row = el("tr");
    row.dataset.player = name;
    row.appendChild(el("td", name));
    row.appendChild(unitsCell(value));
    if (withPoints) row.appendChild(unitsCell(result.points[name]));
    body.appendChild(row);
  }
  return table;
}

// --- wiring -------------------------------------------------------------------------------------

document.getElementById("add-player").addEventListener("click", () => {
  if (state.players.length >= deckSpec().seats) return;
  state.players.push(newPlayer(`${W.player} ${state.players.length + 1}`));
  redraw();
});
document.getElementById("remove-player").addEventListener("click", () => {
  if (state.players.length <= 2) return;
  state.players.pop();
  if (state.active.player >= state.players.length) state.active = { player: 0, slot: "front" };
  redraw();
});
document.getElementById("clear").addEventListener("click", () => {
  state.players = state.players.map((p) => newPlayer(p.name));
  state.active = { player: 0, slot: "front" };
  redraw();
});
document.getElementById("load-example").addEventListener("click", () => {
  state.players = EXAMPLE.map((entry) => {
    const player = newPlayer(entry.name);
    for (const lane of LANES) player[lane] = parseText(entry[lane]);
    return player;
  });
  redraw();
  state.players.forEach((_, i) => checkFoul(i));
});
document.getElementById("rulesets").addEventListener("change", () => {
  drawDeck();
  state.players.forEach((_, i) => checkFoul(i));
});
document.getElementById("score").addEventListener("click", scoreTable);
document.getElementById("load-table").addEventListener("click", async () => {
  const upload = document.getElementById("table-file").files[0];
  if (upload) await openTable(await upload.text(), upload.name);
  else await openTable(document.getElementById("table-text").value, "table.yaml");
});
document.getElementById("download-table").addEventListener("click", saveTable);
drawPlayers();
drawDeck();
