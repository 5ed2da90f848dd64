// The draw form: a fresh secret seed on demand, from the browser's secure
// random source.
const seed = document.getElementById("seed");
const fresh = document.getElementById("new-seed");
if (seed && fresh) {
  fresh.addEventListener("click", () => {
    const b = new Uint8Array(16);
    crypto.getRandomValues(b);
    seed.value = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
    seed.focus();
  });
}
