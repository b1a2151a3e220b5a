// Play 13-card Chinese Poker against the bots. Every action is a same-origin call to
// /api/play/thirteen/...; the page only draws the state the server returns (text only, never
// HTML). The clock is the server's: the page counts down and, at zero, asks the server to let
// the arranger set the hand.
"use strict";

const WORDS = {
  en: {
    seed: "seed", hand: "hand", banker: "banker", running: "running totals", left: "left",
    timeUp: "time is up: the arranger set your hand", declare: "Declare",
    declaredForYou: "declared for you", hint: "hint", value: "value", player: "player",
    total: "total", net: "net to", foul: "foul", surrenders: "surrenders", declares: "declares",
    timedOut: "ran out of time: the arranger set the hand", pool: "pool", settlements: "settlements", seconds: "s",
    yours: "yours", best: "best", regret: "regret", term: "term", units: "units",
    isBest: "your choice is the best under these rules: regret 0",
    skill: "skill", thisHand: "this hand", thisSession: "this session",
    skillNote: "your result less what the best choice would have made against the same hands",
  },
  zh: {
    seed: "种子", hand: "第几手", banker: "庄家", running: "累计得分", left: "剩",
    timeUp: "时间到: 已由电脑替你摆牌", declare: "报到",
    declaredForYou: "已自动报到", hint: "提示", value: "期望", player: "玩家",
    total: "合计", net: "净得", foul: "倒水", surrenders: "投降", declares: "报到",
    timedOut: "超时: 由电脑摆牌", pool: "彩池", settlements: "个人结算", seconds: "秒",
    yours: "你的", best: "最佳", regret: "损失", term: "项目", units: "注",
    isBest: "你的摆法就是这套规则下的最佳: 损失 0",
    skill: "技术分", thisHand: "本手", thisSession: "本局累计",
    skillNote: "你的得分减去最佳摆法对同样的牌能得的分",
  },
};
const W = WORDS[lang()];
const LANES = ["front", "middle", "back"];
const API = "/api/play/thirteen";
const errors = document.getElementById("errors");
const notice = document.getElementById("notice");
let state = null;
// positions in state.cards, not card names: a deck of its own deals a card twice (加一色's AS AS)
let placed = { front: [], middle: [], back: [] };
let selected = [];
let ticker = null;

function call(method, path, body) { return apiCall(API, errors, method, path, body); }

function say(text) {
  notice.hidden = !text;
  notice.textContent = text || "";
}

function show(data) {
  if (!data) return;
  if (!state || state.id !== data.id || state.hand !== data.hand || data.finished) {
    placed = { front: [], middle: [], back: [] };
    selected = [];
  }
  const timedOut = data.finished && data.seats && data.seats[0].timed_out && !(state && state.finished);
  state = data;
  rememberGame(data.id);
  document.getElementById("game").hidden = false;
  document.getElementById("log").href = API + "/" + encodeURIComponent(data.id) + "/log";
  if (timedOut) say(W.timeUp);
  else if (data.declared_for_you) say(`${data.declared_for_you}: ${W.declaredForYou}`);
  draw();
  startClock();
}

async function act(method, path, body) {
  if (!state) return null;
  const data = await call(method, "/" + encodeURIComponent(state.id) + path, body);
  if (data && method !== "GET") { say(""); show(data); }
  return data;
}

// ---- setting the lanes -------------------------------------------------------------------

function room(lane) { return state.lanes[lane].size - placed[lane].length; }

function used() { return new Set(LANES.flatMap((lane) => placed[lane])); }

function unplaced() {
  const taken = used();
  return state.cards.map((_, i) => i).filter((i) => !taken.has(i));
}

// the positions of `codes` in your cards, a card held twice taking its copies in turn
function positionsOf(codes) {
  const taken = new Set();
  return codes.map((code) => {
    const i = state.cards.findIndex((c, j) => c === code && !taken.has(j));
    taken.add(i);
    return i;
  });
}

function fillLast() {
  // two lanes full: the cards left go to the third, as at the terminal
  const open = LANES.filter((lane) => room(lane) > 0);
  if (open.length !== 1) return;
  const left = unplaced();
  if (left.length === room(open[0])) { placed[open[0]].push(...left); selected = []; }
}

function put(lane) {
  if (!selected.length || selected.length > room(lane)) return;
  placed[lane].push(...selected);
  selected = [];
  fillLast();
  draw();
}

function takeBack(index) {
  for (const lane of LANES) placed[lane] = placed[lane].filter((i) => i !== index);
  draw();
}

function typedLanes() {
  return LANES.map((lane) => lane + " " + placed[lane].map((i) => state.cards[i]).join(" ")).join(" ");
}

function staged(index, extra) {
  const node = cardNode(state.cards[index], "button", extra);
  node.dataset.index = String(index);
  return node;
}

function drawLanes() {
  const box = document.getElementById("lanes");
  box.replaceChildren(...LANES.map((lane) => {
    const row = el("div", null, "thirteen-lane");
    row.dataset.lane = lane;
    row.appendChild(el("span", `${state.lanes[lane].name} (${state.lanes[lane].size})`, "lane-name"));
    const cards = row.appendChild(el("div", null, "cards"));
    placed[lane].forEach((i) => {
      const node = cards.appendChild(staged(i, " staged"));
      node.addEventListener("click", (event) => { event.stopPropagation(); takeBack(i); });
    });
    for (let i = 0; i < room(lane); i++) cards.appendChild(el("span", "--", "card slot"));
    row.addEventListener("click", () => put(lane));
    return row;
  }));
}

function drawPending() {
  const pending = document.getElementById("pending");
  pending.replaceChildren(...unplaced().map((i) => {
    const node = staged(i, selected.includes(i) ? " selected" : "");
    node.addEventListener("click", () => {
      selected = selected.includes(i) ? selected.filter((s) => s !== i) : [...selected, i];
      draw();
    });
    return node;
  }));
}

// ---- the table ---------------------------------------------------------------------------

function status() {
  const s = state;
  const parts = [s.name, `${W.seed} ${s.seed}`, `${W.hand} ${s.hand}`];
  if (s.banker) parts.push(`${W.banker} ${s.banker}`);
  const running = s.players.map((p) => `${p} ${signed(s.totals[p])}`).join(", ");
  if (s.hand > 1 || s.finished) parts.push(`${W.running} ${running}`);
  return parts.join(" · ");
}

function draw() {
  const s = state;
  document.getElementById("status").textContent = status();
  const open = !s.finished;
  document.getElementById("your-hand").hidden = !open;
  document.getElementById("next-hand").hidden = open;
  if (open) {
    drawPending();
    drawLanes();
    document.getElementById("set").disabled = LANES.some((lane) => room(lane) > 0);
    const declare = document.getElementById("declare");
    declare.hidden = !s.can_declare;
    if (s.can_declare) declare.textContent = `${W.declare} ${s.specials[0].name}`;
    document.getElementById("surrender").hidden = !s.can_surrender;
  }
  drawResult();
}

function tableOf(headers, rows) {
  const table = el("table");
  if (headers) {
    const head = el("tr");
    headers.forEach((h) => head.appendChild(el("th", h)));
    table.appendChild(el("thead")).appendChild(head);
  }
  const body = table.appendChild(el("tbody"));
  rows.forEach((row) => {
    const tr = body.appendChild(el("tr"));
    row.forEach((cell) => tr.appendChild(el("td", cell)));
  });
  return table;
}

function seatBox(seat) {
  const box = el("div", null, "board" + (seat.name === state.you ? " you" : ""));
  box.dataset.player = seat.name;
  const notes = [];
  if (seat.declared) notes.push(`${W.declares} ${seat.declared}`);
  if (seat.surrendered) notes.push(W.surrenders);
  if (seat.fouled) notes.push(W.foul);
  if (seat.timed_out) notes.push(W.timedOut);
  box.appendChild(el("h3", seat.name + (notes.length ? " · " + notes.join(" · ") : "")));
  for (const lane of LANES) {
    if (!seat[lane].length) continue;
    const row = box.appendChild(el("div", null, "thirteen-lane shown"));
    row.appendChild(el("span", state.lanes[lane].name, "lane-name"));
    const cards = row.appendChild(el("div", null, "cards"));
    seat[lane].forEach((c) => cards.appendChild(cardNode(c)));
    const jokers = seat.jokers[lane];  // what each joker stood for: JK=AS
    row.appendChild(el("span", seat.hands[lane] + (jokers ? ` (${jokers})` : ""), "muted hand-name"));
  }
  return box;
}

function drawResult() {
  const section = document.getElementById("result");
  const result = state.result;
  section.hidden = !result;
  if (!result) return;
  document.getElementById("showdown").replaceChildren(...state.seats.map(seatBox));
  const body = document.getElementById("result-body");
  body.replaceChildren();
  result.pairs.forEach((pair) => {
    body.appendChild(el("h3", pair.players.join(" vs ")));
    const rows = pair.lanes.map((lane) => [lane.units === null ? "" : signed(lane.units), lane.text + "  " + lane.hands]);
    pair.items.forEach((item) => rows.push([signed(item.units), item.label + (item.detail ? "  " + item.detail : "")]));
    rows.push([signed(pair.net), `${W.net} ${pair.players[0]}`]);
    body.appendChild(tableOf(null, rows));
  });
  if (result.settlements.length) {
    body.appendChild(el("h3", W.settlements));
    body.appendChild(tableOf(null, result.settlements.map((e) => [signed(e.units), `${e.player}: ${e.label}`])));
  }
  if (result.pool.length) {
    body.appendChild(el("h3", W.pool));
    body.appendChild(tableOf(null, result.pool.map((e) => [signed(e.units), `${e.player}: ${e.label}`])));
  }
  body.appendChild(el("h3", W.total));
  const rows = state.players.map((p) => [p, signed(result.totals[p]), signed(state.totals[p])]);
  const totals = body.appendChild(tableOf([W.player, W.total, W.running], rows));
  totals.id = "totals";
  drawSkill();
  drawTrainer();
}

// ---- the trainer -------------------------------------------------------------------------

function fixed(value) { return (value >= 0 ? "+" : "") + value.toFixed(3); }

function drawSkill() {
  const skill = state.skill;
  const parts = [];
  if (skill.hand !== null) parts.push(`${W.thisHand} ${fixed(skill.hand)}`);
  parts.push(`${W.thisSession} ${fixed(skill.session)}`);
  const box = document.getElementById("skill");
  box.replaceChildren(el("strong", `${W.skill}: ${parts.join(", ")}`), el("br"), el("span", W.skillNote, "muted"));
}

function drawTrainer() {
  const box = document.getElementById("trainer");
  const why = document.getElementById("why");
  const t = state.trainer;
  why.hidden = !t;
  box.replaceChildren();
  if (!t) { box.hidden = true; return; }
  const choices = [[W.yours, t.yours], [W.best, t.best]].map(([who, c]) => [who, fixed(c.value), c.text]);
  box.appendChild(tableOf(null, choices));
  if (t.best_is_yours || t.regret === 0) {
    box.appendChild(el("p", W.isBest, "trainer-verdict"));
    return;
  }
  box.appendChild(el("p", `${W.regret} ${t.regret.toFixed(3)} ${W.units}`, "trainer-verdict"));
  const rows = t.parts.map((p) => [p.label, fixed(p.best), fixed(p.yours), fixed(p.regret)]);
  box.appendChild(tableOf([W.term, W.best, W.yours, W.regret], rows)).id = "trainer-parts";
}

// ---- the clock ---------------------------------------------------------------------------

function startClock() {
  if (ticker) { clearInterval(ticker); ticker = null; }
  const clock = document.getElementById("clock");
  clock.hidden = state.remaining === null;
  if (state.remaining === null) return;
  const ends = Date.now() + state.remaining * 1000;
  const tick = async () => {
    const left = Math.max(0, Math.ceil((ends - Date.now()) / 1000));
    clock.textContent = `${W.left} ${left} ${W.seconds}`;
    if (left > 0) return;
    clearInterval(ticker);
    ticker = null;
    await act("POST", "/timeout");
  };
  tick();
  ticker = setInterval(tick, 250);
}

// ---- controls ----------------------------------------------------------------------------

// a refused setting keeps its lanes: a foul's warning says to set the same again
document.getElementById("set").addEventListener("click", () => act("POST", "/set", { lanes: typedLanes() }));
document.getElementById("clear").addEventListener("click", () => {
  placed = { front: [], middle: [], back: [] };
  selected = [];
  draw();
});
document.getElementById("auto").addEventListener("click", () => act("POST", "/auto"));
document.getElementById("surrender").addEventListener("click", () => act("POST", "/surrender"));
document.getElementById("declare").addEventListener("click", () => act("POST", "/declare", { special: state.specials[0].id }));
document.getElementById("hint").addEventListener("click", async () => {
  const hint = await act("GET", "/hint");
  if (!hint) return;
  const at = positionsOf([...hint.front, ...hint.middle, ...hint.back]);
  const cut = hint.front.length + hint.middle.length;
  placed = { front: at.slice(0, hint.front.length), middle: at.slice(hint.front.length, cut), back: at.slice(cut) };
  selected = [];
  draw();
  let text = `${W.hint}: ${hint.text}   (${W.value} ${signed(hint.value)})`;
  const stands = Object.entries(hint.jokers).map(([lane, s]) => `${state.lanes[lane].name} ${s}`);
  if (stands.length) text += ` · ${stands.join("; ")}`;  // what each joker stands for
  if (hint.special && !hint.special.automatic) {
    text += ` · ${hint.special.name}: ${W.value} ${signed(hint.special.value)}` + (hint.special.declare ? ` → ${W.declare}` : "");
  }
  say(text);
});
document.getElementById("typed").addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = document.getElementById("typed-move");
  if (await act("POST", "/set", { lanes: input.value })) input.value = "";
});
document.getElementById("next-hand").addEventListener("click", () => act("POST", "/next"));
document.getElementById("why").addEventListener("click", () => {
  const box = document.getElementById("trainer");
  box.hidden = !box.hidden;
  document.getElementById("why").setAttribute("aria-expanded", String(!box.hidden));
});

// The bots each ruleset seats ([least, most]: maceplay-add-a-suit seats five players); the
// others are greyed out, and a count out of range moves to the nearest one offered.
const BOTS = JSON.parse(document.getElementById("bots").textContent);

function offerBots() {
  const range = BOTS[document.getElementById("ruleset").value];
  if (!range) return;
  const select = document.getElementById("opponents");
  for (const option of select.options) {
    const n = Number(option.value);
    option.disabled = n < range[0] || n > range[1];
  }
  const chosen = Number(select.value);
  if (chosen < range[0] || chosen > range[1]) select.value = String(Math.min(Math.max(chosen, range[0]), range[1]));
}
document.getElementById("ruleset").addEventListener("change", offerBots);
offerBots();

document.getElementById("new-game").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  const body = { ruleset: form.ruleset.value, opponents: Number(form.opponents.value) };
  if (form.seed.value !== "") body.seed = Number(form.seed.value);
  if (form.timer.value !== "") body.timer = Number(form.timer.value);
  say("");
  state = null;
  show(await call("POST", "", body));
});

document.getElementById("resume-game").addEventListener("submit", async (event) => {
  event.preventDefault();
  const file = document.getElementById("resume-log").files[0];
  if (!file) return;
  const body = { log: await file.text() };
  const timer = document.getElementById("timer").value;
  if (timer !== "") body.timer = Number(timer);
  say("");
  state = null;
  show(await call("POST", "/resume", body));
});

const resumed = new URLSearchParams(window.location.search).get("game");
if (resumed) call("GET", "/" + encodeURIComponent(resumed)).then(show);
