/**
 * The console's state, kept apart from its view so other parts of the page (the editor's Apply,
 * the first-open invitation) can run lines through the same scrollback and history.
 */
import type { ExecResult } from '../bridge/protocol';
import { History } from './history';

/** What the console talks to: the cluster bridge, or a fake in tests. */
export interface ConsoleBackend {
  exec(script: string): Promise<ExecResult>;
  /** Ctrl-C: stops streaming commands (`kubectl get -w`). */
  interrupt(): Promise<void> | void;
  /** Output printed after a command returned (`kubectl get -w` rows); returns an unsubscribe. */
  onOutput?(listener: (text: string) => void): () => void;
}

export type ScrollbackEntry =
  | {
      kind: 'command';
      id: number;
      /** What was run, as typed (heredocs included). */
      command: string;
      /** The prompt it was typed at: a container shell's (`/ # `) inside `kubectl exec -it`; `$` otherwise. */
      prompt?: string;
      /** undefined while the command runs. */
      result: ExecResult | undefined;
      /** Where it came from, when not typed in the console. */
      source?: string;
    }
  /** Text a streaming command printed later, or the `^C` that stopped it. */
  | { kind: 'stream'; id: number; text: string };

const HISTORY_KEY = 'kubarium.console.history';
const SCROLLBACK_LIMIT = 500;

export class ConsoleSession {
  entries = $state.raw<readonly ScrollbackEntry[]>([]);
  /** The prompt the next line is typed at: a container shell's while `kubectl exec -it POD -- sh` lasts. */
  prompt = $state<string | undefined>();
  readonly history: History;
  #nextId = 1;
  #queue: Promise<unknown> = Promise.resolve();
  #backend: ConsoleBackend;
  #unsubscribe: (() => void) | undefined;

  constructor(backend: ConsoleBackend) {
    this.#backend = backend;
    this.history = new History(loadHistory());
    this.#unsubscribe = backend.onOutput?.((text) => this.print(text));
  }

  /** Runs a script after whatever is already running, records it, and returns its result. */
  run(command: string, source?: string): Promise<ExecResult> {
    if (source === undefined) {
      this.history.push(command);
      saveHistory(this.history.entries);
    }
    const id = this.#nextId++;
    const prompt = this.prompt;
    this.#append({ kind: 'command', id, command, result: undefined, source, ...(prompt ? { prompt } : {}) });
    const done = this.#queue.then(async () => {
      let result: ExecResult;
      try {
        result = await this.#backend.exec(command);
      } catch (err) {
        result = { output: `error: ${err instanceof Error ? err.message : String(err)}`, exitCode: 1 };
      }
      this.entries = this.entries.map((e) => (e.id === id && e.kind === 'command' ? { ...e, result } : e));
      this.prompt = result.prompt;
      return result;
    });
    this.#queue = done;
    return done;
  }

  /** Appends streamed text; consecutive chunks join one block, as in a terminal. */
  print(text: string): void {
    const last = this.entries.at(-1);
    if (last?.kind === 'stream') {
      this.entries = this.entries.slice(0, -1).concat({ ...last, text: last.text + text });
    } else {
      this.#append({ kind: 'stream', id: this.#nextId++, text });
    }
  }

  /** Ctrl-C: stop whatever streams, and say so. */
  interrupt(): void {
    const last = this.entries.at(-1);
    this.print(last?.kind === 'stream' && !last.text.endsWith('\n') ? '\n^C\n' : '^C\n');
    void this.#backend.interrupt();
  }

  clear(): void {
    this.entries = this.entries.filter((e) => e.kind === 'command' && e.result === undefined);
  }

  dispose(): void {
    this.#unsubscribe?.();
  }

  #append(entry: ScrollbackEntry): void {
    const next = this.entries.concat(entry);
    this.entries = next.length > SCROLLBACK_LIMIT ? next.slice(next.length - SCROLLBACK_LIMIT) : next;
  }
}

function loadHistory(): string[] {
  try {
    const raw = globalThis.localStorage?.getItem(HISTORY_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function saveHistory(entries: readonly string[]): void {
  try {
    globalThis.localStorage?.setItem(HISTORY_KEY, JSON.stringify(entries.slice(-200)));
  } catch {
    // Private mode or storage full: history just does not survive a reload.
  }
}
