// Runs before the first paint so a dark-mode user never sees a white flash. The key matches the
// Mantine colour-scheme manager in src/app/theme.ts.
(() => {
  try {
    const stored = localStorage.getItem('nexus-color-scheme');
    const scheme =
      stored === 'light' || stored === 'dark'
        ? stored
        : window.matchMedia('(prefers-color-scheme: dark)').matches
          ? 'dark'
          : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch (_error) {
    // Storage can be blocked (private mode); Mantine sets the scheme on mount instead.
  }
})();
