import { Hono } from 'hono';
import type { AppEnv } from '../auth/context.js';
import { requireAuth } from '../auth/middleware.js';
import { SCHOOL_SETTINGS_ID, SchoolSettings } from '../settings/model.js';
import { presentPrivacyNotice } from './presenter.js';
import { PRIVACY_REGISTER } from './register.js';
import { ownAccessLog } from './accessLog.js';

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
  .get('/privacy/register', async (c) => {
    const stored = await SchoolSettings.findById(SCHOOL_SETTINGS_ID, { schoolName: 1, privacyContact: 1 }).lean();
    const school = { name: stored?.schoolName ?? '', contact: stored?.privacyContact ?? '' };
    return c.json(presentPrivacyNotice(PRIVACY_REGISTER, school), 200);
  })
  .get('/privacy/access-log', requireAuth, async (c) => c.json(await ownAccessLog(c.var.user._id), 200));
