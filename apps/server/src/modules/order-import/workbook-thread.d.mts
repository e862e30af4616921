import type { MessagePort } from 'node:worker_threads';
import type { ImportColumnKey, ImportError } from '@portal/domain/order-import';

/** What the domain decides, handed to the thread (it has no TypeScript loader to import the domain). */
export interface WorkbookSpec {
  columns: ReadonlyArray<{ key: ImportColumnKey; header: string; required: boolean }>;
  sheet: string;
  notesSheet: string;
  errorHeader: string;
  maxRows: number;
  maxUnpackedBytes: number;
}

export interface SheetRow {
  /** The sheet's row number. */
  row: number;
  cells: Record<ImportColumnKey, string>;
}

export type WorkbookJob =
  | { kind: 'rows'; file: Uint8Array; spec: WorkbookSpec }
  | { kind: 'annotate'; file: Uint8Array; spec: WorkbookSpec; sheet: string; errors: ImportError[] };

/** `started` hears one message when the thread starts on the job (its time limit runs from then). */
export type WorkbookTask = WorkbookJob & { started: MessagePort };

export type RefusalReason = 'invalid' | 'tooLarge' | 'sheetMissing' | 'columnsMissing' | 'noRows' | 'tooManyRows';

export type WorkbookAnswer =
  | { rows: SheetRow[]; sheet: string }
  | { file: Uint8Array }
  | { refused: RefusalReason; missing: string[] };

export default function workbookTask(task: WorkbookTask): Promise<WorkbookAnswer>;
