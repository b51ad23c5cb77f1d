import { IonButton, IonText } from '@ionic/react';
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { TextAreaField } from '../../platform/ui/FormField';
import { useLeaveGuard } from '../../platform/ui/useLeaveGuard';
import { OfflineBanner } from '../../platform/ui/OfflineBanner';
import { RadioGroupField } from '../../platform/ui/RadioGroupField';
import { ScreenState } from '../../platform/ui/ScreenState';
import { saveFailureMessage } from '../../platform/ui/saveFailureMessage';
import { API_ORIGIN } from '../../platform/config';
import { HttpError } from '../../platform/api/api';
import { RecordingDelivery } from '../../delivery';
import { playAudioFrom } from '../playFrom';
import { AudioRemovedNote } from '../AudioRemovedNote';
import { TranscriptView } from '../transcript/TranscriptView';
import { STRAND_LABELS, type StrandKey } from '../../oracy';
import {
  editFeedback,
  giveFeedback,
  loadRecordingForReview,
  loadReviewQueue,
  queueKey,
  reviewQueuePath,
  tasksKey,
  type CachedQueue,
  type Feedback,
  type ReviewItem,
  type TeacherSpeakingTask,
} from '../speaking';
import { useOwnId } from '../../people';
import { reloadCachedResources, updateCachedResource, useCachedResource } from '../../platform/api/useCachedResource';
import { useI18n, type MessageId } from '../../platform/i18n';
import { useToast } from '../../platform/ui/useToast';
import { formatDateTime, formatDuration } from './speakingFormat';
import '../../platform/ui/area.css';
import '../../platform/ui/formFields.css';
import '../../oracy/oracy.css';
import './speaking.css';

/** The scores a teacher gives, 1–5 (docs/product.md#feedback), as the options of a strand's scale. */
const SCORE_OPTIONS = [1, 2, 3, 4, 5].map((score) => ({ value: score, label: String(score) }));

/** The catalogue keys of the product's words (docs/product.md#feedback). */
export const REVIEW_MESSAGES = {
  saved: 'teacher.review.saved',
  conflict: 'teacher.review.conflict',
  nothingLeft: 'teacher.review.nothingLeft',
  missingScore: 'teacher.review.missingScore',
} as const satisfies Record<string, MessageId>;

/** What the review screen loads: the recording, and the pending queue for "Next pending". */
interface ReviewData {
  /** the id asked for */
  recordingId: string;
  /** the recording, or null when the teacher may not see it or there is none */
  item: ReviewItem | null;
  /** the pending recordings, oldest first */
  pending: ReviewItem[];
}

/**
 * Loads a recording for the review screen (docs/product.md#recordings): the recording itself
 * (`GET /api/recordings/{id}`) and, beside it, the pending queue for "Next pending".
 * @returns the id, the recording (null when the teacher may not see it or there is none: 400, 403,
 *   404) and the pending list, oldest first
 * @throws the errors of `api.ts` but those
 */
export async function findReviewItem(teacherId: string, recordingId: string, signal?: AbortSignal): Promise<ReviewData> {
  const [item, pending] = await Promise.all([
    loadRecordingForReview(recordingId, signal).catch((error: unknown) => {
      if (error instanceof HttpError && [400, 403, 404].includes(error.status)) return null;
      throw error;
    }),
    loadReviewQueue(teacherId, 'pending', signal),
  ]);
  return { recordingId, item, pending };
}

/**
 * Makes every screen holding the teacher's queue or tasks follow a saved review at once
 * (docs/product.md#lists-reload-after-changes): the recording leaves the pending queue and heads the
 * reviewed one, its task counts one more reviewed (on the first save only), and then the queue,
 * the tasks and the student's profile (its teacher-scored strands) are loaded again from the server.
 */
export function followSavedReview(teacherId: string, item: ReviewItem, feedback: Feedback, first: boolean): void {
  const reviewed: ReviewItem = { ...item, status: 'reviewed', feedback };
  updateCachedResource<CachedQueue>(queueKey(teacherId, 'pending'), (queue) => ({ ...queue, items: queue.items.filter((other) => other.id !== item.id) }));
  updateCachedResource<CachedQueue>(queueKey(teacherId, 'reviewed'), (queue) => ({ ...queue, items: [reviewed, ...queue.items.filter((other) => other.id !== item.id)] }));
  if (first) {
    updateCachedResource<TeacherSpeakingTask[]>(tasksKey(teacherId), (tasks) => tasks.map((task) => (task.id === item.taskId ? { ...task, reviewed: task.reviewed + 1 } : task)));
  }
  // both parts of the queue; not this screen's own recording (`…#id`), which would re-render the form
  reloadCachedResources(`${reviewQueuePath(teacherId)}?`);
  reloadCachedResources(tasksKey(teacherId));
  reloadCachedResources(`/api/student/oracy/${item.studentId}`);
}

/**
 * "Review Recording" (docs/product.md#feedback, /teacher/speaking/review/:recordingId): the
 * student's name, the task's title and prompt, a seekable player of the recording with its
 * "How did it sound?" card and timeline under it (docs/product.md#delivery-for-teachers: tapping a
 * pause seeks the player and plays; loaded on its own, so the form never waits for it), what was
 * said with "Correct transcript" (docs/product.md#transcripts), a 1–5
 * radio group per focus strand and a comment (0–2,000 characters). Save sends `POST
 * /api/teacher/recordings/{id}/feedback` (`PUT` once the recording has feedback), shows the toast
 * "Feedback saved" and offers "Next pending", which opens the oldest other pending recording or
 * goes back to the queue with "Nothing left to review.". A 409 says "This recording already has
 * feedback."; a 400's field messages appear beside their controls. A saved review reaches the
 * queue and the task counts at once ({@link followSavedReview}); leaving with unsaved scores or
 * comment asks first ({@link useLeaveGuard}, docs/product.md#settings).
 */
export default function ReviewRecordingPage() {
  const { t } = useI18n();
  const { recordingId = '' } = useParams<{ recordingId: string }>();
  const teacherId = useOwnId('teacherId');
  const review = useCachedResource(teacherId && recordingId ? `${reviewQueuePath(teacherId)}#${recordingId}` : null, (signal) => findReviewItem(teacherId ?? '', recordingId, signal), [
    teacherId,
    recordingId,
  ]);
  // After "Next pending" the previous recording's answer stays until the new one arrives: it is not shown.
  const data = review.data?.recordingId === recordingId ? review.data : undefined;
  const item = data?.item ?? null;

  return (
    <>
      <Link to="/teacher/speaking" className="oracy-back">
        {t('teacher.review.back')}
      </Link>
      <h1 className="screen-title">{t('teacher.review.title')}</h1>
      <OfflineBanner offline={review.offline} savedAt={review.savedAt} />
      <ScreenState
        loading={!data && (review.loading || review.refreshing)}
        loadingText={t('teacher.review.loading')}
        error={data ? undefined : review.error}
        errorText={t('teacher.review.loadFailed')}
        onRetry={() => void review.reload()}
        empty={data !== undefined && item === null}
        emptyText={t('teacher.review.notInQueue')}
      >
        {item && teacherId && <ReviewForm key={item.id} item={item} teacherId={teacherId} pending={data?.pending ?? []} />}
      </ScreenState>
    </>
  );
}

/** Props of {@link ReviewForm}. */
interface ReviewFormProps {
  item: ReviewItem;
  teacherId: string;
  /** the pending recordings as loaded, oldest first: "Next pending"'s fallback when the queue cannot be asked again */
  pending: readonly ReviewItem[];
}

/** The recording, its player and the feedback form (docs/product.md#feedback). */
function ReviewForm({ item, teacherId, pending }: ReviewFormProps) {
  const { t } = useI18n();
  const id = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const player = useRef<HTMLAudioElement>(null);
  const playFrom = useCallback((ms: number) => playAudioFrom(player.current, ms), []);
  const focus = item.focusStrands as StrandKey[];
  const [saved, setSaved] = useState<Feedback | null>(item.feedback);
  const [scores, setScores] = useState<Partial<Record<StrandKey, number>>>(() => ({ ...(item.feedback?.strands ?? {}) }));
  const [comment, setComment] = useState(item.feedback?.comment ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // A message of ours is kept as its key, so that a language switch reaches it; the server's words as they came.
  const [saveError, setSaveError] = useState<{ key: MessageId } | { text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  const [finding, setFinding] = useState(false);

  const missing = focus.filter((key) => scores[key] === undefined);
  // Scores or a comment that differ from what is saved (from nothing, before the first save).
  const dirty = focus.some((key) => scores[key] !== saved?.strands[key]) || comment.trim() !== (saved?.comment ?? '');
  useLeaveGuard(dirty && !saving, () => {
    setScores({ ...(saved?.strands ?? {}) });
    setComment(saved?.comment ?? '');
    setSubmitted(false);
  });
  const errorFor = (name: string, key?: StrandKey): string | undefined => fieldErrors[name] ?? (submitted && key && scores[key] === undefined ? t(REVIEW_MESSAGES.missingScore) : undefined);
  const commentTooLong = comment.trim().length > 2000;

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    setSubmitted(true);
    if (missing.length > 0 || commentTooLong) return;
    setSaving(true);
    setSaveError(null);
    setFieldErrors({});
    const draft = { strands: Object.fromEntries(focus.map((key) => [key, scores[key] as number])), comment: comment.trim() };
    try {
      const result = saved ? await editFeedback(item.id, draft) : await giveFeedback(item.id, draft);
      setSaved(result);
      followSavedReview(teacherId, item, result, saved === null);
      setJustSaved(true);
      toast(t(REVIEW_MESSAGES.saved));
    } catch (error) {
      console.error('Failed to save the feedback', error);
      if (error instanceof HttpError && error.status === 409) setSaveError({ key: REVIEW_MESSAGES.conflict });
      else if (error instanceof HttpError && error.status === 400 && Object.keys(error.fields).length > 0) {
        setFieldErrors({ ...error.fields });
        const named = Object.keys(error.fields).some((name) => name === 'comment' || focus.some((key) => name === `strands.${key}`));
        if (!named) setSaveError({ text: Object.values(error.fields).join(' ') });
      } else setSaveError({ text: saveFailureMessage('feedback', error) });
    } finally {
      setSaving(false);
    }
  };

  const nextPending = async () => {
    if (finding) return;
    setFinding(true);
    let queue: readonly ReviewItem[] = pending;
    try {
      queue = await loadReviewQueue(teacherId, 'pending');
    } catch (error) {
      console.error('Failed to reload the review queue; using the one loaded', error);
    }
    const next = queue.find((other) => other.id !== item.id && other.status === 'pending');
    setFinding(false);
    if (next) {
      navigate(`/teacher/speaking/review/${next.id}`);
    } else {
      toast(t(REVIEW_MESSAGES.nothingLeft));
      navigate('/teacher/speaking');
    }
  };

  const audioLabel = `${id}-audio`;
  const commentError = fieldErrors.comment ?? (submitted && commentTooLong ? t('common.atMost2000Characters') : undefined);

  return (
    <div className="review">
      <section className="review__recording" aria-labelledby={`${id}-student`}>
        <h2 id={`${id}-student`} className="screen-section-title">
          {item.studentName}
        </h2>
        <p className="review__meta">
          {item.courseTitle} · <time dateTime={item.submittedAt}>{formatDateTime(item.submittedAt)}</time> · {formatDuration(item.durationMs)}
        </p>
        <h3 className="review__task">{item.taskTitle}</h3>
        <blockquote className="review__prompt">{item.prompt}</blockquote>
        <p id={audioLabel} className="form-field__label">
          {t('teacher.review.recordingBy', { name: item.studentName })}
        </p>
        {item.audioRemoved ? (
          <AudioRemovedNote removed={item.audioRemoved} />
        ) : (
          <audio ref={player} className="review__audio" controls preload="metadata" src={`${API_ORIGIN}${item.audioUrl}`} aria-labelledby={audioLabel}>
            <a href={`${API_ORIGIN}${item.audioUrl}`}>{t('teacher.review.download')}</a>
          </audio>
        )}
        <div className="review__delivery">
          <RecordingDelivery recordingId={item.id} submittedAt={item.submittedAt} audience="teacher" onPlayFrom={playFrom} headingLevel={3} />
        </div>
        <TranscriptView recordingId={item.id} submittedAt={item.submittedAt} audience="teacher" onPlayFrom={item.audioRemoved ? undefined : playFrom} headingLevel={3} editable />
      </section>

      <form className="review__form" aria-label={t('teacher.review.feedback')} noValidate onSubmit={(event) => void save(event)}>
        {saveError && (
          <p className="form-banner" role="alert">
            {'key' in saveError ? t(saveError.key) : saveError.text}
          </p>
        )}
        <div className="form-fields">
          {focus.map((key) => (
            <RadioGroupField
              key={key}
              className="score-scale"
              label={STRAND_LABELS[key]}
              value={scores[key]}
              options={SCORE_OPTIONS}
              required
              error={errorFor(`strands.${key}`, key)}
              onChange={(value) => {
                setScores((current) => ({ ...current, [key]: value }));
                setFieldErrors(({ [`strands.${key}`]: _dropped, ...rest }) => rest);
              }}
            />
          ))}
          <TextAreaField
            label={t('teacher.review.comment')}
            value={comment}
            rows={4}
            maxLength={2000}
            error={commentError}
            onChange={(text) => {
              setComment(text);
              setFieldErrors(({ comment: _dropped, ...rest }) => rest);
            }}
          />
        </div>
        {/* Enter in a field submits; the visible Save button is below. */}
        <button type="submit" hidden />
        <div className="review__actions">
          <IonButton onClick={() => void save()} disabled={saving}>
            {saving ? t('common.saving') : t('common.save')}
          </IonButton>
          {justSaved && (
            <IonButton fill="outline" onClick={() => void nextPending()} disabled={finding}>
              {t('teacher.review.nextPending')}
            </IonButton>
          )}
        </div>
        {saved && !justSaved && (
          <IonText color="medium">
            <p className="review__note">{t('teacher.review.reviewedOn', { time: formatDateTime(saved.updatedAt) })}</p>
          </IonText>
        )}
      </form>
    </div>
  );
}
