import { z } from 'zod';

/** The export formats of docs/product.md#constants-and-limits ("Export types: csv or json"). */
export const EXPORT_TYPES = ['csv', 'json'] as const;
/** One of {@link EXPORT_TYPES}. */
export type ExportType = (typeof EXPORT_TYPES)[number];

/** The query of `GET /api/admin/export` (docs/product.md#api, docs/product.md#clarified-behaviour). */
export const exportQuerySchema = z.object({
  /** `csv` or `json` (any letter case); default `json` (docs/product.md#export-file: "csv, or otherwise json"). */
  fileType: z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.enum(EXPORT_TYPES, { error: 'Must be csv or json.' }))
    .default('json'),
});
