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
    // the page of one table of many (/t/ID) speaks to that table's routes
    if (config.table_api && (path === "/api/table" || path.startsWith("/api/table/"))) {
      path = config.table_api + path.slice("/api/table".length);
    }
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
  // Seconds with one decimal as the page's language writes them ("2.3" in English, "2,3" in Hungarian), as the CLI does.
  const tenths = window.Intl ? new Intl.NumberFormat(document.documentElement.lang,
                                                     {minimumFractionDigits: 1, maximumFractionDigits: 1}) : null;

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

  // --- the table, live ------------------------------------------------------------------------
  // The table comes from the event stream (GET /api/table/events): every phone draws the same
  // table whoever changed it. Each write says which table it was based on ("expected"); a stale
  // one is refused with the table as it is, and the page shows what changed instead.

  let current = null;         // the last table body seen
  let editing = null;         // the player whose editor is open
  let lastCombat = null;      // the fight as last seen open, to say what was recorded
  const text = (template, values) => template.replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));
  const listed = (names) => (lists ? lists.format(names) : names.join(", "));

  function fillSelect(select, names, keepFirst) {
    const chosen = select.value;
    while (select.options.length > (keepFirst ? 1 : 0)) select.remove(keepFirst ? 1 : 0);
    for (const name of names) { const option = el("option", name); option.value = name; select.append(option); }
    if (names.includes(chosen)) select.value = chosen;
  }

  function button(label, className, onClick, aria) {
    const b = el("button", label, className);
    b.type = "button";
    if (aria) b.setAttribute("aria-label", aria);
    b.addEventListener("click", onClick);
    return b;
  }

  function itemText(item) {
    const bonus = item.bonus ? (item.bonus > 0 ? " +" : " ") + item.bonus : "";
    return item.name + bonus;
  }

  function who(player) {
    return [player.sex, ...player.races, ...player.classes].filter(Boolean).map((w) => own(config.values, w) || w);
  }

  let pending = null;  // a table that came while a player was typing in an editor
  function render(body) {
    const typing = document.activeElement;
    if (body && typing && typing.tagName === "INPUT" && typing.closest(".editor") && body !== current) {
      pending = body;  // drawn when they leave the field, so what they type is not lost
      return;
    }
    pending = null;
    const before = current;
    current = body;
    if (!body || !body.table) {
      $("players").replaceChildren();
      $("table-tools").hidden = true;
      $("new-table").hidden = false;
      $("whose-turn").textContent = "";
      $("winner").hidden = true;
      $("combat").hidden = true;
      return;
    }
    const table = body.table;
    const names = table.players.map((p) => p.name);
    $("new-table").hidden = true;
    $("table-tools").hidden = false;
    $("whose-turn").textContent = table.turn ? text(words.turn_of, {name: table.turn,
      phase: own(config.values, table.phase) || table.phase || ""}) : "";
    showWinner(body.winner);
    // what was just done, on every phone (an undo says what it took back)
    $("last-change").textContent = body.last_change ? "#" + body.last_change.seq + " " + body.last_change.summary : "";
    const box = $("players");
    box.replaceChildren();
    for (const player of table.players) box.append(playerRow(player, table, body));
    fillSelect($("fight-fighter"), names, false);
    if (table.turn && document.activeElement !== $("fight-fighter")) $("fight-fighter").value = table.turn;
    fillSelect($("fight-helper"), names, true);
    fillSelect($("combat-helper"), names, true);
    fillSelect($("combat-curse-player"), names, false);
    fillSelect($("question-player"), names, false);
    if (editing && !names.includes(editing)) editing = null;
    showCombat(body, before);
  }

  function showWinner(winner) {
    const box = $("winner");
    box.replaceChildren();
    box.hidden = !(winner && winner.length);
    if (box.hidden) return;
    box.append(el("p", text(words.winner, {names: listed(winner)}), "winner-names"),
               el("p", words.game_over, "game-over"));
  }

  function playerRow(player, table, body) {
    const row = el("div", null, "player" + (player.name === table.turn ? " turn" : "") +
                               ((body.winner || []).includes(player.name) ? " won" : ""));
    row.dataset.name = player.name;
    const level = el("span", player.level, "level");
    level.setAttribute("aria-label", words.level + " " + player.level);
    const down = button("−", "down", () => changeLevel(player.name, -1, $("down-source").value), words.down + ": " + player.name);
    const up = button("+", "up", () => changeLevel(player.name, 1, $("up-source").value), words.up + ": " + player.name);
    const edit = button(words.edit, "edit secondary", () => { editing = editing === player.name ? null : player.name; render(current); },
                        words.edit + ": " + player.name);
    edit.setAttribute("aria-expanded", String(editing === player.name));
    row.append(down, level, up, el("span", player.name, "name"),
               el("span", words.strength + " " + own(body.strength, player.name), "strength"), edit);
    const about = who(player);
    if (about.length) row.append(el("span", about.join(" "), "who"));
    const gear = [];
    if (player.items && player.items.length) gear.push([words.gear, player.items.map(itemText)]);
    if (player.curses && player.curses.length) gear.push([words.curses, player.curses]);
    if (player.hireling) gear.push([words.hireling, [itemText(player.hireling)]]);
    if (player.steed) gear.push([words.steed, [itemText(player.steed)]]);
    if (gear.length) {
      const list = el("dl", null, "gear");
      for (const [label, values] of gear) list.append(el("dt", label), el("dd", listed(values)));
      row.append(list);
    }
    if (editing === player.name) row.append(editor(player, table));
    return row;
  }

  // --- one player's editor: who they are, gear, curses, hireling, steed --------------------------

  function checkboxes(codes, chosen, name) {
    const box = el("div", null, "choices");
    for (const code of codes) {
      const label = el("label", null, "check");
      const input = document.createElement("input");
      input.type = "checkbox";
      input.value = code;
      input.name = name;
      input.checked = chosen.includes(code);
      label.append(input, document.createTextNode(" " + (own(config.values, code) || code)));
      box.append(label);
    }
    return box;
  }

  function editor(player, table) {
    const box = el("div", null, "editor");
    const game = table.game || "munchkin";
    const sex = document.createElement("select");
    for (const code of ["male", "female"]) { const o = el("option", own(config.values, code) || code); o.value = code; sex.append(o); }
    sex.value = player.sex || "male";
    const races = checkboxes(own(config.races, game) || [], player.races, "races");
    const classes = checkboxes(own(config.classes, game) || [], player.classes, "classes");
    const checked = (group) => Array.from(group.querySelectorAll("input:checked")).map((i) => i.value);
    const save = button(words.save, "save", () => change("set", {player: player.name, fields: {
      sex: sex.value, races: checked(races).join(",") || "none", classes: checked(classes).join(",") || "none"}}));
    const sexLabel = el("label", config.fields.sex + " ");
    sexLabel.append(sex);
    box.append(sexLabel, el("h4", config.fields.races), races, el("h4", config.fields.classes), classes, save);

    // gear: each item with a button to take it away; a new one by card name (or name and bonus)
    box.append(el("h4", words.gear));
    const items = el("ul", null, "items");
    for (const item of player.items || []) {
      const li = el("li", itemText(item) + " ");
      li.append(button(words.remove, "remove secondary", () => change("item", {player: player.name, item: item.name, remove: true}),
                       words.remove + ": " + item.name));
      items.append(li);
    }
    box.append(items);
    const itemName = pickerInput("item", words.add_item);
    const bonus = document.createElement("input");
    bonus.type = "number";
    bonus.inputMode = "numeric";
    const bonusLabel = el("label", words.item_bonus + " ");
    bonusLabel.append(bonus);
    box.append(itemName.label, bonusLabel, button(words.add, "add-item", () => {
      const name = itemName.input.value.trim();
      if (!name) return;
      const body = {player: player.name, item: name};
      if (bonus.value !== "") body.fields = {bonus: parseInt(bonus.value, 10)};
      change("item", body);
    }));

    // curses in play on the player
    box.append(el("h4", words.curses));
    const curses = el("ul", null, "curses");
    for (const curse of player.curses || []) {
      const li = el("li", curse + " ");
      li.append(button(words.remove, "remove secondary", () => change("set", {player: player.name,
        fields: {curses: player.curses.filter((c) => c !== curse).join(",") || "none"}}), words.remove + ": " + curse));
      curses.append(li);
    }
    box.append(curses);
    const curseName = pickerInput("curse", words.add_curse);
    box.append(curseName.label, button(words.add, "add-curse", () => {
      const name = curseName.input.value.trim();
      if (name) change("set", {player: player.name, fields: [`curses=${JSON.stringify([...(player.curses || []), name])}`]});
    }));

    // a hireling and a steed: a name and a bonus, or nothing
    for (const [field, label] of [["hireling", words.set_hireling], ["steed", words.set_steed]]) {
      const input = pickerInput(field, label);
      const now = player[field];
      input.input.value = now ? itemText(now) : "";
      box.append(input.label, button(words.save, "save-" + field, () => {
        const typed = input.input.value.trim();
        const match = typed.match(/^(.*?)\s*([+-]\d+)?$/);
        const value = typed ? {name: match[1], bonus: match[2] ? parseInt(match[2], 10) : 0} : null;
        change("set", {player: player.name, fields: [`${field}=${value ? JSON.stringify(value) : "null"}`]});
      }));
    }
    return box;
  }

  // --- a card picker: names in the page's language, typos forgiven (the server's card lookup) ---

  function pickerInput(types, label) {
    const input = document.createElement("input");
    input.autocomplete = "off";
    input.className = "card-picker";
    input.dataset.types = types;
    const wrap = el("label", label + " ");
    wrap.append(input);
    picker(input);
    return {input: input, label: wrap};
  }

  function picker(input) {
    if (input.dataset.picker) return;
    input.dataset.picker = "1";
    const list = el("ul", null, "picks");
    list.hidden = true;
    input.after(list);
    let timer = null, ticket = 0;
    const types = (input.dataset.types || "").split(",").map((t) => t.trim()).filter(Boolean);
    const fits = (type) => !types.length || !type || types.some((t) => type.includes(t));
    const fragment = () => input.value.split(/\n|,/).pop().trim();
    input.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        const mine = ++ticket;
        // "Troll:3" is a monster the player names with its level: used as typed, nothing to pick
        // (a list appearing then would move the buttons below it under a finger already tapping)
        if (/:\d+$/.test(fragment())) { list.hidden = true; return; }
        const query = fragment();
        if (query.length < 2 || /^[+-]?\d+$/.test(query)) { list.hidden = true; return; }
        const answer = await call("GET", "/api/card", undefined, {name: query});
        if (mine !== ticket || !answer.data) return;
        const names = [];
        if (answer.data.name && fits(answer.data.type)) names.push(answer.data.name);
        for (const c of answer.data.candidates || []) if (fits(c.type) && !names.includes(c.name)) names.push(c.name);
        for (const n of answer.data.suggestions || []) if (!names.includes(n)) names.push(n);
        list.replaceChildren();
        for (const name of names.slice(0, 6)) {
          const li = el("li");
          li.append(button(name, "pick secondary", () => {
            const parts = input.value.split(/(\n|,)/);
            parts[parts.length - 1] = (parts.length > 1 ? " " : "") + name;
            input.value = parts.join("").replace(/^ /, "");
            list.hidden = true;
            input.focus();
          }));
          list.append(li);
        }
        list.hidden = !names.length || (names.length === 1 && names[0] === fragment());
      }, 200);
    });
  }
  document.querySelectorAll(".card-picker").forEach(picker);
  $("players").addEventListener("focusout", () => setTimeout(() => {
    if (pending && !(document.activeElement && document.activeElement.closest(".editor"))) render(pending);
  }, 0));

  // --- writes -----------------------------------------------------------------------------------

  function scrollTo(box) {
    // smooth, unless the phone was asked for less motion (an accessibility setting)
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    box.scrollIntoView({block: "start", behavior: still ? "auto" : "smooth"});
  }

  // A write refused because the table moved on: draw the table as it is and say what changed.
  function stale(data, before) {
    const box = $("stale");
    box.replaceChildren(el("p", words.stale));
    const fresh = data && data.table;
    const changes = describeChanges(before, fresh);
    if (changes.length) {
      const list = el("ul");
      for (const line of changes) list.append(el("li", line));
      box.append(list);
    }
    box.hidden = false;
    if (fresh) render(fresh);
    scrollTo(box);
  }

  function describeChanges(before, after) {
    const out = [];
    if (!after || !after.table) return out;
    const old = new Map();  // a player named "__proto__" is a name, not an object's prototype
    for (const p of (before && before.table ? before.table.players : [])) old.set(p.name, p);
    for (const p of after.table.players) {
      const was = old.get(p.name);
      if (!was) { out.push(p.name); continue; }
      if (was.level !== p.level) out.push(`${p.name}: ${words.level} ${was.level} → ${p.level}`);
      const a = who(was).join(" "), b = who(p).join(" ");
      if (a !== b) out.push(`${p.name}: ${a || "—"} → ${b || "—"}`);
      const ia = (was.items || []).map(itemText).join(", "), ib = (p.items || []).map(itemText).join(", ");
      if (ia !== ib) out.push(`${p.name}, ${words.gear}: ${ib || "—"}`);
      const ca = (was.curses || []).join(", "), cb = (p.curses || []).join(", ");
      if (ca !== cb) out.push(`${p.name}, ${words.curses}: ${cb || "—"}`);
    }
    if (before && before.table && before.table.turn !== after.table.turn) out.push(text(words.turn_of, {
      name: after.table.turn, phase: own(config.values, after.table.phase) || after.table.phase || ""}));
    if ((before && before.combat ? JSON.stringify(before.combat.monsters) : "") !==
        (after.combat ? JSON.stringify(after.combat.monsters) : "") || (after.combat && before && before.combat &&
        JSON.stringify(after.combat.one_shots) !== JSON.stringify(before.combat.one_shots))) out.push(words.fight_live);
    return out;
  }

  async function write(path, body, box) {
    body = Object.assign({}, body);
    const base = current;  // the table this write was decided on
    if (base && base.table) body.expected = base.changes;
    const answer = await call("POST", path, body);
    $("stale").hidden = answer.status !== 409 ? true : $("stale").hidden;
    if (answer.status === 409) { stale(answer.data, base); return null; }
    if (!answer.ok) { showError(box, answer.data, answer.status); scrollTo(box); return null; }
    if (answer.data && answer.data.table !== undefined && "changes" in answer.data) render(answer.data);
    return answer.data;
  }

  async function changeLevel(name, step, source) {
    const box = $("table-verdict");
    const data = await write("/api/table/level", {player: name, change: step, source: source}, box);
    if (!data) return;
    showVerdict(box, data);
    if (!data.recorded) refused(box);
    else box.prepend(el("p", data.recorded.summary, "recorded-change"));
    await refresh();
    scrollTo(box);
  }

  // A change the rules refuse is shown as a refusal, never as a big "OK".
  function refused(box) {
    const head = box.querySelector(".word");
    if (head) head.remove();
    box.prepend(el("p", words.refused_short.toUpperCase(), "word refused"), el("p", words.refused, "refused"));
  }

  async function change(kind, body) {
    const box = $("table-verdict");
    const data = await write("/api/table/" + kind, body, box);
    if (!data) return;
    box.replaceChildren();
    if (data.change && data.change.summary) box.append(el("p", data.change.summary, "recorded-change"));
  }

  async function refresh() {
    const answer = await call("GET", "/api/table");
    if (answer.status === 404) { render(null); return; }
    if (answer.ok) render(answer.data);
  }

  $("new-table").addEventListener("submit", (event) => {
    event.preventDefault();
    const names = $("new-players").value.split(",").map((n) => n.trim()).filter(Boolean);
    change("new", {players: names, game: $("new-game").value});
  });
  $("next-turn").addEventListener("click", () => change("turn", {}));
  $("undo").addEventListener("click", () => change("undo", {}));
  $("redo").addEventListener("click", () => change("redo", {}));

  // --- the fight on the table: every phone sees it, any phone changes it -------------------------

  let countdown = null;
  let clockOffset = 0;  // how far the server's clock is ahead of this phone's (ms)

  function showCombat(body, before) {
    const fight = body.combat;
    const open = fight && fight.closes_at && !fight.result;
    $("combat").hidden = !open;
    clearInterval(countdown);
    if (open) {
      lastCombat = fight;
      $("combat-result").hidden = true;
      const monsters = fight.monsters.map((m) => m.name + (m.level !== undefined ? " (" + m.level + ")" : ""));
      let line = text(words.against, {fighter: fight.fighter, monsters: listed(monsters)});
      if (fight.helper) line += ", " + text(words.helped_by, {helper: fight.helper});
      $("combat-who").textContent = line;
      showVerdict($("combat-verdict"), fight.judgement);
      const closes = Date.parse(fight.closes_at);
      const tick = () => {
        const left = Math.max(0, (closes - Date.now() - clockOffset) / 1000);
        $("countdown").textContent = left > 0 ? text(words.closes_in, {seconds: tenths ? tenths.format(left) : left.toFixed(1)}) : words.judging;
        $("countdown").classList.toggle("urgent", left < 1);
      };
      tick();
      countdown = setInterval(tick, 100);
      return;
    }
    const wasOpen = before && before.combat && before.combat.closes_at && !before.combat.result;
    if (body.last_change && ["settle", "close", "cancel"].includes(body.last_change.command)) {
      const box = $("combat-result");
      box.replaceChildren(el("p", words.recorded, "recorded-head"), el("p", body.last_change.summary, "recorded-change"));
      if (body.last_change.command !== "cancel" && fight && fight.judgement) {
        const verdict = el("div", null, "verdict");
        showVerdict(verdict, fight.judgement);
        box.append(verdict);
      }
      box.hidden = false;
      if (wasOpen) scrollTo(box);
    }
  }

  async function combat(action, body) {
    const box = $("combat-verdict");
    const data = await write("/api/table/combat" + (action ? "/" + action : ""), body, box);
    return data;
  }

  function bonus(input) {
    // +N or N is a number; anything else names a card (any language, typos forgiven)
    const value = input.value.trim();
    if (!value) return null;
    return /^[+-]?\d+$/.test(value) ? [parseInt(value, 10)] : [value];
  }

  $("combat-helper").addEventListener("change", () => {
    const helper = $("combat-helper").value;
    combat("", helper ? {helper: helper} : {no_helper: true});
  });
  for (const [id, field] of [["combat-plus", "plus"], ["combat-monster-plus", "monster_plus"], ["combat-wandering", "wandering"]]) {
    $(id + "-play").addEventListener("click", async () => {
      const value = field === "wandering" ? ($(id).value.trim() ? [$(id).value.trim()] : null) : bonus($(id));
      if (!value) return;
      const data = await combat("", {[field]: value});
      if (data) $(id).value = "";
    });
  }
  // A curse played during the fight lands on a player, recorded (and undone) with the fight's change.
  $("combat-curse-play").addEventListener("click", async () => {
    const curse = $("combat-curse").value.trim(), player = $("combat-curse-player").value;
    if (!curse || !player) return;
    const data = await combat("", {curse: {player: player, curse: curse}});
    if (data) $("combat-curse").value = "";
  });
  $("combat-close").addEventListener("click", () => combat("close", {}));
  $("combat-cancel").addEventListener("click", () => combat("cancel", {}));

  function fightBody() {
    const body = {monsters: $("fight-monsters").value.split(/\n|,(?![^{]*})/).map((m) => m.trim()).filter(Boolean)};
    if ($("fight-fighter").value) body.fighter = $("fight-fighter").value;
    if ($("fight-helper").value) body.helper = $("fight-helper").value;
    const plus = parseInt($("fight-plus").value, 10), minus = parseInt($("fight-monster-plus").value, 10);
    if (plus) body.plus = [plus];
    if (minus) body.monster_plus = [minus];
    return body;
  }

  $("fight-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const box = $("fight-verdict");
    const body = fightBody();
    if ($("fight-record").checked) body.record = true;
    const answer = await call("POST", "/api/ask/fight", body);
    if (!answer.ok) { showError(box, answer.data, answer.status); scrollTo(box); return; }
    showVerdict(box, answer.data);
    scrollTo(box);
    if (body.record) await refresh();
  });
  $("fight-open").addEventListener("click", async () => {
    const data = await combat("", Object.assign(fightBody(), {new: true}));
    if (data) { $("fight-verdict").replaceChildren(); scrollTo($("combat")); }
  });

  // --- every question, its verdict in view --------------------------------------------------------

  function questionFields() {
    const kind = $("question-kind").value;
    $("question-action-box").hidden = kind !== "can";
    $("question-items-box").hidden = kind !== "sell";
    $("question-monsters-box").hidden = kind !== "flee";
  }
  $("question-kind").addEventListener("change", questionFields);
  questionFields();

  $("question-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const kind = $("question-kind").value, player = $("question-player").value;
    const box = $("question-verdict");
    const split = (value) => value.split(/\n|,/).map((m) => m.trim()).filter(Boolean);
    let body = {player: player};
    if (kind === "can") body.action = $("question-action").value;
    if (kind === "sell") body.items = split($("question-items").value);
    if (kind === "flee") {
      body = {};
      const monsters = split($("question-monsters").value);
      if (monsters.length) body.monsters = monsters;
      if (player) body.fleeing = [player];
    }
    const answer = await call("POST", "/api/ask/" + kind, body);
    if (!answer.ok) showError(box, answer.data, answer.status);
    else showVerdict(box, answer.data);
    scrollTo(box);
  });

  // --- the stream -------------------------------------------------------------------------------

  // One stream while the page is in view; a phone put away stops listening (its battery), and
  // when it comes back it asks for what changed since the last change it saw.
  let source = null;
  function listen() {
    if (!window.EventSource) { refresh(); setInterval(refresh, 2000); return; }
    if (source) return;
    const params = current ? {last_event_id: String(current.changes)} : {};
    source = new EventSource(url("/api/table/events", params));
    source.onmessage = (event) => {
      $("offline").hidden = true;
      try { render(JSON.parse(event.data)); } catch (e) { /* a broken event: the next one redraws */ }
    };
    source.addEventListener("clock", (event) => {
      const server = parseInt(event.data, 10);
      if (server) clockOffset = server - Date.now();  // the server's clock minus this phone's
    });
    source.onerror = () => { $("offline").hidden = !source || source.readyState === EventSource.OPEN; };
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden" && source) { source.close(); source = null; }
    else if (document.visibilityState === "visible") listen();
  });

  // --- the screen stays on while the table plays (where the phone allows: a secure context) ----

  // The page's root says how it went (data-wake-lock: on, refused, unsupported), for the curious.
  let wakeLock = null;
  async function keepAwake() {
    const root = document.documentElement;
    if (!("wakeLock" in navigator)) { root.dataset.wakeLock = "unsupported"; return; }  // e.g. plain http on a LAN
    if (document.visibilityState !== "visible" || wakeLock) return;
    try {
      wakeLock = await navigator.wakeLock.request("screen");
      root.dataset.wakeLock = "on";
      wakeLock.addEventListener("release", () => { wakeLock = null; root.dataset.wakeLock = "released"; });
    } catch (e) {
      wakeLock = null;  // refused (battery saver, not allowed): the page works without
      root.dataset.wakeLock = "refused";
    }
  }
  document.addEventListener("visibilitychange", keepAwake);

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
  listen();
  keepAwake();
})();
