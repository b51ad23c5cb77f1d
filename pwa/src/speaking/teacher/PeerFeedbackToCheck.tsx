import { useId, useState } from 'react';
import { ScreenState } from '../../platform/ui/ScreenState';
import { isOfflineFailure } from '../../platform/api/api';
import { useCachedResource } from '../../platform/api/useCachedResource';
import { useI18n, type MessageId } from '../../platform/i18n';
import { decidePeerFeedback, loadFeedbackToCheck, MODERATION_KEY, type ModerationItem } from '../peers';
import { STEM_LABELS, useClarityText } from '../peerLabels';
import '../actions.css';
import '../peers.css';

/**
 * "Peer feedback to check" on the teacher's speaking page (docs/product.md#talk-partners): the
 * pending and reported peer feedback of the teacher's courses — stem and text, clarity ratings,
 * who wrote it, for whose take and which task — each with one-tap "Approve" and "Hide", which
 * take it off the list at once. Cached for offline use; deciding needs a connection.
 */
export function PeerFeedbackToCheck() {
  const { t } = useI18n();
  const items = useCachedResource(MODERATION_KEY, (signal) => loadFeedbackToCheck(signal), []);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<MessageId | null>(null);
  const headingId = useId();
  const list = items.data ?? [];

  const decide = async (item: ModerationItem, decision: 'approve' | 'hide') => {
    setBusy(item.id);
    setError(null);
    try {
      await decidePeerFeedback(item.id, decision);
      items.setData((all) => (all ?? []).filter((other) => other.id !== item.id));
    } catch (failure) {
      console.error('Could not check the peer feedback', failure);
      setError(isOfflineFailure(failure) ? 'teacher.peers.needsConnection' : 'teacher.peers.checkFailed');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby={headingId} className="speaking-section">
      <h2 id={headingId} className="screen-section-title">
        {t('teacher.peers.toCheck')}
      </h2>
      {error && (
        <p className="form-banner" role="alert">
          {t(error)}
        </p>
      )}
      <ScreenState
        loading={items.loading && !items.data}
        loadingText={t('teacher.peers.toCheckLoading')}
        error={items.data ? undefined : items.error}
        errorText={t('teacher.peers.toCheckFailed')}
        onRetry={() => void items.reload()}
        empty={list.length === 0}
        emptyText={t('teacher.peers.nothingToCheck')}
      >
        <ul className="peer-check" aria-label={t('teacher.peers.toCheck')}>
          {list.map((item) => (
            <li key={item.id}>
              <CheckItem item={item} busy={busy === item.id} onDecide={(decision) => void decide(item, decision)} />
            </li>
          ))}
        </ul>
      </ScreenState>
    </section>
  );
}

/** One item to check: what was written, by whom, on whose take, with Approve and Hide. */
function CheckItem({ item, busy, onDecide }: { item: ModerationItem; busy: boolean; onDecide: (decision: 'approve' | 'hide') => void }) {
  const { t } = useI18n();
  const clarityText = useClarityText();
  const textId = useId();
  return (
    <article className="peer-check__item" aria-describedby={textId}>
      <p className="peer-check__who">
        {t('teacher.peers.from', { author: item.authorName, recipient: item.recipientName, task: item.taskTitle })}
        {item.status === 'reported' && <span className="speaking-status peer-check__reported">{t('teacher.peers.reported')}</span>}
      </p>
      <p id={textId} className="peer-check__text">
        {t(STEM_LABELS[item.stem])} {item.text}
      </p>
      <p className="peer-check__clarity">{t('peers.clarity', { ratings: clarityText(item.clarity) })}</p>
      <div className="speaking-task__actions">
        <button type="button" className="speaking-action" disabled={busy} aria-describedby={textId} onClick={() => onDecide('approve')}>
          {t('teacher.peers.approve')}
        </button>
        <button type="button" className="speaking-action speaking-action--danger" disabled={busy} aria-describedby={textId} onClick={() => onDecide('hide')}>
          {t('teacher.peers.hide')}
        </button>
      </div>
    </article>
  );
}
