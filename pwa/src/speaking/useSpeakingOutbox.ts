import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DeliveryReport } from '@oracy/api/delivery';
import { useSession } from '../auth';
import { RequestQueue, type QueuedRequest, type SubmitOutcome } from '../platform/offline/outbox';
import type { RecordingSubmission } from '../platform/offline/outboxItems';
import type { Recording } from './speaking';

/**
 * A take to send: the audio, its MIME type and its length in ms (the recorder's `Recording`), and
 * the device's delivery report of it when it was measured (docs/product.md#how-did-it-sound).
 */
export interface RecordingTake {
  blob: Blob;
  type: string;
  durationMs: number;
  /** the report `analyseDelivery` made on the device; none when it was not measured */
  delivery?: DeliveryReport | null;
}

/** A recording of the outbox as the speaking screens show it (docs/product.md#recordings). */
export interface QueuedRecording {
  /** The queued request's id. */
  id: number;
  /** The task it answers. */
  taskId: string;
  /** `queued`: waiting for the network (or being sent); `failed`: the server refused it (see `error`). */
  status: 'queued' | 'failed';
  /** The server's message for a `failed` recording, otherwise `null`. */
  error: string | null;
  /** When it was queued, in ms since the epoch. */
  createdAt: number;
  /** The take's audio as kept in the outbox, so it can be played while it waits; `null` if missing. */
  audio: Blob | null;
  /** The device's delivery report sent with it (docs/product.md#how-did-it-sound); `null` when the take was not measured. */
  delivery: DeliveryReport | null;
}

/**
 * The file name a take is sent under, by its MIME type (docs/product.md#recordings; the server
 * judges the content, the name only helps people): `answer.webm`, `answer.m4a` (MP4/AAC),
 * `answer.ogg`, `answer.wav`; `answer.webm` when the type is unknown.
 */
export function recordingFilename(type: string): string {
  const base = type.toLowerCase();
  if (base.includes('mp4') || base.includes('aac') || base.includes('m4a')) return 'answer.m4a';
  if (base.includes('ogg')) return 'answer.ogg';
  if (base.includes('wav')) return 'answer.wav';
  return 'answer.webm';
}

/**
 * The outbox item that sends `take` as the answer to `taskId` (docs/product.md#recordings): the
 * audio (named by {@link recordingFilename}), its length in whole ms, and the device's report when
 * the take was measured (docs/product.md#how-did-it-sound). The outbox keeps them and the blob in
 * IndexedDB, so a take queued offline keeps its report.
 */
export function recordingRequest(taskId: string, take: RecordingTake): RecordingSubmission {
  return {
    kind: 'recording.submit',
    taskId,
    durationMs: Math.max(0, Math.round(take.durationMs)),
    delivery: take.delivery ?? null,
    audio: { blob: take.blob, filename: recordingFilename(take.type) },
  };
}

/** `item` as a queued recording (docs/product.md#recordings), or `null` when it sends no recording. */
export function toQueuedRecording(item: QueuedRequest): QueuedRecording | null {
  if (item.kind !== 'recording.submit') return null;
  return {
    id: item.id,
    taskId: item.taskId,
    status: item.lastError === null ? 'queued' : 'failed',
    error: item.lastError,
    createdAt: item.createdAt,
    audio: item.audio.blob,
    delivery: item.delivery,
  };
}

/** What {@link useSpeakingOutbox} returns. */
export interface SpeakingOutbox {
  /** The signed-in student's recordings not yet on the server (queued or failed), oldest first. */
  items: QueuedRecording[];
  /** The upload progress, 0–1, of the recording being sent for each task, by task id. */
  progress: Readonly<Record<string, number>>;
  /**
   * Queues `take` as the answer to `taskId` and tries to send it at once (`RequestQueue.submit`):
   * `sent` with the server's recording, `queued` when the server cannot be reached, `failed`
   * when it refused it (4xx, the message kept). Rejects only without a signed-in user, or without
   * IndexedDB when the direct send fails (with the request's error).
   */
  submit: (taskId: string, take: RecordingTake) => Promise<SubmitOutcome<Recording>>;
  /** Removes an unsent recording without any request. */
  discard: (id: number) => Promise<void>;
}

/**
 * The signed-in student's recordings in the outbox, for the speaking practice screens
 * (docs/product.md#speaking-practice): the queued and refused ones, the upload progress of the
 * one being sent, and `onSent(taskId, recording)` for every recording that reaches the server
 * — sent at once by `submit` or later by a replay, in this tab or another — so a screen can put
 * it into its task.
 */
export function useSpeakingOutbox(onSent?: (taskId: string, recording: Recording) => void): SpeakingOutbox {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const queue = useMemo(() => (userId ? new RequestQueue(userId) : null), [userId]);
  const [items, setItems] = useState<QueuedRecording[]>([]);
  const [progress, setProgress] = useState<Record<string, number>>({});
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
        if (live) setItems(all.flatMap((item) => toQueuedRecording(item) ?? []));
      });
    };
    refresh();
    const unsubscribe = queue.subscribe((event) => {
      if (event.type === 'changed') {
        refresh();
        return;
      }
      if (event.subject.kind !== 'recording.submit') return;
      const { taskId } = event.subject;
      if (event.type === 'progress') {
        setProgress((current) => ({ ...current, [taskId]: event.progress }));
        return;
      }
      setItems((current) => current.filter((item) => item.id !== event.id));
      setProgress(({ [taskId]: _done, ...rest }) => rest);
      onSentRef.current?.(taskId, event.result as Recording);
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [queue]);

  const submit = useCallback(
    async (taskId: string, take: RecordingTake): Promise<SubmitOutcome<Recording>> => {
      if (!queue) throw new Error('No signed-in student to send the recording for');
      try {
        return await queue.submit<Recording>(recordingRequest(taskId, take));
      } finally {
        setProgress(({ [taskId]: _done, ...rest }) => rest);
      }
    },
    [queue],
  );

  const discard = useCallback(
    async (id: number) => {
      await queue?.remove(id);
    },
    [queue],
  );

  return { items, progress, submit, discard };
}
