import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ROLE, useSession } from '../auth';
import { RequestQueue, type QueuedRequest, type SubmitOutcome } from '../platform/offline/outbox';
import type { ComplaintArea, ComplaintFiling } from '../platform/offline/outboxItems';
import type { AreaRole, ComplaintDraft } from '../people';

export type { ComplaintDraft };

/** A complaint of the outbox as the "My Complaints" cards show it. */
export interface QueuedComplaint {
  /** The queued request's id. */
  id: number;
  draft: ComplaintDraft;
  /** `queued`: waiting for the network; `failed`: the server refused it (see `error`). */
  status: 'queued' | 'failed';
  /** The server's message for a `failed` complaint, otherwise `null`. */
  error: string | null;
}

/** The complaint area of `role` (2 teacher, 3 student). */
const areaOf = (role: AreaRole): ComplaintArea => (role === ROLE.student ? 'student' : 'teacher');

/** The outbox item that files `draft` as `role` (2 teacher, 3 student): `POST /api/{area}/complaints {title, description}`. */
export function complaintRequest(role: AreaRole, draft: ComplaintDraft): ComplaintFiling {
  return { kind: 'complaint.file', area: areaOf(role), json: { title: draft.title, description: draft.description } };
}

/** `item` as a complaint card of `role`'s screen, or `null` when it files no complaint of that role. */
export function toQueuedComplaint(item: QueuedRequest, role: AreaRole): QueuedComplaint | null {
  if (item.kind !== 'complaint.file' || item.area !== areaOf(role)) return null;
  const { title, description } = item.json as { title?: unknown; description?: unknown };
  if (typeof title !== 'string' || typeof description !== 'string') return null;
  return { id: item.id, draft: { title, description }, status: item.lastError === null ? 'queued' : 'failed', error: item.lastError };
}

/** What {@link useComplaintOutbox} returns. */
export interface ComplaintOutbox<T> {
  /** This user's and role's complaints not yet on the server (queued or failed), oldest first. */
  items: QueuedComplaint[];
  /**
   * Files a complaint through the outbox (`RequestQueue.submit`): `sent` with
   * the server's complaint, `queued` when offline, `failed` when refused (4xx).
   * Rejects only when there is no outbox (no IndexedDB) and the request fails,
   * with the request's error, or when no user is signed in.
   */
  submit: (draft: ComplaintDraft) => Promise<SubmitOutcome<T>>;
  /** Removes an unsent complaint without any request. */
  discard: (id: number) => Promise<void>;
  /** Changes an unsent (failed) complaint, queues it again under a new key and replays the outbox. */
  edit: (id: number, draft: ComplaintDraft) => Promise<void>;
}

/**
 * The complaints in the signed-in user's outbox for one role's "My
 * Complaints" screen (docs/product.md#student-complaints, docs/product.md#teacher-complaints). `onSent` is
 * called with the server's answer (the complaint) for every complaint of this
 * role that reaches the server — sent at once by `submit` or later by a
 * replay, in this tab or another — so the screen can merge it into its list by id.
 */
export function useComplaintOutbox<T = unknown>(role: AreaRole, onSent?: (complaint: T) => void): ComplaintOutbox<T> {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const queue = useMemo(() => (userId ? new RequestQueue(userId) : null), [userId]);
  const [items, setItems] = useState<QueuedComplaint[]>([]);
  const onSentRef = useRef(onSent);
  onSentRef.current = onSent;

  useEffect(() => {
    if (!queue) {
      setItems([]);
      return undefined;
    }
    let live = true;
    const refresh = () => {
      void queue.getAll().then((all) => {
        if (live) setItems(all.flatMap((item) => toQueuedComplaint(item, role) ?? []));
      });
    };
    refresh();
    const unsubscribe = queue.subscribe((event) => {
      if (event.type === 'changed') refresh();
      else if (event.type === 'sent' && event.subject.kind === 'complaint.file' && event.subject.area === areaOf(role)) onSentRef.current?.(event.result as T);
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [queue, role]);

  const submit = useCallback(
    async (draft: ComplaintDraft): Promise<SubmitOutcome<T>> => {
      if (!queue) throw new Error('No signed-in user to file the complaint for');
      return queue.submit<T>(complaintRequest(role, draft));
    },
    [queue, role],
  );

  const discard = useCallback(
    async (id: number) => {
      await queue?.remove(id);
    },
    [queue],
  );

  const edit = useCallback(
    async (id: number, draft: ComplaintDraft) => {
      if (!queue) return;
      if (await queue.update(id, complaintRequest(role, draft))) void queue.replayRequests();
    },
    [queue, role],
  );

  return { items, submit, discard, edit };
}
