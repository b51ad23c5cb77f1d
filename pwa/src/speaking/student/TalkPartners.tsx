import { useId, useState } from 'react';
import { ScreenState } from '../../platform/ui/ScreenState';
import { API_ORIGIN } from '../../platform/config';
import { isOfflineFailure } from '../../platform/api/api';
import { useCachedResource } from '../../platform/api/useCachedResource';
import { useI18n, type MessageId } from '../../platform/i18n';
import { STRAND_LABELS, type StrandKey } from '../../oracy';
import {
  loadOwnPeers,
  loadPeerTakes,
  newFeedbackKey,
  ownPeersKey,
  PEER_STEMS,
  PEER_TEXT_MAX,
  peerTakesKey,
  reportPeerFeedback,
  sendPeerFeedback,
  type PeerFeedbackDraft,
  type PeerStem,
  type PeerTake,
  type WrittenPeerFeedback,
} from '../peers';
import { STEM_LABELS, useClarityText } from '../peerLabels';
import type { StudentSpeakingTask } from '../speaking';
import '../actions.css';
import '../peers.css';

/** The catalogue keys of a written feedback's status as its writer sees it. */
const STATUS_LABELS: Record<WrittenPeerFeedback['status'], MessageId> = {
  pending: 'student.peers.status.pending',
  approved: 'student.peers.status.approved',
  hidden: 'student.peers.status.hidden',
  reported: 'student.peers.status.reported',
};

/** What a failed send or report says: offline, or another failure. */
const failureText = (error: unknown, other: MessageId): MessageId => (isOfflineFailure(error) ? 'student.peers.needsConnection' : other);

/**
 * Talk partners on a student's task page (docs/product.md#talk-partners), on a task open to peers:
 * before the student's own take, a line saying they can hear their partners after sending it;
 * after it, "From your talk partners" (approved feedback on their take, each with "Report"), how
 * many partners listened, and "Your talk partners' takes", each with a player and a
 * {@link PeerFeedbackForm}. Both lists are cached for offline use; sending needs a connection.
 */
export function TalkPartners({ task }: { task: StudentSpeakingTask }) {
  const { t } = useI18n();
  if (task.peerFeedback === 'off') return null;
  if (!task.recording) {
    return (
      <p className="talk-partners__before" role="note">
        {t('student.peers.afterOwnTake')}
      </p>
    );
  }
  return (
    <>
      <FromPartners taskId={task.id} />
      <PartnersTakes task={task} />
    </>
  );
}

/** "From your talk partners" and "N partners have listened to your take", with "Report" on each item. */
function FromPartners({ taskId }: { taskId: string }) {
  const { t } = useI18n();
  const clarityText = useClarityText();
  const own = useCachedResource(ownPeersKey(taskId), (signal) => loadOwnPeers(taskId, signal), [taskId]);
  const [error, setError] = useState<MessageId | null>(null);
  const [reported, setReported] = useState(false);
  const headingId = useId();
  const data = own.data;

  const report = async (feedbackId: string) => {
    setError(null);
    setReported(false);
    try {
      await reportPeerFeedback(feedbackId);
      own.setData((value) => ({ taskId, peerFeedback: 'partners', listens: 0, written: [], ...value, received: (value?.received ?? []).filter((item) => item.id !== feedbackId) }));
      setReported(true);
    } catch (failure) {
      console.error('Could not report the peer feedback', failure);
      setError(failureText(failure, 'student.peers.reportFailed'));
    }
  };

  return (
    <section className="talk-partners panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="panel__title">
        {t('student.peers.received')}
      </h2>
      {own.offline && data && <p className="talk-partners__note">{t('student.peers.offline')}</p>}
      {error && (
        <p className="form-banner" role="alert">
          {t(error)}
        </p>
      )}
      {reported && <p role="status">{t('student.peers.reported')}</p>}
      <ScreenState
        loading={own.loading && !data}
        loadingText={t('student.peers.ownLoading')}
        error={data ? undefined : own.error}
        errorText={t('student.peers.ownFailed')}
        onRetry={() => void own.reload()}
        empty={false}
        emptyText=""
      >
        {data && (
          <>
            <p className="talk-partners__listens">{t('student.peers.listens', { count: data.listens })}</p>
            {data.received.length === 0 ? (
              <p>{t('student.peers.noneReceived')}</p>
            ) : (
              <ul className="talk-partners__received" aria-label={t('student.peers.received')}>
                {data.received.map((item) => (
                  <li key={item.id} className="talk-partners__item">
                    <p id={`${headingId}-${item.id}`} className="talk-partners__text">
                      {t(STEM_LABELS[item.stem])} {item.text}
                    </p>
                    <p className="talk-partners__meta">
                      {item.authorName ? t('student.peers.by', { name: item.authorName }) : t('student.peers.byPartner')} · {t('peers.clarity', { ratings: clarityText(item.clarity) })}
                    </p>
                    <button type="button" className="speaking-action speaking-action--danger" aria-describedby={`${headingId}-${item.id}`} onClick={() => void report(item.id)}>
                      {t('student.peers.report')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </ScreenState>
    </section>
  );
}

/** "Your talk partners' takes": each classmate's take with a player and the feedback form. */
function PartnersTakes({ task }: { task: StudentSpeakingTask }) {
  const { t } = useI18n();
  const takes = useCachedResource(peerTakesKey(task.id), (signal) => loadPeerTakes(task.id, signal), [task.id, task.recording?.id]);
  const headingId = useId();
  const list = takes.data ?? [];
  return (
    <section className="talk-partners panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="panel__title">
        {t('student.peers.takes')}
      </h2>
      {takes.offline && takes.data && <p className="talk-partners__note">{t('student.peers.offline')}</p>}
      <ScreenState
        loading={takes.loading && !takes.data}
        loadingText={t('student.peers.takesLoading')}
        error={takes.data ? undefined : takes.error}
        errorText={t('student.peers.takesFailed')}
        onRetry={() => void takes.reload()}
        empty={list.length === 0}
        emptyText={t('student.peers.noTakes')}
      >
        <ul className="talk-partners__takes">
          {list.map((take) => (
            <li key={take.recordingId}>
              <PeerTakeCard
                take={take}
                focusStrands={task.focusStrands}
                onSent={(written) => takes.setData((all) => (all ?? []).map((other) => (other.recordingId === take.recordingId ? { ...other, myFeedback: written } : other)))}
              />
            </li>
          ))}
        </ul>
      </ScreenState>
    </section>
  );
}

/** One classmate's take: their name (or "Classmate 1"), a player of the peer audio, and the form or the sent feedback's status. */
function PeerTakeCard({ take, focusStrands, onSent }: { take: PeerTake; focusStrands: readonly StrandKey[]; onSent: (written: WrittenPeerFeedback) => void }) {
  const { t } = useI18n();
  const headingId = useId();
  const who = take.name ?? take.label;
  const mine = take.myFeedback;
  return (
    <article className="talk-partners__take" aria-labelledby={headingId}>
      <h3 id={headingId} className="talk-partners__who">
        {who}
      </h3>
      <audio className="speaking-task__player" controls preload="none" src={`${API_ORIGIN}${take.audioUrl}`} aria-label={t('student.peers.audio', { name: who })} />
      {mine && (
        <p className="talk-partners__status" role="status">
          <span className={`speaking-status speaking-status--${mine.status}`}>{t(STATUS_LABELS[mine.status])}</span>
        </p>
      )}
      {(!mine || mine.status === 'pending') && <PeerFeedbackForm recordingId={take.recordingId} focusStrands={focusStrands} sent={mine} onSent={onSent} />}
    </article>
  );
}

/** The form's problems, by field; empty when it can be sent. */
export function validatePeerFeedback(text: string, clarity: Partial<Record<StrandKey, number>>, focusStrands: readonly StrandKey[]): { text?: MessageId; clarity?: MessageId } {
  const trimmed = text.trim();
  return {
    ...(trimmed.length === 0 ? { text: 'student.peers.textMissing' as const } : trimmed.length > PEER_TEXT_MAX ? { text: 'student.peers.textTooLong' as const } : {}),
    ...(focusStrands.some((key) => clarity[key] === undefined) ? { clarity: 'student.peers.clarityMissing' as const } : {}),
  };
}

/** The text of {@link PeerFeedbackForm}: at most {@link PEER_TEXT_MAX} characters with its counter and its error. */
function FeedbackText({ id, value, onChange, error }: { id: string; value: string; onChange: (text: string) => void; error: string | null }) {
  const { t } = useI18n();
  return (
    <>
      <label className="peer-form__label" htmlFor={id}>
        {t('student.peers.text')}
      </label>
      <textarea
        id={id}
        className="peer-form__text"
        rows={3}
        value={value}
        maxLength={PEER_TEXT_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-count`} className="peer-form__count">
        {t('student.peers.count', { count: value.length, max: PEER_TEXT_MAX })}
      </p>
      {error && (
        <p id={`${id}-error`} className="peer-form__error">
          {error}
        </p>
      )}
    </>
  );
}

/** The stems of {@link PeerFeedbackForm} as radio buttons: "I liked how you…", "Next time, try…", "I wasn't sure when…". */
function StemChoice({ name, value, onChange }: { name: string; value: PeerStem; onChange: (stem: PeerStem) => void }) {
  const { t } = useI18n();
  return (
    <fieldset className="peer-form__stems">
      <legend>{t('student.peers.stem')}</legend>
      {PEER_STEMS.map((stem) => (
        <label key={stem} className="peer-form__option">
          <input type="radio" name={name} value={stem} checked={value === stem} onChange={() => onChange(stem)} />
          {t(STEM_LABELS[stem])}
        </label>
      ))}
    </fieldset>
  );
}

/** "How clear was it?" of {@link PeerFeedbackForm}: 1–3 for each focus strand, one radio group a strand, with the form's error. */
function ClarityChoice(props: {
  name: string;
  focusStrands: readonly StrandKey[];
  value: Partial<Record<StrandKey, number>>;
  onChange: (strand: StrandKey, score: number) => void;
  error: string | null;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="peer-form__clarity">
      <legend>{t('student.peers.howClear')}</legend>
      {props.focusStrands.map((strand) => (
        <div key={strand} role="radiogroup" aria-label={STRAND_LABELS[strand]} className="peer-form__strand">
          <span className="peer-form__strand-name" aria-hidden="true">
            {STRAND_LABELS[strand]}
          </span>
          {[1, 2, 3].map((score) => (
            <label key={score} className="peer-form__score">
              <input type="radio" name={`${props.name}-${strand}`} value={score} checked={props.value[strand] === score} onChange={() => props.onChange(strand, score)} />
              {t('student.peers.score', { score })}
            </label>
          ))}
        </div>
      ))}
      {props.error && <p className="peer-form__error">{props.error}</p>}
    </fieldset>
  );
}

/**
 * Feedback on one take (docs/product.md#talk-partners): a stem, a text of at most 280 characters
 * with its counter, and "How clear was it?" 1–3 per focus strand. A retry of the same draft sends
 * the same `Idempotency-Key`; the typed text stays after a failure. `sent` fills it to change
 * while the teacher has not checked it.
 */
export function PeerFeedbackForm({
  recordingId,
  focusStrands,
  sent,
  onSent,
}: {
  recordingId: string;
  focusStrands: readonly StrandKey[];
  sent: WrittenPeerFeedback | null;
  onSent: (written: WrittenPeerFeedback) => void;
}) {
  const { t } = useI18n();
  const [stem, setStem] = useState<PeerStem>(sent?.stem ?? 'liked');
  const [text, setText] = useState(sent?.text ?? '');
  const [clarity, setClarity] = useState<Partial<Record<StrandKey, number>>>(sent?.clarity ?? {});
  const [shownErrors, setShownErrors] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<MessageId | null>(null);
  const [key, setKey] = useState<{ draft: string; key: string } | null>(null);
  const ids = useId();
  const errors = validatePeerFeedback(text, clarity, focusStrands);

  const send = async () => {
    setShownErrors(true);
    setFailure(null);
    if (errors.text || errors.clarity) return;
    const draft: PeerFeedbackDraft = { stem, text: text.trim(), clarity: Object.fromEntries(focusStrands.map((strand) => [strand, clarity[strand] as number])) };
    const drafted = JSON.stringify(draft);
    const idempotencyKey = key?.draft === drafted ? key.key : newFeedbackKey();
    setKey({ draft: drafted, key: idempotencyKey });
    setSending(true);
    try {
      onSent(await sendPeerFeedback(recordingId, draft, idempotencyKey));
      setShownErrors(false);
    } catch (error) {
      console.error('Could not send the peer feedback', error);
      setFailure(failureText(error, 'student.peers.sendFailed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="peer-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <StemChoice name={`${ids}-stem`} value={stem} onChange={setStem} />
      <FeedbackText id={`${ids}-text`} value={text} onChange={setText} error={shownErrors && errors.text ? t(errors.text) : null} />
      <ClarityChoice
        name={ids}
        focusStrands={focusStrands}
        value={clarity}
        onChange={(strand, score) => setClarity((now) => ({ ...now, [strand]: score }))}
        error={shownErrors && errors.clarity ? t(errors.clarity) : null}
      />
      {failure && (
        <p className="form-banner" role="alert">
          {t(failure)}
        </p>
      )}
      <button type="submit" className="speaking-action" disabled={sending}>
        {sending ? t('student.peers.sending') : sent ? t('student.peers.change') : t('student.peers.send')}
      </button>
    </form>
  );
}
