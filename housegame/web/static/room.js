// The table room: open a room (/room), or sit in one (/room/CODE). Every action is a
// same-origin call to /api/rooms/CODE/...; the page draws the state the server returns (text
// only, never HTML) and asks for it again every two seconds. The host's and this player's
// tokens are kept in this browser (localStorage, per room), so a reload gets back in; they
// travel in headers, never in the address.
"use strict";

const WORDS = {
  en: {
    round: "round", entered: "entered", waiting: "not yet", you: "you", lanes: "lanes",
    front: "front", middle: "middle", back: "back", vs: "vs", net: "net to", total: "total",
    player: "player", last: "Round", hands: "hands", foul: "FOUL", sure: "Close this room for good?",
    yourEntry: "your hand is in", edited: "changed: enter it again", nobody: "nobody yet",
    declares: "declares", surrenders: "surrenders", banker: "banker", leader: "ahead",
  },
  zh: {
    round: "第几轮", entered: "已交牌", waiting: "还没交", you: "你", lanes: "三道",
    front: "头道", middle: "中道", back: "尾道", vs: "vs", net: "净得", total: "合计",
    player: "玩家", last: "第几轮", hands: "手牌", foul: "倒水", sure: "确定永久关闭这个房间?",
    yourEntry: "你的牌已交", edited: "改过了: 请再交一次", nobody: "还没有人",
    declares: "报到", surrenders: "投降", banker: "庄家", leader: "领先",
  },
};
const W = WORDS[lang()];
const LANES = ["front", "middle", "back"];
const SIZES = { front: 3, middle: 5, back: 5 };
const errors = document.getElementById("errors");

function inLang(url) {
  return lang() === "zh" ? url + "?lang=zh" : url;
}

// A call to the room's API with this browser's tokens; {ok, status, data, tag}.
async function send(method, url, body, headers) {
  const options = { method, headers: { ...(headers || {}) } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(inLang(url), options);
  let data = null;
  if (response.status !== 304) {
    try { data = await response.json(); } catch (e) { data = { errors: [response.statusText] }; }
  }
  return { ok: response.ok, status: response.status, data, tag: response.headers.get("ETag") };
}

function tokenKey(code) { return "housegame-room:" + code; }

function savedTokens(code) {
  try { return JSON.parse(window.localStorage.getItem(tokenKey(code))) || {}; } catch (e) { return {}; }
}

function saveTokens(code, tokens) {
  window.localStorage.setItem(tokenKey(code), JSON.stringify(tokens));
}

// ---- opening a room (/room) ---------------------------------------------------------------

const newRoom = document.getElementById("new-room");
if (newRoom) {
  newRoom.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = {};
    const name = document.getElementById("host-name").value.trim();
    if (name) body.name = name;
    const file = document.getElementById("ruleset-file").files[0];
    if (file) body.yaml = await file.text();
    else body.ruleset = document.getElementById("ruleset").value;
    const answer = await send("POST", "/api/rooms", body);
    if (!answer.ok) { showErrors(errors, answer.data.errors); return; }
    const room = answer.data;
    saveTokens(room.code, { host: room.host_token, player: room.player_token || undefined });
    window.location.assign(inLang(room.path));
  });
}

// ---- sitting in a room (/room/CODE) ------------------------------------------------------

const roomBox = document.getElementById("room");
if (roomBox) sitIn(roomBox);

function sitIn(box) {
  const code = box.dataset.code;
  const api = "/api/rooms/" + encodeURIComponent(code);
  const tokens = savedTokens(code);
  // a player's own link (#player=TOKEN) brings the token to this browser, then leaves the
  // address: the address bar is what gets shared
  const given = new URLSearchParams(window.location.hash.slice(1));
  if (given.get("player")) tokens.player = given.get("player");
  if (window.location.hash) {
    saveTokens(code, tokens);
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
  }
  let state = null;
  let hand = { front: [], middle: [], back: [] };
  let active = "front";
  let edited = false;
  let shownRound = null;

  function headers() {
    const sent = {};
    if (tokens.player) sent["X-Room-Player"] = tokens.player;
    if (tokens.host) sent["X-Room-Host"] = tokens.host;
    return sent;
  }

  async function call(method, path, body) {
    const answer = await send(method, api + path, body, headers());
    if (!answer.ok) { showErrors(errors, answer.data.errors); return null; }
    showErrors(errors, []);
    return answer.data;
  }

  // ---- the lanes and the deck ------------------------------------------------------------

  // The ruleset's deck (GET /table's deck of it): a card 加一色 adds is there twice, jokers too.
  const COPIES = JSON.parse(document.getElementById("room-deck").textContent).copies || STANDARD_COPIES;

  function holder(card) { return LANES.find((lane) => hand[lane].includes(card)) || null; }

  function heldCount(card) {
    return LANES.reduce((n, lane) => n + hand[lane].filter((c) => c === card).length, 0);
  }

  // how often you may hold a card: as often as the deck has it, or in a dealt round as dealt
  function allowed(card) {
    return state && state.cards ? state.cards.filter((c) => c === card).length : COPIES[card] || 0;
  }

  let drawn = null;

  function drawLanes() {
    drawn = JSON.stringify([hand, active]);
    const lanes = document.getElementById("lanes");
    lanes.replaceChildren(...LANES.map((lane) => {
      const row = el("div", null, "slot" + (lane === active ? " active" : ""));
      row.dataset.slot = lane;
      row.appendChild(el("span", W[lane], "label"));
      const input = el("input");
      input.value = hand[lane].join(" ");
      input.setAttribute("aria-label", W[lane]);
      input.addEventListener("focus", () => { active = lane; markLanes(); });
      input.addEventListener("change", () => { hand[lane] = parseText(input.value); changed(); });
      row.appendChild(input);
      const count = el("span", hand[lane].length + "/" + SIZES[lane], "count");
      if (hand[lane].length === SIZES[lane]) count.classList.add("full");
      row.appendChild(count);
      row.addEventListener("click", (event) => {
        if (event.target !== input) { active = lane; markLanes(); }
      });
      return row;
    }));
  }

  function markLanes() {
    for (const row of document.querySelectorAll("#lanes .slot")) {
      row.classList.toggle("active", row.dataset.slot === active);
    }
  }

  function changed() {
    edited = true;
    drawLanes();
    markDeckIn(document.getElementById("deck"), heldCount);
    document.getElementById("check").textContent = state && state.entry ? W.edited : "";
  }

  function tap(card) {
    const lane = heldCount(card) >= allowed(card) ? holder(card) : null;
    if (lane) {
      hand[lane].splice(hand[lane].indexOf(card), 1);  // one copy back
    } else {
      if (hand[active].length >= SIZES[active]) active = LANES.find((l) => hand[l].length < SIZES[l]) || active;
      if (hand[active].length >= SIZES[active]) return;
      hand[active].push(card);
      if (hand[active].length === SIZES[active]) active = LANES.find((l) => hand[l].length < SIZES[l]) || active;
    }
    changed();
  }

  function fillFrom(entry) {
    hand = { front: parseText(entry.front), middle: parseText(entry.middle), back: parseText(entry.back) };
    active = LANES.find((l) => hand[l].length < SIZES[l]) || "front";
    const declare = document.getElementById("declare");
    if (declare) declare.value = entry.declare || "";
    const surrender = document.getElementById("surrender");
    if (surrender) surrender.checked = entry.surrender;
  }

  // ---- the room's state ------------------------------------------------------------------

  function show(data) {
    if (!data) return;
    state = data;
    const round = data.round + "|" + (data.cards ? data.cards.join(" ") : "");  // a new deal too
    if (shownRound !== round) {
      shownRound = round;
      edited = false;
      hand = { front: [], middle: [], back: [] };
      active = "front";
    }
    if (data.entry && !edited) fillFrom(data.entry);
    draw();
  }

  function draw() {
    const s = state;
    const entered = s.players.filter((p) => p.entered).length;
    let status = `${W.round} ${s.round} · ${entered}/${s.players.length} ${W.entered}`;
    if (s.ledger.leader) status += ` · ${W.leader}: ${s.ledger.leader}`;
    document.getElementById("room-status").textContent = status;
    document.getElementById("join").hidden = Boolean(s.you);
    document.getElementById("your-hand").hidden = !s.you;
    document.getElementById("host").hidden = !s.host;
    const own = document.getElementById("own-link");
    own.hidden = !s.you;
    if (s.you) {
      const url = window.location.origin + window.location.pathname + "#player=" + tokens.player;
      document.getElementById("own-url").textContent = url;
      // the lanes are drawn anew only when they changed, and never under a lane being typed
      const typing = document.getElementById("lanes").contains(document.activeElement);
      if (!typing && drawn !== JSON.stringify([hand, active])) drawLanes();
      drawDealt(s.cards);
      markDeckIn(document.getElementById("deck"), heldCount);
      if (!edited) document.getElementById("check").textContent = checkLine(s);
    }
    // what did not change since the last poll is left as it is (a tap or a read goes on)
    if (fresh("players", [s.players, s.you])) drawPlayers();
    drawBanker();
    if (fresh("last", s.last)) drawLast();
    if (fresh("ledger", s.ledger)) drawLedger();
  }

  const drawnParts = {};

  function fresh(part, value) {
    const text = JSON.stringify(value);
    if (drawnParts[part] === text) return false;
    drawnParts[part] = text;
    return true;
  }

  // A dealt round: the deck shows your 13 cards only.
  function drawDealt(cards) {
    document.getElementById("dealt").hidden = !cards;
    for (const button of document.querySelectorAll("#deck .card")) {
      const card = button.dataset.card;
      button.hidden = Boolean(cards) && !cards.includes(card);
      button.dataset.copies = String(allowed(card));  // a dealt round: the copies dealt
    }
  }

  function checkLine(s) {
    if (!s.entry) return "";
    const check = s.check;
    if (check.surrender) return `${W.yourEntry}: ${W.surrenders}`;
    const hands = LANES.map((lane) => check.hands[lane]).join(" · ");
    return `${W.yourEntry}: ${hands}` + (check.fouled ? ` · ${W.foul}: ${check.reason}` : "");
  }

  function drawPlayers() {
    const list = document.getElementById("players");
    if (!state.players.length) { list.replaceChildren(el("li", W.nobody, "muted")); return; }
    list.replaceChildren(...state.players.map((p) => {
      const item = el("li", p.name + (p.name === state.you ? ` (${W.you})` : ""));
      item.dataset.player = p.name;
      item.appendChild(el("span", p.entered ? " ✓ " + W.entered : " · " + W.waiting,
        p.entered ? "positive" : "muted"));
      return item;
    }));
  }

  function drawBanker() {
    const select = document.getElementById("banker");
    if (!select || !state.host) return;
    const chosen = select.value;
    const names = state.players.map((p) => p.name);
    if ([...select.options].map((o) => o.value).join("\n") === names.join("\n")) return;
    select.replaceChildren(...names.map((name) => {
      const option = el("option", name);
      option.value = name;
      return option;
    }));
    if (names.includes(chosen)) select.value = chosen;
  }

  function drawLast() {
    const section = document.getElementById("last");
    const last = state.last;
    section.hidden = !last;
    if (!last) return;
    let title = `${W.last} ${last.number}`;
    if (last.banker) title += ` · ${W.banker} ${last.banker}`;
    document.getElementById("last-title").textContent = title;
    const body = document.getElementById("last-body");
    body.replaceChildren();
    for (const player of last.players) {
      const line = el("p", null, "hand-line");
      line.dataset.player = player.name;
      line.appendChild(el("strong", player.name + ": "));
      let text = LANES.map((lane) => player[lane] || "").join(" | ");
      if (player.declared) text = `${W.declares} ${player.declared_name}`;
      if (player.surrendered) text = W.surrenders;
      if (player.fouled) text += ` · ${W.foul}`;
      line.appendChild(el("span", text));
      body.appendChild(line);
    }
    for (const pair of last.pairs) {
      const [first, second] = pair.players;
      body.appendChild(el("h3", `${first} ${W.vs} ${second}`));
      const table = el("table", null, "breakdown");
      for (const item of pair.items) {
        const row = table.appendChild(el("tr"));
        row.appendChild(el("td", signed(item.units), "units"));
        row.appendChild(el("td", item.label + (item.detail ? " · " + item.detail : ""), "label"));
      }
      const net = table.appendChild(el("tr", null, "net"));
      net.appendChild(el("td", signed(pair.net[first]), "units"));
      net.appendChild(el("td", `${W.net} ${first}`));
      body.appendChild(table);
    }
  }

  function drawLedger() {
    const ledger = state.ledger;
    const table = document.getElementById("ledger");
    const head = el("tr");
    head.appendChild(el("th", W.round));
    for (const name of ledger.players) head.appendChild(el("th", name, "num"));
    const rows = ledger.rounds.map((round) => {
      const row = el("tr");
      row.dataset.round = String(round.round);
      row.appendChild(el("td", String(round.round)));
      for (const name of ledger.players) {
        const units = round.units[name];
        row.appendChild(units === undefined ? el("td", "", "num") : unitsCell(units));
      }
      return row;
    });
    const total = el("tr", null, "total");
    total.dataset.round = "total";
    total.appendChild(el("td", W.total));
    for (const name of ledger.players) total.appendChild(unitsCell(ledger.totals[name]));
    table.replaceChildren(el("thead"), el("tbody"));
    table.tHead.appendChild(head);
    table.tBodies[0].append(...rows, total);
  }

  function unitsCell(value) {
    const cell = el("td", signed(value), "num");
    cell.dataset.units = String(value);
    if (value > 0) cell.classList.add("positive");
    if (value < 0) cell.classList.add("negative");
    return cell;
  }

  async function download(path, name, type) {
    const response = await fetch(inLang(api + path), { headers: headers() });
    if (!response.ok) {
      const data = await response.json().catch(() => ({ errors: [response.statusText] }));
      showErrors(errors, data.errors);
      return;
    }
    const blob = new Blob([await response.text()], { type });
    const link = el("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    link.click();
    URL.revokeObjectURL(link.href);
  }

  // Answers come back in any order: one asked before a later answer was shown (a poll sent
  // before you joined, or before your hand went in) is dropped.
  let asked = 0;
  let latest = 0;

  function showNow(data) {
    latest = ++asked;
    show(data);
  }

  // A poll names the last view it showed (its ETag): the server answers 304, at the cost of one
  // row read, until the room changes.
  let shownTag = null;

  async function refresh() {
    const ticket = ++asked;
    const conditional = shownTag ? { "If-None-Match": shownTag } : {};
    const answer = await send("GET", api, undefined, { ...headers(), ...conditional });
    if (answer.status === 304) return;
    if (ticket < latest) return;
    latest = ticket;
    if (answer.ok) { shownTag = answer.tag; show(answer.data); }
    else if (answer.status === 404) { showErrors(errors, answer.data.errors); clearInterval(poller); }
  }

  // ---- controls ----------------------------------------------------------------------------

  drawDeckInto(document.getElementById("deck"), tap, COPIES);
  document.getElementById("join").addEventListener("submit", async (event) => {
    event.preventDefault();
    const joined = await call("POST", "/join", { name: document.getElementById("join-name").value });
    if (!joined) return;
    tokens.player = joined.player_token;
    saveTokens(code, tokens);
    latest = ++asked;
    document.getElementById("rules").open = true;
    await refresh();
  });
  document.getElementById("enter").addEventListener("click", async () => {
    const body = { front: hand.front.join(" "), middle: hand.middle.join(" "), back: hand.back.join(" ") };
    const declare = document.getElementById("declare");
    if (declare && declare.value) body.declare = declare.value;
    const surrender = document.getElementById("surrender");
    if (surrender && surrender.checked) body.surrender = true;
    const data = await call("POST", "/hand", body);
    if (data) { edited = false; showNow(data); }
  });
  document.getElementById("clear").addEventListener("click", () => {
    hand = { front: [], middle: [], back: [] };
    active = "front";
    changed();
  });
  document.getElementById("withdraw").addEventListener("click", async () => {
    const data = await call("POST", "/withdraw");
    if (data) { edited = false; hand = { front: [], middle: [], back: [] }; showNow(data); }
  });
  document.getElementById("end-round").addEventListener("click", async () => {
    const banker = document.getElementById("banker");
    const data = await call("POST", "/end", { banker: banker ? banker.value || null : null });
    if (data) showNow(data);
  });
  document.getElementById("deal").addEventListener("click", async () => {
    const data = await call("POST", "/deal");
    if (data) showNow(data);
  });
  document.getElementById("undo").addEventListener("click", async () => {
    const data = await call("POST", "/undo");
    if (data) showNow(data);
  });
  document.getElementById("export-csv").addEventListener("click", () => download("/ledger.csv", "ledger.csv", "text/csv"));
  document.getElementById("export-json").addEventListener("click", () => download("/ledger.json", "ledger.json", "application/json"));
  document.getElementById("close-room").addEventListener("click", async () => {
    if (!window.confirm(W.sure)) return;
    const answer = await send("POST", api + "/close", undefined, headers());
    if (!answer.ok && answer.status !== 204) { showErrors(errors, answer.data.errors); return; }
    window.localStorage.removeItem(tokenKey(code));
    window.location.assign(inLang("/room"));
  });
  const poller = setInterval(refresh, 2000);
  refresh();
}
