import { IonCard } from '@ionic/react';
import { Link } from 'react-router-dom';
import { OfflineBanner } from '../../platform/ui/OfflineBanner';
import { ScreenState } from '../../platform/ui/ScreenState';
import { DeliveryChips } from '../../delivery';
import { loadStudentSpeakingTasks } from '../speaking';
import { useOwnId } from '../../people';
import { useCachedResource } from '../../platform/api/useCachedResource';
import { useReloadOnReturn } from '../../platform/api/useReloadOnReturn';
import { useSpeakingOutbox } from '../useSpeakingOutbox';
import { useI18n } from '../../platform/i18n';
import { formatDue, queuedFor, SPEAKING_TASKS_KEY, STATUS_LABELS, taskStatus } from './speakingStatus';
import '../../courses/CourseCard.css';
import '../../platform/ui/area.css';
import './speaking.css';

/**
 * "Speaking Practice" (docs/product.md#speaking-practice, /student/speaking): the signed-in
 * student's speaking tasks from `GET /api/student/speaking-tasks/{studentId}`, cached for offline
 * use with the offline banner, each with its title (a link to the task), course, due date ("Due 3
 * Dec" or "No due date") and status: To do, Queued (a take waiting in the outbox), Submitted or
 * Reviewed. A submitted or reviewed recording shows its delivery in brief as chips
 * (docs/product.md#speaking-practice-for-students): pace, pauses and expression, "Measuring…" while
 * the server measures it, a muted "Not measured" when it could not. A recording the outbox
 * delivers meanwhile turns its task to Submitted.
 */
export default function StudentSpeakingPage() {
  const studentId = useOwnId('studentId');
  const { t } = useI18n();
  const tasks = useCachedResource(studentId ? SPEAKING_TASKS_KEY : null, (signal) => loadStudentSpeakingTasks(studentId ?? '', signal), [studentId]);
  // A return to the screen shows a review the teacher saved meanwhile (docs/product.md#lists-reload-after-changes).
  useReloadOnReturn(tasks);
  const outbox = useSpeakingOutbox((taskId, recording) => {
    tasks.setData((list) => (list ?? []).map((task) => (task.id === taskId ? { ...task, recording } : task)));
  });
  const data = tasks.data;

  return (
    <>
      <h1 className="screen-title">{t('route.speakingPractice')}</h1>
      <OfflineBanner offline={tasks.offline} savedAt={tasks.savedAt} />
      <ScreenState
        loading={tasks.loading && !data}
        loadingText={t('speaking.tasks.loading')}
        error={data ? undefined : tasks.error}
        errorText={t('speaking.tasks.loadFailed')}
        onRetry={() => void tasks.reload()}
        empty={(data ?? []).length === 0}
        emptyText={t('speaking.tasks.empty')}
      >
        <ul className="card-grid" aria-label={t('student.speaking.tasks')}>
          {(data ?? []).map((task) => {
            const status = taskStatus(task, queuedFor(outbox.items, task.id));
            return (
              <li key={task.id}>
                <IonCard className="speaking-card">
                  <h2 className="speaking-card__title">
                    <Link to={`/student/speaking/${encodeURIComponent(task.id)}`}>{task.title}</Link>
                  </h2>
                  <p>{t('common.courseLabel', { course: task.courseTitle })}</p>
                  <p>{formatDue(task.dueAt)}</p>
                  <p>
                    {t('common.statusLabel')} <span className={`speaking-status speaking-status--${status}`}>{t(STATUS_LABELS[status])}</span>
                  </p>
                  {task.recording && (status === 'submitted' || status === 'reviewed') && <DeliveryChips summary={task.recording.delivery} durationMs={task.recording.durationMs} />}
                </IonCard>
              </li>
            );
          })}
        </ul>
      </ScreenState>
    </>
  );
}
