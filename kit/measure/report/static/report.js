// The report's records: per arm, the table of records (built from the data embedded once in
// #kit-data, a page of rows at a time), its filters, and a record's detail built on demand by
// KitRecord.render when its id is clicked (or named in the address's #arm--id). Record content goes
// in through textContent only; nothing here writes innerHTML or fetches anything.
(function () {
  "use strict";
  var PAGE = 200;
  var source = document.getElementById("kit-data");
  if (!source) {
    return;
  }
  var data = JSON.parse(source.textContent);

  var el = window.KitRecord.el;

  // A whole view again (see embed.py): the record's part, the answer's, the rule's words, and each
  // element's key fields from the record's part.
  function view(arm, answer) {
    var shared = data.records[answer.id];
    var out = {};
    Object.keys(shared).forEach(function (k) { out[k] = shared[k]; });
    Object.keys(answer).forEach(function (k) { out[k] = answer[k]; });
    out.rule = data.rules[answer.rule] || {id: answer.rule, title: "", sentence: ""};
    out.taxonomy = answer.taxonomy.map(function (t) { return {id: t, words: data.kinds[t] || ""}; });
    out.raw_right = answer.offered === answer.key;
    out.rechecked_right = answer.rechecked === answer.key;
    var keys = {};
    shared.key_elements.forEach(function (k) { keys[k.element] = k; });
    out.elements = answer.elements.map(function (e) {
      var k = keys[e.element] || {};
      var merged = {key_finding: k.key_finding, key_quote: k.key_quote, key_value: k.key_value};
      Object.keys(data.element_defaults).forEach(function (f) { merged[f] = data.element_defaults[f]; });
      Object.keys(e).forEach(function (f) { merged[f] = e[f]; });
      return merged;
    });
    return out;
  }

  function detailRow(arm, answer) {
    var v = view(arm, answer);
    var tr = el("tr", "detail-row");
    var td = el("td");
    td.colSpan = 7;
    var details = el("details", "detail");
    details.id = arm + "--" + v.id;
    details.open = true;
    details.dataset.right = v.right ? "yes" : "no";
    details.dataset.verdict = v.key;
    details.appendChild(el("summary", null, v.id + ": " + (v.right ? "fully right" : "not fully right") +
      "; key " + v.key + ", offered " + (v.offered || "(none)") + ", rechecked " + v.rechecked));
    details.appendChild(window.KitRecord.render(v));
    td.appendChild(details);
    tr.appendChild(td);
    return tr;
  }

  function setup(host) {
    var arm = host.dataset.arm;
    var answers = data.arms[arm] || [];
    var wrong = host.querySelector("input.only-wrong");
    var verdict = host.querySelector("select.verdict");
    var shown = host.querySelector(".shown");
    var body = host.querySelector("table.records tbody");
    var more = host.querySelector("button.more");
    var limit = PAGE;
    var rows = {};

    function toggle(answer, tr) {
      var next = tr.nextSibling;
      if (next && next.classList && next.classList.contains("detail-row")) {
        body.removeChild(next);
        return null;
      }
      var detail = detailRow(arm, answer);
      body.insertBefore(detail, tr.nextSibling);
      return detail;
    }

    function row(answer) {
      var shared = data.records[answer.id];
      var tr = el("tr", "rec" + (answer.right ? "" : " wrong"));
      tr.dataset.id = answer.id;
      tr.dataset.right = answer.right ? "yes" : "no";
      tr.dataset.verdict = answer.key;
      var idCell = el("td");
      var link = el("a", "open-detail", answer.id);
      link.href = "#" + arm + "--" + answer.id;
      link.dataset.target = arm + "--" + answer.id;
      link.addEventListener("click", function (event) {
        event.preventDefault();
        toggle(answer, tr);
      });
      idCell.appendChild(link);
      tr.appendChild(idCell);
      tr.appendChild(el("td", null, shared.case));
      tr.appendChild(el("td", null, answer.key));
      tr.appendChild(el("td", null, answer.offered || "(none)"));
      tr.appendChild(el("td", null, answer.rechecked + " (" + answer.rule + ")"));
      tr.appendChild(el("td", "right", answer.right ? "yes" : "no"));
      var problems = el("td");
      if (answer.problems.length || answer.parser.length) {
        var ul = el("ul", "problems");
        answer.problems.forEach(function (p) { ul.appendChild(el("li", null, p)); });
        answer.parser.forEach(function (p) { ul.appendChild(el("li", null, "parser: " + p)); });
        problems.appendChild(ul);
      }
      tr.appendChild(problems);
      rows[answer.id] = tr;
      return tr;
    }

    function matching() {
      return answers.filter(function (a) {
        return !(wrong.checked && a.right) && !(verdict.value !== "" && a.key !== verdict.value);
      });
    }

    function draw() {
      var list = matching();
      while (body.firstChild) {
        body.removeChild(body.firstChild);
      }
      list.slice(0, limit).forEach(function (a) { body.appendChild(rows[a.id] || row(a)); });
      shown.textContent = String(list.length);
      more.hidden = list.length <= limit;
      more.textContent = "show " + Math.min(PAGE, list.length - limit) + " more of " + (list.length - limit);
    }

    wrong.addEventListener("change", function () { limit = PAGE; draw(); });
    verdict.addEventListener("change", function () { limit = PAGE; draw(); });
    more.addEventListener("click", function () { limit += PAGE; draw(); });
    draw();
    return {
      open: function (id) {
        var answer = answers.filter(function (a) { return a.id === id; })[0];
        if (!answer) {
          return null;
        }
        wrong.checked = false;
        verdict.value = "";
        limit = Math.max(limit, answers.indexOf(answer) + 1);
        draw();
        return toggle(answer, rows[id]);
      }
    };
  }

  var hosts = {};
  document.querySelectorAll(".records-host").forEach(function (host) {
    hosts[host.dataset.arm] = setup(host);
  });

  function fromAddress() {
    var target = decodeURIComponent(window.location.hash.slice(1));
    var cut = target.lastIndexOf("--");
    if (cut < 0 || !hosts[target.slice(0, cut)]) {
      return;
    }
    var opened = hosts[target.slice(0, cut)].open(target.slice(cut + 2));
    if (opened) {
      opened.scrollIntoView();
    }
  }
  // A planted record: the clean record's lines with the planted middle put back, the clean record's
  // key marks moved with their lines (as injection.expand does in Python), drawn on first open.
  function expand(clean, planted) {
    var base = clean.lines;
    var lines = base.slice(0, planted.head).concat(planted.middle, base.slice(base.length - planted.tail));
    var shift = lines.length - base.length;
    var keyMarks = clean.key_marks.filter(function (m) { return m.line <= planted.head; })
      .concat(planted.middle_key_marks)
      .concat(clean.key_marks.filter(function (m) { return m.line > base.length - planted.tail; })
        .map(function (m) { return {kind: m.kind, element: m.element, line: m.line + shift, start: m.start, end: m.end}; }));
    return {lines: lines, key_marks: keyMarks, marks: planted.marks, flagged: planted.flagged};
  }

  document.querySelectorAll("details.plant-detail").forEach(function (details) {
    details.addEventListener("toggle", function () {
      var planted = data.plants[details.dataset.plant];
      if (!details.open || !planted || details.querySelector("ol.text")) {
        return;
      }
      details.appendChild(window.KitRecord.text(expand(data.records[planted.base], planted)));
    });
  });
  // For a reader's console (and the browser tests): the whole view of an arm's answer to a record.
  window.KitReport = {
    view: function (arm, id) {
      var answer = (data.arms[arm] || []).filter(function (a) { return a.id === id; })[0];
      return answer ? view(arm, answer) : null;
    }
  };
  window.addEventListener("hashchange", fromAddress);
  fromAddress();
})();
