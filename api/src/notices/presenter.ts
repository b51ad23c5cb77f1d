import type { Types } from 'mongoose';
import { z } from 'zod';
import { objectId, timestamp } from '../platform/http/fields.js';

/** A notice as the API answers it (docs/product.md#notice-and-complaint-records): `id`, `title`, `description`, and ISO timestamps. */
export const noticeJsonSchema = z.object({ id: objectId(), title: z.string(), description: z.string(), createdAt: timestamp(), updatedAt: timestamp() }).meta({ id: 'Notice' });

/** A notice as the API answers it: see {@link noticeJsonSchema}. */
export type NoticeJson = z.infer<typeof noticeJsonSchema>;

/** The fields `presentNotice` reads (a lean or a hydrated document). */
export interface NoticeLike {
  _id: Types.ObjectId | string;
  title: string;
  description: string;
  createdAt?: Date | null;
  updatedAt?: Date | null;
}

/** Presents a notice document as `NoticeJson`. */
export function presentNotice(notice: NoticeLike): NoticeJson {
  const createdAt = notice.createdAt ?? new Date(0);
  return {
    id: String(notice._id),
    title: notice.title,
    description: notice.description,
    createdAt: createdAt.toISOString(),
    updatedAt: (notice.updatedAt ?? createdAt).toISOString(),
  };
}
