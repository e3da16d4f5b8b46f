/**
 * Compiled templates by source text, least recently used evicted first. Parsing is the costly
 * half of rendering, and a site renders the same few templates again and again.
 */
export class CompileCache<T> {
  private readonly entries = new Map<string, T>();
  private hitCount = 0;
  private missCount = 0;

  constructor(private readonly capacity = 1000) {
    if (!(capacity >= 1)) throw new Error(`Cache capacity must be at least 1, got ${capacity}`);
  }

  get(source: string, compile: (source: string) => T): T {
    const found = this.entries.get(source);
    if (found !== undefined) {
      this.hitCount++;
      // Re-insert to mark it most recently used.
      this.entries.delete(source);
      this.entries.set(source, found);
      return found;
    }
    this.missCount++;
    const made = compile(source);
    this.entries.set(source, made);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return made;
  }

  get size(): number {
    return this.entries.size;
  }

  stats(): { size: number; hits: number; misses: number } {
    return { size: this.entries.size, hits: this.hitCount, misses: this.missCount };
  }

  clear(): void {
    this.entries.clear();
  }
}
