/** The page's only ways out, in one object so tests can watch them (jsdom cannot navigate). */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  close(): void {
    window.close();
  },
};
