import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { requireAuth } from '../auth/middleware.js';
import { SCHOOL_SETTINGS_ID, SchoolSettings } from '../settings/model.js';
import { presentPrivacyNotice, privacyNoticeJsonSchema } from './presenter.js';
import { PRIVACY_REGISTER } from './register.js';
import { ownAccessLog } from './accessLog.js';
import { ownAccessLogEntryJsonSchema } from './accessLogPresenter.js';
import { describe, json } from '../platform/http/describe.js';
import { z } from 'zod';

/**
 * The privacy notice (docs/product.md#privacy), mounted at `/api`, open to anyone — no session, as
 * the sign-in and registration pages link to it:
 * - `GET /privacy/register` → 200 `PrivacyNoticeJson`: `{school: {name, contact}, collections:
 *   [{name, purpose, personalData, whoCanSee, retention, onErasure}]}`, every entry of the privacy
 *   register in its English words, and the school's name and privacy contact from the admin
 *   settings (empty until set). One query.
 * - `GET /privacy/access-log` (signed in, 401 otherwise) → 200 `[{at, actor: {name, role}, what}]`:
 *   who other than the person opened their data in the last 90 days, newest first
 *   (docs/product.md#access-log). Only students' data is logged, so staff get `[]`.
 */
export const privacyRoutes = new Hono<AppEnv>()
  .get(
    '/privacy/register',
    describe({
      summary: 'The privacy notice',
      tag: 'Privacy',
      description:
        'Open to anyone, no session (docs/product.md#privacy): the school’s name and privacy contact, and every collection of the privacy register (docs/personal-data.md) with its purpose, personal data, who can see it, retention and what erasure does, in English.',
      success: { status: 200, answer: json('The notice.', privacyNoticeJsonSchema) },
    }),
    async (c) => {
      const stored = await SchoolSettings.findById(SCHOOL_SETTINGS_ID, { schoolName: 1, privacyContact: 1 }).lean();
      const school = { name: stored?.schoolName ?? '', contact: stored?.privacyContact ?? '' };
      return c.json(presentPrivacyNotice(PRIVACY_REGISTER, school), 200);
    },
  )
  .get(
    '/privacy/access-log',
    describe({
      summary: 'Who looked at my data',
      tag: 'Privacy',
      description:
        'Any signed-in user (docs/product.md#access-log): the entries of the access log about them of the last 90 days, newest first — who other than them opened their recording audio, Oracy profile or data export (name and role), what and when. Only students’ data is logged, so staff get an empty list.',
      success: { status: 200, answer: json('The entries.', z.array(ownAccessLogEntryJsonSchema)) },
    }),
    requireAuth,
    async (c) => c.json(await ownAccessLog(c.var.user._id), 200),
  );
