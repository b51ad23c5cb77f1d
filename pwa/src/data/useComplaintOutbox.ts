import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../session/SessionProvider';
import {
  COMPLAINT_PATHS,
  discardOutboxItem,
  editOutboxItem,
  listOutbox,
  submitComplaint,
  subscribeOutbox,
  type ComplaintDraft,
  type OutboxRecord,
  type SubmitOutcome,
} from './outbox';

/** What {@link useComplaintOutbox} returns. */
export interface ComplaintOutbox<T> {
  /** This user's and role's complaints not yet on the server (queued or failed), oldest first. */
  items: OutboxRecord[];
  /**
   * Files a complaint through the outbox (`submitComplaint`): `sent` with the
   * server's complaint, `queued` when offline, `failed` when refused (4xx).
   * Rejects only when there is no outbox (no IndexedDB) and the request fails,
   * with the request's error, or when no user is signed in.
   */
  submit: (draft: ComplaintDraft) => Promise<SubmitOutcome<T>>;
  /** Removes an unsent complaint without any request. */
  discard: (clientId: string) => Promise<void>;
  /** Changes an unsent (failed) complaint and queues it again. */
  edit: (clientId: string, draft: ComplaintDraft) => Promise<void>;
}

/**
 * The complaint outbox of the signed-in user for one role's "My Complaints"
 * screen (docs/product.md#student-complaints, docs/product.md#teacher-complaints). `onSent` is called with the server's
 * answer (the complaint) for every complaint of this role that reaches the
 * server — sent at once by `submit` or later by a replay — so the screen can
 * merge it into its list by id.
 */
export function useComplaintOutbox<T = unknown>(role: 2 | 3, onSent?: (complaint: T) => void): ComplaintOutbox<T> {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const [items, setItems] = useState<OutboxRecord[]>([]);
  const onSentRef = useRef(onSent);
  onSentRef.current = onSent;

  useEffect(() => {
    if (!userId) {
      setItems([]);
      return undefined;
    }
    let live = true;
    const refresh = () => {
      void listOutbox(userId, role).then((list) => {
        if (live) setItems(list);
      });
    };
    refresh();
    const unsubscribe = subscribeOutbox((event) => {
      if (event.userId !== userId) return;
      if (event.type === 'changed') refresh();
      else if (event.item.path === COMPLAINT_PATHS[role]) onSentRef.current?.(event.result as T);
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [userId, role]);

  const submit = useCallback(
    async (draft: ComplaintDraft): Promise<SubmitOutcome<T>> => {
      if (!userId) throw new Error('No signed-in user to file the complaint for');
      return submitComplaint<T>(userId, role, draft);
    },
    [userId, role],
  );

  const discard = useCallback(async (clientId: string) => {
    if (userId) await discardOutboxItem(userId, clientId);
  }, [userId]);

  const edit = useCallback(async (clientId: string, draft: ComplaintDraft) => {
    if (userId) await editOutboxItem(userId, clientId, draft);
  }, [userId]);

  return { items, submit, discard, edit };
}

/** `list` with `item` added at the end unless an entry with its `id` is there already. */
export function mergeById<T extends { id: string }>(list: readonly T[] | undefined, item: T): T[] {
  const current = list ?? [];
  return current.some((entry) => entry.id === item.id) ? [...current] : [...current, item];
}
