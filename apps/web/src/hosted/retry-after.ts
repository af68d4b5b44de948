/** "Wait 2 minutes before trying again." from a Retry-After header (seconds), rounded up. */
export function retryAfterText(seconds: number | undefined): string | null {
  if (seconds === undefined) return null;
  if (seconds < 60) return `Wait ${seconds} second${seconds === 1 ? '' : 's'} before trying again.`;
  const minutes = Math.ceil(seconds / 60);
  return `Wait ${minutes} minute${minutes === 1 ? '' : 's'} before trying again.`;
}
