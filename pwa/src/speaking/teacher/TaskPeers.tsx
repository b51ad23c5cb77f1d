import { useId, useState } from 'react';
import { ScreenState } from '../../platform/ui/ScreenState';
import { isOfflineFailure } from '../../platform/api/api';
import { useCachedResource } from '../../platform/api/useCachedResource';
import { useI18n, type MessageId } from '../../platform/i18n';
import { loadPartnerGroups, partnersKey, savePeerSettings, shufflePartners, type PeerMode, type PeerSettings } from '../peers';
import type { TeacherSpeakingTask } from '../speaking';
import '../actions.css';
import '../peers.css';

/** The catalogue keys of the three peer-feedback choices, in the order offered. */
const MODE_LABELS: Record<PeerMode, MessageId> = {
  off: 'teacher.peers.mode.off',
  class: 'teacher.peers.mode.class',
  partners: 'teacher.peers.mode.partners',
};

/** What the teacher cannot save or shuffle: offline, or another failure. */
const failureText = (error: unknown): MessageId => (isOfflineFailure(error) ? 'teacher.peers.needsConnection' : 'teacher.peers.saveFailed');

/**
 * "Peer feedback" on a task card (docs/product.md#talk-partners), folded under its summary
 * ("Peer feedback: Off"): the choice off / "Share takes with the class" / "With talk partners"
 * and "Show names to classmates", saved with `PUT …/peers`; `onSaved` gets the saved settings.
 * With talk partners saved, the {@link PartnersPanel} follows.
 */
export function TaskPeers({ task, onSaved }: { task: TeacherSpeakingTask; onSaved: (settings: PeerSettings) => void }) {
  const { t } = useI18n();
  const [mode, setMode] = useState<PeerMode>(task.peerFeedback);
  const [showNames, setShowNames] = useState(task.showNames);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<MessageId | null>(null);
  const [saved, setSaved] = useState(false);
  const legendId = useId();
  const changed = mode !== task.peerFeedback || showNames !== task.showNames;

  const save = async () => {
    setSaving(true);
    setError(null);
    setSaved(false);
    try {
      const answer = await savePeerSettings(task.id, { peerFeedback: mode, showNames });
      onSaved({ peerFeedback: answer.peerFeedback, showNames: answer.showNames });
      setSaved(true);
    } catch (failure) {
      console.error('Could not save the peer settings', failure);
      setError(failureText(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <details className="task-peers">
      <summary className="task-peers__summary">{t('teacher.peers.summary', { mode: t(MODE_LABELS[task.peerFeedback]) })}</summary>
      <fieldset className="task-peers__choice" aria-labelledby={legendId}>
        <legend id={legendId}>{t('teacher.peers.title')}</legend>
        {(Object.keys(MODE_LABELS) as PeerMode[]).map((value) => (
          <label key={value} className="task-peers__option">
            <input type="radio" name={`peers-${task.id}`} value={value} checked={mode === value} onChange={() => setMode(value)} />
            {t(MODE_LABELS[value])}
          </label>
        ))}
      </fieldset>
      <label className="task-peers__option">
        <input type="checkbox" checked={showNames} disabled={mode === 'off'} onChange={(event) => setShowNames(event.target.checked)} />
        {t('teacher.peers.showNames')}
      </label>
      {error && (
        <p className="form-banner" role="alert">
          {t(error)}
        </p>
      )}
      {saved && !changed && (
        <p className="task-peers__saved" role="status">
          {t('teacher.peers.saved')}
        </p>
      )}
      <button type="button" className="speaking-action" disabled={!changed || saving} onClick={() => void save()}>
        {saving ? t('teacher.peers.saving') : t('teacher.peers.save')}
      </button>
      {task.peerFeedback === 'partners' && <PartnersPanel taskId={task.id} />}
    </details>
  );
}

/**
 * "Talk partners" (docs/product.md#talk-partners): the task's groups by name, "Make new pairs"
 * (a new random pairing) and the enrolled students in no group. Cached for offline use.
 */
export function PartnersPanel({ taskId }: { taskId: string }) {
  const { t } = useI18n();
  const groups = useCachedResource(partnersKey(taskId), (signal) => loadPartnerGroups(taskId, signal), [taskId]);
  const [shuffling, setShuffling] = useState(false);
  const [error, setError] = useState<MessageId | null>(null);
  const headingId = useId();
  const data = groups.data;

  const shuffle = async () => {
    setShuffling(true);
    setError(null);
    try {
      const answer = await shufflePartners(taskId);
      groups.setData(() => answer);
    } catch (failure) {
      console.error('Could not make new pairs', failure);
      setError(failureText(failure));
    } finally {
      setShuffling(false);
    }
  };

  return (
    <section className="partners" aria-labelledby={headingId}>
      <h5 id={headingId} className="partners__title">
        {t('teacher.peers.partners')}
      </h5>
      {groups.offline && data && <p className="partners__note">{t('teacher.peers.offlineCopy')}</p>}
      <ScreenState
        loading={groups.loading && !data}
        loadingText={t('teacher.peers.partnersLoading')}
        error={data ? undefined : groups.error}
        errorText={t('teacher.peers.partnersFailed')}
        onRetry={() => void groups.reload()}
        empty={false}
        emptyText=""
      >
        {data && (
          <>
            {data.groups.length === 0 ? (
              <p>{t('teacher.peers.noGroups')}</p>
            ) : (
              <ol className="partners__groups" aria-label={t('teacher.peers.groups')}>
                {data.groups.map((group) => (
                  <li key={group.map((person) => person.id).join('-')}>{group.map((person) => person.name).join(', ')}</li>
                ))}
              </ol>
            )}
            {data.ungrouped.length > 0 && <p className="partners__ungrouped">{t('teacher.peers.ungrouped', { names: data.ungrouped.map((person) => person.name).join(', ') })}</p>}
          </>
        )}
      </ScreenState>
      {error && (
        <p className="form-banner" role="alert">
          {t(error)}
        </p>
      )}
      <button type="button" className="speaking-action" disabled={shuffling} onClick={() => void shuffle()}>
        {t('teacher.peers.shuffle')}
      </button>
    </section>
  );
}
