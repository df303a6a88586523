// The console's only script: copy buttons. Pages work without it.
"use strict";
document.addEventListener("click", function (event) {
  var button = event.target.closest("button[data-copy]");
  if (!button) return;
  var source = document.getElementById(button.getAttribute("data-copy"));
  if (!source || !navigator.clipboard) return;
  navigator.clipboard.writeText(source.textContent.trim()).then(function () {
    button.textContent = "Copied";
  }, function () {
    button.textContent = "Select and copy";
  });
});

// Evidence: selecting a sentence of the note highlights the transcript
// segments that support it.
document.addEventListener("click", function (event) {
  var sentence = event.target.closest("button.sentence");
  if (!sentence) return;
  var pressed = sentence.getAttribute("aria-pressed") === "true";
  document.querySelectorAll("button.sentence[aria-pressed=true]").forEach(function (b) {
    b.setAttribute("aria-pressed", "false");
  });
  document.querySelectorAll(".transcript li.evidence").forEach(function (li) {
    li.classList.remove("evidence");
  });
  if (pressed) return;
  sentence.setAttribute("aria-pressed", "true");
  var first = null;
  sentence.getAttribute("data-segments").split(" ").forEach(function (id) {
    var li = document.getElementById("seg-" + id);
    if (!li) return;
    li.classList.add("evidence");
    if (!first) first = li;
  });
  if (first) first.scrollIntoView({ block: "nearest" });
});
