// A bounded string-keyed cache in two generations: a hit costs one or two Map lookups, and when
// the young generation is full the old one is dropped, so entries in use survive and the rest age
// out without per-entry bookkeeping.

export class GenerationCache {
  private young = new Map<string, number>();
  private old = new Map<string, number>();
  private youngChars = 0;

  /**
   * @param maxEntries entries a generation holds at most
   * @param maxChars characters of keys a generation holds at most (longer keys are not kept)
   */
  constructor(
    private readonly maxEntries: number,
    private readonly maxChars: number,
  ) {}

  /** The value for key; an entry found in the old generation moves to the young one. */
  get(key: string): number | undefined {
    const value = this.young.get(key);
    if (value !== undefined) return value;
    const older = this.old.get(key);
    if (older !== undefined) this.set(key, older);
    return older;
  }

  set(key: string, value: number): void {
    if (key.length > this.maxChars) return;
    if (this.young.size >= this.maxEntries || this.youngChars + key.length > this.maxChars) {
      this.old = this.young;
      this.young = new Map();
      this.youngChars = 0;
    }
    this.young.set(key, value);
    this.youngChars += key.length;
  }

  clear(): void {
    this.young = new Map();
    this.old = new Map();
    this.youngChars = 0;
  }
}
