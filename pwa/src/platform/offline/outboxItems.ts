/**
 * What the outbox queues (docs/contributing.md#the-outbox): each item names its `kind` of write
 * and carries that kind's typed fields — a recording's task id, a complaint's body as the
 * server's validator takes it — and its method, path and body are built from them when it is
 * sent ({@link wireRequest}), the path by the typed client's `$path()`.
 */
import type { DeliveryReport } from '@oracy/api/delivery';
import { client, type JsonBody } from '../api/client';

/** A value that survives `JSON.stringify` and `JSON.parse` unchanged. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A file of a queued multipart body (docs/product.md#recordings): the Blob as IndexedDB stores it, and the file name sent with it. */
export interface QueuedFile {
  blob: Blob;
  /** The part's file name, e.g. `answer.webm`. */
  filename: string;
}

/**
 * The body of a request as it is sent: a JSON value (`Content-Type: application/json`), a Blob
 * sent with its own content type, or a multipart form whose text fields and files are sent as a
 * fresh `FormData` each time (the browser sets the boundary).
 */
export type QueuedBody =
  { type: 'json'; json: JsonValue } | { type: 'blob'; blob: Blob; contentType: string } | { type: 'form'; fields: Record<string, string>; files: Record<string, QueuedFile> };

/** The methods a queued request may use: writes only. */
export type QueuedMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The areas whose people file complaints (docs/product.md#student-complaints, docs/product.md#teacher-complaints). */
export type ComplaintArea = 'student' | 'teacher';

/** The JSON body of `POST /api/{area}/complaints`, as the server's validator takes it. */
export type ComplaintBody = JsonBody<typeof client.api.student.complaints.$post> | JsonBody<typeof client.api.teacher.complaints.$post>;

/** `POST /api/{area}/complaints`: a complaint a student or a teacher files. */
export interface ComplaintFiling {
  kind: 'complaint.file';
  area: ComplaintArea;
  json: ComplaintBody;
}

/**
 * `POST /api/student/speaking-tasks/{taskId}/recordings` (docs/product.md#recordings): a take,
 * sent as the multipart form `{audio, durationMs, delivery?}`.
 */
export interface RecordingSubmission {
  kind: 'recording.submit';
  /** The task it answers. */
  taskId: string;
  /** The take's length, whole ms. */
  durationMs: number;
  /** The device's report of the take (docs/product.md#how-did-it-sound); `null` when it was not measured. */
  delivery: DeliveryReport | null;
  audio: QueuedFile;
}

/** A write as it is sent: method, path and body. Items queued before items had a kind are kept as this. */
export interface RawRequest {
  kind: 'request';
  method: QueuedMethod;
  /** The API path, e.g. `/api/student/complaints`. */
  path: string;
  /** What is sent, or `null` for no body. */
  body: QueuedBody | null;
}

/** A write the outbox queues, by its kind. */
export type OutboxItem = ComplaintFiling | RecordingSubmission | RawRequest;

/** The path of `POST` recordings for task `taskId` (docs/product.md#recordings). */
function recordingsPath(taskId: string): string {
  return client.api.student['speaking-tasks'][':taskId'].recordings.$path({ param: { taskId: encodeURIComponent(taskId) } });
}

/** The path of `area`'s complaints: `/api/student/complaints` or `/api/teacher/complaints`. */
function complaintsPathOf(area: ComplaintArea): string {
  return client.api[area].complaints.$path();
}

/** What `item` sends: its method, path and body. An item without a kind (stored before kinds) is sent as it was stored. */
export function wireRequest(item: OutboxItem): Omit<RawRequest, 'kind'> {
  switch (item.kind) {
    case 'complaint.file':
      return { method: 'POST', path: complaintsPathOf(item.area), body: { type: 'json', json: item.json as JsonValue } };
    case 'recording.submit': {
      const fields: Record<string, string> = { durationMs: String(item.durationMs) };
      if (item.delivery) fields['delivery'] = JSON.stringify(item.delivery);
      return { method: 'POST', path: recordingsPath(item.taskId), body: { type: 'form', fields, files: { audio: item.audio } } };
    }
    default:
      return { method: item.method, path: item.path, body: item.body };
  }
}

/** What an item is, without its body or files: what the queue's events carry to other tabs. */
export type OutboxSubject = Pick<ComplaintFiling, 'kind' | 'area'> | Pick<RecordingSubmission, 'kind' | 'taskId'> | Pick<RawRequest, 'kind' | 'method' | 'path'>;

/** The {@link OutboxSubject} of `item`. */
export function subjectOf(item: OutboxItem): OutboxSubject {
  switch (item.kind) {
    case 'complaint.file':
      return { kind: item.kind, area: item.area };
    case 'recording.submit':
      return { kind: item.kind, taskId: item.taskId };
    default:
      return { kind: item.kind, method: item.method, path: item.path };
  }
}
