// Arrow keys step through a game page's moves by following its own links
// (the page works the same without this script).
"use strict";
document.addEventListener("keydown", function (event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
    return;
  }
  var target = event.target;
  if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) {
    return;
  }
  var names = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  var name = names[event.key];
  if (!name) {
    return;
  }
  var link = document.querySelector("a[data-step='" + name + "']");
  if (link && link.getAttribute("href")) {
    event.preventDefault();
    window.location.href = link.href;
  }
});
