/**
 * Shell-style command history: Up walks back, Down walks forward, and what was being typed
 * before walking (the draft) comes back at the end. Consecutive duplicates are stored once.
 */
export class History {
  #entries: string[];
  #cursor: number;
  #draft = '';

  constructor(
    entries: readonly string[] = [],
    readonly limit = 500
  ) {
    this.#entries = entries.slice(-limit);
    this.#cursor = this.#entries.length;
  }

  get entries(): readonly string[] {
    return this.#entries;
  }

  push(line: string): void {
    if (line.trim() !== '' && this.#entries.at(-1) !== line) {
      this.#entries.push(line);
      if (this.#entries.length > this.limit) this.#entries.shift();
    }
    this.#cursor = this.#entries.length;
    this.#draft = '';
  }

  /** The previous entry, or undefined at the oldest one. `current` is what the input holds now. */
  up(current: string): string | undefined {
    if (this.#cursor === 0) return undefined;
    if (this.#cursor === this.#entries.length) this.#draft = current;
    return this.#entries[--this.#cursor];
  }

  /** The next entry, the draft after the newest, or undefined when already at the draft. */
  down(): string | undefined {
    if (this.#cursor >= this.#entries.length) return undefined;
    this.#cursor++;
    return this.#cursor === this.#entries.length ? this.#draft : this.#entries[this.#cursor];
  }
}
