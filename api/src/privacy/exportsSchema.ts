import { z } from 'zod';
import { objectId } from '../people/usersSchema.js';

/** `:id` of `GET /api/privacy/exports/:id/download`: an export's id as `GET /api/privacy/exports` lists it. */
export const exportIdParamSchema = z.object({
  /** 24 hex digits */
  id: objectId,
});

/** `:userId` of `POST /api/admin/privacy/exports/:userId`: the person whose data is exported. */
export const exportSubjectParamSchema = z.object({
  /** 24 hex digits; 404 when there is no such user */
  userId: objectId,
});

/** `?userId=` of `GET /api/admin/privacy/exports`: whose exports to list. */
export const exportSubjectQuerySchema = z.object({
  /** 24 hex digits; an unknown user has none */
  userId: objectId,
});
