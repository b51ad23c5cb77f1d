import { IonButton, IonCard, IonCardContent, IonCardHeader } from '@ionic/react';
import { useId, useState } from 'react';
import { ComplaintDialog } from './ComplaintDialog';
import { OfflineBanner } from '../platform/ui/OfflineBanner';
import { QueuedComplaints } from './QueuedComplaints';
import { ScreenState } from '../platform/ui/ScreenState';
import { HttpError } from '../platform/api/api';
import { complaintsPath, loadComplaints, removeComplaint, useOwnId, type AreaRole, type Complaint, type ComplaintStatus } from '../people';
import { useCachedResource } from '../platform/api/useCachedResource';
import { useComplaintOutbox } from './useComplaintOutbox';
import { t, useI18n, type MessageId } from '../platform/i18n';
import { ROLE } from '../auth';
import '../courses/CourseCard.css';
import '../platform/ui/area.css';

/** The texts that differ between the student's and the teacher's screen (docs/product.md#student-complaints, docs/product.md#teacher-complaints, docs/product.md#error-messages). */
export const COMPLAINT_TEXTS = {
  [ROLE.student]: { open: 'complaints.student.add', submit: 'complaints.student.add', loadError: 'complaints.student.loadError' },
  [ROLE.teacher]: { open: 'complaints.teacher.add', submit: 'complaints.teacher.submit', loadError: 'complaints.teacher.loadError' },
} as const satisfies Record<AreaRole, Record<'open' | 'submit' | 'loadError', MessageId>>;

/**
 * How a status is shown (docs/product.md#student-complaints, docs/product.md#complaint-status): approved →
 * "Approved" in green, disapproved → "Disapproved" in red, anything else
 * (null) → "On Hold" in orange; the label in the active language.
 */
export function complaintStatusView(status: ComplaintStatus | undefined): { label: string; tone: 'approved' | 'disapproved' | 'on-hold'; color: 'green' | 'red' | 'orange' } {
  if (status === 'approved') return { label: t('complaints.status.approved'), tone: 'approved', color: 'green' };
  if (status === 'disapproved') return { label: t('complaints.status.disapproved'), tone: 'disapproved', color: 'red' };
  return { label: t('complaints.status.onHold'), tone: 'on-hold', color: 'orange' };
}

/**
 * "My Complaints" for a student (docs/product.md#student-complaints) or a teacher
 * (docs/product.md#teacher-complaints), written once:
 * - the list from `GET /api/{student|teacher}/complaints?{sId|tId}=` (one
 *   load), newest first; "No complaints to display" when empty; the role's
 *   load error;
 * - the "Submit a New Complaint" dialog: blank title or description (after
 *   trimming) sends nothing and shows the field's message (docs/product.md#complaint-dialog-validation); the submit button reads
 *   "Submitting..." while pending; success adds the complaint at the top and
 *   closes the dialog; a failure is logged only (docs/product.md#error-messages) and keeps the
 *   dialog open with what was typed;
 * - each card's status: "On Hold" with "Waiting for an admin to review it"; "Approved" or
 *   "Disapproved" with the admin's note under it, when they left one (docs/product.md#complaint-status);
 * - "Delete Complaint" unless approved; a failure is logged only (a 409
 *   means it was approved meanwhile: the list reloads to show it).
 * Offline: the list is cached per user and shown with the offline
 * banner; a complaint filed offline (or on a network error or 5xx) goes to
 * the outbox, closes the dialog and shows as queued above the list until a
 * replay delivers it, then joins the list.
 */
export function ComplaintsScreen({ role }: { role: AreaRole }) {
  const { t } = useI18n();
  const texts = COMPLAINT_TEXTS[role];
  const ownerId = useOwnId(role === ROLE.student ? 'studentId' : 'teacherId');
  const complaints = useCachedResource(ownerId ? complaintsPath(role) : null, (signal) => loadComplaints(role, ownerId ?? '', signal), [role, ownerId]);
  const addToList = (created: Complaint) => complaints.setData((list) => [created, ...(list ?? []).filter((c) => c.id !== created.id)]);
  const outbox = useComplaintOutbox<Complaint>(role, addToList);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());

  const submit = async () => {
    const draft = { title: title.trim(), description: description.trim() };
    if (!draft.title || !draft.description || submitting || !ownerId) return;
    setSubmitting(true);
    try {
      const outcome = await outbox.submit(draft);
      if (outcome.state === 'sent') addToList(outcome.result);
      setTitle('');
      setDescription('');
      setDialogOpen(false);
    } catch (error) {
      console.error('Failed to add complaint:', error);
    } finally {
      setSubmitting(false);
    }
  };

  const cancel = () => {
    setTitle('');
    setDescription('');
    setDialogOpen(false);
  };

  const remove = async (complaint: Complaint) => {
    if (deleting.has(complaint.id)) return;
    setDeleting((ids) => new Set(ids).add(complaint.id));
    try {
      await removeComplaint(role, complaint.id);
      complaints.setData((list) => (list ?? []).filter((c) => c.id !== complaint.id));
    } catch (error) {
      console.error('Failed to delete complaint:', error);
      if (error instanceof HttpError && (error.status === 409 || error.status === 404)) void complaints.reload();
    } finally {
      setDeleting((ids) => {
        const next = new Set(ids);
        next.delete(complaint.id);
        return next;
      });
    }
  };

  const list = complaints.data ?? [];
  return (
    <>
      <div className="screen-header complaints-header">
        <h1 className="screen-title">{t('route.myComplaints')}</h1>
        <IonButton onClick={() => setDialogOpen(true)}>{t(texts.open)}</IonButton>
      </div>

      <OfflineBanner offline={complaints.offline} savedAt={complaints.savedAt} />
      <QueuedComplaints items={outbox.items} onDiscard={(id) => void outbox.discard(id)} onEdit={outbox.edit} />
      <ScreenState
        loading={complaints.loading && !complaints.data}
        loadingText={t('complaints.loading')}
        error={complaints.data ? undefined : complaints.error}
        errorText={t(texts.loadError)}
        onRetry={() => void complaints.reload()}
        empty={list.length === 0 && outbox.items.length === 0}
        emptyText={t('complaints.empty')}
      >
        <ul className="card-grid">
          {list.map((complaint) => (
            <li key={complaint.id}>
              <ComplaintCard complaint={complaint} deleting={deleting.has(complaint.id)} onDelete={() => void remove(complaint)} />
            </li>
          ))}
        </ul>
      </ScreenState>

      <ComplaintDialog
        isOpen={dialogOpen}
        heading={t('complaints.dialogTitle')}
        title={title}
        description={description}
        onTitleChange={setTitle}
        onDescriptionChange={setDescription}
        busy={submitting}
        submitLabel={t(texts.submit)}
        busyLabel={t('complaints.submitting')}
        onSubmit={() => void submit()}
        onCancel={cancel}
        onDismiss={() => setDialogOpen(false)}
      />
    </>
  );
}

/**
 * One complaint (docs/product.md#student-complaints): "Complaint: {title}", the description, the
 * status — On Hold with "Waiting for an admin to review it", Approved or Disapproved with the
 * admin's note when there is one — and Delete unless approved.
 */
function ComplaintCard({ complaint, deleting, onDelete }: { complaint: Complaint; deleting: boolean; onDelete: () => void }) {
  const headingId = useId();
  const { t } = useI18n();
  const status = complaintStatusView(complaint.status);
  return (
    <IonCard className="complaint-card" aria-labelledby={headingId}>
      <IonCardHeader>
        <h2 id={headingId} className="complaint-card__title">
          {t('complaints.cardTitle', { title: complaint.title })}
        </h2>
      </IonCardHeader>
      <IonCardContent>
        <p>{complaint.description}</p>
        <p>
          {t('common.statusLabel')}{' '}
          <span className={`complaint-status complaint-status--${status.tone}`} data-color={status.color}>
            {status.label}
          </span>
        </p>
        {status.tone === 'on-hold' && <p className="complaint-card__hint">{t('complaints.status.onHoldHint')}</p>}
        {status.tone !== 'on-hold' && complaint.moderationNote && (
          <p className="complaint-card__note">
            <strong>{t('complaints.noteFromAdmin')}</strong> {complaint.moderationNote}
          </p>
        )}
        {complaint.status !== 'approved' && (
          <IonButton color="danger" fill="outline" size="small" disabled={deleting} onClick={onDelete} aria-label={t('complaints.deleteNamed', { title: complaint.title })}>
            {t('complaints.delete')}
          </IonButton>
        )}
      </IonCardContent>
    </IonCard>
  );
}
