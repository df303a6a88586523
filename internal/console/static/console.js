// The console's only script: copy buttons and evidence highlighting. Pages
// work without it.
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

// spansBySegment reads a sentence's data-spans ("segment:start:end ...",
// code-point offsets, end exclusive) into sorted, merged ranges per segment.
function spansBySegment(attr) {
  var bySegment = {};
  attr.split(" ").forEach(function (part) {
    var p = part.split(":");
    if (p.length !== 3) return;
    var start = parseInt(p[1], 10), end = parseInt(p[2], 10);
    if (!(end > start)) return;
    (bySegment[p[0]] = bySegment[p[0]] || []).push([start, end]);
  });
  Object.keys(bySegment).forEach(function (id) {
    var ranges = bySegment[id].sort(function (a, b) { return a[0] - b[0]; });
    var merged = [];
    ranges.forEach(function (r) {
      var last = merged[merged.length - 1];
      if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
      else merged.push([r[0], r[1]]);
    });
    bySegment[id] = merged;
  });
  return bySegment;
}

// mark wraps the ranges of a segment's text in <mark>. Offsets count code
// points, as the API's do, not JavaScript's UTF-16 units.
function mark(textNode, ranges) {
  var points = Array.from(textNode.textContent);
  var fragment = document.createDocumentFragment();
  var at = 0;
  ranges.forEach(function (r) {
    var start = Math.min(r[0], points.length), end = Math.min(r[1], points.length);
    if (start > at) fragment.appendChild(document.createTextNode(points.slice(at, start).join("")));
    var m = document.createElement("mark");
    m.textContent = points.slice(start, end).join("");
    fragment.appendChild(m);
    at = end;
  });
  if (at < points.length) fragment.appendChild(document.createTextNode(points.slice(at).join("")));
  textNode.textContent = "";
  textNode.appendChild(fragment);
}

// Evidence: selecting a sentence of the note highlights, in the transcript,
// exactly the words that support it, and the segments they are in.
document.addEventListener("click", function (event) {
  var sentence = event.target.closest("button.sentence");
  if (!sentence) return;
  var pressed = sentence.getAttribute("aria-pressed") === "true";
  document.querySelectorAll("button.sentence[aria-pressed=true]").forEach(function (b) {
    b.setAttribute("aria-pressed", "false");
  });
  document.querySelectorAll(".transcript li.evidence").forEach(function (li) {
    li.classList.remove("evidence");
    var text = li.querySelector(".segment-text");
    if (text) text.textContent = text.textContent;
  });
  if (pressed) return;
  sentence.setAttribute("aria-pressed", "true");
  var first = null;
  var bySegment = spansBySegment(sentence.getAttribute("data-spans") || "");
  Object.keys(bySegment).sort(function (a, b) { return a - b; }).forEach(function (id) {
    var li = document.getElementById("seg-" + id);
    if (!li) return;
    li.classList.add("evidence");
    var text = li.querySelector(".segment-text");
    if (text) mark(text, bySegment[id]);
    if (!first) first = li;
  });
  if (first) first.scrollIntoView({ block: "nearest" });
});
