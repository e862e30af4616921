import type { MessagePort } from 'node:worker_threads';
import type { ImportColumnKey, ImportError } from '@portal/domain/order-import';

/** What the domain decides, handed to the thread (it has no TypeScript loader to import the domain). */
export interface WorkbookSpec {
  columns: ReadonlyArray<{ key: ImportColumnKey; header: string; required: boolean }>;
  sheet: string;
  notesSheet: string;
  errorHeader: string;
  maxRows: number;
  /** The header row is looked for among this many first rows of a sheet (decision 300). */
  headerScanRows: number;
  maxUnpackedBytes: number;
  /** How messages name rows (IMPORT_ROW_REF), renumbered in the 错误原因 workbook. */
  rowRef: { pattern: string; separator: string; leftOut: string };
}

export interface SheetRow {
  /** The sheet's row number. */
  row: number;
  cells: Record<ImportColumnKey, string>;
}

/** A file's entries (name, bytes), unpacked under the cap before the thread sees them. */
export type WorkbookEntries = Array<[string, Uint8Array]>;

export type WorkbookJob =
  | { kind: 'rows'; entries: WorkbookEntries; spec: WorkbookSpec }
  | { kind: 'annotate'; entries: WorkbookEntries; spec: WorkbookSpec; sheet: string; errors: ImportError[]; keep: number[] };

/** `started` hears one message when the thread starts on the job (its time limit runs from then). */
export type WorkbookTask = WorkbookJob & { started: MessagePort };

export type RefusalReason = 'invalid' | 'tooLarge' | 'sheetMissing' | 'headersNotFound' | 'noRows' | 'tooManyRows';

export type WorkbookAnswer =
  | { rows: SheetRow[]; sheet: string }
  | { file: Uint8Array }
  /** `sheet`/`row`: where the headers were looked for (the closest row, 0 when none came close). */
  | { refused: RefusalReason; missing: string[]; sheet: string; row: number };

export default function workbookTask(task: WorkbookTask): Promise<WorkbookAnswer>;
