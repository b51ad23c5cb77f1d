import { IonButton, IonCard, IonCardContent, IonCardHeader } from '@ionic/react';
import { useId, useState } from 'react';
import { ComplaintDialog } from './ComplaintDialog';
import type { ComplaintDraft, QueuedComplaint } from '../data/useComplaintOutbox';
import './QueuedComplaints.css';

/** The status of a complaint waiting in the outbox. */
export const QUEUED_STATUS = "Queued — will be sent when you're back online";
/** The status of a complaint the server refused; the reason follows. */
export const FAILED_STATUS = 'Not sent';

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
  const [editing, setEditing] = useState<QueuedComplaint | null>(null);
  if (items.length === 0 && !editing) return null;
  const newestFirst = [...items].reverse();
  return (
    <>
      {newestFirst.length > 0 && (
        <ul className="card-grid queued-complaints" aria-label="Unsent complaints">
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
  const headingId = useId();
  const failed = item.status === 'failed';
  return (
    <IonCard className="complaint-card complaint-card--unsent" aria-labelledby={headingId}>
      <IonCardHeader>
        <h2 id={headingId} className="complaint-card__title">
          Complaint: {item.draft.title}
        </h2>
      </IonCardHeader>
      <IonCardContent>
        <p>{item.draft.description}</p>
        <p>
          Status:{' '}
          <span className={`complaint-status complaint-status--${failed ? 'failed' : 'queued'}`}>{failed ? FAILED_STATUS : QUEUED_STATUS}</span>
        </p>
        {failed && <p className="queued-complaints__error">The server refused it: {item.error || 'unknown reason'}</p>}
        <div className="queued-complaints__actions">
          {failed && (
            <IonButton fill="outline" size="small" onClick={onEdit} aria-label={`Edit: ${item.draft.title}`}>
              Edit
            </IonButton>
          )}
          <IonButton color="danger" fill="outline" size="small" onClick={onDiscard} aria-label={`${failed ? 'Discard' : 'Delete Complaint'}: ${item.draft.title}`}>
            {failed ? 'Discard' : 'Delete Complaint'}
          </IonButton>
        </div>
      </IonCardContent>
    </IonCard>
  );
}

function EditDialog({ item, onClose, onSave }: { item: QueuedComplaint | null; onClose: () => void; onSave: (draft: ComplaintDraft) => Promise<void> }) {
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
      heading="Edit Complaint"
      title={title}
      description={description}
      onTitleChange={setTitle}
      onDescriptionChange={setDescription}
      busy={saving}
      submitLabel="Save"
      busyLabel="Saving..."
      onSubmit={() => void save()}
      onCancel={onClose}
      onDismiss={onClose}
    />
  );
}
