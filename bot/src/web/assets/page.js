// The web board: one game's picture, taps mapped to cells by the rectangles the server sends,
// the legal actions through the tapped cells offered as buttons, and the chosen actions played
// through the API. Every text comes from the server (in the player's language) and is set as
// text, never as markup. Credentials come from the address's fragment and go only into the
// Authorization header.
"use strict";
(function () {
  var frag = new URLSearchParams(location.hash.slice(1));
  var initData = frag.get("tgWebAppData") || "";
  var token = frag.get("token") || "";
  var auth = token ? "Bearer " + token : initData ? "tma " + initData : "";
  var theme = frag.get("tgWebAppThemeParams");
  if (theme) {
    try {
      var params = JSON.parse(theme);
      Object.keys(params).forEach(function (k) {
        if (/^[a-z_]+$/.test(k) && /^#[0-9a-fA-F]{3,8}$/.test(params[k])) {
          document.documentElement.style.setProperty("--tg-theme-" + k.replace(/_/g, "-"), params[k]);
        }
      });
    } catch (e) { /* no theme */ }
  }
  var id = (location.pathname.match(/^\/g\/([0-9a-z]+)/) || [])[1];
  if (!id && initData) { id = new URLSearchParams(initData).get("start_param") || ""; }
  var $ = function (x) { return document.getElementById(x); };
  var view = null, taps = [], pending = [], boardVersion = -1, asked = 0;

  function api(path, options) {
    options = options || {};
    options.headers = Object.assign({ Authorization: auth }, options.headers || {});
    return fetch("/api/games/" + id + path, options);
  }

  function json(response) {
    return response.json().then(function (body) {
      if (!response.ok) { throw new Error(body.error || String(response.status)); }
      return body;
    });
  }

  // Only the latest reading is shown: an older one answered late (a live update's reading
  // overtaken by a tap's) would drop the actions chosen since.
  function load() {
    var q = pending.length ? "?pending=" + encodeURIComponent(pending.join(" ")) : "";
    var mine = ++asked;
    return api(q).then(json).then(function (v) { if (mine === asked) { show(v); } }).catch(fail);
  }

  function fail(e) { $("error").textContent = e.message; }
  window.addEventListener("error", function (e) { fail(e); });
  window.addEventListener("unhandledrejection", function (e) { fail(e.reason || e); });

  function show(v) {
    view = v;
    pending = v.pending.slice();
    $("error").textContent = "";
    $("title").textContent = v.title + " " + v.id;
    $("status").textContent = v.status;
    var players = $("players");
    players.textContent = "";
    v.players.forEach(function (p) {
      var li = document.createElement("li");
      li.textContent = p.name + " (" + p.seat + ")" + (p.clock ? " \u00b7 \u23f1 " + p.clock : "");
      if (p.to_act) { li.className = "to-act"; }
      if (p.you) { li.className += " you"; }
      players.appendChild(li);
    });
    $("last").textContent = v.last_turn ? v.words.last + " " + v.last_turn : "";
    $("note").textContent = v.your_turn || v.over ? "" : v.words.watching;
    if (boardVersion !== v.action_count) { boardVersion = v.action_count; loadBoard(); }
    else { drawCells(); }
    drawActions();
  }

  function loadBoard() {
    api("/board.png").then(function (r) {
      if (!r.ok) { throw new Error(String(r.status)); }
      return r.blob();
    }).then(function (blob) {
      var img = $("image");
      var old = img.src;
      img.onload = function () { if (old) { URL.revokeObjectURL(old); } drawCells(); };
      img.alt = view ? view.status : "";
      img.src = URL.createObjectURL(blob);
    }).catch(fail);
  }

  function candidates() {
    if (!view) { return []; }
    return view.legal.filter(function (a) {
      return taps.every(function (t) { return a.cells.indexOf(t) >= 0; });
    });
  }

  function drawCells() {
    var img = $("image"), box = $("cells");
    box.textContent = "";
    if (!view || !img.naturalHeight) { return; }
    var w = view.image_width, h = img.naturalHeight * view.image_width / img.naturalWidth;
    var cands = candidates(), marked = {};
    cands.forEach(function (a) {
      a.cells.forEach(function (c, i) {
        if (taps.length ? taps.indexOf(c) < 0 : i === 0) { marked[c] = taps.length ? "target" : "from"; }
      });
    });
    taps.forEach(function (t) { marked[t] = "tapped"; });
    view.cells.forEach(function (c) {
      var d = document.createElement("div");
      d.dataset.cell = c.cell;
      d.title = c.cell;
      d.style.left = (100 * c.x / w) + "%";
      d.style.top = (100 * c.y / h) + "%";
      d.style.width = (100 * c.w / w) + "%";
      d.style.height = (100 * c.h / h) + "%";
      if (view.your_turn && marked[c.cell]) { d.className = marked[c.cell]; }
      d.addEventListener("click", function () { tap(c.cell); });
      box.appendChild(d);
    });
  }

  function tap(cell) {
    if (!view || !view.your_turn || view.turn_complete) { return; }
    var at = taps.indexOf(cell);
    if (at >= 0) { taps.splice(at, 1); }
    else {
      taps.push(cell);
      if (!candidates().length) { taps = [cell]; }
      if (!candidates().length) { taps = []; }
    }
    var left = candidates();
    if (taps.length && left.length === 1) { choose(left[0].line); return; }
    drawCells();
    drawActions();
  }

  function choose(line) {
    pending.push(line);
    taps = [];
    load();
  }

  function drawActions() {
    var act = $("act");
    act.hidden = !view || !view.your_turn;
    if (act.hidden) { return; }
    var w = view.words;
    $("choose").textContent = view.turn_complete ? "" : pending.length ? w.more : w.choose;
    $("chosen").textContent = pending.join(" ");
    var list = $("candidates");
    list.textContent = "";
    // Phase actions (next, end, pass) first: they have no cell to tap.
    candidates().slice().sort(function (a, b) { return a.cells.length - b.cells.length; })
      .slice(0, 200).forEach(function (a) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = a.line;
      b.dataset.line = a.line;
      b.addEventListener("click", function () { choose(a.line); });
      list.appendChild(b);
    });
    var play = $("play");
    play.textContent = pending.length ? w.play + ": " + pending.join(" ") : w.play;
    play.disabled = !pending.length;
    $("clear").textContent = w.clear;
  }

  $("play").addEventListener("click", function () {
    var line = pending.join(" ");
    $("play").disabled = true;
    api("/actions", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ line: line })
    }).then(json).then(function (v) { pending = []; taps = []; show(v); }).catch(function (e) {
      fail(e);
      $("play").disabled = false;
    });
  });

  $("clear").addEventListener("click", function () { taps = []; pending = []; load(); });

  // Live: the server's events say the game changed; the page then reads it again.
  // The stream is ended when the page goes, so it never holds one of the browser's few
  // connections to this server after the page is gone.
  var stream = new AbortController();
  window.addEventListener("pagehide", function () { stream.abort(); });
  function listen() {
    api("/events", { signal: stream.signal }).then(function (r) {
      if (!r.ok || !r.body) { throw new Error(String(r.status)); }
      var reader = r.body.getReader(), decoder = new TextDecoder(), seen = "";
      function more() {
        return reader.read().then(function (chunk) {
          if (chunk.done) { throw new Error("closed"); }
          seen += decoder.decode(chunk.value, { stream: true });
          if (seen.indexOf("event: changed") >= 0) { seen = ""; load(); }
          if (seen.length > 4096) { seen = ""; }
          return more();
        });
      }
      return more();
    }).catch(function () { if (!stream.signal.aborted) { setTimeout(listen, 1000); } });
  }

  if (!id || !auth) { fail(new Error("?")); return; }
  load().then(listen);
})();
