import { z } from 'zod';
import { ACCESS_ACTOR_ROLES, ACCESS_KINDS } from './accessLogModel.js';

const at = z.string().meta({ format: 'date-time', description: 'when it was opened' });
const what = z
  .enum(ACCESS_KINDS)
  .meta({ description: '`recording_audio`, `oracy_profile`, `privacy_export`, `recording_transcript` or `peer_listen` (a classmate heard a take, docs/product.md#talk-partners)' });
const role = z.enum(ACCESS_ACTOR_ROLES);

/** One access-log entry as an admin reads it (`GET /api/admin/privacy/access-log`, docs/product.md#access-log). */
export const accessLogEntryJsonSchema = z
  .object({
    id: z.string(),
    at,
    actor: z
      .object({
        id: z.string().nullable().meta({ description: 'null once the account is deleted' }),
        name: z.string().meta({ description: '"Deleted user" once the account is deleted' }),
        role,
      })
      .meta({ description: 'who opened it' }),
    subject: z.object({ id: z.string(), name: z.string() }).meta({ description: 'whose data it was' }),
    what,
    resourceId: z.string().nullable().meta({ description: 'the recording’s or export’s id; the student’s own for their Oracy profile' }),
    ip: z.string().meta({ description: 'the client’s IP address; `unknown` when none' }),
  })
  .meta({ id: 'AccessLogEntry' });

/** An admin's access-log entry: see {@link accessLogEntryJsonSchema}. */
export type AccessLogEntryJson = z.infer<typeof accessLogEntryJsonSchema>;

/** A page of the access log, newest first, with how many entries match in all. */
export const accessLogPageJsonSchema = z.object({ entries: z.array(accessLogEntryJsonSchema), total: z.number() }).meta({ id: 'AccessLogPage' });

/** A page of the access log: see {@link accessLogPageJsonSchema}. */
export type AccessLogPageJson = z.infer<typeof accessLogPageJsonSchema>;

/** One entry as its student reads it (`GET /api/privacy/access-log`): who (name and role), what, when. */
export const ownAccessLogEntryJsonSchema = z.object({ at, actor: z.object({ name: z.string(), role }), what }).meta({ id: 'OwnAccessLogEntry' });

/** A student's own entry: see {@link ownAccessLogEntryJsonSchema}. */
export type OwnAccessLogEntryJson = z.infer<typeof ownAccessLogEntryJsonSchema>;
