// The box at the top of the page that answers everything: a question in the player's own words,
// sent to POST /api/ask, and what comes back — what was understood, the command, the verdict —
// or what is missing and the clauses that answer it. Text only, never markup.
"use strict";

(function () {
  const form = document.getElementById("ask-form");
  if (!form) return;
  const config = JSON.parse(document.getElementById("referee-words").textContent);
  const words = config.words;
  const answer = document.getElementById("ask-answer");
  // A map's own entry only: a player named "constructor" or "__proto__" is a name, not Object's.
  const own = (map, key) => (map && Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined);

  function el(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (className) node.className = className;
    return node;
  }

  function word(value) {
    return own(config.values, value) || value;
  }

  function figures(details) {
    const list = el("dl", null, "figures");
    Object.keys(details || {}).forEach((key) => {
      const value = details[key];
      if (value === null || typeof value === "object") return;
      list.append(el("dt", own(config.labels, key) || key), el("dd", word(value)));
    });
    return list;
  }

  function clauses(results) {
    const list = el("ol", null, "results");
    results.forEach((hit) => {
      const item = el("li");
      const link = el("a", hit.id + " — " + hit.title);
      link.href = "/rule/" + encodeURIComponent(hit.id) + "?lang=" + encodeURIComponent(config.lang);
      item.append(link, el("p", hit.text));
      list.append(item);
    });
    return list;
  }

  function show(data) {
    answer.replaceChildren();
    if (data.understood) {
      answer.append(el("p", data.understood.text, "understood"));
      answer.append(el("code", "referee " + data.understood.command, "command"));
      const verdict = data.judgement;
      answer.append(el("p", word(verdict.verdict), "verdict-word"));
      answer.append(figures(verdict.details));
      const reasons = el("ol", null, "reasons");
      verdict.reasons.forEach((r) => reasons.append(el("li", "[" + r.clause + "] " + (r.note || r.text))));
      answer.append(reasons);
      return;
    }
    if (data.missing && data.missing.length) answer.append(el("p", words.ask_missing + " " + data.missing.join("; ")));
    if (data.readings && data.readings.length) {
      answer.append(el("p", words.ask_readings));
      data.readings.forEach((r) => answer.append(el("code", "referee " + r.command, "command")));
    }
    if (data.results && data.results.length) {
      answer.append(el("p", words.ask_clauses), clauses(data.results));
    } else if (!answer.childNodes.length) {
      answer.append(el("p", words.ask_nothing));
    }
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = document.getElementById("ask-text").value.trim();
    if (!text) return;
    const as = document.getElementById("ask-as").value.trim();
    const query = new URLSearchParams({lang: config.lang});
    const response = await fetch("/api/ask?" + query.toString(), {
      method: "POST", headers: {"Content-Type": "application/json", "Accept": "application/json"},
      body: JSON.stringify(as ? {text: text, as: as} : {text: text})});
    let data = null;
    try { data = await response.json(); } catch (e) { data = null; }
    if (data && (data.understood || data.results || data.missing)) {
      show(data);
    } else {
      answer.replaceChildren(el("p", data && data.error ? data.error.message : words.error + " " + response.status, "error"));
    }
  });
})();
