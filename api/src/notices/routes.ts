import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../auth/context.js';
import { requireAuth, requireRole } from '../auth/middleware.js';
import { ROLES } from '../auth/roles.js';
import { Notice } from './model.js';
import { notFound, payloadTooLarge } from '../platform/http/errors.js';
import { validate } from '../platform/http/validation.js';
import { ReadCache } from '../platform/readCache.js';
import { noticeJsonSchema, presentNotice, type NoticeJson } from './presenter.js';
import { NOT_JSON, TOO_LARGE, describe, json, noBody } from '../platform/http/describe.js';
import { z } from 'zod';
import { noticeBodySchema, noticeIdParamSchema } from './schema.js';

/** Largest notice request body: 64 KiB (a title and a 5,000-character description fit with room to spare). */
const NOTICE_BODY_LIMIT = 64 * 1024;

const limitBody = bodyLimit({
  maxSize: NOTICE_BODY_LIMIT,
  onError: () => {
    throw payloadTooLarge();
  },
});

/** The notice list, for `READ_CACHE_TTL_MS` at most; emptied by any write to the notices. */
const noticeListCache = new ReadCache<NoticeJson[]>(['Notice'], 1);

/**
 * Every notice, newest first (the `_id` breaks ties of `createdAt`): one
 * query over the `{createdAt: -1, _id: -1}` index, none while the list is in
 * the read cache (`platform/readCache.ts`).
 */
export function listNotices(): Promise<NoticeJson[]> {
  return noticeListCache.get('all', async () => {
    const notices = await Notice.find({}, { title: 1, description: 1, createdAt: 1, updatedAt: 1 }).sort({ createdAt: -1, _id: -1 }).lean();
    return notices.map(presentNotice);
  });
}

/** Notices, mounted at `/api`: docs/product.md#notice-calls. */
export const noticeRoutes = new Hono<AppEnv>()
  .get(
    '/admin/notice',
    describe({
      summary: 'Every notice',
      tag: 'Notices',
      success: { status: 200, answer: json('The notices, newest first.', z.array(noticeJsonSchema)) },
    }),
    requireAuth,
    async (c) => {
      return c.json(await listNotices(), 200);
    },
  )
  .post(
    '/admin/notice',
    describe({
      summary: 'Post a notice',
      tag: 'Notices',
      success: { status: 201, answer: json('Posted.', noticeJsonSchema) },
      errors: { 413: TOO_LARGE, 415: NOT_JSON },
    }),
    requireRole(ROLES.admin),
    limitBody,
    validate('json', noticeBodySchema),
    async (c) => {
      const notice = await Notice.create(c.req.valid('json'));
      return c.json(presentNotice(notice), 201);
    },
  )
  .put(
    '/admin/notice/:id',
    describe({
      summary: 'Edit a notice',
      tag: 'Notices',
      success: { status: 200, answer: json('Saved.', noticeJsonSchema) },
      errors: { 404: 'No notice has this id.', 413: TOO_LARGE, 415: NOT_JSON },
    }),
    requireRole(ROLES.admin),
    validate('param', noticeIdParamSchema),
    limitBody,
    validate('json', noticeBodySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const notice = await Notice.findByIdAndUpdate(id, { $set: c.req.valid('json') }, { returnDocument: 'after', runValidators: true }).lean();
      if (!notice) throw notFound('No such notice.');
      return c.json(presentNotice(notice), 200);
    },
  )
  .delete(
    '/admin/notice/:id',
    describe({
      summary: 'Delete a notice',
      tag: 'Notices',
      success: { status: 204, answer: noBody('Deleted.') },
      errors: { 404: 'No notice has this id.' },
    }),
    requireRole(ROLES.admin),
    validate('param', noticeIdParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const deleted = await Notice.findByIdAndDelete(id).lean();
      if (!deleted) throw notFound('No such notice.');
      return c.body(null, 204);
    },
  );
