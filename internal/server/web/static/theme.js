// Runs before the page is painted: marks that JavaScript works and applies
// the theme chosen earlier (otherwise the system's).
(function () {
  var d = document.documentElement;
  d.classList.add("js");
  try {
    var t = localStorage.getItem("theme");
    if (t === "light" || t === "dark") d.setAttribute("data-theme", t);
  } catch (e) {}
})();
