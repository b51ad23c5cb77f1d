import { z } from 'zod';

/** The export formats of spec §9 ("Export types: csv or json"). */
export const EXPORT_TYPES = ['csv', 'json'] as const;
/** One of {@link EXPORT_TYPES}. */
export type ExportType = (typeof EXPORT_TYPES)[number];

/** The query of `GET /api/admin/export` (spec §7, decisions §7). */
export const exportQuerySchema = z.object({
  /** `csv` or `json` (any letter case); default `json` (spec §3 "Export file": "csv, or otherwise json"). */
  fileType: z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.enum(EXPORT_TYPES, { error: 'Must be csv or json.' }))
    .default('json'),
});
