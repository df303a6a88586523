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
