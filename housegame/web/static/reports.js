// Reports: start a simulation through the API, then follow its progress until the report is in.
"use strict";

function suffix() { return lang() === "zh" ? "?lang=zh" : ""; }

const form = document.getElementById("simulate");
if (form) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const box = document.getElementById("errors");
    const body = {
      rulesets: [...form.querySelectorAll("input[name=rulesets]:checked")].map((i) => i.value),
      deals: Number(form.deals.value),
      seed: Number(form.seed.value),
      players: Number(form.players.value),
      objective: form.objective.value,
    };
    document.getElementById("run").disabled = true;
    const { ok, data } = await postJSON("/api/simulations", body);
    document.getElementById("run").disabled = false;
    if (!ok) { showErrors(box, data.errors); return; }
    window.location.href = "/reports/" + encodeURIComponent(data.id) + suffix();
  });
}

const job = document.getElementById("job");
if (job && job.dataset.state === "running") {
  const id = encodeURIComponent(job.dataset.id);
  const bar = document.getElementById("progress");
  const text = document.getElementById("progress-text");
  document.getElementById("cancel").addEventListener("click", async (event) => {
    event.target.disabled = true;
    await fetch("/api/simulations/" + id, { method: "DELETE" });
    window.location.reload();
  });
  const poll = async () => {
    const { ok, data } = await getJSON("/api/simulations/" + id);
    if (!ok) { window.location.reload(); return; }
    bar.max = data.total;
    bar.value = data.done;
    text.textContent = data.done + " / " + data.total;
    if (data.state === "running") setTimeout(poll, 400);
    else window.location.reload();
  };
  setTimeout(poll, 400);
}
