// rummykit's card table: drawn from the state the server sends (a view, its
// legal moves and the variant's words), so every variant plays here with no
// code of its own. The page never holds a hand but its own person's: the
// server sends no other.
"use strict";

(function () {
  const body = document.body;
  const TOKEN = body.dataset.token || "";
  const SEAT = body.dataset.seat || "";
  const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
  const RANKS = { T: "10" };
  const SVG = "http://www.w3.org/2000/svg";

  let state = null; // the last state the server sent
  let selected = []; // card codes selected in the hand
  let order = []; // the hand as the person arranged it
  let sortMode = "melds"; // melds | suit | rank | own
  let ws = null;
  let retry = 0;
  let sentAt = 0; // when the last move was sent (performance.now), for the round trip
  let sentVersion = -1;
  let links = [];
  const prefs = loadPrefs();

  // -- small helpers ----------------------------------------------------------

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function svg(tag, attrs, text) {
    const e = document.createElementNS(SVG, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function byId(id) {
    return document.getElementById(id);
  }
  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
    return node;
  }
  // A card is its code (7H, TS, JK), with a ' for each copy before it in a
  // game of several decks (7H', JK''): two copies are two cards to click.
  function isJoker(c) {
    return c.slice(0, 2) === "JK";
  }
  function rankOf(c) {
    return isJoker(c) ? "JK" : RANKS[c[0]] || c[0];
  }
  function suitOf(c) {
    return isJoker(c) ? "\u2605" : SUITS[c[1]];
  }
  function pretty(c) {
    return isJoker(c) ? "joker" : rankOf(c) + SUITS[c[1]];
  }
  function sameSet(a, b) {
    if (a.length !== b.length) return false;
    const s = new Set(a);
    return b.every((x) => s.has(x));
  }
  function loadPrefs() {
    try {
      return JSON.parse(localStorage.getItem("rummykit-prefs") || "{}") || {};
    } catch (e) {
      return {};
    }
  }
  function savePrefs() {
    try {
      localStorage.setItem("rummykit-prefs", JSON.stringify(prefs));
    } catch (e) {
      /* private mode: the preferences last this page */
    }
  }

  // -- a card ---------------------------------------------------------------

  function cardFace(c) {
    const s = svg("svg", { viewBox: "0 0 60 84", class: "face", "aria-hidden": "true" });
    s.appendChild(svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "paper" }));
    s.appendChild(svg("text", { x: 5, y: 20, class: "rank" }, rankOf(c)));
    s.appendChild(svg("text", { x: 5, y: 37, class: "pip" }, suitOf(c)));
    s.appendChild(svg("text", { x: 34, y: 70, class: "big", "text-anchor": "middle" }, suitOf(c)));
    return s;
  }
  function card(c, extra) {
    const d = el("div", "card s-" + (isJoker(c) ? "J" : c[1]) + (extra ? " " + extra : ""));
    d.dataset.card = c;
    d.setAttribute("role", "img");
    d.setAttribute("aria-label", pretty(c));
    d.appendChild(cardFace(c));
    return d;
  }
  function back(extra) {
    const d = el("div", "card back" + (extra ? " " + extra : ""));
    d.setAttribute("aria-hidden", "true");
    return d;
  }
  function cardRow(codes, cls) {
    const row = el("div", "row " + (cls || ""));
    codes.forEach((c) => row.appendChild(card(c, "small")));
    return row;
  }

  // -- the page's frame --------------------------------------------------------

  function build() {
    body.className = "";
    const top = el("header", "top");
    top.append(el("h1", "title", "rummykit"), el("span", "rule", ""), el("span", "status", ""));
    top.querySelector(".title").id = "title";
    top.querySelector(".rule").id = "rule";
    top.querySelector(".status").id = "status";
    const tools = el("nav", "tools");
    tools.append(
      button("Score", () => toggle("sheet"), "show-sheet"),
      button("Log", () => toggle("log"), "show-log"),
      button("Rules", () => showRules(), "show-rules"),
      button("Look", () => toggle("look"), "show-look")
    );
    top.appendChild(tools);
    const main = el("main", "board");
    main.id = "board";
    const others = el("section", "others");
    others.id = "others";
    const middle = el("section", "middle");
    const piles = el("div", "piles");
    const stock = el("button", "pile stock");
    stock.id = "stock";
    stock.type = "button";
    const discard = el("button", "pile discard");
    discard.id = "discard";
    discard.type = "button";
    piles.append(stock, discard);
    const melds = el("div", "melds");
    melds.id = "melds";
    const line = el("p", "table-line");
    line.id = "table-line";
    middle.append(piles, line, melds);
    const you = el("section", "you");
    you.id = "you";
    const head = el("div", "you-head");
    head.append(el("strong", "you-name"), el("span", "label"));
    head.children[0].id = "you-name";
    head.children[1].id = "label";
    const sorts = el("div", "sorts");
    sorts.append(
      button("Melds", () => setSort("melds"), "sort-melds"),
      button("By suit", () => setSort("suit"), "sort-suit"),
      button("By rank", () => setSort("rank"), "sort-rank")
    );
    head.appendChild(sorts);
    const hand = el("div", "hand");
    hand.id = "hand";
    hand.setAttribute("role", "listbox");
    hand.setAttribute("aria-label", "your hand");
    hand.setAttribute("aria-multiselectable", "true");
    const actions = el("div", "actions");
    actions.id = "actions";
    const warn = el("p", "warning");
    warn.id = "warning";
    you.append(head, hand, actions, warn);
    main.append(others, middle, you);
    const side = el("aside", "side");
    side.id = "side";
    const sheet = el("section", "panel sheet hidden");
    sheet.id = "sheet";
    const log = el("section", "panel log hidden");
    log.id = "log";
    const rules = el("section", "panel rules hidden");
    rules.id = "rules";
    const look = el("section", "panel look hidden");
    look.id = "look";
    look.append(
      el("h2", "", "Look"),
      check("Four colours (a colour per suit)", "four"),
      check("High contrast", "contrast"),
      check("Large cards", "large")
    );
    side.append(sheet, log, rules, look);
    const linkBox = el("section", "links hidden");
    linkBox.id = "links";
    const toast = el("div", "toast hidden");
    toast.id = "toast";
    toast.setAttribute("role", "status");
    toast.setAttribute("aria-live", "polite");
    const conn = el("div", "conn hidden", "Connection lost: reconnecting\u2026");
    conn.id = "conn";
    const curtain = el("div", "curtain hidden");
    curtain.id = "curtain";
    const result = el("div", "overlay hidden");
    result.id = "result";
    const over = el("div", "overlay hidden");
    over.id = "over";
    const confirmBox = el("div", "overlay hidden");
    confirmBox.id = "confirm";
    body.append(top, linkBox, main, side, toast, conn, curtain, result, over, confirmBox);
    stock.addEventListener("click", () => pileMove("draw stock"));
    discard.addEventListener("click", () => pileMove("take discard"));
    document.addEventListener("keydown", onKey);
    applyPrefs();
  }

  function button(text, onClick, id) {
    const b = el("button", "btn", text);
    b.type = "button";
    if (id) b.id = id;
    b.addEventListener("click", onClick);
    return b;
  }
  function check(text, key) {
    const label = el("label", "check");
    const box = el("input");
    box.type = "checkbox";
    box.id = "pref-" + key;
    box.checked = !!prefs[key];
    box.addEventListener("change", () => {
      prefs[key] = box.checked;
      savePrefs();
      applyPrefs();
    });
    label.append(box, document.createTextNode(" " + text));
    return label;
  }
  function applyPrefs() {
    body.classList.toggle("four", !!prefs.four);
    body.classList.toggle("contrast", !!prefs.contrast);
    body.classList.toggle("large", !!prefs.large);
  }
  function toggle(id) {
    const p = byId(id);
    const hide = !p.classList.contains("hidden");
    document.querySelectorAll(".panel").forEach((x) => x.classList.add("hidden"));
    if (!hide) p.classList.remove("hidden");
    body.classList.toggle("with-side", !hide);
  }
  function showRules() {
    send({ type: "rules" });
    toggle("rules");
  }

  // -- the connection -----------------------------------------------------------

  function connect() {
    const q = "token=" + encodeURIComponent(TOKEN) + (SEAT ? "&seat=" + encodeURIComponent(SEAT) : "");
    ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws?" + q);
    ws.onopen = () => {
      retry = 0;
      byId("conn").classList.add("hidden");
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch (e) {
        return;
      }
      receive(msg);
    };
    ws.onclose = (ev) => {
      if (ev.code === 4003) {
        byId("conn").textContent = "Refused: " + (ev.reason || "wrong link");
        byId("conn").classList.remove("hidden");
        return;
      }
      if (ev.code === 1013) {
        // the table is full for now: say so, and try again a little later
        byId("conn").textContent = "Refused: " + (ev.reason || "the table is busy") + "; trying again\u2026";
        byId("conn").classList.remove("hidden");
        setTimeout(connect, 5000);
        return;
      }
      byId("conn").textContent = "Connection lost: reconnecting\u2026";
      byId("conn").classList.remove("hidden");
      retry = Math.min(retry + 1, 5);
      setTimeout(connect, 400 * retry);
    };
  }
  function send(msg) {
    if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg));
  }
  function sendMove(move, sure) {
    if (move.confirm && !sure) {
      askFirst(move);
      return;
    }
    sentAt = performance.now();
    sentVersion = state ? state.version : -1;
    body.dataset.busy = "1";
    send({ type: "move", move: move.move });
  }

  function receive(msg) {
    if (msg.type === "state") {
      if (sentAt && msg.version > sentVersion) {
        body.dataset.rtt = (performance.now() - sentAt).toFixed(1);
        sentAt = 0;
      }
      delete body.dataset.busy;
      state = msg;
      render();
    } else if (msg.type === "replay") {
      renderReplay(msg);
    } else if (msg.type === "hello") {
      links = msg.links || [];
    } else if (msg.type === "refused") {
      delete body.dataset.busy;
      sentAt = 0;
      toast(msg.reason, "refused");
    } else if (msg.type === "hint") {
      toast("Hint \u2014 " + msg.text, "hint");
    } else if (msg.type === "rules") {
      const p = clear(byId("rules"));
      p.appendChild(el("h2", "", "Rules"));
      const pre = el("div", "rules-text");
      msg.lines.forEach((l) => pre.appendChild(el("p", "", l)));
      p.appendChild(pre);
    }
  }

  // A move that ends the round for everyone by surprise (a draw at the empty
  // stock): said first, made only on "yes", as the terminal asks.
  function askFirst(move) {
    const box = clear(byId("confirm"));
    const p = el("div", "dialog");
    p.appendChild(el("p", "outcome", move.confirm));
    const yes = button("Yes, " + move.label.toLowerCase(), () => {
      box.classList.add("hidden");
      sendMove(move, true);
    }, "confirm-yes");
    const no = button("No, keep playing", () => box.classList.add("hidden"), "confirm-no");
    p.append(yes, no);
    box.appendChild(p);
    box.classList.remove("hidden");
    no.focus();
  }

  let toastTimer = 0;
  function toast(text, kind) {
    const t = byId("toast");
    t.textContent = text;
    t.className = "toast " + (kind || "");
    t.dataset.kind = kind || "";
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => t.classList.add("hidden"), kind === "hint" ? 12000 : 6000);
  }

  // -- drawing the state ----------------------------------------------------------

  function render() {
    const s = state;
    body.dataset.version = s.version;
    body.dataset.toAct = s.to_act === null ? "" : String(s.to_act);
    byId("title").textContent = s.title;
    byId("rule").textContent = "Round " + s.round + " \u00b7 " + s.rule;
    renderStatus();
    renderOthers();
    renderPiles();
    renderMelds();
    renderYou();
    renderSheet();
    renderLog();
    renderLinks();
    renderCurtain();
    renderResult();
    renderOver();
  }

  function whoseTurn() {
    const s = state;
    if (s.stopped) return s.stopped;
    if (s.over) return "The match is over";
    if (s.to_act === null) return "";
    if (s.to_act === s.you) return "Your turn";
    return s.names[s.to_act] + (s.kinds[s.to_act] === "human" ? "'s turn" : " is playing\u2026");
  }
  function renderStatus() {
    byId("status").textContent = whoseTurn();
  }

  function renderOthers() {
    const s = state;
    const box = clear(byId("others"));
    s.names.forEach((name, seat) => {
      if (seat === s.you) return;
      const o = el("div", "seat");
      o.dataset.seat = seat;
      if (seat === s.to_act) o.classList.add("acting");
      const head = el("div", "seat-head");
      head.append(el("strong", "", name), el("span", "kind", s.kinds[seat] === "human" ? "" : s.kinds[seat]));
      o.appendChild(head);
      if (s.in_play.indexOf(seat) < 0) {
        o.classList.add("out");
        o.appendChild(el("span", "sits-out", "sits this round out"));
      } else {
        const fan = el("div", "fan");
        const n = s.hand_sizes[seat];
        for (let i = 0; i < Math.min(n, 14); i++) fan.appendChild(back("tiny"));
        o.appendChild(fan);
        o.appendChild(el("span", "count", n + (n === 1 ? " card" : " cards")));
      }
      box.appendChild(o);
    });
  }

  function movesOf(kind) {
    return state.legal.filter((m) => m.kind === kind);
  }
  function pileMove(kind) {
    const m = movesOf(kind)[0];
    if (m) sendMove(m);
  }

  function renderPiles() {
    const s = state;
    const stock = clear(byId("stock"));
    const draw = movesOf("draw stock")[0];
    stock.disabled = !draw;
    stock.classList.toggle("live", !!draw);
    stock.appendChild(s.stock ? back() : el("div", "card empty"));
    stock.appendChild(el("span", "pile-count", "Stock " + s.stock));
    stock.setAttribute("aria-label", draw ? draw.label + " (" + s.stock + " cards)" : "stock, " + s.stock + " cards");
    if (draw) stock.title = draw.label;
    const discard = clear(byId("discard"));
    const take = movesOf("take discard")[0];
    discard.disabled = !take;
    discard.classList.toggle("live", !!take);
    const top = s.discard.length ? s.discard[s.discard.length - 1] : null;
    discard.appendChild(top ? card(top) : el("div", "card empty"));
    discard.appendChild(el("span", "pile-count", "Discard " + s.discard_size));
    discard.setAttribute("aria-label", top ? (take ? "take " : "discard pile, top ") + pretty(top) : "discard pile, empty");
    byId("table-line").textContent = s.table_line || "";
  }

  function renderMelds() {
    const s = state;
    const box = clear(byId("melds"));
    s.table.forEach((m) => {
      const d = el("div", "meld");
      d.dataset.meld = m.number;
      const head = el("span", "meld-head", m.number + " \u00b7 " + s.names[m.owner]);
      d.appendChild(head);
      d.appendChild(cardRow(m.cards));
      const onto = targetMoves(m.number);
      if (onto.length) d.classList.add("live");
      d.addEventListener("click", () => {
        const mv = targetMoves(m.number).find((x) => sameSet(x.cards, selected));
        if (mv) sendMove(mv);
      });
      box.appendChild(d);
    });
  }
  function targetMoves(n) {
    return state.legal.filter((m) => m.target === n);
  }

  function arranged(hand) {
    const cards = hand.cards.slice();
    const inHand = new Set(cards);
    if (sortMode === "own") {
      const kept = order.filter((c) => inHand.has(c));
      cards.forEach((c) => {
        if (kept.indexOf(c) < 0) kept.push(c);
      });
      return [kept];
    }
    if (sortMode === "suit" || sortMode === "rank") {
      return [cards.sort(sortMode === "suit" ? bySuit : byRank)];
    }
    const groups = hand.melds.map((m) => m.slice());
    const melded = new Set([].concat.apply([], groups));
    const loose = cards.filter((c) => !melded.has(c)).sort(bySuit);
    return groups.concat([loose]);
  }
  const RANK_ORDER = "A23456789TJQK";
  const SUIT_ORDER = "CDHS";
  function bySuit(a, b) {
    return SUIT_ORDER.indexOf(a[1]) - SUIT_ORDER.indexOf(b[1]) || RANK_ORDER.indexOf(a[0]) - RANK_ORDER.indexOf(b[0]);
  }
  function byRank(a, b) {
    return RANK_ORDER.indexOf(a[0]) - RANK_ORDER.indexOf(b[0]) || SUIT_ORDER.indexOf(a[1]) - SUIT_ORDER.indexOf(b[1]);
  }
  function setSort(mode) {
    sortMode = mode;
    renderYou();
  }

  function renderYou() {
    const s = state;
    const hand = clear(byId("hand"));
    const you = byId("you");
    const actions = clear(byId("actions"));
    byId("warning").textContent = s.warning || "";
    if (!s.hand) {
      selected = []; // nothing of the last person's hand stays in the page
      order = [];
      sortMode = "melds";
      you.classList.add("nohand");
      byId("you-name").textContent = s.lan && s.host ? "The table (host)" : "";
      byId("label").textContent = "";
      return;
    }
    you.classList.remove("nohand");
    byId("you-name").textContent = s.names[s.you] + (s.to_act === s.you ? " \u2014 your turn" : "");
    byId("label").textContent = s.hand.label;
    selected = selected.filter((c) => s.hand.cards.indexOf(c) >= 0);
    const groups = arranged(s.hand);
    order = [].concat.apply([], groups);
    const playable = new Set();
    s.legal.forEach((m) => m.cards.forEach((c) => playable.add(c)));
    groups.forEach((g, i) => {
      if (!g.length) return;
      const grp = el("div", "group" + (sortMode === "melds" && i < groups.length - 1 ? " meld-group" : ""));
      g.forEach((c) => {
        const d = card(c, "in-hand" + (playable.has(c) ? " playable" : "") + (selected.indexOf(c) >= 0 ? " selected" : ""));
        d.tabIndex = 0;
        d.setAttribute("role", "option");
        d.setAttribute("aria-selected", selected.indexOf(c) >= 0 ? "true" : "false");
        d.addEventListener("pointerdown", startDrag);
        d.addEventListener("dblclick", () => quickMove(c));
        grp.appendChild(d);
      });
      hand.appendChild(grp);
    });
    renderActions(actions);
  }

  function renderActions(actions) {
    const s = state;
    const shown = new Set();
    // Moves of the selected cards (discard, knock, meld, add to a meld...).
    if (selected.length) {
      s.legal
        .filter((m) => m.cards.length && sameSet(m.cards, selected))
        .forEach((m) => {
          actions.appendChild(moveButton(m, "primary"));
          shown.add(m.move);
        });
    }
    // Moves that take no card of the hand and are not a pile's.
    s.legal
      .filter((m) => !m.cards.length && m.kind !== "draw stock" && m.kind !== "take discard")
      .forEach((m) => {
        actions.appendChild(moveButton(m, ""));
        shown.add(m.move);
      });
    if (s.legal.length) {
      const hint = button("Hint", () => send({ type: "hint" }), "hint");
      actions.appendChild(hint);
    }
    if (s.undo) actions.appendChild(button("Undo", () => send({ type: "undo" }), "undo"));
    // Every legal move, by its notation, when one of them cannot be made by
    // selecting cards of the hand (a plugin's move of another shape).
    const inHand = new Set(s.hand.cards);
    const rest = s.legal.filter(
      (m) => !shown.has(m.move) && m.cards.length && !m.cards.every((c) => inHand.has(c))
    );
    if (rest.length) {
      const more = el("details", "more");
      more.appendChild(el("summary", "", "All moves (" + s.legal.length + ")"));
      s.legal.forEach((m) => more.appendChild(moveButton(m, "small", true)));
      actions.appendChild(more);
    }
    if (s.in_play.indexOf(s.you) < 0) {
      actions.appendChild(el("span", "waiting", "You sit this round out"));
    } else if (!s.legal.length && !s.over && s.to_act !== null && s.to_act !== s.you) {
      actions.appendChild(el("span", "waiting", whoseTurn()));
    } else if (s.legal.length && !selected.length && !s.legal.some((m) => !m.cards.length)) {
      actions.appendChild(el("span", "tip", "Select cards to play them"));
    }
  }

  function moveButton(m, cls, notation) {
    const text = notation ? m.move : m.label;
    const b = el("button", "btn move " + (cls || ""), text);
    b.type = "button";
    b.dataset.move = m.move;
    b.dataset.kind = m.kind;
    if (m.help) b.title = m.help;
    b.addEventListener("click", () => sendMove(m));
    return b;
  }

  function quickMove(c) {
    const single = state.legal.filter((m) => m.cards.length === 1 && m.cards[0] === c && m.target === null);
    const discard = single.filter((m) => m.kind === "discard");
    if (discard.length === 1) sendMove(discard[0]);
    else if (single.length === 1) sendMove(single[0]);
  }

  function toggleSelect(c) {
    const i = selected.indexOf(c);
    if (i >= 0) selected.splice(i, 1);
    else selected.push(c);
    renderYou();
    focusCard(c);
  }
  function focusCard(c) {
    const d = byId("hand").querySelector('[data-card="' + c + '"]');
    if (d) d.focus();
  }

  // -- dragging: a card onto another (order), the discard pile, a table meld --------

  let drag = null;
  function startDrag(ev) {
    if (ev.button !== undefined && ev.button !== 0) return;
    const d = ev.currentTarget;
    drag = { card: d.dataset.card, x: ev.clientX, y: ev.clientY, ghost: null, el: d };
    document.addEventListener("pointermove", moveDrag);
    document.addEventListener("pointerup", endDrag, { once: true });
  }
  function moveDrag(ev) {
    if (!drag) return;
    if (!drag.ghost) {
      if (Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) < 10) return;
      drag.ghost = card(drag.card, "ghost");
      body.appendChild(drag.ghost);
      drag.el.classList.add("dragging");
    }
    drag.ghost.style.left = ev.clientX - 25 + "px";
    drag.ghost.style.top = ev.clientY - 35 + "px";
  }
  function endDrag(ev) {
    document.removeEventListener("pointermove", moveDrag);
    const d = drag;
    drag = null;
    if (!d) return;
    if (!d.ghost) {
      toggleSelect(d.card);
      return;
    }
    d.ghost.remove();
    d.el.classList.remove("dragging");
    const under = document.elementFromPoint(ev.clientX, ev.clientY);
    if (!under) return;
    const onCard = under.closest(".hand .card");
    const onDiscard = under.closest("#discard");
    const onMeld = under.closest(".meld");
    const cards = selected.indexOf(d.card) >= 0 ? selected.slice() : [d.card];
    if (onCard && onCard.dataset.card !== d.card) {
      const arr = order.filter((c) => c !== d.card);
      arr.splice(arr.indexOf(onCard.dataset.card), 0, d.card);
      order = arr;
      sortMode = "own";
      renderYou();
    } else if (onDiscard) {
      const m = state.legal.find((x) => x.kind === "discard" && sameSet(x.cards, [d.card]));
      if (m) sendMove(m);
      else toast("You cannot discard " + pretty(d.card) + " now", "refused");
    } else if (onMeld) {
      const n = Number(onMeld.dataset.meld);
      const m = targetMoves(n).find((x) => sameSet(x.cards, cards));
      if (m) sendMove(m);
      else toast("That cannot go onto meld " + n + " now", "refused");
    }
  }

  // -- the keyboard -------------------------------------------------------------------

  function onKey(ev) {
    if (!state || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const t = ev.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA")) return;
    const key = ev.key;
    const cur = t && t.dataset ? t.dataset.card : null;
    if (key === "Escape") {
      selected = [];
      renderYou();
      return;
    }
    if (cur && (key === "ArrowRight" || key === "ArrowLeft")) {
      const i = order.indexOf(cur) + (key === "ArrowRight" ? 1 : -1);
      if (i >= 0 && i < order.length) focusCard(order[i]);
      ev.preventDefault();
      return;
    }
    if (cur && (key === " " || key === "Enter")) {
      toggleSelect(cur);
      ev.preventDefault();
      return;
    }
    if (key === "?" || key === "h") {
      if (state.legal.length) send({ type: "hint" });
      return;
    }
    if (key === "u") {
      if (state.undo) send({ type: "undo" });
      return;
    }
    if (/^[1-9]$/.test(key)) {
      const m = targetMoves(Number(key)).find((x) => sameSet(x.cards, selected));
      if (m) sendMove(m);
      return;
    }
    const kind = (state.keys || {})[key.toLowerCase()];
    if (!kind) return;
    const ms = movesOf(kind);
    const m = ms.find((x) => !x.cards.length) || ms.find((x) => sameSet(x.cards, selected) && x.target === null);
    if (m) {
      sendMove(m);
      ev.preventDefault();
    }
  }

  // -- panels ----------------------------------------------------------------------------

  function teamName(team) {
    return team.map((s) => state.names[s]).join(" & ");
  }
  function renderSheet() {
    const s = state;
    const p = clear(byId("sheet"));
    p.appendChild(el("h2", "", "Score"));
    const table = el("table", "score");
    const headRow = el("tr");
    headRow.appendChild(el("th", "", ""));
    s.names.forEach((n) => headRow.appendChild(el("th", "", n)));
    table.appendChild(headRow);
    s.sheet.rounds.forEach((pts, i) => {
      const r = el("tr");
      r.appendChild(el("th", "", "Round " + (s.sheet.rounds_played - s.sheet.rounds.length + i + 1)));
      pts.forEach((x) => r.appendChild(el("td", "", String(x))));
      table.appendChild(r);
    });
    s.sheet.columns
      .filter((c) => !c.teams)
      .forEach((c) => {
        const r = el("tr", "total");
        r.appendChild(el("th", "", c.title));
        c.values.forEach((v) => r.appendChild(el("td", "", v === null ? "\u2013" : String(v))));
        table.appendChild(r);
      });
    p.appendChild(table);
    s.sheet.columns
      .filter((c) => c.teams)
      .forEach((c) => {
        const t = el("table", "score teams");
        const h = el("tr");
        h.appendChild(el("th", "", c.title));
        s.sheet.teams.forEach((team) => h.appendChild(el("th", "", teamName(team))));
        const r = el("tr", "total");
        r.appendChild(el("th", "", ""));
        c.values.forEach((v) => r.appendChild(el("td", "", v === null ? "\u2013" : String(v))));
        t.append(h, r);
        p.appendChild(t);
      });
    s.sheet.columns.forEach((c) => {
      if (c.note) p.appendChild(el("p", "note", c.title + ": " + c.note));
    });
    p.appendChild(el("p", "note", s.rule));
  }

  function renderLog() {
    const p = clear(byId("log"));
    p.appendChild(el("h2", "", "Round " + state.round));
    const ol = el("ol", "log-lines");
    state.log.forEach((line) => ol.appendChild(el("li", "", line)));
    p.appendChild(ol);
    ol.scrollTop = ol.scrollHeight;
  }

  function renderLinks() {
    const box = byId("links");
    if (!state.host || !links.length) {
      box.classList.add("hidden");
      return;
    }
    if (box.dataset.done) return;
    box.dataset.done = "1";
    box.classList.remove("hidden");
    box.appendChild(el("h2", "", "Join links: one per seat, each its own secret"));
    links.forEach((l) => {
      const d = el("div", "link");
      const img = el("img", "qr");
      img.src = "/qr/" + l.seat + ".svg?token=" + encodeURIComponent(TOKEN);
      img.alt = "QR code of " + l.name + "'s link";
      const a = el("a", "seat-link", l.url);
      a.href = l.url;
      a.dataset.seat = l.seat;
      a.target = "_blank";
      a.rel = "noopener noreferrer";
      d.append(el("strong", "", l.name), img, a);
      box.appendChild(d);
    });
  }

  function renderCurtain() {
    const c = byId("curtain");
    const s = state;
    if (!s.curtain) {
      c.classList.add("hidden");
      clear(c);
      return;
    }
    selected = [];
    clear(c);
    c.classList.remove("hidden");
    // what the last person was told (a hint names their cards) goes with them
    clearTimeout(toastTimer);
    byId("toast").classList.add("hidden");
    const name = s.curtain.name;
    c.appendChild(el("p", "curtain-text", "Pass to " + name + " \u2014 tap when only " + name + " is looking"));
    const b = button("I am " + name + ": show my hand", () => send({ type: "reveal" }), "reveal");
    c.appendChild(b);
    b.focus();
  }

  function dismissedKey() {
    return "rummykit-seen-" + state.game + "-" + SEAT;
  }
  function dismissed() {
    try {
      return Number(sessionStorage.getItem(dismissedKey()) || "0");
    } catch (e) {
      return 0;
    }
  }
  function renderResult() {
    const box = byId("result");
    const r = state.result;
    if (!r || r.round <= dismissed() || state.over) {
      box.classList.add("hidden");
      clear(box);
      return;
    }
    if (box.dataset.round === String(r.round) && !box.classList.contains("hidden")) return;
    clear(box);
    box.dataset.round = r.round;
    box.classList.remove("hidden");
    box.appendChild(resultPanel(r, "Round " + r.round + " is over"));
    const ok = button("Next round", () => {
      try {
        sessionStorage.setItem(dismissedKey(), String(r.round));
      } catch (e) {
        /* the panel closes anyway */
      }
      box.classList.add("hidden");
      clear(box);
    }, "next-round");
    box.firstChild.appendChild(ok);
    ok.focus();
  }
  function resultPanel(r, title) {
    const p = el("div", "dialog");
    p.appendChild(el("h2", "", title));
    r.hands.forEach((h) => {
      const d = el("div", "result-hand");
      d.appendChild(el("strong", "", state.names[h.seat] + " (" + h.points + ")"));
      const row = el("div", "result-cards");
      h.melds.forEach((m) => row.appendChild(cardRow(m, "meld-row")));
      h.layoffs.forEach((l) => row.appendChild(cardRow([l.card], "layoff")));
      if (h.loose.length) row.appendChild(cardRow(h.loose, "loose"));
      d.appendChild(row);
      p.appendChild(d);
    });
    r.lines.forEach((l) => p.appendChild(el("p", "outcome", l)));
    return p;
  }
  function renderOver() {
    const box = byId("over");
    const o = state.over;
    if (!o) {
      box.classList.add("hidden");
      return;
    }
    if (!box.classList.contains("hidden")) return;
    clear(box);
    box.classList.remove("hidden");
    const p = state.result ? resultPanel(state.result, "The match is over") : el("div", "dialog");
    p.insertBefore(
      el("p", "winner", o.winners.length ? o.winners.join(" & ") + " won the match" : "Nobody won the match"),
      p.children[1] || null
    );
    p.appendChild(el("p", "note", o.ending + " \u00b7 seed " + o.seed));
    const score = byId("sheet").cloneNode(true);
    score.id = "final-sheet";
    score.classList.remove("hidden");
    p.appendChild(score);
    p.appendChild(button("Close", () => box.classList.add("hidden"), "close-over"));
    box.appendChild(p);
  }

  // -- a replay: every hand open, move by move -----------------------------------------

  let replay = null;
  function renderReplay(r) {
    replay = r;
    const f = r.frame;
    body.classList.add("replaying");
    body.dataset.frame = r.index;
    byId("title").textContent = r.title + " \u00b7 replay";
    byId("rule").textContent = "Round " + f.round;
    byId("status").textContent = f.caption;
    const box = clear(byId("others"));
    r.names.forEach((name, seat) => {
      const o = el("div", "seat open");
      o.dataset.seat = seat;
      if (seat === f.to_act) o.classList.add("acting");
      const head = el("div", "seat-head");
      head.append(el("strong", "", name), el("span", "kind", r.kinds[seat] + " \u00b7 " + f.totals[seat]));
      o.append(head, cardRow(f.hands[seat].slice().sort(bySuit), "open-hand"));
      box.appendChild(o);
    });
    const stock = clear(byId("stock"));
    stock.disabled = true;
    stock.append(f.stock ? back() : el("div", "card empty"), el("span", "pile-count", "Stock " + f.stock));
    const discard = clear(byId("discard"));
    discard.disabled = true;
    const top = f.discard.length ? f.discard[f.discard.length - 1] : null;
    discard.append(top ? card(top) : el("div", "card empty"), el("span", "pile-count", "Discard " + f.discard_size));
    const melds = clear(byId("melds"));
    f.table.forEach((m) => {
      const d = el("div", "meld");
      d.append(el("span", "meld-head", m.number + " \u00b7 " + r.names[m.owner]), cardRow(m.cards));
      melds.appendChild(d);
    });
    const you = byId("you");
    you.classList.add("nohand");
    byId("you-name").textContent = "";
    byId("label").textContent = "";
    clear(byId("hand"));
    const actions = clear(byId("actions"));
    const go = (i) => send({ type: "frame", index: Math.max(0, Math.min(r.count - 1, i)) });
    actions.append(
      button("\u23ee Start", () => go(0), "replay-start"),
      button("\u25c0 Back", () => go(r.index - 1), "replay-back"),
      button("Next \u25b6", () => go(r.index + 1), "replay-next"),
      button("End \u23ed", () => go(r.count - 1), "replay-end"),
      el("span", "tip", "Move " + r.index + " of " + (r.count - 1) + (r.seed ? " \u00b7 seed " + r.seed : ""))
    );
    const w = clear(byId("warning"));
    if (f.result) f.result.lines.forEach((l) => w.appendChild(el("span", "outcome", l + " ")));
  }
  document.addEventListener("keydown", (ev) => {
    if (!replay) return;
    if (ev.key === "ArrowRight" || ev.key === "n") send({ type: "frame", index: Math.min(replay.count - 1, replay.index + 1) });
    if (ev.key === "ArrowLeft" || ev.key === "b") send({ type: "frame", index: Math.max(0, replay.index - 1) });
  });

  build();
  connect();
})();
