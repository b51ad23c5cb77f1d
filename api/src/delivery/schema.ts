import { z } from 'zod';
export { recordingIdParamSchema } from '../speaking/schema.js';

/** `POST /api/admin/delivery/reanalyse` (docs/product.md#delivery-feedback-calls): how many recordings are queued to be measured. */
export const reanalysisSchema = z.object({ queued: z.number().meta({ description: 'recordings queued to be measured' }) }).meta({ id: 'Reanalysis' });
