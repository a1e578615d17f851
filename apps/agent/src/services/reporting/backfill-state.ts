import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A stretch of one point still to backfill: records after `after` up to `to` (ms). `after` moves on as chunks are queued. */
export interface BackfillSpan {
  after: number;
  to: number;
}

/** What the backfill keeps on disk: until when collection ran, and the spans still to read, by point id ('*': every point). */
export interface BackfillStateData {
  collectingUntil: number | null;
  pending: Record<string, BackfillSpan[]>;
}

/** The backfill's state in `<dataDir>/backfill.json`, written whole (a temporary file renamed over it) after each change. */
export class BackfillState {
  data: BackfillStateData = { collectingUntil: null, pending: {} };
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly dataDir: string) {}

  get file(): string {
    return join(this.dataDir, 'backfill.json');
  }

  async load(): Promise<void> {
    try {
      const parsed = JSON.parse(await readFile(this.file, 'utf8')) as Partial<BackfillStateData>;
      this.data = { collectingUntil: typeof parsed.collectingUntil === 'number' ? parsed.collectingUntil : null, pending: parsed.pending ?? {} };
    } catch {
      this.data = { collectingUntil: null, pending: {} };
    }
  }

  /** Adds a span for a point (or '*'), merged with the spans it overlaps. */
  add(key: string, span: BackfillSpan): void {
    const spans = [...(this.data.pending[key] ?? []), span].sort((a, b) => a.after - b.after);
    const merged: BackfillSpan[] = [];
    for (const s of spans) {
      const last = merged.at(-1);
      if (last && s.after <= last.to) last.to = Math.max(last.to, s.to);
      else merged.push({ ...s });
    }
    this.data.pending[key] = merged;
  }

  /** Writes the state; the writes are serialized, so the last one written is the newest state. */
  save(): Promise<void> {
    const text = JSON.stringify(this.data);
    this.writing = this.writing.then(async () => {
      await mkdir(this.dataDir, { recursive: true });
      await writeFile(`${this.file}.tmp`, text);
      await rename(`${this.file}.tmp`, this.file);
    });
    return this.writing;
  }
}
