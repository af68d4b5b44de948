/**
 * Keeps recent answers in process memory, each valid while the version read from the database with the
 * request is the one it was made under. Every request still reads the version (and the caller's right
 * to see the content) from PostgreSQL, so a write through any replica is seen at once by all of them;
 * the caches hold shared catalogue content only, never anything per user (DESIGN section 1). Used by
 * the complete program load (a program's content version) and searchPrograms (the catalogue version
 * of the caller's scopes).
 */
export class VersionedCache<T extends { body: Buffer; version: string }> {
  private readonly entries = new Map<string, T>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string, version: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    return entry;
  }

  set(key: string, entry: T): void {
    this.delete(key);
    if (entry.body.length > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    // Oldest first: Map keeps insertion order.
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.delete(oldest);
    }
  }

  /** Whether an answer is kept for the key, whatever its version (worth reading the version for). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.bytes -= old.body.length;
    this.entries.delete(key);
  }
}
