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

/** Mounted at `/api`; the calls and their rules: docs/product.md#privacy (the reference: `/api/docs`). */
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
