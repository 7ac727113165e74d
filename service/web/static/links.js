// The page of a game's private links, as the lobby's form answers without JavaScript: with it,
// each link gets a copy button.
for (const button of document.querySelectorAll("button[data-copy]")) {
  const input = document.getElementById(button.dataset.copy);
  const label = button.textContent;
  button.hidden = false;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      input.select();
      document.execCommand("copy");
    }
    button.textContent = label.replace(/^Copy/, "Copied");
  });
}
