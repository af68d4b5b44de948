// Runs before the first paint so a dark-mode user never sees a white flash. The key matches the
// Mantine colour-scheme manager in src/app/theme.ts.
(() => {
  try {
    var scheme = localStorage.getItem('nexus-color-scheme');
    if (scheme !== 'light' && scheme !== 'dark') {
      scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch (_error) {
    // Storage can be blocked (private mode); Mantine falls back on mount.
  }
})();
