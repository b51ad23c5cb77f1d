import { IonButton, IonCard, IonCardContent, IonCardHeader } from '@ionic/react';
import { useId, useState } from 'react';
import { useI18n } from '../platform/i18n';
import { ComplaintDialog } from './ComplaintDialog';
import type { ComplaintDraft, QueuedComplaint } from './useComplaintOutbox';
import './QueuedComplaints.css';

/** Props of {@link QueuedComplaints}. */
export interface QueuedComplaintsProps {
  /** The outbox items of this screen's role, oldest first (`useComplaintOutbox().items`). */
  items: readonly QueuedComplaint[];
  /** Removes an item without any request. */
  onDiscard: (id: number) => void;
  /** Saves a refused item's new fields and queues it again. */
  onEdit: (id: number, draft: ComplaintDraft) => Promise<void>;
}

/**
 * The complaints of "My Complaints" (docs/product.md#student-complaints, docs/product.md#teacher-complaints) that have not reached
 * the server yet, newest first, as cards like the others:
 * - queued: "Status: Queued — will be sent when you're back online" and
 *   "Delete Complaint", which drops it from the outbox without a request;
 * - failed (the server refused it): "Status: Not sent", the server's
 *   message, "Edit" (a dialog like "Submit a New Complaint") and "Discard".
 * Renders nothing when there are none.
 */
export function QueuedComplaints({ items, onDiscard, onEdit }: QueuedComplaintsProps) {
  const { t } = useI18n();
  const [editing, setEditing] = useState<QueuedComplaint | null>(null);
  if (items.length === 0 && !editing) return null;
  const newestFirst = [...items].reverse();
  return (
    <>
      {newestFirst.length > 0 && (
        <ul className="card-grid queued-complaints" aria-label={t('common.unsentComplaints')}>
          {newestFirst.map((item) => (
            <li key={item.id}>
              <QueuedCard item={item} onDiscard={() => onDiscard(item.id)} onEdit={() => setEditing(item)} />
            </li>
          ))}
        </ul>
      )}
      <EditDialog
        key={editing?.id ?? 'closed'}
        item={editing}
        onClose={() => setEditing(null)}
        onSave={async (draft) => {
          if (!editing) return;
          await onEdit(editing.id, draft);
          setEditing(null);
        }}
      />
    </>
  );
}

function QueuedCard({ item, onDiscard, onEdit }: { item: QueuedComplaint; onDiscard: () => void; onEdit: () => void }) {
  const { t } = useI18n();
  const headingId = useId();
  const failed = item.status === 'failed';
  const title = item.draft.title;
  return (
    <IonCard className="complaint-card complaint-card--unsent" aria-labelledby={headingId}>
      <IonCardHeader>
        <h2 id={headingId} className="complaint-card__title">
          {t('complaints.cardTitle', { title })}
        </h2>
      </IonCardHeader>
      <IonCardContent>
        <p>{item.draft.description}</p>
        <p>
          {t('common.statusLabel')}{' '}
          <span className={`complaint-status complaint-status--${failed ? 'failed' : 'queued'}`}>
            {t(failed ? 'components.queuedComplaints.notSent' : 'components.queuedComplaints.queued')}
          </span>
        </p>
        {failed && <p className="queued-complaints__error">{t('components.queuedComplaints.refused', { reason: item.error || t('components.queuedComplaints.unknownReason') })}</p>}
        <div className="queued-complaints__actions">
          {failed && (
            <IonButton fill="outline" size="small" onClick={onEdit} aria-label={t('components.queuedComplaints.editNamed', { title })}>
              {t('common.edit')}
            </IonButton>
          )}
          <IonButton color="danger" fill="outline" size="small" onClick={onDiscard} aria-label={t(failed ? 'components.queuedComplaints.discardNamed' : 'complaints.deleteNamed', { title })}>
            {t(failed ? 'components.queuedComplaints.discard' : 'complaints.delete')}
          </IonButton>
        </div>
      </IonCardContent>
    </IonCard>
  );
}

function EditDialog({ item, onClose, onSave }: { item: QueuedComplaint | null; onClose: () => void; onSave: (draft: ComplaintDraft) => Promise<void> }) {
  const { t } = useI18n();
  // Keyed by the item (see the caller), so the fields start from its current text.
  const [title, setTitle] = useState(item?.draft.title ?? '');
  const [description, setDescription] = useState(item?.draft.description ?? '');
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const draft = { title: title.trim(), description: description.trim() };
    if (!draft.title || !draft.description || saving) return;
    setSaving(true);
    try {
      await onSave(draft);
    } finally {
      setSaving(false);
    }
  };

  return (
    <ComplaintDialog
      isOpen={item !== null}
      heading={t('components.queuedComplaints.editHeading')}
      title={title}
      description={description}
      onTitleChange={setTitle}
      onDescriptionChange={setDescription}
      busy={saving}
      submitLabel={t('common.save')}
      busyLabel={t('common.saving')}
      onSubmit={() => void save()}
      onCancel={onClose}
      onDismiss={onClose}
    />
  );
}
