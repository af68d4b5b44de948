/**
 * Full-page visits to the provider (sign-in is a browser redirect, spec section 7). One seam, so tests
 * can watch where the browser would go: jsdom's `window.location.assign` can be neither spied on nor
 * followed.
 */
export const pageVisit = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
