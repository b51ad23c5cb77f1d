import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { OfflineBanner } from '../../platform/ui/OfflineBanner';
import { ScreenState } from '../../platform/ui/ScreenState';
import { HttpError } from '../../platform/api/api';
import { DeliveryChips, needsDeliveryHelp } from '../../delivery';
import { deleteSpeakingTask, loadReviewQueue, loadTeacherSpeakingTasks, queueKey, tasksKey, type ReviewItem, type ReviewStatus, type TeacherSpeakingTask } from '../speaking';
import { loadCourses, useOwnId } from '../../people';
import { useCachedResource } from '../../platform/api/useCachedResource';
import { useReloadOnReturn } from '../../platform/api/useReloadOnReturn';
import { useI18n, type MessageId } from '../../platform/i18n';
import { useConfirm } from '../../platform/ui/useConfirm';
import { combinedOffline } from '../../oracy';
import { SpeakingTaskDialog, type SpeakingTaskDialogState } from './SpeakingTaskDialog';
import { TaskPeers } from './TaskPeers';
import { PeerFeedbackToCheck } from './PeerFeedbackToCheck';
import type { PeerSettings } from '../peers';
import { formatDateTime, formatDuration, strandNames } from './speakingFormat';
import '../../platform/ui/area.css';
import '../actions.css';
import './speaking.css';

/** Which part of the review queue is shown. */
type QueueStatus = ReviewStatus;

/** The catalogue key of the product's words for a task that students have answered (docs/product.md#speaking-tasks: 409). */
export const TASK_ANSWERED_MESSAGE: MessageId = 'teacher.speaking.taskAnswered';

export { queueKey, tasksKey };

/** Tasks grouped by course, in the order their first task comes (the API's due-date order inside each). */
function groupByCourse(tasks: readonly TeacherSpeakingTask[]): { courseId: string; courseTitle: string; tasks: TeacherSpeakingTask[] }[] {
  const groups = new Map<string, { courseId: string; courseTitle: string; tasks: TeacherSpeakingTask[] }>();
  for (const task of tasks) {
    const group = groups.get(task.courseId) ?? { courseId: task.courseId, courseTitle: task.courseTitle, tasks: [] };
    group.tasks.push(task);
    groups.set(task.courseId, group);
  }
  return [...groups.values()];
}

/** The teacher's tasks grouped by course, a heading a course and a card a task. */
function TaskGroups(props: {
  tasks: readonly TeacherSpeakingTask[];
  onEdit: (task: TeacherSpeakingTask) => void;
  onDelete: (task: TeacherSpeakingTask) => void;
  onPeersSaved: (taskId: string, settings: PeerSettings) => void;
}) {
  return groupByCourse(props.tasks).map((group) => (
    <section key={group.courseId} aria-labelledby={`course-${group.courseId}`} className="speaking-course">
      <h3 id={`course-${group.courseId}`} className="speaking-course__title">
        {group.courseTitle}
      </h3>
      <ul className="speaking-tasks">
        {group.tasks.map((task) => (
          <li key={task.id}>
            <TaskCard task={task} onEdit={() => props.onEdit(task)} onDelete={() => props.onDelete(task)} onPeersSaved={(settings) => props.onPeersSaved(task.id, settings)} />
          </li>
        ))}
      </ul>
    </section>
  ));
}

/**
 * "Speaking Practice" for teachers (docs/product.md#speaking-practice, /teacher/speaking): the
 * teacher's tasks grouped by course, each with its due date, focus strands and "{submitted} of
 * {students} answered, {reviewed} reviewed", Edit and Delete, and "New task"
 * (docs/product.md#speaking-tasks); then the review queue: pending recordings oldest first with
 * "{N} waiting", or the reviewed ones newest first, each row leading to its review screen
 * (docs/product.md#recordings) and showing the recording's delivery as chips
 * (docs/product.md#delivery-for-teachers); then "Peer feedback to check" (docs/product.md#talk-partners).
 * Every call is cached for offline use, with the offline banner.
 * A review saved on this device changes the queue and the counts at once (`ReviewRecordingPage`);
 * each return to the screen loads both again (docs/product.md#lists-reload-after-changes).
 */
export default function TeacherSpeakingPage() {
  const { t } = useI18n();
  const teacherId = useOwnId('teacherId');
  const tasks = useCachedResource(teacherId ? tasksKey(teacherId) : null, (signal) => loadTeacherSpeakingTasks(teacherId ?? '', signal), [teacherId]);
  // The same call and key as "Your Courses" and "Your Students", so the screens fill each other's cache.
  const courses = useCachedResource(teacherId ? '/api/teacher/courses' : null, (signal) => loadCourses(2, teacherId ?? '', signal), [teacherId]);
  const [status, setStatus] = useState<QueueStatus>('pending');
  // Each answer carries its part, so the other part's list never stands in while this one loads.
  const queue = useCachedResource(teacherId ? queueKey(teacherId, status) : null, (signal) => loadReviewQueue(teacherId ?? '', status, signal).then((items) => ({ status, items })), [
    teacherId,
    status,
  ]);
  // Back from a review, or to this tab: the counts and the queue as they are now (another teacher's reviews too).
  useReloadOnReturn(tasks, queue);
  const [dialog, setDialog] = useState<SpeakingTaskDialogState | null>(null);
  const [deleteError, setDeleteError] = useState<MessageId | null>(null);
  const confirm = useConfirm();
  const banner = combinedOffline(tasks, courses, queue);

  const askDelete = (task: TeacherSpeakingTask) => {
    setDeleteError(null);
    confirm({
      header: t('teacher.speaking.deleteTask'),
      message: t('teacher.speaking.deleteQuestion', { title: task.title }),
      confirmText: t('common.delete'),
      onConfirm: async () => {
        try {
          await deleteSpeakingTask(task.id);
          tasks.setData((list) => (list ?? []).filter((other) => other.id !== task.id));
        } catch (error) {
          console.error('Failed to delete the speaking task', error);
          setDeleteError(error instanceof HttpError && error.status === 409 ? TASK_ANSWERED_MESSAGE : 'teacher.speaking.deleteFailed');
        }
      },
    });
  };

  const list = tasks.data ?? [];
  const shownQueue = queue.data?.status === status ? queue.data : undefined;
  const items = shownQueue?.items ?? [];

  return (
    <>
      <h1 className="screen-title">{t('teacher.speaking.title')}</h1>
      <OfflineBanner offline={banner.offline} savedAt={banner.savedAt} />

      <section aria-labelledby="speaking-tasks" className="speaking-section">
        <div className="speaking-section__head">
          <h2 id="speaking-tasks" className="screen-section-title">
            {t('teacher.speaking.tasks')}
          </h2>
          <IonButton onClick={() => setDialog({ mode: 'add' })}>{t('teacher.speaking.newTask')}</IonButton>
        </div>
        {deleteError && (
          <p className="form-banner" role="alert">
            {t(deleteError)}
          </p>
        )}
        <ScreenState
          loading={tasks.loading && !tasks.data}
          loadingText={t('speaking.tasks.loading')}
          error={tasks.data ? undefined : tasks.error}
          errorText={t('speaking.tasks.loadFailed')}
          onRetry={() => void tasks.reload()}
          empty={list.length === 0}
          emptyText={t('speaking.tasks.empty')}
        >
          <TaskGroups
            tasks={list}
            onEdit={(task) => setDialog({ mode: 'edit', task })}
            onDelete={askDelete}
            onPeersSaved={(taskId, settings) => tasks.setData((all) => (all ?? []).map((other) => (other.id === taskId ? { ...other, ...settings } : other)))}
          />
        </ScreenState>
      </section>

      <section aria-labelledby="speaking-queue" className="speaking-section">
        <h2 id="speaking-queue" className="screen-section-title">
          {t('teacher.speaking.queue')}
        </h2>
        <div className="queue-toggle" role="group" aria-label={t('teacher.speaking.showRecordings')}>
          {(['pending', 'reviewed'] as const).map((value) => (
            <button key={value} type="button" className="queue-toggle__option" aria-pressed={status === value} onClick={() => setStatus(value)}>
              {value === 'pending' ? t('teacher.speaking.pending') : t('teacher.speaking.reviewed')}
            </button>
          ))}
        </div>
        <ScreenState
          loading={!shownQueue && (queue.loading || queue.refreshing)}
          loadingText={t('teacher.speaking.queueLoading')}
          error={shownQueue ? undefined : queue.error}
          errorText={t('teacher.speaking.queueFailed')}
          onRetry={() => void queue.reload()}
          empty={items.length === 0}
          emptyText={status === 'pending' ? t('teacher.speaking.nothingToReview') : t('teacher.speaking.noneReviewed')}
        >
          {status === 'pending' && (
            <p className="queue-count" role="status">
              {t('teacher.speaking.waiting', { count: items.length })}
            </p>
          )}
          <ul className="queue-list" aria-label={status === 'pending' ? t('teacher.speaking.pendingRecordings') : t('teacher.speaking.reviewedRecordings')}>
            {items.map((item) => (
              <li key={item.id}>
                <QueueRow item={item} />
              </li>
            ))}
          </ul>
        </ScreenState>
      </section>

      <PeerFeedbackToCheck />

      <SpeakingTaskDialog
        state={dialog}
        courses={courses.data ?? []}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          void tasks.reload();
        }}
      />
    </>
  );
}

/**
 * One task of the list (docs/product.md#speaking-tasks): title, due date, focus strands, progress,
 * Edit and Delete, and its folded "Peer feedback" settings (docs/product.md#talk-partners).
 */
function TaskCard({ task, onEdit, onDelete, onPeersSaved }: { task: TeacherSpeakingTask; onEdit: () => void; onDelete: () => void; onPeersSaved: (settings: PeerSettings) => void }) {
  const { t } = useI18n();
  return (
    <article className="speaking-task" aria-labelledby={`task-${task.id}`}>
      <h4 id={`task-${task.id}`} className="speaking-task__title">
        {task.title}
      </h4>
      <dl className="speaking-task__facts">
        <div>
          <dt>{t('teacher.speaking.due')}</dt>
          <dd>{task.dueAt ? <time dateTime={task.dueAt}>{formatDateTime(task.dueAt)}</time> : t('speaking.task.noDueDate')}</dd>
        </div>
        <div>
          <dt>{t('teacher.speaking.focus')}</dt>
          <dd>{strandNames(task.focusStrands)}</dd>
        </div>
      </dl>
      <p className="speaking-task__progress">{t('teacher.speaking.progress', { submitted: task.submitted, students: task.students, reviewed: task.reviewed })}</p>
      <div className="speaking-task__actions">
        {/* Named "Edit" and "Delete" as shown, described by the task's title. */}
        <button type="button" className="speaking-action" aria-describedby={`task-${task.id}`} onClick={onEdit}>
          {t('common.edit')}
        </button>
        <button type="button" className="speaking-action speaking-action--danger" aria-describedby={`task-${task.id}`} onClick={onDelete}>
          {t('common.delete')}
        </button>
      </div>
      <TaskPeers task={task} onSaved={onPeersSaved} />
    </article>
  );
}

/**
 * One recording of the review queue (docs/product.md#recordings): a link to its review screen
 * that covers the whole row, then the recording's delivery chips (docs/product.md#delivery-for-teachers),
 * outside the link so that its name stays short. A row whose delivery calls for help has a
 * warning-coloured edge beside its warning chips.
 */
function QueueRow({ item }: { item: ReviewItem }) {
  const { t } = useI18n();
  const help = needsDeliveryHelp(item.delivery, item.durationMs);
  return (
    <div className={`queue-item${help ? ' queue-item--delivery-help' : ''}`}>
      <Link to={`/teacher/speaking/review/${item.id}`} className="queue-row">
        <span className="queue-row__student">{item.studentName}</span>
        <span className="queue-row__task">{item.taskTitle}</span>
        <span className="queue-row__meta">
          <time dateTime={item.submittedAt}>{formatDateTime(item.submittedAt)}</time>
          <span aria-hidden="true"> · </span>
          <span>
            <span className="visually-hidden">{t('teacher.speaking.lengthPrefix')}</span>
            {formatDuration(item.durationMs)}
          </span>
        </span>
      </Link>
      <DeliveryChips summary={item.delivery} durationMs={item.durationMs} />
    </div>
  );
}
