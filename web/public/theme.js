// Applies the colour theme before the first paint (docs/decisions/027-dark-mode.md): the choice kept in
// this browser ('light', 'dark' or 'system'; 'system' when unset) decides whether <html> has the
// `dark` class. A file rather than an inline script because the CSP allows no inline scripts. The
// app (web/src/lib/theme.ts) takes over after load: it follows the system setting live and applies
// changes made in the UI or in another tab.
(() => {
  var choice = 'system';
  try {
    choice = localStorage.getItem('workbench.theme') || 'system';
  } catch (_) {}
  var dark =
    choice === 'dark' ||
    (choice !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
})();
