/**
 * The admins' privacy calls (docs/product.md#access-log, docs/product.md#retention), typed,
 * through the one network module (`data/api.ts`).
 */
import { callOptions, client, json, type Answer } from '../platform/api/client';

const privacy = client.api.admin.privacy;

/** A page of the access log: `{entries: [{id, at, actor: {id, name, role}, subject: {id, name}, what, resourceId, ip}], total}`. */
export type AccessLogPage = Answer<(typeof privacy)['access-log']['$get']>;

/** The access log's filters as the screen holds them: ids, '' for any. */
export interface AccessLogFilter {
  subjectId: string;
  actorId: string;
}

const filterQuery = ({ subjectId, actorId }: AccessLogFilter) => ({ ...(subjectId ? { subjectId } : {}), ...(actorId ? { actorId } : {}) });

/** `GET /api/admin/privacy/access-log?subjectId&actorId&page&limit`: a page, newest first. @throws the errors of `data/api.ts` */
export function fetchAccessLog(filter: AccessLogFilter, page: number, limit: number, signal?: AbortSignal): Promise<AccessLogPage> {
  return json(privacy['access-log'].$get({ query: { ...filterQuery(filter), page: String(page), limit: String(limit) } }, callOptions({ signal })));
}

/** Time limit of the access log's CSV download, ms: a year of entries can be large. */
const CSV_TIMEOUT_MS = 120_000;

/** `GET /api/admin/privacy/access-log/csv?subjectId&actorId`: every matching entry as `access-log.csv`. @throws the errors of `data/api.ts` */
export async function downloadAccessLog(filter: AccessLogFilter): Promise<{ blob: Blob; fileName: string }> {
  const response = await privacy['access-log'].csv.$get({ query: filterQuery(filter) }, { ...callOptions({ timeoutMs: CSV_TIMEOUT_MS }), headers: { Accept: 'text/csv' } });
  return { blob: await response.blob(), fileName: 'access-log.csv' };
}

/** What a retention run removes (or would remove): per kind the count and the oldest date. */
export type RetentionReport = Answer<(typeof privacy)['retention']['$post']>;

/**
 * `POST /api/admin/privacy/retention?dryRun=1&recordingRetentionDays=`: what the retention job
 * would remove if recordings' audio were kept `recordingRetentionDays` days. Removes nothing.
 * @throws the errors of `data/api.ts`
 */
export function previewRetention(recordingRetentionDays: number): Promise<RetentionReport> {
  return json(privacy.retention.$post({ query: { dryRun: '1', recordingRetentionDays: String(recordingRetentionDays) } }));
}
