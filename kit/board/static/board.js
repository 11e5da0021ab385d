// The board's page: the records list, one record read one way (or two side by side), a record of your
// own, the model button and the correction form. Everything from a record or a reply is written with
// textContent or as an input's value, never as markup; state-changing requests carry the session token.
(function () {
  "use strict";
  var TOKEN = document.querySelector('meta[name="board-token"]').content;
  var RUN_COLUMNS = 6;
  var state = { place: null, id: null, source: null, sources: [], primary: null, model: null, floor: null, pick: null };

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }
  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } return node; }
  function $(id) { return document.getElementById(id); }
  function api(path, body) {
    var opts = { headers: { "Accept": "application/json" }, credentials: "same-origin" };
    if (body !== undefined) {
      opts.method = "POST";
      opts.headers["Content-Type"] = "application/json";
      opts.headers["X-Board-Token"] = TOKEN;
      opts.body = JSON.stringify(body);
    }
    return fetch(path, opts).then(function (r) {
      return r.json().then(function (data) { data._status = r.status; data._ok = r.ok; return data; });
    });
  }
  function recordPath(place, id) { return encodeURIComponent(place) + "/" + encodeURIComponent(id); }
  function problems(list, node) {
    clear(node);
    (list || []).forEach(function (p) { node.appendChild(el("li", null, p)); });
  }
  function show(section) {
    ["list", "own", "record"].forEach(function (name) { $(name).hidden = name !== section; });
  }

  // ---- records list ----
  var listing = null;
  function loadList() {
    show("list");
    api("/api/records").then(function (data) {
      listing = data;
      var verdicts = {};
      data.records.forEach(function (r) { if (r.key) { verdicts[r.key] = true; } });
      var select = $("f-verdict");
      var chosen = select.value;
      clear(select).appendChild(el("option", null, "all")).value = "";
      Object.keys(verdicts).sort().forEach(function (v) { select.appendChild(el("option", null, v)).value = v; });
      select.value = chosen;
      var head = clear($("records").tHead);
      var row = head.insertRow();
      ["where", "id", "title", "key verdict"].forEach(function (h) { row.appendChild(el("th", null, h)); });
      var runs = data.runs.slice(0, RUN_COLUMNS);
      runs.forEach(function (name) { row.appendChild(el("th", "run", name)); });
      $("runs-note").textContent = data.warnings.join(" ") + (data.runs.length > RUN_COLUMNS ?
        (data.runs.length - RUN_COLUMNS) + " older recorded run(s) are not shown as columns; the filter and each record's reading list include them." :
        (data.runs.length ? "" : "No recorded run of this corpus in the results folder."));
      var body = clear($("records").tBodies[0]);
      data.records.forEach(function (r) {
        var tr = body.insertRow();
        var wrong = Object.keys(r.runs).some(function (k) { return !r.runs[k].right; });
        tr.dataset.verdict = r.key || "";
        tr.dataset.wrong = wrong ? "yes" : "no";
        tr.appendChild(el("td", null, r.place));
        var link = el("a", "open", r.id);
        link.href = "#/record/" + recordPath(r.place, r.id);
        tr.appendChild(el("td")).appendChild(link);
        tr.appendChild(el("td", null, r.title));
        tr.appendChild(el("td", null, r.key || "(no key)"));
        // A run's reading: green when fully right, amber when the verdict is the key's but something
        // else is not, red when the verdict is wrong; what is wrong is said under it.
        runs.forEach(function (name) {
          var g = r.runs[name];
          if (!g) { tr.appendChild(el("td", "muted", "-")); return; }
          var kind = g.right ? "right" : (g.verdict_right ? "partly" : "wrong");
          var td = tr.appendChild(el("td", "run-reading " + kind, g.verdict + (g.right ? " (fully right)" :
            (g.verdict_right ? " (verdict right)" : " (verdict wrong; key " + (r.key || "none") + ")"))));
          if (!g.right) { td.appendChild(el("span", "what-wrong", g.wrong.join("; "))); }
        });
      });
      filter();
    });
  }
  function filter() {
    var v = $("f-verdict").value, wrong = $("f-wrong").checked, shown = 0, rows = $("records").tBodies[0].rows;
    Array.prototype.forEach.call(rows, function (tr) {
      var hide = (v !== "" && tr.dataset.verdict !== v) || (wrong && tr.dataset.wrong !== "yes");
      tr.hidden = hide;
      if (!hide) { shown += 1; }
    });
    $("shown").textContent = String(shown);
    $("total").textContent = String(rows.length);
  }
  $("f-verdict").addEventListener("change", filter);
  $("f-wrong").addEventListener("change", filter);

  // ---- one record's view ----
  function list(title, items, cls) {
    var box = el("div", cls);
    if (!items || !items.length) { return box; }
    box.appendChild(el("p", "label", title));
    var ul = box.appendChild(el("ul"));
    items.forEach(function (i) { ul.appendChild(el("li", null, i)); });
    return box;
  }
  function summary(v, box) {
    var verdict = el("p", "verdict");
    verdict.appendChild(el("strong", null, "Offered " + (v.offered || "(none)") + "; rechecked " + v.rechecked +
      " by rule " + v.rule.id + "."));
    box.appendChild(verdict);
    box.appendChild(el("blockquote", "rule-sentence", v.rule.id + ". " + v.rule.sentence));
    box.appendChild(el("p", "arithmetic", "Midnights: " + v.arithmetic));
    box.appendChild(list("What the reading's source reported:", v.problems, "problems"));
    box.appendChild(window.KitRecord.sent(v.sent));
    box.appendChild(list("Document scan flags:", v.flags, "flags"));
    var table = box.appendChild(el("table", "elements"));
    var hr = table.createTHead().insertRow();
    ["element", "finding", "stay value", "quoted line"].forEach(function (h) { hr.appendChild(el("th", null, h)); });
    var tb = table.createTBody();
    v.elements.forEach(function (e) {
      var tr = tb.insertRow();
      tr.dataset.element = e.element;
      [e.element, e.finding || "(none)", e.value, e.quote || ""].forEach(function (c) { tr.appendChild(el("td", null, c)); });
    });
  }
  function renderView(v, pickable) {
    var box = el("div", "view");
    box.dataset.source = v.source;
    box.appendChild(el("h3", null, "Read by: " + v.source + (v.key_verdict ? "" : " (no key for this record)")));
    box.appendChild(list("Why the offered and rechecked verdicts differ:", v.differ, "differ"));
    box.appendChild(list("Provenance (where the rulebook says a reading must be written):", v.provenance, "provenance"));
    var drawn;
    if (v.shared) {
      drawn = box.appendChild(window.KitRecord.render(v.shared));
    } else {
      summary(v, box);
      drawn = box.appendChild(window.KitRecord.text(v.text));
    }
    var ol = drawn.tagName === "OL" ? drawn : drawn.querySelector("ol.text");
    if (pickable && ol) { ol.classList.add("pickable"); }
    box.appendChild(el("p", "notice muted", v.notice));
    return box;
  }
  function renderViews(views) {
    var box = clear($("views"));
    box.classList.toggle("side", views.length > 1);
    views.forEach(function (v, n) { box.appendChild(renderView(v, n === 0)); });
  }
  function openRecord(place, id, source) {
    show("record");
    state.place = place; state.id = id;
    $("model-error").hidden = true;
    problems([], $("save-problems"));
    $("save-note").textContent = "";
    var q = source ? "?source=" + encodeURIComponent(source) : "";
    return api("/api/record/" + recordPath(place, id) + q).then(function (data) {
      if (!data._ok) { renderError(data); return; }
      applyRecord(data);
      modelStatus();
    });
  }
  function renderError(data) {
    clear($("views")).appendChild(el("p", "error", data.error));
  }
  // The reading named by "read by" is drawn first and is the one the correction form holds; the
  // model's answer, once asked for, is drawn beside any other reading (and the floor's beside it).
  function applyRecord(data) {
    state.source = data.source; state.sources = data.sources; state.primary = data.view;
    $("rec-title").textContent = data.place + "/" + data.id;
    var select = clear($("rec-source"));
    data.sources.forEach(function (s) { select.appendChild(el("option", null, s)).value = s; });
    select.value = data.source;
    var beside = data.source === "model" ? state.floor : state.model;
    renderViews(beside ? [data.view, beside] : [data.view]);
    buildForm(data.view);
  }
  $("rec-source").addEventListener("change", function () {
    var s = $("rec-source").value;
    api("/api/record/" + recordPath(state.place, state.id) + "?source=" + encodeURIComponent(s)).then(function (data) {
      if (data._ok) { applyRecord(data); }
    });
  });

  // ---- the model ----
  function modelStatus() {
    var button = $("model-go"), note = $("model-note");
    state.model = null; state.floor = null;
    button.disabled = true;
    note.textContent = "checking the model configuration...";
    api("/api/model/estimate/" + recordPath(state.place, state.id)).then(function (s) {
      if (!s.ready) {
        note.textContent = "Disabled: " + s.why + ". To enable it, run: " + s.run;
        return;
      }
      button.disabled = false;
      note.textContent = s.provider + " / " + s.model + " at " + s.endpoint + " (redaction " + s.redact +
        "; the units the document scan flags " + (s.send_flagged === "verbatim" ? "sent verbatim" : "withheld") +
        "). Estimated cost: " + s.cost + ". Nothing is sent until you click.";
    });
  }
  $("model-go").addEventListener("click", function () {
    var button = $("model-go");
    button.disabled = true;
    $("model-note").textContent = "asking the model...";
    api("/api/model/" + recordPath(state.place, state.id), {}).then(function (data) {
      button.disabled = false;
      if (!data._ok) {
        $("model-error").hidden = false;
        $("model-error").textContent = data.error + (data.problems.length ? ": " + data.problems.join("; ") : "");
        $("model-note").textContent = "";
        return;
      }
      state.model = data.view;
      $("model-note").textContent = "The model answered (" + data.call.status + (data.call.cost_usd !== null ?
        ", $" + data.call.cost_usd.toFixed(4) : ", cost not priced") + "; sent: " + data.call.sent.sent +
        "); shown beside the floor's.";
      api("/api/record/" + recordPath(state.place, state.id) + "?source=floor").then(function (floor) {
        state.floor = floor._ok ? floor.view : null;
        applyRecord(data);
      });
    });
  });

  // ---- corrections ----
  function field(label, input) {
    var wrap = el("label", "field");
    wrap.appendChild(el("span", null, label));
    wrap.appendChild(input);
    return wrap;
  }
  function buildForm(view) {
    var form = clear($("correct"));
    view.elements.forEach(function (e) {
      var set = form.appendChild(el("fieldset", "element"));
      set.dataset.element = e.element;
      set.appendChild(el("legend", null, e.element + ": " + e.title));
      var modes = el("div", "modes");
      ["accept", "correct"].forEach(function (mode) {
        var radio = el("input");
        radio.type = "radio"; radio.name = "mode-" + e.element; radio.value = mode; radio.checked = mode === "accept";
        radio.addEventListener("change", function () { setMode(set, mode); });
        var lab = el("label");
        lab.appendChild(radio);
        lab.appendChild(document.createTextNode(mode === "accept" ? " accept the reading shown (" + view.source + ")" : " correct it"));
        modes.appendChild(lab);
      });
      set.appendChild(modes);
      var finding = el("select", "finding");
      e.vocabulary.forEach(function (w) { finding.appendChild(el("option", null, w)).value = w; });
      finding.value = e.finding && e.vocabulary.indexOf(e.finding) >= 0 ? e.finding : e.vocabulary[0];
      set.appendChild(field("finding", finding));
      var quote = el("input", "citation");
      quote.type = "text"; quote.value = e.quote || "";
      set.appendChild(field("carrying line", quote));
      var pick = el("button", "pick", "pick line");
      pick.type = "button";
      pick.addEventListener("click", function () { startPick(set); });
      set.appendChild(pick);
      if (e.element === "stay_expectation") {
        var date = el("input", "discharge");
        date.type = "text"; date.placeholder = "YYYY-MM-DD"; date.value = e.expected_discharge || "";
        var nights = el("input", "nights");
        nights.type = "number"; nights.min = "0";
        nights.value = e.expected_nights === null || e.expected_nights === undefined ? "" : String(e.expected_nights);
        set.appendChild(field("expected discharge", date));
        set.appendChild(field("or further nights", nights));
      }
      setMode(set, "accept");
    });
  }
  function setMode(set, mode) {
    set.dataset.mode = mode;
    set.querySelectorAll("select, input[type=text], input[type=number], button.pick").forEach(function (i) {
      i.disabled = mode === "accept";
    });
  }
  function startPick(set) {
    state.pick = set;
    document.querySelectorAll("fieldset.picking").forEach(function (f) { f.classList.remove("picking"); });
    set.classList.add("picking");
    $("save-note").textContent = "Click the line that carries " + set.dataset.element + " in the record text (or select part of a line).";
  }
  $("views").addEventListener("mouseup", function (event) {
    if (!state.pick) { return; }
    var li = event.target.closest("ol.pickable li");
    if (!li) { return; }
    var raw = state.primary.lines[li.value - 1] || "";
    var picked = String(window.getSelection ? window.getSelection() : "").trim();
    if (!picked || raw.indexOf(picked) < 0) { picked = raw.trim(); }
    if (!picked) { return; }
    state.pick.querySelector("input.citation").value = picked;
    state.pick.classList.remove("picking");
    $("save-note").textContent = "Line " + li.value + " picked for " + state.pick.dataset.element + ".";
    state.pick = null;
  });
  $("save").addEventListener("click", function () {
    var elements = [];
    $("correct").querySelectorAll("fieldset.element").forEach(function (set) {
      var row = { element: set.dataset.element, finding: set.querySelector("select.finding").value,
        citation: set.querySelector("input.citation").value };
      var date = set.querySelector("input.discharge"), nights = set.querySelector("input.nights");
      if (date) { row.expected_discharge = date.value.trim() || null; }
      if (nights) { row.expected_nights = nights.value === "" ? null : Number(nights.value); }
      elements.push(row);
    });
    $("save-note").textContent = "saving...";
    api("/api/save/" + recordPath(state.place, state.id), { elements: elements }).then(function (data) {
      $("save-note").textContent = data._ok ? "Saved as gold: " + data.saved + " (verdict " + data.row.support +
        " by rule " + data.row.rule + ")." : data.error;
      problems(data.problems, $("save-problems"));
    });
  });

  // ---- a record of your own ----
  // A chosen file goes to the board as its bytes (base64), never decoded here: the board reads them
  // with the corpus checker's own reader, so a file that is not UTF-8 is named with line and column.
  function checkOwn(body) {
    api("/api/own", body).then(function (data) {
      if (!data._ok) {
        problems([data.error].concat(data.problems || []), $("own-problems"));
        return;
      }
      problems([], $("own-problems"));
      location.hash = "#/record/" + recordPath(data.place, data.id);
    });
  }
  function base64(buffer) {
    var bytes = new Uint8Array(buffer), out = "", step = 0x8000;
    for (var i = 0; i < bytes.length; i += step) {
      out += String.fromCharCode.apply(null, bytes.subarray(i, i + step));
    }
    return window.btoa(out);
  }
  $("own-file").addEventListener("change", function () {
    var file = $("own-file").files[0];
    if (!file) { return; }
    file.arrayBuffer().then(function (buffer) { checkOwn({ file: base64(buffer), name: file.name }); });
  });
  $("own-check").addEventListener("click", function () { checkOwn({ text: $("own-text").value }); });

  // ---- routing ----
  function route() {
    var hash = location.hash || "#/";
    var m = /^#\/record\/([^/]+)\/([^/?]+)$/.exec(hash);
    if (m) { openRecord(decodeURIComponent(m[1]), decodeURIComponent(m[2])); return; }
    if (hash === "#/own") { show("own"); return; }
    loadList();
  }
  window.addEventListener("hashchange", route);
  route();
})();
