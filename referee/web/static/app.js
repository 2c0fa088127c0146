// The referee's page: search as you type, the table, a fight. Plain JavaScript, no build step.
// Everything the API returns is written with textContent, never as markup: names typed by
// players (and everything else) show as text.
"use strict";

(function () {
  const config = JSON.parse(document.getElementById("referee-words").textContent);
  const words = config.words;
  const $ = (id) => document.getElementById(id);
  // A map's own entry only: a player named "constructor" or "__proto__" is a name, not Object's.
  const own = (map, key) => (map && Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined);
  if (!$("query")) return;  // a rule's or a card's page: nothing to run

  function el(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (className) node.className = className;
    return node;
  }

  function url(path, params) {
    const query = new URLSearchParams(params || {});
    query.set("lang", config.lang);
    return path + "?" + query.toString();
  }

  function code() {
    const box = $("code");
    return box ? box.value.trim() : "";
  }

  async function call(method, path, body, params) {
    const headers = {"Accept": "application/json"};
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (config.needs_code && code()) headers["X-Referee-Code"] = code();
    const response = await fetch(url(path, params), {method: method, headers: headers,
                                                     body: body === undefined ? undefined : JSON.stringify(body)});
    let data = null;
    try { data = await response.json(); } catch (e) { data = null; }
    return {ok: response.ok, status: response.status, data: data};
  }

  function showError(box, data, status) {
    box.replaceChildren();
    const message = data && data.error ? data.error.message : words.error + " " + status;
    box.append(el("p", status === 403 ? words.code_needed + " " + message : message, "error"));
  }

  // --- search as you type ---------------------------------------------------------------------

  function snippet(text) {
    // The API marks matched words **like this**: show them as <mark>, built node by node.
    const p = el("p", null, "snippet");
    String(text || "").split("**").forEach((part, i) => p.append(i % 2 ? el("mark", part) : document.createTextNode(part)));
    return p;
  }

  let searchTimer = null;
  let searchSeen = 0;
  async function search() {
    const query = $("query").value.trim();
    const list = $("results");
    const ticket = ++searchSeen;
    if (query.length < 2) { list.replaceChildren(); return; }
    const answer = await call("GET", "/api/search", undefined, {q: query, limit: "8"});
    if (ticket !== searchSeen) return;  // a newer query was typed meanwhile
    list.replaceChildren();
    list.dataset.query = query;  // which query the list answers
    const results = answer.data && answer.data.results ? answer.data.results : [];
    if (!results.length) { list.append(el("li", words.no_result, "empty")); return; }
    for (const hit of results) {
      const item = el("li");
      const link = el("a", hit.title);
      link.href = url("/rule/" + encodeURIComponent(hit.id));
      item.append(link, el("span", hit.id, "id"), snippet(hit.snippet || hit.text));
      list.append(item);
    }
  }
  $("query").addEventListener("input", () => { clearTimeout(searchTimer); searchTimer = setTimeout(search, 120); });

  // --- verdicts -------------------------------------------------------------------------------

  // A list as the page's language joins one ("Anna and Bob", "Anna és Bob"), as the CLI does.
  const lists = window.Intl && Intl.ListFormat ? new Intl.ListFormat(document.documentElement.lang) : null;

  function figure(value) {
    if (value === null || value === undefined) return "—";
    if (Array.isArray(value)) {
      if (!value.length) return "—";
      return lists ? lists.format(value.map(figure)) : value.map(figure).join(", ");
    }
    if (typeof value === "object" && "name" in value) {
      // a monster, an item: its name, and what is said of it in brackets
      const rest = Object.entries(value).filter(([k]) => k !== "name").map(([k, v]) => figure(v));
      return value.name + (rest.length ? " (" + rest.join(", ") + ")" : "");
    }
    if (typeof value === "object") return Object.entries(value).map(([k, v]) => k + ": " + figure(v)).join(", ") || "—";
    if (typeof value === "boolean") return value ? "✓" : "✗";
    return own(config.values, value) || String(value);
  }

  function showVerdict(box, data) {
    box.replaceChildren();
    const head = el("p", (own(config.values, data.verdict) || data.verdict).toUpperCase(), "word " + data.verdict);
    box.append(head);
    const figures = el("dl", null, "figures");
    for (const [key, value] of Object.entries(data.details || {})) {
      if (own(config.labels, key) === undefined) continue;
      figures.append(el("dt", own(config.labels, key)), el("dd", figure(value)));
    }
    box.append(figures, el("h3", words.reasons));
    const reasons = el("ol", null, "reasons");
    for (const reason of data.reasons || []) {
      const item = el("li");
      const link = el("a", reason.title || reason.clause);
      link.href = url("/rule/" + encodeURIComponent(reason.clause));
      item.append(link, el("p", reason.note));
      reasons.append(item);
    }
    box.append(reasons);
    if (data.dissent && data.dissent.length) {
      box.append(el("h3", words.dissent));
      const list = el("ul");
      for (const d of data.dissent) list.append(el("li", (d.title || d.clause) + ": " + d.note));
      box.append(list);
    }
    if (data.cards && data.cards.length) {
      box.append(el("h3", words.rulings));
      const list = el("ul");
      for (const card of data.cards) {
        for (const ruling of card.rulings) {
          const item = el("li", card.name + ": ");
          const link = el("a", ruling.title);
          link.href = url("/rule/" + encodeURIComponent(ruling.id));
          item.append(link);
          list.append(item);
        }
      }
      box.append(list);
    }
  }

  // --- the table --------------------------------------------------------------------------------

  let players = [];

  function fillSelect(select, names, keepFirst) {
    const chosen = select.value;
    while (select.options.length > (keepFirst ? 1 : 0)) select.remove(keepFirst ? 1 : 0);
    for (const name of names) { const option = el("option", name); option.value = name; select.append(option); }
    if (names.includes(chosen)) select.value = chosen;
  }

  function showTable(data) {
    const box = $("players");
    box.replaceChildren();
    $("new-table").hidden = true;
    $("table-tools").hidden = false;
    const table = data.table;
    players = table.players.map((p) => p.name);
    for (const player of table.players) {
      const row = el("div", null, "player" + (player.name === table.turn ? " turn" : ""));
      const name = el("span", player.name, "name");
      const level = el("span", player.level, "level");
      level.setAttribute("aria-label", words.level + " " + player.level);
      const strength = el("span", words.strength + " " + own(data.strength, player.name), "strength");
      const down = el("button", "−", "down");
      down.type = "button";
      down.setAttribute("aria-label", words.down + ": " + player.name);
      down.addEventListener("click", () => changeLevel(player.name, -1, $("down-source").value));
      const up = el("button", "+", "up");
      up.type = "button";
      up.setAttribute("aria-label", words.up + ": " + player.name);
      up.addEventListener("click", () => changeLevel(player.name, 1, $("up-source").value));
      const who = [player.sex, ...player.races, ...player.classes].filter(Boolean).map((w) => own(config.values, w) || w);
      row.append(down, level, up, name, strength);
      if (who.length) row.append(el("span", who.join(" "), "who"));
      box.append(row);
    }
    fillSelect($("fight-fighter"), players, false);
    if (table.turn) $("fight-fighter").value = table.turn;
    fillSelect($("fight-helper"), players, true);
  }

  async function loadTable() {
    const answer = await call("GET", "/api/table");
    if (answer.status === 404) {
      $("players").replaceChildren();
      $("table-tools").hidden = true;
      $("new-table").hidden = false;
      return;
    }
    if (!answer.ok) { showError($("table-verdict"), answer.data, answer.status); return; }
    showTable(answer.data);
  }

  async function changeLevel(name, change, source) {
    const box = $("table-verdict");
    const answer = await call("POST", "/api/table/level", {player: name, change: change, source: source});
    if (!answer.ok) { showError(box, answer.data, answer.status); return; }
    showVerdict(box, answer.data);
    if (!answer.data.recorded) box.prepend(el("p", words.refused, "refused"));
    await loadTable();
  }

  async function change(kind, body) {
    const answer = await call("POST", "/api/table/" + kind, body);
    if (!answer.ok) { showError($("table-verdict"), answer.data, answer.status); return; }
    $("table-verdict").replaceChildren();
    showTable(answer.data);
  }

  $("new-table").addEventListener("submit", (event) => {
    event.preventDefault();
    const names = $("new-players").value.split(",").map((n) => n.trim()).filter(Boolean);
    change("new", {players: names, game: $("new-game").value});
  });
  $("next-turn").addEventListener("click", () => change("turn", {}));
  $("undo").addEventListener("click", () => change("undo", {}));

  // --- a fight ----------------------------------------------------------------------------------

  $("fight-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const box = $("fight-verdict");
    const body = {monsters: $("fight-monsters").value.split(/\n|,(?![^{]*})/).map((m) => m.trim()).filter(Boolean)};
    if ($("fight-fighter").value) body.fighter = $("fight-fighter").value;
    if ($("fight-helper").value) body.helper = $("fight-helper").value;
    const plus = parseInt($("fight-plus").value, 10), minus = parseInt($("fight-monster-plus").value, 10);
    if (plus) body.plus = [plus];
    if (minus) body.monster_plus = [minus];
    if ($("fight-record").checked) body.record = true;
    const answer = await call("POST", "/api/ask/fight", body);
    if (!answer.ok) { showError(box, answer.data, answer.status); return; }
    showVerdict(box, answer.data);
    if (body.record) await loadTable();
  });

  if (config.needs_code) {
    $("code-box").hidden = false;
    // A join link (…/?code=…) brings the code: keep it, and take it out of the address bar.
    const address = new URL(location.href);
    if (address.searchParams.get("code")) {
      localStorage.setItem("referee-code", address.searchParams.get("code").trim());
      address.searchParams.delete("code");
      history.replaceState(null, "", address.pathname + address.search + address.hash);
    }
    $("code").value = localStorage.getItem("referee-code") || "";
    $("code").addEventListener("change", () => localStorage.setItem("referee-code", code()));
  }
  loadTable();
})();
