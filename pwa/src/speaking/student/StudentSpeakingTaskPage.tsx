import { IonButton, IonCard, IonIcon, IonProgressBar } from '@ionic/react';
import { star as starIcon, starOutline } from 'ionicons/icons';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { OfflineBanner } from '../../platform/ui/OfflineBanner';
import { ScreenState } from '../../platform/ui/ScreenState';
import { API_ORIGIN } from '../../platform/config';
import { DeliveryCard, RecordingDelivery, TakeComparison, useDeliveryReport, type ComparedTake, type DeliveryMeasurement } from '../../delivery';
import { playAudioFrom } from '../playFrom';
import { AudioRemovedNote } from '../AudioRemovedNote';
import { LEVEL_LABELS, STRAND_KEYS, STRAND_LABELS } from '../../oracy';
import { loadStudentSpeakingTasks, type Recording, type StudentSpeakingTask } from '../speaking';
import { useOwnId } from '../../people';
import { useCachedResource } from '../../platform/api/useCachedResource';
import { useReloadOnReturn } from '../../platform/api/useReloadOnReturn';
import { useSpeakingOutbox, type QueuedRecording, type RecordingTake } from '../useSpeakingOutbox';
import { useI18n } from '../../platform/i18n';
import { Recorder } from '../Recorder';
import { TranscriptView } from '../transcript/TranscriptView';
import type { RecordedTake, Recording as Take } from '../useRecorder';
import { TaskBrief } from './TaskBrief';
import { TalkPartners } from './TalkPartners';
import { formatDay, QUEUED_TEXT, queuedFor, SENT_TEXT, SPEAKING_TASKS_KEY, UPLOADING_TEXT } from './speakingStatus';
import '../../platform/ui/area.css';
import './speaking.css';

/**
 * A speaking task for its student (docs/product.md#speaking-practice, /student/speaking/:taskId):
 * the task from the cached list of `GET /api/student/speaking-tasks/{studentId}` — title, course,
 * due date, prompt, focus strands and "Answer in at most {m:ss}" — then, by its state:
 *
 * - reviewed: first "Your teacher's feedback" — each focus strand's score as its level word and
 *   stars ("Proficient", "4 out of 5") and the comment — then the submitted audio with its "How did
 *   it sound?", no recorder (the server refuses a new take, 409);
 * - a take in the outbox: "Queued — will be sent when you're back online" (after reloads too;
 *   the outbox delivers it once back online) with the take itself marked "Waiting to send" — its
 *   player and its "How did it sound?" — and "Discard"; or the server's refusal with "Record
 *   again" and "Discard";
 * - submitted: "Submitted {date}", a player of the submitted audio, "How did it sound?" for that
 *   audio as the server has it (docs/product.md#speaking-practice-for-students: who measured it,
 *   "Measuring…" until then, its pauses playing the player from there) and "Record again";
 * - otherwise the recorder. After a take, "How did it sound?" (docs/product.md#how-did-it-sound)
 *   measures it on the device and shows its delivery beside the player; after "Record again" the
 *   previous take's bands stand beside the new one's. Submit queues the take as a multipart body
 *   in the outbox (docs/product.md#recordings), with its report as the field `delivery` when it
 *   was measured, and tries to send it at once, with a progress bar "Uploading your recording…",
 *   then "Sent — your teacher will listen to it.".
 *
 * On a task open to peers, talk partners follow (`TalkPartners`, docs/product.md#talk-partners).
 */
export default function StudentSpeakingTaskPage() {
  const { taskId = '' } = useParams<{ taskId: string }>();
  const { t } = useI18n();
  const studentId = useOwnId('studentId');
  const tasks = useCachedResource(studentId ? SPEAKING_TASKS_KEY : null, (signal) => loadStudentSpeakingTasks(studentId ?? '', signal), [studentId]);
  // A return to the screen shows a review the teacher saved meanwhile (docs/product.md#lists-reload-after-changes).
  useReloadOnReturn(tasks);
  const [justSent, setJustSent] = useState(false);
  const outbox = useSpeakingOutbox((sentTaskId, recording) => {
    tasks.setData((list) => (list ?? []).map((task) => (task.id === sentTaskId ? { ...task, recording } : task)));
    if (sentTaskId === taskId) setJustSent(true);
  });
  const data = tasks.data;
  const task = data?.find((candidate) => candidate.id === taskId);

  return (
    <>
      <Link to="/student/speaking" className="speaking-back">
        {t('student.speaking.back')}
      </Link>
      <OfflineBanner offline={tasks.offline} savedAt={tasks.savedAt} />
      <ScreenState
        loading={tasks.loading && !data}
        loadingText={t('student.speaking.loadingTask')}
        error={data ? undefined : tasks.error}
        errorText={t('student.speaking.loadTaskError')}
        onRetry={() => void tasks.reload()}
        empty={!task}
        emptyText={t('student.speaking.notFound')}
      >
        {task && (
          <TaskView
            key={task.id}
            task={task}
            queued={queuedFor(outbox.items, task.id)}
            progress={outbox.progress[task.id] ?? null}
            justSent={justSent}
            onSubmit={async (take) => {
              setJustSent(false);
              await outbox.submit(task.id, take);
            }}
            onDiscard={(id) => void outbox.discard(id)}
            onRecordAgain={() => setJustSent(false)}
          />
        )}
      </ScreenState>
    </>
  );
}

interface TaskViewProps {
  task: StudentSpeakingTask;
  /** the newest take of this task in the outbox */
  queued: QueuedRecording | undefined;
  /** the upload's progress, 0–1, while it is being sent */
  progress: number | null;
  /** true once a take of this task reached the server during this visit */
  justSent: boolean;
  onSubmit: (take: RecordingTake) => Promise<void>;
  onDiscard: (id: number) => void;
  onRecordAgain: () => void;
}

/**
 * How long Submit waits for a take still being measured, ms: the report normally comes within
 * 2 s of Stop; past this the take is sent without it (docs/product.md#how-did-it-sound).
 */
export const DELIVERY_WAIT_MS = 5_000;

/**
 * The take on screen, numbered in this visit, its measurement on the device
 * (docs/product.md#how-did-it-sound), and the one before it for the comparison; `changeTake`
 * takes the recorder's new take (null: the take on screen becomes the one before).
 */
function useTakeOnScreen() {
  const [take, setTake] = useState<{ number: number; blob: Blob } | null>(null);
  const [previous, setPrevious] = useState<ComparedTake | null>(null);
  const takesSoFar = useRef(0);
  const measured = useDeliveryReport(take?.blob ?? null);
  const shown = useRef<ComparedTake | null>(null);
  shown.current = take ? { number: take.number, measurement: { status: measured.status, report: measured.report, error: measured.error } } : null;
  const changeTake = useCallback((next: RecordedTake | null) => {
    if (!next) {
      const gone = shown.current;
      if (gone) setPrevious({ number: gone.number, measurement: keptMeasurement(gone.measurement) });
      setTake(null);
      return;
    }
    takesSoFar.current += 1;
    setTake({ number: takesSoFar.current, blob: next.blob });
  }, []);
  return { take, previous, measured, changeTake };
}

/** A measurement as it is kept for the comparison once its take is gone: one still running never ends. */
function keptMeasurement(measurement: DeliveryMeasurement): DeliveryMeasurement {
  if (measurement.status === 'ready' || measurement.status === 'failed') return measurement;
  return { status: 'failed', report: null, error: null };
}

function TaskView({ task, queued, progress, justSent, onSubmit, onDiscard, onRecordAgain }: TaskViewProps) {
  const { t } = useI18n();
  const [submitting, setSubmitting] = useState(false);
  const [recordAgain, setRecordAgain] = useState(false);
  const [submitError, setSubmitError] = useState(false);
  const headingId = useId();
  const reviewed = task.feedback !== null || task.recording?.status === 'reviewed';
  // While this visit sends a take, it is in the outbox too: show the upload, not the queue.
  const waiting = submitting ? undefined : queued;
  const showRecorder = !reviewed && !waiting && (submitting || recordAgain || !task.recording);

  const { take, previous, measured, changeTake } = useTakeOnScreen();

  // A take that reached the server (here or from the outbox) closes the recorder.
  useEffect(() => {
    if (justSent) setRecordAgain(false);
  }, [justSent]);

  const submit = async (recorded: Take) => {
    setSubmitting(true);
    setSubmitError(false);
    try {
      const delivery = await measured.settled(recorded.blob, DELIVERY_WAIT_MS);
      await onSubmit({ ...recorded, delivery });
      setRecordAgain(false);
    } catch (error) {
      console.error('Could not send the recording', error);
      setSubmitError(true);
    } finally {
      setSubmitting(false);
    }
  };

  const again = () => {
    if (waiting) onDiscard(waiting.id);
    onRecordAgain();
    setRecordAgain(true);
  };

  return (
    <article className="speaking-task" aria-labelledby={headingId}>
      <TaskBrief task={task} headingId={headingId} />

      {reviewed ? (
        <>
          <Feedback task={task} />
          {task.recording && <ReviewedTake recording={task.recording} />}
        </>
      ) : (
        <section aria-label={t('student.speaking.answer')}>
          {justSent && !submitting && task.recording && (
            <p className="speaking-task__message speaking-task__message--sent" role="status">
              {t(SENT_TEXT)}
            </p>
          )}
          {submitting && <Upload progress={progress} />}
          {submitError && (
            <p className="speaking-task__message speaking-task__message--error" role="alert">
              {t('student.speaking.sendFailed')}
            </p>
          )}
          {waiting?.status === 'queued' && (
            <div>
              <p className="speaking-task__message" role="status">
                {t(QUEUED_TEXT)}
              </p>
              <QueuedTake key={waiting.id} queued={waiting} />
              <div className="speaking-task__actions">
                <IonButton fill="outline" onClick={() => onDiscard(waiting.id)}>
                  {t('student.speaking.discard')}
                </IonButton>
              </div>
            </div>
          )}
          {waiting?.status === 'failed' && (
            <div>
              <p className="speaking-task__message speaking-task__message--error" role="alert">
                {waiting.error || t('student.speaking.notAccepted')}
              </p>
              <div className="speaking-task__actions">
                <IonButton onClick={again}>{t('speaking.recorder.recordAgain')}</IonButton>
                <IonButton fill="outline" onClick={() => onDiscard(waiting.id)}>
                  {t('student.speaking.discard')}
                </IonButton>
              </div>
            </div>
          )}
          {task.recording && !waiting && !showRecorder && <Submitted recording={task.recording} onRecordAgain={again} />}
          {showRecorder && (
            <Recorder
              maxSeconds={task.maxSeconds}
              onSubmit={(recorded) => void submit(recorded)}
              submitting={submitting}
              onTake={changeTake}
              renderTake={(_recorded, playFrom) => (
                <>
                  <DeliveryCard status={measured.status} report={measured.report} audience="student" onPlayFrom={playFrom} />
                  {previous && take && previous.number !== take.number && <TakeComparison earlier={previous} later={{ number: take.number, measurement: measured }} />}
                </>
              )}
            />
          )}
        </section>
      )}
      {!waiting && !submitting && <TalkPartners task={task} />}
    </article>
  );
}

/**
 * A take waiting in the outbox (docs/product.md#offline-behaviour): the chip "Waiting to send", a
 * player of the audio kept in the outbox (an object URL, revoked when the view goes) and its "How
 * did it sound?" — the report it will be sent with, or measured again on the device when it has
 * none. When it reaches the server the submitted view replaces it.
 */
function QueuedTake({ queued }: { queued: QueuedRecording }) {
  const { t } = useI18n();
  const player = useRef<HTMLAudioElement>(null);
  const playFrom = useCallback((ms: number) => playAudioFrom(player.current, ms), []);
  // The outbox hands over a new Blob at every change of the queue: the first one of this take is
  // kept, so the player is not reset while it plays.
  const [audio] = useState(queued.audio);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!audio || typeof URL.createObjectURL !== 'function') return undefined;
    const created = URL.createObjectURL(audio);
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(null);
    };
  }, [audio]);
  const stored = queued.delivery;
  const measured = useDeliveryReport(stored ? null : audio);
  return (
    <div className="speaking-task__queued">
      <p>
        <span className="speaking-status speaking-status--queued">{t('student.speaking.waitingToSend')}</span>
      </p>
      {url && <audio ref={player} className="speaking-task__player" controls preload="metadata" src={url} aria-label={t('student.speaking.queuedRecording')} />}
      <div className="speaking-task__delivery">
        {stored ? (
          <DeliveryCard status="ready" report={stored} audience="student" onPlayFrom={url ? playFrom : undefined} />
        ) : (
          <DeliveryCard status={audio ? measured.status : 'failed'} report={measured.report} audience="student" onPlayFrom={url ? playFrom : undefined} />
        )}
      </div>
    </div>
  );
}

/** The upload's progress bar, labelled. */
function Upload({ progress }: { progress: number | null }) {
  const labelId = useId();
  const { t } = useI18n();
  return (
    <div className="speaking-task__upload" role="status">
      <p id={labelId}>{t(UPLOADING_TEXT)}</p>
      {progress === null ? (
        <IonProgressBar type="indeterminate" aria-labelledby={labelId} />
      ) : (
        <IonProgressBar value={progress} aria-labelledby={labelId} aria-valuenow={Math.round(progress * 100)} aria-valuemin={0} aria-valuemax={100} />
      )}
    </div>
  );
}

/**
 * The submitted audio: its date, a player and its "How did it sound?" from the server, whose
 * pauses play the player from there (docs/product.md#speaking-practice-for-students), then what
 * was said (docs/product.md#transcripts), whose words play the player from there.
 */
function SubmittedAudio({ recording, headingLevel }: { recording: Recording; headingLevel: 2 | 3 }) {
  const player = useRef<HTMLAudioElement>(null);
  const playFrom = useCallback((ms: number) => playAudioFrom(player.current, ms), []);
  const { t } = useI18n();
  return (
    <>
      <p>{t('student.speaking.submittedOn', { date: formatDay(recording.submittedAt) })}</p>
      {recording.audioRemoved ? (
        <AudioRemovedNote removed={recording.audioRemoved} />
      ) : (
        <audio ref={player} className="speaking-task__player" controls preload="none" src={`${API_ORIGIN}${recording.audioUrl}`} aria-label={t('student.speaking.submittedRecording')} />
      )}
      <div className="speaking-task__delivery">
        <RecordingDelivery
          key={`${recording.id}-${recording.submittedAt}`}
          recordingId={recording.id}
          submittedAt={recording.submittedAt}
          audience="student"
          onPlayFrom={playFrom}
          headingLevel={headingLevel}
        />
      </div>
      <TranscriptView
        key={`transcript-${recording.id}-${recording.submittedAt}`}
        recordingId={recording.id}
        submittedAt={recording.submittedAt}
        audience="student"
        onPlayFrom={recording.audioRemoved ? undefined : playFrom}
        headingLevel={headingLevel}
      />
    </>
  );
}

/** A submitted, not yet reviewed recording: {@link SubmittedAudio} and "Record again". */
function Submitted({ recording, onRecordAgain }: { recording: Recording; onRecordAgain: () => void }) {
  const { t } = useI18n();
  return (
    <div>
      <SubmittedAudio recording={recording} headingLevel={2} />
      <div className="speaking-task__actions">
        <IonButton fill="outline" onClick={onRecordAgain}>
          {t('speaking.recorder.recordAgain')}
        </IonButton>
      </div>
    </div>
  );
}

/**
 * The framework's level word of one 1–5 score, on the thresholds of the Oracy level
 * (docs/product.md#derived-and-stored-data): below 2.5 Beginner, below 3.5 Developing, below 4.5
 * Proficient, otherwise Advanced — so 1 and 2 read "Beginner", 3 "Developing", 4 "Proficient", 5
 * "Advanced" (docs/product.md#answering-a-speaking-task).
 */
export function scoreLevel(score: number): Exclude<keyof typeof LEVEL_LABELS, 'notAssessed'> {
  if (score < 2.5) return 'Beginner';
  if (score < 3.5) return 'Developing';
  if (score < 4.5) return 'Proficient';
  return 'Advanced';
}

/** A 1–5 score as five stars, filled up to the score: an image named "{score} out of 5", the stars decorative. */
function ScoreStars({ score }: { score: number }) {
  const { t } = useI18n();
  return (
    <span className="score-stars" role="img" aria-label={t('student.speaking.outOf5', { score })}>
      {[1, 2, 3, 4, 5].map((star) => (
        <IonIcon
          key={star}
          icon={star <= score ? starIcon : starOutline}
          aria-hidden="true"
          className={star <= score ? 'score-stars__star score-stars__star--filled' : 'score-stars__star'}
        />
      ))}
    </span>
  );
}

/**
 * "Your teacher's feedback", first on a reviewed task (docs/product.md#answering-a-speaking-task):
 * each focus strand's name, its score's level word and stars ("4 out of 5"), and the teacher's
 * comment. The take and its "How did it sound?" follow it ({@link ReviewedTake}).
 */
function Feedback({ task }: { task: StudentSpeakingTask }) {
  const headingId = useId();
  const { t } = useI18n();
  const feedback = task.feedback;
  return (
    <IonCard className="panel teacher-feedback">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="panel__title teacher-feedback__title">
          {t('student.speaking.feedback')}
        </h2>
        {feedback ? (
          <>
            <ul className="teacher-feedback__scores" aria-label={t('student.speaking.scores')}>
              {STRAND_KEYS.filter((key) => feedback.strands[key] !== undefined).map((key) => {
                const score = feedback.strands[key] as number;
                return (
                  <li key={key} className="teacher-feedback__score">
                    <span className="teacher-feedback__strand">{STRAND_LABELS[key]}</span>
                    <span className="teacher-feedback__level">{LEVEL_LABELS[scoreLevel(score)]}</span>
                    <ScoreStars score={score} />
                  </li>
                );
              })}
            </ul>
            {feedback.comment && <p className="speaking-task__comment teacher-feedback__comment">{feedback.comment}</p>}
          </>
        ) : (
          <p>{t('student.speaking.status.reviewed')}</p>
        )}
      </section>
    </IonCard>
  );
}

/** A reviewed task's take under the feedback: "Your recording", its player and its "How did it sound?". */
function ReviewedTake({ recording }: { recording: Recording }) {
  const headingId = useId();
  const { t } = useI18n();
  return (
    <IonCard className="panel">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="panel__title">
          {t('speaking.recorder.yourRecording')}
        </h2>
        <SubmittedAudio recording={recording} headingLevel={3} />
      </section>
    </IonCard>
  );
}
