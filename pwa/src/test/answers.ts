import type { AdminComplaint } from '../complaints/complaints';
import type { Notice } from '../notices/notices';

/**
 * Server answers for tests, typed by the API's own types (through the
 * typed client): a test names the fields it cares about and gets the rest
 * filled, so a fixture cannot drift from the server's shape.
 */

/** A notice (`GET /api/admin/notice` entry); timestamps default to 2025-01-01. */
export function noticeAnswer(fields: Pick<Notice, 'id' | 'title' | 'description'> & Partial<Notice>): Notice {
  return { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z', ...fields };
}

/** An unresolved complaint of `GET /api/admin/complaints`, filed by a student unless told otherwise. */
export function adminComplaintAnswer(fields: Pick<AdminComplaint, 'id' | 'title' | 'description'> & Partial<AdminComplaint>): AdminComplaint {
  return {
    userId: 'u-filer',
    role: 3,
    status: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    moderationNote: null,
    ...fields,
  };
}
