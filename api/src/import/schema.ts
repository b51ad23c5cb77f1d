import { z } from 'zod';

/** Largest file the import reads, in bytes: 2 MB (docs/product.md#import). */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
/** Most people one file may hold, header row not counted (docs/product.md#import). */
export const MAX_IMPORT_ROWS = 5000;
/** Largest request body of an import, in bytes: the file and room for the multipart framing. */
export const IMPORT_BODY_BYTES = MAX_IMPORT_BYTES + 64 * 1024;

/** The `code` of the 413 for a file over {@link MAX_IMPORT_BYTES} (docs/product.md#error-format). */
export const FILE_TOO_LARGE = 'file_too_large';
/** The `code` of the 413 for a file of more than {@link MAX_IMPORT_ROWS} people (docs/product.md#error-format). */
export const TOO_MANY_ROWS = 'too_many_rows';

const DRY_RUN_MESSAGE = 'Must be 1 or true for a preview, 0 or false (or absent) to import.';

/** The query of `POST /api/admin/import` (docs/product.md#import). */
export const importQuerySchema = z.object({
  /** `1` or `true` (any case): answer the preview and write nothing; `0`, `false` or absent: import. */
  dryRun: z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.enum(['1', 'true', '0', 'false'], { error: DRY_RUN_MESSAGE }))
    .transform((value) => value === '1' || value === 'true')
    .optional(),
});

/** The form of `POST /api/admin/import` (docs/product.md#import): one file. */
export const importFormSchema = z.object({
  /**
   * A CSV (`.csv`, `.txt`) or the JSON file of "Export Now" (`.json`), UTF-8, at most 2 MB and
   * 5,000 people; what it holds is checked by the import itself.
   */
  file: z.instanceof(File, { error: 'Attach the file as the form field "file".' }),
});

/** What happens to one row of the file (docs/product.md#import). */
export type ImportStatus = 'create' | 'update' | 'skip' | 'error';

/** The import's statuses, in the order the counts list them. */
export const IMPORT_STATUSES = ['create', 'update', 'skip', 'error'] as const satisfies readonly ImportStatus[];

/** One row of the file and what the import does (or did) with it (docs/product.md#import). */
export interface ImportRowJson {
  /** the 1-based line of the file where the row starts (the CSV's header is line 1) */
  row: number;
  /** lower-cased and trimmed; as written when it is not a valid address */
  email: string;
  /** NFC and trimmed; as written when it is refused */
  firstName: string;
  /** NFC and trimmed; as written when it is refused */
  lastName: string;
  /** `student`, `teacher` or `admin`; as written when it is none of them */
  role: string;
  /** the course titles the row names, each once, as written in the file */
  courses: string[];
  status: ImportStatus;
  /** why a row is an error, or what an update changes, in words; empty for `create` and `skip` */
  reasons: string[];
}

/** A one-time password of an account the import made: shown once (docs/product.md#one-time-passwords). */
export interface ImportPasswordJson {
  email: string;
  /** `ABCD-EFGH-JKLM-NPQR`; never stored in clear, never answered again */
  password: string;
}

/**
 * The answer of `POST /api/admin/import` (docs/product.md#import): the preview (`dryRun: true`)
 * or what was done, row by row, with the counts per status.
 */
export interface ImportResultJson {
  dryRun: boolean;
  /** how the file was read */
  format: 'csv' | 'json';
  counts: Record<ImportStatus, number>;
  rows: ImportRowJson[];
  /** the one-time passwords of the accounts made, in row order: an import's first answer only */
  passwords?: ImportPasswordJson[];
  /** on the repeat of an import by its `Idempotency-Key`: how many one-time passwords the first answer held and this one does not */
  passwordsWithheld?: number;
}

const importStatusSchema = z.enum(['create', 'update', 'skip', 'error']);

/** One row of an import file and what the import does with it (docs/product.md#import). */
export const importRowSchema = z
  .object({
    row: z.number().meta({ description: 'the 1-based line of the file where the row starts (the CSV header is line 1)' }),
    email: z.string().meta({ description: 'lower-cased; as written when it is not a valid address' }),
    firstName: z.string(),
    lastName: z.string(),
    role: z.string().meta({ description: '`student`, `teacher` or `admin`; as written when it is none of them' }),
    courses: z.array(z.string()).meta({ description: 'the course titles the row names, each once' }),
    status: importStatusSchema,
    reasons: z.array(z.string()).meta({ description: 'why the row is an error, or what an update changes, in words' }),
  })
  .meta({ id: 'ImportRow' });

/** The answer of `POST /api/admin/import`: the preview or what was done (docs/product.md#import). */
export const importResultSchema = z
  .object({
    dryRun: z.boolean(),
    format: z.enum(['csv', 'json']),
    counts: z.object({ create: z.number(), update: z.number(), skip: z.number(), error: z.number() }),
    rows: z.array(importRowSchema),
    passwords: z
      .array(z.object({ email: z.string(), password: z.string() }))
      .optional()
      .meta({ description: 'the one-time passwords of the accounts made, in row order: in the first answer of an import only' }),
    passwordsWithheld: z.number().optional().meta({ description: 'on a repeat of the same `Idempotency-Key`: how many one-time passwords the first answer held' }),
  })
  .meta({ id: 'ImportResult' });
