import { readFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import { validateCorpus, type Corpus } from './corpus-schema.js';
import { buildIndex, type SearchIndex } from './rank.js';

// Loading and holding the corpus: the file is validated against its schema (corpus-schema.ts) and indexed
// for retrieval (rank.ts).

export interface LoadedCorpus {
  corpus: Corpus;
  index: SearchIndex;
  path: string;
  loadedAt: Date;
  loadMs: number;
}

export async function loadCorpusFile(path: string): Promise<LoadedCorpus> {
  const started = performance.now();
  const corpus = validateCorpus(JSON.parse(await readFile(path, 'utf8')));
  const index = buildIndex(corpus.sections, corpus.pages);
  return { corpus, index, path, loadedAt: new Date(), loadMs: Math.round(performance.now() - started) };
}

/**
 * Holds the current corpus. A reload builds the new index aside and swaps it in one
 * assignment: queries already running keep the index they started with, connections
 * are untouched, and a failed reload keeps the old corpus.
 */
export class CorpusStore {
  private loaded: LoadedCorpus | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly path: string,
    private readonly logger: Logger,
  ) {}

  get current(): LoadedCorpus | undefined {
    return this.loaded;
  }

  /** Loads (or reloads) the file; resolves false, logging why, when it cannot. */
  reload(): Promise<boolean> {
    // One load at a time: two quick SIGHUPs must not race to swap.
    const next = this.queue.then(async () => {
      try {
        const loaded = await loadCorpusFile(this.path);
        const previous = this.loaded;
        this.loaded = loaded;
        this.logger.info(
          {
            path: this.path,
            sections: loaded.corpus.sections.length,
            generatedAt: loaded.corpus.generatedAt,
            loadMs: loaded.loadMs,
            previousSections: previous?.corpus.sections.length,
          },
          previous ? 'corpus reloaded' : 'corpus loaded',
        );
        return true;
      } catch (err) {
        this.logger.error(
          { path: this.path, err: (err as Error).message, keeping: this.loaded !== undefined },
          'corpus load failed',
        );
        return false;
      }
    });
    this.queue = next;
    return next;
  }
}
