import { IonButton, IonIcon, IonToast } from '@ionic/react';
import { checkmarkOutline, closeOutline } from 'ionicons/icons';
import { useId, useRef, useState } from 'react';
import { TextAreaField } from '../platform/ui/FormField';
import { ScreenState } from '../platform/ui/ScreenState';
import { HttpError, isApiError } from '../platform/api/api';
import { callOptions, client, json } from '../platform/api/client';
import { errorMessage } from '../platform/api/errorMessage';
import { useResource } from '../platform/api/useResource';
import { t as translate, useI18n } from '../platform/i18n';
import { ROLE } from '../auth';
import { MODERATION_NOTE_MAX, UNDO_TOAST_MS, noteBody, restoreComplaint, submittedBy, type AdminComplaint, type ComplaintDecision } from './complaints';
import './ComplaintsPage.css';

/** Loads the unresolved complaints, oldest first (`GET /api/admin/complaints`). */
export function loadComplaints(signal: AbortSignal): Promise<AdminComplaint[]> {
  return json(client.api.admin.complaints.$get(undefined, callOptions({ signal })));
}

/** The load-failure text (docs/product.md#error-messages: "the error message in red"). */
function loadErrorText(error: unknown): string {
  if (isApiError(error) && error.message) return error.message;
  return translate('admin.complaints.loadFailed');
}

/** Props of {@link ComplaintCard}. */
export interface ComplaintCardProps {
  complaint: AdminComplaint;
  onDecide: (decision: ComplaintDecision) => void;
  /** the optional note to the filer typed on this card */
  note: string;
  onNoteChange: (note: string) => void;
  /** the message of the last failed action on this card, if any, translated */
  error?: string;
}

/**
 * One complaint card (docs/product.md#complaint-moderation): title, description, "Submitted by: …",
 * the optional "Note to the student" (or teacher; at most 500 characters, sent with the decision),
 * and the Approve and Disapprove buttons.
 */
export function ComplaintCard({ complaint, onDecide, note, onNoteChange, error }: ComplaintCardProps) {
  const { t } = useI18n();
  const titleId = useId();
  const errorId = useId();
  return (
    <article className="complaint-card" aria-labelledby={titleId} aria-describedby={error ? errorId : undefined}>
      <h2 id={titleId} className="complaint-card__title">
        {complaint.title}
      </h2>
      <p className="complaint-card__description">{complaint.description}</p>
      <p className="complaint-card__by">{submittedBy(complaint.user)}</p>
      {error && (
        <p id={errorId} className="complaint-card__error" role="alert">
          {error}
        </p>
      )}
      <TextAreaField
        className="complaint-card__note-field"
        label={t('admin.complaints.note', { filer: complaint.role === ROLE.teacher ? 'teacher' : 'student' })}
        helper={t('admin.complaints.noteHelp')}
        value={note}
        rows={2}
        autoGrow
        maxLength={MODERATION_NOTE_MAX}
        onChange={onNoteChange}
      />
      <div className="complaint-card__actions">
        <IonButton color="primary" onClick={() => onDecide('approve')}>
          <IonIcon slot="start" icon={checkmarkOutline} aria-hidden="true" />
          {t('admin.complaints.approve')}
        </IonButton>
        <IonButton color="danger" fill="outline" onClick={() => onDecide('disapprove')}>
          <IonIcon slot="start" icon={closeOutline} aria-hidden="true" />
          {t('admin.complaints.disapprove')}
        </IonButton>
      </div>
    </article>
  );
}

/** What the status line says of the last complaint acted on here (worded at render, so a language switch reaches it). */
type Outcome = { title: string; outcome: ComplaintDecision | 'left' | 'undone' } | { title: string; outcome: 'undoFailed'; reason: string };

/** A decision this admin may still take back: the toast with "Undo" is up for it. */
interface Undoable {
  complaint: AdminComplaint;
  decision: ComplaintDecision;
  /** the note sent with it, put back on the card by Undo */
  note: string;
}

/**
 * Complaint moderation at /admin/complaints (docs/product.md#complaint-moderation, docs/product.md#complaint-status,
 * docs/product.md#error-messages): heading "Complaints", a grid of cards (one
 * column on phones), "No complaints to display" when empty, the error
 * message in red when the list cannot load. Approve and Disapprove ask nothing: they take the
 * card out of the list at once and send `POST
 * /api/admin/complaints/{id}/approve|disapprove` with the card's note, if any; when that fails the card
 * comes back with the error on it — unless the server says the complaint
 * was already decided (409) or is gone (404), when it stays out. A polite status line says what
 * became of it, and the focus, whose button left with the card, moves to the heading. Once the
 * server has the decision, a toast "Complaint approved" (or "disapproved") offers "Undo" for 5 s:
 * `POST /api/admin/complaints/{id}/undo` puts the complaint back On Hold and its card, with the
 * note as it was typed, back in the list.
 */
export default function ComplaintsPage() {
  const { t } = useI18n();
  const complaints = useResource(loadComplaints, []);
  // What failed, kept as data and worded at render, so that a language switch reaches it.
  const [errors, setErrors] = useState<Record<string, ComplaintDecision>>({});
  // the note typed on each card, by complaint id
  const [notes, setNotes] = useState<Record<string, string>>({});
  // what became of the last complaint decided here: this admin's decision, another admin's first ('left'), or an undo
  const [notice, setNotice] = useState<Outcome | null>(null);
  // the last decision taken here, while its "Undo" toast is up; `key` starts a new toast for each
  const [undoable, setUndoable] = useState<(Undoable & { key: number }) | null>(null);
  const undoKey = useRef(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = complaints.data ?? [];

  const decide = async (complaint: AdminComplaint, decision: ComplaintDecision) => {
    const note = notes[complaint.id] ?? '';
    complaints.setData((current) => (current ?? []).filter((item) => item.id !== complaint.id));
    setErrors(({ [complaint.id]: _dropped, ...rest }) => rest);
    setNotice({ title: complaint.title, outcome: decision });
    heading.current?.focus();
    try {
      await json(client.api.admin.complaints[':id'][decision].$post({ param: { id: complaint.id }, json: noteBody(note) }));
      setNotes(({ [complaint.id]: _sent, ...rest }) => rest);
      undoKey.current += 1;
      setUndoable({ complaint, decision, note, key: undoKey.current });
    } catch (error) {
      console.error(`Failed to ${decision} the complaint`, error);
      if (error instanceof HttpError && (error.status === 409 || error.status === 404)) {
        setNotice({ title: complaint.title, outcome: 'left' });
        return;
      }
      setNotice(null);
      complaints.setData((current) => restoreComplaint(current, complaint));
      setErrors((current) => ({ ...current, [complaint.id]: decision }));
    }
  };

  const undo = async ({ complaint, note }: Undoable) => {
    setUndoable(null);
    try {
      const reopened = await json(client.api.admin.complaints[':id'].undo.$post({ param: { id: complaint.id } }));
      complaints.setData((current) => restoreComplaint(current, reopened));
      if (note) setNotes((current) => ({ ...current, [complaint.id]: note }));
      setNotice({ title: complaint.title, outcome: 'undone' });
    } catch (error) {
      console.error('Failed to undo the complaint decision', error);
      setNotice({ title: complaint.title, outcome: 'undoFailed', reason: errorMessage(error) });
    }
  };

  return (
    <>
      <h1 className="screen-title" ref={heading} tabIndex={-1}>
        {t('admin.complaints.title')}
      </h1>
      {notice !== null && (
        <p className="complaints-notice" role="status">
          {noticeText(notice)}
        </p>
      )}
      <ScreenState
        loading={complaints.loading && complaints.data === undefined}
        error={complaints.data === undefined ? complaints.error : undefined}
        loadingText={t('complaints.loading')}
        errorText={loadErrorText(complaints.error)}
        emptyText={t('complaints.empty')}
        empty={list.length === 0}
        onRetry={() => void complaints.reload()}
      >
        <ul className="complaint-grid" aria-label={t('admin.complaints.title')}>
          {list.map((complaint) => (
            <li key={complaint.id}>
              <ComplaintCard
                complaint={complaint}
                note={notes[complaint.id] ?? ''}
                onNoteChange={(note) => setNotes((current) => ({ ...current, [complaint.id]: note }))}
                error={errors[complaint.id] && t('admin.complaints.decisionFailed', { decision: errors[complaint.id] })}
                onDecide={(decision) => void decide(complaint, decision)}
              />
            </li>
          ))}
        </ul>
      </ScreenState>
      {undoable && (
        <IonToast
          key={undoable.key}
          isOpen
          className="complaints-undo-toast"
          message={t('admin.complaints.toast', { decision: undoable.decision })}
          duration={UNDO_TOAST_MS}
          position="bottom"
          buttons={[{ text: t('admin.complaints.undo'), handler: () => void undo(undoable) }]}
          onDidDismiss={() => setUndoable((current) => (current?.key === undoable.key ? null : current))}
        />
      )}
    </>
  );
}

/** The status line's words for `notice`, in the active language. */
function noticeText(notice: Outcome): string {
  switch (notice.outcome) {
    case 'left':
      return translate('admin.complaints.alreadyDecided', { title: notice.title });
    case 'undone':
      return translate('admin.complaints.undone', { title: notice.title });
    case 'undoFailed':
      return translate('admin.complaints.undoFailed', { title: notice.title, reason: notice.reason });
    default:
      return translate('admin.complaints.decided', { decision: notice.outcome, title: notice.title });
  }
}
