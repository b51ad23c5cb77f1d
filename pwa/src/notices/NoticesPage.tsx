import { IonButton, IonIcon } from '@ionic/react';
import { addOutline, createOutline, trashOutline } from 'ionicons/icons';
import { useId, useState } from 'react';
import { ConfirmDeleteAlert } from '../platform/ui/ConfirmDeleteAlert';
import { ErrorToast } from '../platform/ui/ErrorToast';
import { OfflineBanner } from '../platform/ui/OfflineBanner';
import { ScreenState } from '../platform/ui/ScreenState';
import { HttpError } from '../platform/api/api';
import { client, done } from '../platform/api/client';
import { useCachedResource } from '../platform/api/useCachedResource';
import { t, useI18n } from '../platform/i18n';
import { readSessionKey } from '../auth';
import { NoticeDialog, type NoticeDialogState } from './NoticeDialog';
import { appendNotice, loadNotices, NOTICES_PATH, removeNotice, replaceNotice, type Notice } from './notices';
import './NoticesPage.css';

/** The load-failure text (docs/product.md#error-messages): the server's message, or the fallback. */
export function noticesErrorText(error: unknown): string {
  if (error instanceof HttpError && error.message) return error.message;
  return t('notices.loadError');
}

/** One notice: its title and description, and for admins the edit and delete icons. */
function NoticeItem(props: { notice: Notice; admin: boolean; onEdit: () => void; onDelete: () => void }) {
  const titleId = useId();
  const { t } = useI18n();
  return (
    <article className="notice" aria-labelledby={titleId}>
      <div className="notice__text">
        <h2 id={titleId} className="notice__title">
          {props.notice.title}
        </h2>
        <p className="notice__description">{props.notice.description}</p>
      </div>
      {props.admin && (
        <div className="notice__actions">
          <button type="button" className="notice-action" aria-label={t('notices.edit')} aria-describedby={titleId} title={t('notices.edit')} onClick={props.onEdit}>
            <IonIcon icon={createOutline} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="notice-action notice-action--danger"
            aria-label={t('notices.delete')}
            aria-describedby={titleId}
            title={t('notices.delete')}
            onClick={props.onDelete}
          >
            <IonIcon icon={trashOutline} aria-hidden="true" />
          </button>
        </div>
      )}
    </article>
  );
}

/**
 * The notices screen (docs/product.md#notices, docs/product.md#notice-visibility,
 * docs/product.md#who-sees-which-notices, docs/product.md#error-messages), mounted at /admin/notice, /teacher/notice and /student/notice.
 * Every role reads `GET /api/admin/notice`; when the stored `userRole` is
 * "1" the screen also offers "Add Notice" and, on each notice, edit and
 * delete. A created notice is appended, an updated one replaces the notice
 * with its id, a deleted one is removed — without reloading the list.
 */
export default function NoticesPage() {
  // The one load of the screen, cached per user for offline use.
  const notices = useCachedResource(NOTICES_PATH, loadNotices, []);
  const { t } = useI18n();
  const admin = readSessionKey('userRole') === '1';
  const [dialog, setDialog] = useState<NoticeDialogState | null>(null);
  const [deleting, setDeleting] = useState<Notice | null>(null);
  const [deleteFailed, setDeleteFailed] = useState(false);
  const list = notices.data ?? [];

  const remove = async (notice: Notice) => {
    try {
      await done(client.api.admin.notice[':id'].$delete({ param: { id: notice.id } }));
      notices.setData((current) => removeNotice(current, notice.id));
    } catch (error) {
      console.error('Failed to delete the notice', error);
      // Already gone on the server: the list follows it.
      if (error instanceof HttpError && error.status === 404) notices.setData((current) => removeNotice(current, notice.id));
      else setDeleteFailed(true);
    }
  };

  return (
    <>
      <div className="screen-header">
        <h1 className="screen-title">{t('route.notices')}</h1>
        {admin && (
          <IonButton onClick={() => setDialog({ mode: 'add' })}>
            <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
            {t('notices.add')}
          </IonButton>
        )}
      </div>
      <OfflineBanner offline={notices.offline} savedAt={notices.savedAt} />
      <ScreenState
        loading={notices.loading && notices.data === undefined}
        error={notices.data === undefined ? notices.error : undefined}
        loadingText={t('notices.loading')}
        errorText={noticesErrorText(notices.error)}
        emptyText={t('notices.empty')}
        empty={list.length === 0}
        onRetry={() => void notices.reload()}
      >
        <ul className="notice-list" aria-label={t('route.notices')}>
          {list.map((notice) => (
            <li key={notice.id}>
              <NoticeItem notice={notice} admin={admin} onEdit={() => setDialog({ mode: 'edit', notice })} onDelete={() => setDeleting(notice)} />
            </li>
          ))}
        </ul>
      </ScreenState>
      {admin && (
        <>
          <NoticeDialog
            state={dialog}
            onClose={() => setDialog(null)}
            onSaved={(notice, mode) => {
              notices.setData((current) => (mode === 'add' ? appendNotice(current, notice) : replaceNotice(current, notice)));
              setDialog(null);
            }}
          />
          <ConfirmDeleteAlert
            item={deleting}
            header={t('common.confirmDelete')}
            message={() => t('notices.confirmDeleteMessage')}
            onConfirm={(notice) => void remove(notice)}
            onDismiss={() => setDeleting(null)}
          />
          <ErrorToast message={deleteFailed ? t('notices.deleteFailed') : null} onDismiss={() => setDeleteFailed(false)} />
        </>
      )}
    </>
  );
}
