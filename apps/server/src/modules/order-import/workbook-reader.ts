import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { IMPORT_COLUMNS, IMPORT_ERROR_HEADER, IMPORT_LIMITS, IMPORT_MSG, IMPORT_NOTES_SHEET, IMPORT_ROW_REF, IMPORT_SHEET, type ImportError } from '@portal/domain/order-import';
import { AppError, badRequest } from '../../lib/errors';
import { unpackBounded, UnpackRefused } from '../../lib/bounded-unzip.mjs';
import type { SheetRow, WorkbookAnswer, WorkbookEntries, WorkbookJob, WorkbookSpec, WorkbookTask } from './workbook-thread.mjs';

// Reading an uploaded workbook (decisions 222, 223): the file is unpacked here under the cap (yauzl;
// zlib inflates off the JavaScript thread, the bytes are counted as they come), so a bomb is refused
// before any parsing; its entries then go to a thread of a small pool (piscina) that has a heap limit,
// under a time limit that ends the thread when it passes. A file can only cost its own thread: the
// answer is a Chinese 400 and the process lives on.

/** Threads per server process: files read at once (each may use up to HEAP_MB and one core). */
const THREADS = 2;
/** A file's reading, from the moment its thread starts on it. */
const TIME_LIMIT_MS = 1500;
/** A thread's own start (loading exceljs, ~0.5 s; more on a busy machine) is not the file's time. */
const START_LIMIT_MS = 10_000;
/** How long a file waits for a free thread before it is refused as busy. */
const WAIT_MS = 3000;
const HEAP_MB = 160;

const SPEC: WorkbookSpec = {
  columns: IMPORT_COLUMNS.map((c) => ({ key: c.key, header: c.header, required: c.required })),
  sheet: IMPORT_SHEET,
  notesSheet: IMPORT_NOTES_SHEET,
  errorHeader: IMPORT_ERROR_HEADER,
  maxRows: IMPORT_LIMITS.maxRows,
  headerScanRows: IMPORT_LIMITS.headerScanRows,
  maxUnpackedBytes: IMPORT_LIMITS.maxUnpackedBytes,
  rowRef: IMPORT_ROW_REF,
};

type Refusal = Extract<WorkbookAnswer, { refused: unknown }>;
const REFUSAL: Record<Refusal['refused'], (r: Pick<Refusal, 'missing' | 'sheet' | 'row'>) => string> = {
  invalid: () => IMPORT_MSG.fileInvalid,
  tooLarge: () => IMPORT_MSG.unpackedTooLarge,
  sheetMissing: () => IMPORT_MSG.sheetMissing,
  headersNotFound: ({ missing, sheet, row }) => IMPORT_MSG.headersNotFound(sheet, row, missing),
  noRows: () => IMPORT_MSG.noRows,
  tooManyRows: () => IMPORT_MSG.tooManyRows,
};

export interface WorkbookReader {
  /** The data rows of an upload (header + at most maxRows rows read, no more). */
  rows(file: Buffer): Promise<{ rows: SheetRow[]; sheet: string }>;
  /** The upload with a 错误原因 column on `sheet`, holding only the data rows in `keep` (decision 240). */
  annotate(file: Buffer, sheet: string, errors: ImportError[], keep: ReadonlySet<number>): Promise<Buffer>;
  /** Starts the first thread now (a listening server), so the first upload does not wait for it. */
  warm(): void;
  close(): Promise<void>;
}

export function workbookReader(log: { error(o: object, msg: string): void }): WorkbookReader {
  let pool: Piscina | null = null;
  const threads = () =>
    (pool ??= new Piscina({
      filename: new URL('./workbook-thread.mjs', import.meta.url).href,
      minThreads: 1,
      maxThreads: THREADS,
      idleTimeout: 60_000,
      atomics: 'disabled',
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    }));

  // Admission: at most THREADS files in the pool, so a file's time limit never runs while it queues.
  let busy = 0;
  const waiting: Array<() => void> = [];
  async function slot() {
    if (busy < THREADS) {
      busy++;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(go), 1);
        reject(badRequest(IMPORT_MSG.busy));
      }, WAIT_MS);
      const go = () => {
        clearTimeout(timer);
        resolve();
      };
      waiting.push(go);
    });
  }
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  };

  /** The file's entries, unpacked under the cap; every refusal in Chinese. */
  async function unpack(file: Buffer): Promise<WorkbookEntries> {
    try {
      const entries = await unpackBounded(file, IMPORT_LIMITS.maxUnpackedBytes);
      // Bytes of their own (a small Buffer can be a slice of Node's shared pool), cloned to the thread.
      return [...entries].map(([name, data]) => [name, Uint8Array.from(data)]);
    } catch (err) {
      if (err instanceof UnpackRefused) throw badRequest(REFUSAL[err.reason]({ missing: [], sheet: '', row: 0 }));
      throw err;
    }
  }

  async function run(file: Buffer, job: (entries: WorkbookEntries) => WorkbookJob): Promise<WorkbookAnswer> {
    await slot();
    try {
      return await onThread(job(await unpack(file)));
    } finally {
      release();
    }
  }

  async function onThread(task: WorkbookJob): Promise<WorkbookAnswer> {
    // The thread says when it starts on the file; the time limit runs from then. Aborting a running
    // task ends its thread (piscina starts another).
    const abort = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let started = false;
    let timer = setTimeout(() => abort.abort(), START_LIMIT_MS);
    port1.once('message', () => {
      started = true;
      clearTimeout(timer);
      timer = setTimeout(() => abort.abort(), TIME_LIMIT_MS);
    });
    try {
      const withPort: WorkbookTask = { ...task, started: port2 };
      const answer: WorkbookAnswer = await threads().run(withPort, { signal: abort.signal, transferList: [port2] });
      if ('refused' in answer) throw badRequest(REFUSAL[answer.refused](answer));
      return answer;
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (abort.signal.aborted && !started) throw badRequest(IMPORT_MSG.busy);
      // Out of time (its thread is ended) or out of memory (ERR_WORKER_OUT_OF_MEMORY): the file's doing.
      if (!abort.signal.aborted && (err as { code?: string }).code !== 'ERR_WORKER_OUT_OF_MEMORY') log.error({ err }, 'workbook thread failed');
      throw badRequest(IMPORT_MSG.fileTooComplex);
    } finally {
      clearTimeout(timer);
      port1.close();
    }
  }

  return {
    async rows(file) {
      if (!file.length) throw badRequest(IMPORT_MSG.fileRequired);
      if (file.length > IMPORT_LIMITS.maxBytes) throw badRequest(IMPORT_MSG.fileTooLarge);
      const answer = await run(file, (entries) => ({ kind: 'rows', entries, spec: SPEC }));
      if (!('rows' in answer)) throw new Error('workbook thread: rows expected');
      return answer;
    },
    async annotate(file, sheet, errors, keep) {
      const answer = await run(file, (entries) => ({ kind: 'annotate', entries, spec: SPEC, sheet, errors, keep: [...keep] }));
      if (!('file' in answer)) throw new Error('workbook thread: a file expected');
      return Buffer.from(answer.file.buffer, answer.file.byteOffset, answer.file.byteLength);
    },
    warm() {
      threads();
    },
    async close() {
      await pool?.destroy();
      pool = null;
    },
  };
}
