import { IonButton, IonIcon } from '@ionic/react';
import { mic, stop as stopIcon } from 'ionicons/icons';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { playAudioFrom } from './playFrom';
import { t, useI18n } from '../platform/i18n';
import { translatedTable } from '../platform/i18n/labels';
import { useRecorder, type RecordedTake, type Recording, type RecorderError, type RecorderStatus } from './useRecorder';
import './recorder.css';

/** What the student reads when recording fails, one message per {@link RecorderError} (docs/product.md#speaking-practice), in the active language when read. */
export const RECORDER_ERROR_MESSAGES: Readonly<Record<RecorderError, string>> = translatedTable<RecorderError>({
  denied: 'speaking.recorder.error.denied',
  'no-microphone': 'speaking.recorder.error.noMicrophone',
  unsupported: 'speaking.recorder.error.unsupported',
  failed: 'speaking.recorder.error.failed',
});

/** A duration in ms as minutes and seconds, `m:ss` (whole seconds, rounded down): 12 400 → "0:12", 120 000 → "2:00". */
export function formatClock(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** Props of {@link Recorder}. */
export interface RecorderProps {
  /** the longest a take may be, in seconds; recording stops by itself there */
  maxSeconds: number;
  /** called with the take when the student taps Submit; sending it is the caller's job */
  onSubmit: (recording: Recording) => void;
  /** true while the caller sends the take: Submit and Record again are disabled */
  submitting?: boolean;
  /** true when nothing may be recorded or submitted (a recording in progress can still be stopped) */
  disabled?: boolean;
  /** called with each new take once recorded, and with null when it is dropped (Record again, unmount) */
  onTake?: (take: RecordedTake | null) => void;
  /**
   * What to show about a take between its player and its buttons (docs/product.md#how-did-it-sound);
   * `playFrom(ms)` seeks the player to `ms` from the start and plays.
   */
  renderTake?: (take: RecordedTake, playFrom: (ms: number) => void) => ReactNode;
}

function isError(status: RecorderStatus): status is RecorderError {
  return Object.hasOwn(RECORDER_ERROR_MESSAGES, status);
}

/**
 * The recording panel of Speaking practice (docs/product.md#speaking-practice): a large round
 * Record / Stop recording button at the bottom (within a thumb's reach on a phone), the time
 * recorded against the limit ("0:12 / 2:00"),
 * an input-level meter, and once a take exists a player ("Your recording"), Record again and Submit,
 * which hands `{blob, type, durationMs}` to `onSubmit`. Start and stop are announced politely to
 * screen readers; a failure shows one of {@link RECORDER_ERROR_MESSAGES}. See {@link useRecorder} for
 * the microphone's lifetime. `onTake` hears of every take and `renderTake` adds to it, for "How did
 * it sound?" (docs/product.md#how-did-it-sound).
 */
export function Recorder({ maxSeconds, onSubmit, submitting = false, disabled = false, onTake, renderTake }: RecorderProps) {
  const { t: translate } = useI18n();
  const { status, elapsedMs, level, take, start, stop, reset } = useRecorder({ maxSeconds });
  const recording = status === 'recording';
  const [announcement, setAnnouncement] = useState('');
  const levelLabel = useId();
  const recordButton = useRef<HTMLButtonElement>(null);
  const player = useRef<HTMLAudioElement>(null);
  const previous = useRef(status);
  const onTakeRef = useRef(onTake);
  onTakeRef.current = onTake;
  const shownTake = status === 'recorded' ? take : null;

  useEffect(() => {
    onTakeRef.current?.(shownTake);
  }, [shownTake]);
  useEffect(() => () => onTakeRef.current?.(null), []);

  const playFrom = useCallback((ms: number) => playAudioFrom(player.current, ms), []);

  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (status === before) return;
    if (status === 'recording') setAnnouncement(t('speaking.recorder.started'));
    else if (before === 'recording' && status === 'recorded') setAnnouncement(t('speaking.recorder.stoppedAt', { time: formatClock(elapsedMs) }));

    // Stop recording gives way to the player, Record again to Record: when focus fell back to the page
    // with the control that had it, put it on the control that took its place (never take it from elsewhere)
    const focused = document.activeElement;
    if (focused !== null && focused !== document.body) return;
    if (status === 'recorded' && before === 'recording') player.current?.focus();
    else if (status === 'idle' && before === 'recorded') recordButton.current?.focus();
  }, [status, elapsedMs]);

  const pressRecord = () => {
    if (recording) stop();
    else start();
  };

  const recordDisabled = status === 'requesting' || status === 'unsupported' || (disabled && !recording);

  return (
    <div className={shownTake && renderTake ? 'recorder recorder--details' : 'recorder'}>
      <div className="recorder__readout">
        <p className="recorder__timer" aria-live="off">
          <span className={recording ? 'recorder__elapsed recorder__elapsed--live' : 'recorder__elapsed'}>{formatClock(elapsedMs)}</span>
          <span className="recorder__limit"> / {formatClock(maxSeconds * 1000)}</span>
        </p>
        <div className="recorder__meter-row">
          <span className="recorder__meter-label" id={levelLabel}>
            {translate('speaking.recorder.inputLevel')}
          </span>
          <div className="recorder__meter" role="meter" aria-labelledby={levelLabel} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(level * 100)}>
            <div className="recorder__meter-fill" style={{ transform: `scaleX(${level})` }} />
          </div>
        </div>
      </div>

      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>

      {isError(status) && (
        <p className="recorder__message" role="alert">
          {RECORDER_ERROR_MESSAGES[status]}
        </p>
      )}
      {status === 'requesting' && <p className="recorder__hint">{translate('speaking.recorder.waitingForMicrophone')}</p>}

      {status === 'recorded' && take ? (
        <div className="recorder__take">
          <audio ref={player} className="recorder__player" controls src={take.url} aria-label={translate('speaking.recorder.yourRecording')} />
          {renderTake?.(take, playFrom)}
          <div className="recorder__actions">
            <IonButton fill="outline" disabled={submitting || disabled} onClick={reset}>
              {translate('speaking.recorder.recordAgain')}
            </IonButton>
            <IonButton disabled={submitting || disabled} onClick={() => onSubmit({ blob: take.blob, type: take.type, durationMs: take.durationMs })}>
              {translate('speaking.recorder.submit')}
            </IonButton>
          </div>
        </div>
      ) : (
        <div className="recorder__controls">
          <button
            ref={recordButton}
            type="button"
            className={recording ? 'recorder__record recorder__record--recording' : 'recorder__record'}
            aria-label={translate(recording ? 'speaking.recorder.stop' : 'speaking.recorder.record')}
            disabled={recordDisabled}
            onClick={pressRecord}
          >
            <IonIcon icon={recording ? stopIcon : mic} aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}
