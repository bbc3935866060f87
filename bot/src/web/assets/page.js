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
  // `busy`: an action was chosen and the server has not yet read the turn with it, so the
  // candidates on screen are stale; taps wait until the reading arrives.
  // `heardVersion`: a version the live events announced while busy, read once the answer is in.
  var view = null, taps = [], pending = [], boardVersion = -1, asked = 0, busy = false;
  var heardVersion = null;

  function setBusy(on) {
    busy = on;
    document.body.dataset.busy = on ? "1" : "";
  }

  // The server said the game changed to `version`: read it again (after the answer being
  // awaited, if any) unless the page shows that version already (its own move's answer).
  function changed(version) {
    if (view && view.version === version) { return; }
    if (busy) { heardVersion = version; } else { load(); }
  }

  // After an awaited answer: reads the game again if the events announced a newer version.
  function settle() {
    var heard = heardVersion;
    heardVersion = null;
    if (heard !== null && (!view || view.version !== heard)) { load(); }
  }

  // A request to the game's API; a 429 is asked again after its Retry-After (a few times),
  // so taps faster than the server's rate are slowed, not refused.
  function api(path, options, tries) {
    options = options || {};
    tries = tries === undefined ? 5 : tries;
    options.headers = Object.assign({ Authorization: auth }, options.headers || {});
    return fetch("/api/games/" + id + path, options).then(function (r) {
      if (r.status !== 429 || tries <= 0) { return r; }
      var wait = 1000 * (parseFloat(r.headers.get("Retry-After")) || 1);
      return new Promise(function (resolve) { setTimeout(resolve, wait); })
        .then(function () { return api(path, options, tries - 1); });
    });
  }

  function json(response) {
    return response.json().then(function (body) {
      if (!response.ok) { throw new Error(body.error || String(response.status)); }
      return body;
    });
  }

  // Only the latest reading is shown: an older one answered late (a live update's reading
  // overtaken by a tap's) would drop the actions chosen since. A refused reading of a chosen
  // action takes the choice back to what the server last showed.
  function load() {
    var q = pending.length ? "?pending=" + encodeURIComponent(pending.join(" ")) : "";
    var mine = ++asked;
    return api(q).then(json).then(function (v) {
      if (mine === asked) { setBusy(false); show(v); }
    }).catch(function (e) {
      if (mine === asked) {
        if (busy) { pending = view ? view.pending.slice() : []; }
        setBusy(false);
        drawActions();
        settle();
      }
      fail(e);
    });
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
    if (boardVersion !== v.action_count) { boardVersion = v.action_count; taps = []; loadBoard(); }
    else { markCells(); }
    drawActions();
    if (!busy) { settle(); }
  }

  function loadBoard() {
    api("/board.png").then(function (r) {
      if (!r.ok) { throw new Error(String(r.status)); }
      return r.blob();
    }).then(function (blob) {
      var img = $("image");
      var old = img.src;
      img.onload = function () { if (old) { URL.revokeObjectURL(old); } buildCells(); };
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

  // The tap targets, one per cell, placed over the picture by the rectangles the server sent;
  // built once per picture, so a tap's element stays the same while a turn is chosen.
  function buildCells() {
    var img = $("image"), box = $("cells");
    box.textContent = "";
    if (!view || !img.naturalHeight) { return; }
    var w = view.image_width, h = img.naturalHeight * view.image_width / img.naturalWidth;
    view.cells.forEach(function (c) {
      var d = document.createElement("div");
      d.dataset.cell = c.cell;
      d.title = c.cell;
      d.style.left = (100 * c.x / w) + "%";
      d.style.top = (100 * c.y / h) + "%";
      d.style.width = (100 * c.w / w) + "%";
      d.style.height = (100 * c.h / h) + "%";
      d.addEventListener("click", function () { tap(c.cell); });
      box.appendChild(d);
    });
    markCells();
  }

  // Marks where an action may start (no tap yet), where the tapped ones may go, and the taps.
  function markCells() {
    var marked = {};
    if (view && view.your_turn && !busy) {
      candidates().forEach(function (a) {
        a.cells.forEach(function (c, i) {
          if (taps.length ? taps.indexOf(c) < 0 : i === 0) { marked[c] = taps.length ? "target" : "from"; }
        });
      });
      taps.forEach(function (t) { marked[t] = "tapped"; });
    }
    Array.prototype.forEach.call($("cells").children, function (d) {
      d.className = marked[d.dataset.cell] || "";
    });
  }

  function tap(cell) {
    if (!view || !view.your_turn || view.turn_complete || busy) { return; }
    var at = taps.indexOf(cell);
    if (at >= 0) { taps.splice(at, 1); }
    else {
      taps.push(cell);
      if (!candidates().length) { taps = [cell]; }
      if (!candidates().length) { taps = []; }
    }
    var left = candidates();
    if (taps.length && left.length === 1) { choose(left[0].line); return; }
    markCells();
    drawActions();
  }

  // Adds `line` to the turn being chosen and asks the server what may follow it; until the
  // answer, the choice is shown and nothing else can be chosen.
  function choose(line) {
    if (busy) { return; }
    pending.push(line);
    taps = [];
    setBusy(true);
    markCells();
    drawActions();
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
    (busy ? [] : candidates()).slice().sort(function (a, b) { return a.cells.length - b.cells.length; })
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
    play.disabled = !pending.length || busy;
    $("clear").textContent = w.clear;
  }

  $("play").addEventListener("click", function () {
    var line = pending.join(" ");
    var mine = ++asked;
    setBusy(true);
    drawActions();
    api("/actions", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ line: line })
    }).then(json).then(function (v) {
      pending = [];
      taps = [];
      setBusy(false);
      if (mine === asked) { show(v); } else { settle(); }
    }).catch(function (e) {
      fail(e);
      setBusy(false);
      drawActions();
      settle();
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
          var at = seen.indexOf("event: changed");
          var data = at >= 0 ? /data: *(\{[^\n]*\})\n/.exec(seen.slice(at)) : null;
          if (data) { seen = ""; changed(JSON.parse(data[1]).version); }
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
