// One record's detail, built in the browser from its view (kit/measure/report/record_view.py):
// the verdicts with the rule's own sentence, what is wrong, the element table, the midnight
// arithmetic, parser notes, what a model was sent (what was withheld and why, each guard's time),
// scan flags, and the record's text with the exact characters each answer quote covers and the
// key's spans marked. Every piece of record or reply content goes in through textContent: this file
// never writes innerHTML, so nothing in a record can become markup.
// Public: window.KitRecord.render(view) -> Element, KitRecord.text(view) -> the marked text alone
// (an <ol>; needs only lines, key_marks, marks, flagged), KitRecord.sent(sent) -> what a model was
// sent, as the detail shows it, KitRecord.el(tag, className, text) -> an element holding text only
// (the report's script uses it too), and KitRecord.segments(view).
(function () {
  "use strict";

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) {
      node.className = className;
    }
    if (text !== undefined && text !== null) {
      node.textContent = String(text);
    }
    return node;
  }

  // Per line, runs of text between mark boundaries: {text, cited: [elements], key: [elements], plant}.
  function segments(view) {
    var marks = (view.key_marks || []).concat(view.marks || []);
    var byLine = {};
    marks.forEach(function (m) {
      (byLine[m.line] = byLine[m.line] || []).push(m);
    });
    return view.lines.map(function (raw, i) {
      var mine = byLine[i + 1] || [];
      var cuts = [0, raw.length];
      mine.forEach(function (m) { cuts.push(m.start, m.end); });
      cuts = cuts.filter(function (c, j) { return cuts.indexOf(c) === j; }).sort(function (a, b) { return a - b; });
      var runs = [];
      for (var j = 0; j + 1 < cuts.length; j++) {
        var a = cuts[j], b = cuts[j + 1];
        var over = mine.filter(function (m) { return m.start <= a && b <= m.end; });
        runs.push({
          text: raw.slice(a, b),
          cited: over.filter(function (m) { return m.kind === "cited"; }).map(function (m) { return m.element; }),
          key: over.filter(function (m) { return m.kind === "key"; }).map(function (m) { return m.element; }),
          plant: over.some(function (m) { return m.kind === "plant"; })
        });
      }
      return runs.length ? runs : [{text: "", cited: [], key: [], plant: false}];
    });
  }

  function unique(list) {
    return list.filter(function (x, i) { return list.indexOf(x) === i; });
  }

  function textBlock(view) {
    var flagged = {};
    (view.flagged || []).forEach(function (pair) { flagged[pair[0]] = pair[1]; });
    var ol = el("ol", "text");
    segments(view).forEach(function (runs, i) {
      var number = i + 1;
      var li = el("li", "line");
      li.value = number;
      var cited = [], key = [];
      var code = el("code");
      runs.forEach(function (run) {
        cited = cited.concat(run.cited);
        key = key.concat(run.key);
        var classes = [];
        if (run.cited.length) { classes.push("q-cited"); }
        if (run.key.length) { classes.push("q-key"); }
        var node;
        if (run.plant) {
          node = el("mark", ["plant"].concat(classes).join(" "), run.text);
        } else if (classes.length) {
          node = el("span", classes.join(" "), run.text);
          node.title = (run.cited.length ? "answer quotes: " + unique(run.cited).join(", ") : "") +
            (run.cited.length && run.key.length ? "; " : "") +
            (run.key.length ? "key: " + unique(run.key).join(", ") : "");
        } else {
          node = document.createTextNode(run.text);
        }
        code.appendChild(node);
      });
      cited = unique(cited);
      key = unique(key);
      li.appendChild(code);
      if (cited.length) {
        li.classList.add("cited");
        li.dataset.cited = cited.join(" ");
        li.appendChild(el("span", "tag tag-cited", "answer quotes: " + cited.join(", ")));
      }
      if (key.length) {
        li.classList.add("keyline");
        li.dataset.keyline = key.join(" ");
        li.appendChild(el("span", "tag tag-key", "key: " + key.join(", ")));
      }
      if (flagged[number]) {
        li.classList.add("flagged");
        li.appendChild(el("span", "tag tag-flag", "scan: " + flagged[number].join("; ")));
      }
      ol.appendChild(li);
    });
    return ol;
  }

  function list(items, prefix) {
    var ul = el("ul", "problems");
    items.forEach(function (p) { ul.appendChild(el("li", null, (prefix || "") + p)); });
    return ul;
  }

  // A cell of one or more lines, each its own text node: [text, className] pairs; a null line is skipped.
  function cell(tr, lines, className) {
    var td = el("td", className);
    lines.filter(function (line) { return line && line[0] !== ""; }).forEach(function (line, i) {
      if (i) {
        td.appendChild(el("br"));
      }
      td.appendChild(el("span", line[1] || null, line[0]));
    });
    tr.appendChild(td);
    return td;
  }

  function elementTable(view) {
    var table = el("table", "elements");
    var head = el("tr");
    ["element", "key: finding, value", "answered: finding, value", "citation (coverage, precision)",
     "answer's quote"].forEach(function (h) { head.appendChild(el("th", null, h)); });
    table.appendChild(el("thead")).appendChild(head);
    var body = table.appendChild(el("tbody"));
    view.elements.forEach(function (e) {
      var tr = el("tr");
      tr.dataset.element = e.element;
      cell(tr, [[e.element]], "id");
      cell(tr, [[e.key_finding, "id"], [e.key_value, "id"]]);
      cell(tr, [[e.answered === null ? "(none)" : e.answered, "id " + (e.finding_right ? "pass" : "fail")],
                [e.value, "id" + (e.value_right === false ? " fail" : "")]]);
      cell(tr, [[e.citation, "id " + (e.citation === "credited" || e.citation === "null-ok" ? "pass" : "fail")],
                [e.coverage.toFixed(2) + ", " + e.precision.toFixed(2), "muted"]]);
      cell(tr, [[e.quote || ""]], "quote");
      body.appendChild(tr);
    });
    return table;
  }

  // What a model was sent for this answer (nothing is drawn for an answer no model gave): in words,
  // each withheld unit by line, section and reasons, and each guard's time beside its verdict.
  function sentBlock(sent) {
    var box = el("div", "sent");
    if (!sent) {
      return box;
    }
    box.appendChild(el("p", null, "Sent to the model: " + sent.what));
    if (sent.withheld.length) {
      box.appendChild(el("p", null, "Withheld from the model:"));
      box.appendChild(list(sent.withheld));
    }
    box.appendChild(el("p", "muted guards", "Guards: " + sent.guards));
    return box;
  }

  function render(view) {
    var root = el("div", "record-view");
    root.dataset.id = view.id;
    var verdicts = el("p", "verdicts");
    verdicts.appendChild(el("span", null, "Key " + view.key + "; offered " + (view.offered || "(none)") +
      "; rechecked " + view.rechecked + " by rule "));
    var rule = el("span", "rule-id", view.rule.id);
    rule.title = view.rule.title;
    verdicts.appendChild(rule);
    verdicts.appendChild(el("span", null, view.rule.title ? " (" + view.rule.title + ")." : "."));
    if (view.confidence !== null && view.confidence !== undefined) {
      verdicts.appendChild(el("span", "muted", " Stated confidence " + Number(view.confidence).toFixed(2) + "."));
    }
    root.appendChild(verdicts);
    if (view.rule.sentence) {
      root.appendChild(el("blockquote", "rule-sentence", view.rule.id + ". " + view.rule.sentence));
    }
    if (view.problems.length) {
      root.appendChild(el("p", null, "What is wrong:"));
      root.appendChild(list(view.problems));
    }
    root.appendChild(elementTable(view));
    var arith = el("p", "arithmetic");
    arith.appendChild(el("span", null, "Midnights from the answer: " + view.answer_arithmetic));
    arith.appendChild(el("br"));
    arith.appendChild(el("span", null, "Midnights from the key: " + view.key_arithmetic));
    root.appendChild(arith);
    if (view.parser.length) {
      root.appendChild(el("p", null, "Parser problems:"));
      root.appendChild(list(view.parser));
    }
    root.appendChild(sentBlock(view.sent));
    if (view.flags.length) {
      root.appendChild(el("p", null, "Document scan flags:"));
      root.appendChild(list(view.flags));
    } else {
      root.appendChild(el("p", "muted", "The document scan flags nothing in this record."));
    }
    root.appendChild(textBlock(view));
    return root;
  }

  window.KitRecord = {render: render, segments: segments, text: textBlock, sent: sentBlock, el: el};
})();
