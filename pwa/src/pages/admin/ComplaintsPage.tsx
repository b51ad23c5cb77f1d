import { IonButton, IonIcon } from '@ionic/react';
import { checkmarkOutline, closeOutline } from 'ionicons/icons';
import { useId, useRef, useState } from 'react';
import { ScreenState } from '../../components/ScreenState';
import { HttpError, isApiError } from '../../data/api';
import { callOptions, client, done, json } from '../../data/client';
import { useResource } from '../../data/useResource';
import { t as translate, useI18n } from '../../i18n';
import { restoreComplaint, submittedBy, type AdminComplaint, type ComplaintDecision } from './complaints';
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
  /** the message of the last failed action on this card, if any, translated */
  error?: string;
}

/**
 * One complaint card (docs/product.md#complaint-moderation): title, description, "Submitted by: …",
 * and the Approve and Disapprove buttons.
 */
export function ComplaintCard({ complaint, onDecide, error }: ComplaintCardProps) {
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

/**
 * Complaint moderation at /admin/complaints (docs/product.md#complaint-moderation, docs/product.md#complaint-status,
 * docs/product.md#error-messages): heading "Complaints", a grid of cards (one
 * column on phones), "No complaints to display" when empty, the error
 * message in red when the list cannot load. Approve and Disapprove take the
 * card out of the list at once and send `POST
 * /api/admin/complaints/{id}/approve|disapprove`; when that fails the card
 * comes back with the error on it — unless the server says the complaint
 * was already decided (409) or is gone (404), when it stays out. A polite status line says what
 * became of it, and the focus, whose button left with the card, moves to the heading.
 */
export default function ComplaintsPage() {
  const { t } = useI18n();
  const complaints = useResource(loadComplaints, []);
  // What failed, kept as data and worded at render, so that a language switch reaches it.
  const [errors, setErrors] = useState<Record<string, ComplaintDecision>>({});
  // what became of the last complaint decided here: this admin's decision, or another admin's first ('left')
  const [notice, setNotice] = useState<{ title: string; outcome: ComplaintDecision | 'left' } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = complaints.data ?? [];

  const decide = async (complaint: AdminComplaint, decision: ComplaintDecision) => {
    complaints.setData((current) => (current ?? []).filter((item) => item.id !== complaint.id));
    setErrors(({ [complaint.id]: _dropped, ...rest }) => rest);
    setNotice({ title: complaint.title, outcome: decision });
    heading.current?.focus();
    try {
      await done(client.api.admin.complaints[':id'][decision].$post({ param: { id: complaint.id } }));
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

  return (
    <>
      <h1 className="screen-title" ref={heading} tabIndex={-1}>
        {t('admin.complaints.title')}
      </h1>
      {notice !== null && (
        <p className="complaints-notice" role="status">
          {notice.outcome === 'left'
            ? t('admin.complaints.alreadyDecided', { title: notice.title })
            : t('admin.complaints.decided', { decision: notice.outcome, title: notice.title })}
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
              <ComplaintCard complaint={complaint} error={errors[complaint.id] && t('admin.complaints.decisionFailed', { decision: errors[complaint.id] })} onDecide={(decision) => void decide(complaint, decision)} />
            </li>
          ))}
        </ul>
      </ScreenState>
    </>
  );
}
