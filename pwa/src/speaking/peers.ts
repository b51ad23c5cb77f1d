/**
 * Talk partners' calls (docs/product.md#talk-partners): a task's peer settings and partner groups,
 * the classmates' takes a student may hear, peer feedback with its moderation and reports. The
 * shapes come from the typed client, one function per call.
 */
import { callOptions, client, json, type Answer, type JsonBody } from '../platform/api/client';
import { newIdempotencyKey } from '../platform/offline/outbox';

const api = client.api;
const teacherTask = api.teacher['speaking-tasks'][':taskId'];
const studentTask = api.student['speaking-tasks'][':taskId'];

/** A task's peer settings: `peerFeedback` off / class / partners, and `showNames`. */
export type PeerSettings = JsonBody<typeof teacherTask.peers.$put>;
/** Who may hear whose takes: `off`, `class` or `partners`. */
export type PeerMode = PeerSettings['peerFeedback'];
/** A classmate's take a student may hear, with what they wrote on it. */
export type PeerTake = Answer<(typeof studentTask)['peer-takes']['$get']>[number];
/** A student's own side of a task: listens, approved feedback received, feedback written. */
export type OwnPeers = Answer<typeof studentTask.peers.$get>;
/** Feedback as its writer sees it, with its status. */
export type WrittenPeerFeedback = OwnPeers['written'][number];
/** What a student sends as feedback: `stem`, `text` (1–280) and `clarity` per focus strand (1–3). */
export type PeerFeedbackDraft = JsonBody<(typeof api.student.recordings)[':recordingId']['peer-feedback']['$post']>;
/** A sentence stem: `liked`, `next` or `unsure`. */
export type PeerStem = PeerFeedbackDraft['stem'];
/** One entry of "Peer feedback to check". */
export type ModerationItem = Answer<(typeof api.teacher)['peer-feedback']['$get']>[number];

/** The sentence stems in the order the form offers them. */
export const PEER_STEMS: readonly PeerStem[] = ['liked', 'next', 'unsure'];
/** Most characters of a feedback's text. */
export const PEER_TEXT_MAX = 280;

/** The offline-cache key of a task's partner groups. */
export const partnersKey = (taskId: string) => `/api/teacher/speaking-tasks/${taskId}/partners`;
/** The offline-cache key of "Peer feedback to check" (pending and reported items). */
export const MODERATION_KEY = '/api/teacher/peer-feedback';
/** The offline-cache key of the classmates' takes a student may hear on a task. */
export const peerTakesKey = (taskId: string) => `/api/student/speaking-tasks/${taskId}/peer-takes`;
/** The offline-cache key of a student's own talk-partner view of a task. */
export const ownPeersKey = (taskId: string) => `/api/student/speaking-tasks/${taskId}/peers`;

/** `PUT /api/teacher/speaking-tasks/{taskId}/peers`. @throws the errors of `api.ts` (403 another's task). */
export const savePeerSettings = (taskId: string, settings: PeerSettings) => json(teacherTask.peers.$put({ param: { taskId }, json: settings }));

/** `GET /api/teacher/speaking-tasks/{taskId}/partners`. @throws the errors of `api.ts`. */
export const loadPartnerGroups = (taskId: string, signal?: AbortSignal) => json(teacherTask.partners.$get({ param: { taskId } }, callOptions({ signal })));

/** `POST /api/teacher/speaking-tasks/{taskId}/partners/shuffle`: new random pairs. @throws the errors of `api.ts`. */
export const shufflePartners = (taskId: string) => json(teacherTask.partners.shuffle.$post({ param: { taskId } }));

/** `GET /api/student/speaking-tasks/{taskId}/peer-takes`. @throws the errors of `api.ts` (403 before the student's own take). */
export const loadPeerTakes = (taskId: string, signal?: AbortSignal) => json(studentTask['peer-takes'].$get({ param: { taskId } }, callOptions({ signal })));

/** `GET /api/student/speaking-tasks/{taskId}/peers`. @throws the errors of `api.ts`. */
export const loadOwnPeers = (taskId: string, signal?: AbortSignal) => json(studentTask.peers.$get({ param: { taskId } }, callOptions({ signal })));

/** A new `Idempotency-Key` for one feedback draft: a retry of the same draft sends the same key. */
export const newFeedbackKey = newIdempotencyKey;

/**
 * `POST /api/student/recordings/{recordingId}/peer-feedback` with `key` as its `Idempotency-Key`.
 * @throws the errors of `api.ts` (400 naming the field, 409 once the teacher checked it)
 */
export const sendPeerFeedback = (recordingId: string, draft: PeerFeedbackDraft, key: string) =>
  json(api.student.recordings[':recordingId']['peer-feedback'].$post({ param: { recordingId }, json: draft }, { headers: { 'Idempotency-Key': key } }));

/** `POST /api/student/peer-feedback/{feedbackId}/report`. @throws the errors of `api.ts`. */
export const reportPeerFeedback = (feedbackId: string) => json(api.student['peer-feedback'][':feedbackId'].report.$post({ param: { feedbackId } }));

/** `GET /api/teacher/peer-feedback`: the pending items, then the reported ones. @throws the errors of `api.ts`. */
export async function loadFeedbackToCheck(signal?: AbortSignal): Promise<ModerationItem[]> {
  const load = (status: 'pending' | 'reported') => json(api.teacher['peer-feedback'].$get({ query: { status } }, callOptions({ signal })));
  const [pending, reported] = await Promise.all([load('pending'), load('reported')]);
  return [...pending, ...reported];
}

/** `POST /api/teacher/peer-feedback/{feedbackId}/approve` or `/hide`. @throws the errors of `api.ts`. */
export const decidePeerFeedback = (feedbackId: string, decision: 'approve' | 'hide') =>
  json(
    decision === 'approve'
      ? api.teacher['peer-feedback'][':feedbackId'].approve.$post({ param: { feedbackId } })
      : api.teacher['peer-feedback'][':feedbackId'].hide.$post({ param: { feedbackId } }),
  );
