// Play: OFC and Big Two against the bots. Every action is a call to /api/play/...; the page
// only draws the state the server returns (text only, never HTML).
"use strict";

const WORDS = {
  en: {
    seed: "seed", over: "hand over", toAct: "to act", you: "you",
    faceDown: "face down", yourTurn: "your turn", gameOver: "game over", turnOf: "turn",
    toBeat: "to beat", by: "by", youLead: "you lead", mustContain: "the first play must contain",
    cardsLeft: "cards left", hint: "hint", value: "value", place: "place", discard: "discard",
    player: "player", total: "total", royalties: "royalties", foul: "foul", next: "next hand",
    score: "score", net: "net", winner: "winner", discards: "discards", hand: "hand",
    running: "running totals",
  },
  zh: {
    seed: "种子", over: "本手结束", toAct: "轮到", you: "你",
    faceDown: "张牌面朝下", yourTurn: "轮到你", gameOver: "牌局结束", turnOf: "轮到",
    toBeat: "要压过", by: "出牌者", youLead: "你先出", mustContain: "首出牌必须含",
    cardsLeft: "剩余牌数", hint: "提示", value: "期望", place: "放", discard: "弃",
    player: "玩家", total: "总分", royalties: "奖分", foul: "倒水", next: "下一手",
    score: "罚分", net: "净得", winner: "胜", discards: "弃牌", hand: "第几手",
    running: "累计得分",
  },
};
const W = WORDS[lang()];
const LANES = ["front", "middle", "back"];
const PAGE = document.body.dataset.page;
const API = PAGE === "play-ofc" ? "/api/play/ofc" : "/api/play/bigtwo";
const errors = document.getElementById("errors");
const hintText = document.getElementById("hint-text");
let state = null;

function call(method, path, body) { return apiCall(API, errors, method, path, body); }

function showHint(text, alternatives) {
  hintText.hidden = !text;
  hintText.textContent = text || "";
  const list = document.getElementById("hint-alternatives");
  if (list) {
    list.replaceChildren(...(alternatives || []).map((line) => el("li", line)));
    list.hidden = !(alternatives && alternatives.length);
  }
}

function fillList(list, lines) {
  list.replaceChildren(...lines.map((line) => el("li", line)));
  list.scrollTop = list.scrollHeight;
}

function tableOf(headers, rows) {
  const table = el("table");
  const head = el("tr");
  headers.forEach((h) => head.appendChild(el("th", h)));
  table.appendChild(el("thead")).appendChild(head);
  const body = table.appendChild(el("tbody"));
  rows.forEach((row) => {
    const tr = body.appendChild(el("tr"));
    row.forEach((cell) => tr.appendChild(el("td", cell)));
  });
  return table;
}

function show(data) {
  if (!data) return;
  if (!state || state.id !== data.id || state.moves.length !== data.moves.length) {
    resetStaged();  // a move was made: what was chosen for it is gone
    chosen = new Set();
  }
  state = data;
  rememberGame(data.id);
  document.getElementById("game").hidden = false;
  document.getElementById("log").href = API + "/" + encodeURIComponent(data.id) + "/log";
  if (PAGE === "play-ofc") drawOfc(); else drawBigTwo();
}

async function act(method, path, body) {
  if (!state) return;
  const data = await call(method, "/" + encodeURIComponent(state.id) + path, body);
  if (data && method !== "GET") { showHint(""); show(data); }
  return data;
}

// ---- OFC -------------------------------------------------------------------------------

let staged = { front: [], middle: [], back: [], discard: [] };
let selected = null;

function resetStaged() { staged = { front: [], middle: [], back: [], discard: [] }; selected = null; }

function room(board, lane) {
  return state.lanes[lane].cap - board[lane].length - staged[lane].length;
}

function stage(lane) {
  const mine = state.boards.find((b) => b.you);
  if (!selected || !state.yours) return;
  if (lane !== "discard" && room(mine, lane) <= 0) return;
  if (lane === "discard" && staged.discard.length >= state.yours.discard) return;
  staged[lane].push(selected);
  selected = null;
  drawOfc();
}

function unstage(code) {
  for (const lane of Object.keys(staged)) staged[lane] = staged[lane].filter((c) => c !== code);
  drawOfc();
}

function stagedMove() {
  return Object.keys(staged)
    .filter((lane) => staged[lane].length)
    .map((lane) => lane + " " + staged[lane].join(" "))
    .join(" ");
}

function drawBoard(board) {
  const acting = board.you && state.yours;
  const box = el("div", null, "board" + (board.you ? " you" : "") + (acting ? " acting" : ""));
  box.dataset.player = board.name;
  box.appendChild(el("h3", board.name + (board.fantasyland ? " [FL]" : "")));
  for (const lane of LANES) {
    const row = box.appendChild(el("div", null, "lane"));
    row.dataset.lane = lane;
    row.appendChild(el("span", state.lanes[lane].name, "lane-name"));
    board[lane].forEach((c) => row.appendChild(cardNode(c)));
    if (board.you) {
      staged[lane].forEach((c) => {
        const node = row.appendChild(cardNode(c, "button", " staged"));
        node.addEventListener("click", (event) => { event.stopPropagation(); unstage(c); });
      });
    }
    const empty = state.lanes[lane].cap - board[lane].length - (board.you ? staged[lane].length : 0);
    for (let i = 0; i < empty; i++) row.appendChild(el("span", "--", "card slot"));
    if (acting) row.addEventListener("click", () => stage(lane));
  }
  const discards = Array.isArray(board.discards)
    ? board.discards.map(cardFace).join(" ")
    : board.discards ? board.discards + " " + W.faceDown : "";
  if (discards) box.appendChild(el("p", W.discards + ": " + discards, "discards"));
  return box;
}

// "stage 2 of 5" / "第 2 轮 (共 5 轮)", as the terminal game says it
function stageText(number, total) {
  if (lang() === "zh") return `第 ${number} 轮` + (total ? ` (共 ${total} 轮)` : "");
  return `stage ${number}` + (total ? ` of ${total}` : "");
}

function drawOfc() {
  const s = state;
  const where = s.finished ? W.over : `${stageText(s.stage, s.stages)} · ${W.toAct} ${s.to_act}`;
  const running = s.hand > 1
    ? ` · ${W.hand} ${s.hand} · ${W.running} ` + s.players.map((p) => `${p} ${signed(s.totals[p])}`).join(", ")
    : "";
  document.getElementById("status").textContent = `${s.name} · ${W.seed} ${s.seed} · ${where}${running}`;
  document.getElementById("next-hand").hidden = !s.finished;
  const boards = document.getElementById("boards");
  boards.replaceChildren(...s.boards.map(drawBoard));
  const yours = document.getElementById("your-move");
  yours.hidden = !s.yours;
  if (s.yours) {
    const used = new Set(Object.values(staged).flat());
    const pending = document.getElementById("pending");
    pending.replaceChildren();
    s.yours.cards.filter((c) => !used.has(c)).forEach((c) => {
      const node = pending.appendChild(cardNode(c, "button", c === selected ? " selected" : ""));
      node.addEventListener("click", () => { selected = selected === c ? null : c; drawOfc(); });
    });
    document.getElementById("to-discard").disabled = s.yours.discard === 0;
    document.getElementById("counts").textContent =
      `(${W.place} ${s.yours.place}, ${W.discard} ${s.yours.discard})`;
    staged.discard.forEach((c) => {
      const node = pending.appendChild(cardNode(c, "button", " staged"));
      node.title = W.discard;
      node.addEventListener("click", () => unstage(c));
    });
  }
  drawAdvice(s.trainer);
  fillList(document.getElementById("moves"), s.moves.map((m) =>
    `${stageText(m.stage)} · ${m.player}: ${m.text}` + (m.face_down ? ` (+${m.face_down} ${W.faceDown})` : "")));
  drawOfcResult();
}

// the trainer's advice, street by street, as the terminal prints it
function drawAdvice(advice) {
  const section = document.getElementById("trainer-advice");
  section.hidden = !advice;
  if (!advice) return;
  const list = document.getElementById("advice");
  list.replaceChildren(...advice.map((a) => {
    const item = el("li", null, a.same ? "same" : "gave-up");
    a.lines.forEach((line) => item.appendChild(el("div", line)));
    return item;
  }));
}

function drawOfcResult() {
  const section = document.getElementById("result");
  const result = state.result;
  section.hidden = !result;
  if (!result) return;
  const rows = result.seats.map((seat) => [
    seat.name,
    signed(result.totals[seat.name]),
    String(seat.royalty_total),
    seat.fouled ? W.foul + ": " + (seat.foul_reason || "") : "",
    LANES.map((lane) => seat.hands[lane]).join(" / "),
    lang() === "zh" ? String(seat.next_fantasyland.cards || "-") : seat.next_fantasyland.reason,
  ]);
  const body = document.getElementById("result-body");
  body.replaceChildren(tableOf([W.player, W.total, W.royalties, W.foul, LANES.map((l) => state.lanes[l].name).join(" / "), W.next], rows));
  result.pairs.forEach((pair) => {
    body.appendChild(el("h3", pair.players.join(" vs ")));
    body.appendChild(tableOf(["", ""], [
      ...pair.items.map((item) => [signed(item.units), item.label + (item.detail ? "  " + item.detail : "")]),
      [signed(pair.net), W.net + " " + pair.players[0]],
    ]));
  });
}

function setupOfc() {
  document.getElementById("next-hand").addEventListener("click", () => act("POST", "/next"));
  document.getElementById("to-discard").addEventListener("click", () => stage("discard"));
  document.getElementById("clear").addEventListener("click", () => { resetStaged(); drawOfc(); });
  document.getElementById("play").addEventListener("click", () => act("POST", "/move", { move: stagedMove() }));
  document.getElementById("auto").addEventListener("click", () => act("POST", "/auto"));
  document.getElementById("hint").addEventListener("click", async () => {
    const hint = await act("GET", "/hint");
    if (hint) showHint(`${W.hint}: ${hint.text}   (${W.value} ${signed(hint.value)})`);
  });
  document.getElementById("typed").addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = document.getElementById("typed-move");
    if (await act("POST", "/move", { move: input.value })) input.value = "";
  });
}

// ---- Big Two ---------------------------------------------------------------------------

let chosen = new Set();

function drawBigTwo() {
  const s = state;
  const turn = s.over ? W.gameOver : s.your_turn ? W.yourTurn : `${W.turnOf} ${s.current}`;
  document.getElementById("status").textContent = `${s.name} · ${W.seed} ${s.seed} · ${turn}`;
  const beat = document.getElementById("to-beat");
  if (s.table) beat.textContent = `${W.toBeat}: ${s.table.text} (${W.by} ${s.table.by})`;
  else beat.textContent = s.over ? "" : W.youLead + (s.must_contain ? ` (${W.mustContain} ${cardFace(s.must_contain)})` : "");
  const others = s.players.filter((p) => p !== s.you).map((p) => `${p} ${s.cards_left[p]}`);
  document.getElementById("others").textContent = `${W.cardsLeft}: ${others.join(", ")}`;
  const hand = document.getElementById("hand");
  hand.replaceChildren();
  chosen = new Set([...chosen].filter((c) => s.hand.includes(c)));
  s.hand.forEach((c) => {
    const node = hand.appendChild(cardNode(c, "button", chosen.has(c) ? " selected" : ""));
    node.addEventListener("click", () => {
      if (chosen.has(c)) chosen.delete(c); else chosen.add(c);
      drawBigTwo();
    });
  });
  for (const id of ["play", "pass", "hint", "auto", "typed-play"]) {
    document.getElementById(id).disabled = !s.your_turn;
  }
  document.getElementById("pass").disabled = !s.can_pass;
  fillList(document.getElementById("moves"), s.moves);
  const section = document.getElementById("result");
  section.hidden = !s.settlement;
  if (s.settlement) {
    const st = s.settlement;
    const rows = Object.keys(st.totals).map((p) => [p, String(st.cards_left[p]), String(st.scores[p]), signed(st.totals[p])]);
    const body = document.getElementById("result-body");
    body.replaceChildren(el("p", `${W.winner}: ${st.winner}`), tableOf([W.player, W.cardsLeft, W.score, W.net], rows));
  }
}

function setupBigTwo() {
  const play = (text) => act("POST", "/move", { play: text });
  document.getElementById("play").addEventListener("click", () => play([...chosen].join(" ")));
  document.getElementById("pass").addEventListener("click", () => play("pass"));
  document.getElementById("auto").addEventListener("click", () => act("POST", "/auto"));
  document.getElementById("hint").addEventListener("click", async () => {
    const hint = await act("GET", "/hint");
    if (!hint) return;
    chosen = new Set(hint.cards || []);
    drawBigTwo();
    showHint(`${W.hint}: ${hint.text}`, hint.alternatives.map((a) => `${a.text}: ${a.reasons.join("; ")}`));
  });
  document.getElementById("typed").addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = document.getElementById("typed-move");
    if (await act("POST", "/move", { play: input.value })) input.value = "";
  });
}

// ---- both ------------------------------------------------------------------------------

document.getElementById("new-game").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  const body = { ruleset: form.ruleset.value };
  if (form.seed.value !== "") body.seed = Number(form.seed.value);
  if (form.opponents) body.opponents = Number(form.opponents.value);
  if (form.bot) body.bot = form.bot.value;
  if (form.players && form.players.value !== "") body.players = Number(form.players.value);
  if (form.trainer) body.trainer = form.trainer.checked;
  showHint("");
  show(await call("POST", "", body));
});

if (PAGE === "play-ofc") setupOfc(); else setupBigTwo();

const resumed = new URLSearchParams(window.location.search).get("game");
if (resumed) call("GET", "/" + encodeURIComponent(resumed)).then(show);
