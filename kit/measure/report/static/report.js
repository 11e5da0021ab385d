// Filters for the per-record tables and the record details below them, and opening a record's
// details from its link. It reads only data-* attributes the report wrote and changes only the
// hidden and open properties and one count's textContent: it never builds markup.
(function () {
  "use strict";
  document.querySelectorAll("section.arm").forEach(function (section) {
    var wrong = section.querySelector("input.only-wrong");
    var verdict = section.querySelector("select.verdict");
    var shown = section.querySelector(".shown");
    if (!wrong || !verdict || !shown) {
      return;
    }
    function apply() {
      var count = 0;
      section.querySelectorAll("[data-right]").forEach(function (el) {
        var hide = (wrong.checked && el.dataset.right === "yes") ||
          (verdict.value !== "" && el.dataset.verdict !== verdict.value);
        el.hidden = hide;
        if (!hide && el.tagName === "TR") {
          count += 1;
        }
      });
      shown.textContent = String(count);
    }
    wrong.addEventListener("change", apply);
    verdict.addEventListener("change", apply);
    apply();
  });
  document.querySelectorAll("a.open-detail").forEach(function (link) {
    link.addEventListener("click", function () {
      var target = document.getElementById(link.dataset.target);
      if (target) {
        target.open = true;
      }
    });
  });
})();
