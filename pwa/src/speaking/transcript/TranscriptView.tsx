import { IonButton } from '@ionic/react';
import { Fragment, useId, useMemo, useState, type ReactNode } from 'react';
import { HttpError, isOfflineFailure } from '../../platform/api/api';
import { errorMessage } from '../../platform/api/errorMessage';
import { useI18n } from '../../platform/i18n';
import { correctTranscript, transcriptPieces, type Transcript, type TranscriptPiece } from './transcript';
import { useTranscript } from './useTranscript';
import './transcript.css';

/** Props of {@link TranscriptView}. */
export interface TranscriptViewProps {
  recordingId: string;
  /** when the take was submitted (ISO 8601): the cached transcript is kept per take */
  submittedAt: string;
  /** the student sees "Corrected by your teacher"; the teacher may correct (with `editable`) */
  audience: 'student' | 'teacher';
  /** plays the take from a time in ms; with it every word is a button that plays from its start */
  onPlayFrom?: (ms: number) => void;
  /** the heading's level; 2 by default */
  headingLevel?: 2 | 3;
  /** true on the teacher's review screen: "Correct transcript" */
  editable?: boolean;
}

/** A time as m:ss. */
function clock(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * "What was said" under a take (docs/product.md#transcripts): the take's transcript from
 * `GET /api/recordings/{id}/transcript` (cached per take; asked again while `pending`, see
 * `useTranscript`) as running text, fillers and repeats marked by an underline with a label for
 * screen readers, words a minute and a legend; every word plays the take from its start when
 * `onPlayFrom` is given. Its states: loading, "Transcribing…", failed, unavailable (this server
 * does not transcribe), a load error with "Retry", and offline with nothing ready: "Words will
 * appear when you're back online". With a `script` and the transcript's `reading`, the script
 * with its skipped and substituted words marked, words correct a minute and accuracy. `editable`
 * adds the teacher's "Correct transcript" ({@link CorrectionForm}).
 */
export function TranscriptView({ recordingId, submittedAt, audience, onPlayFrom, headingLevel = 2, editable = false }: TranscriptViewProps) {
  const { t } = useI18n();
  const headingId = useId();
  const resource = useTranscript(recordingId, submittedAt);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<'saved' | 'conflict' | null>(null);
  const transcript = resource.data;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const offline = resource.offline || isOfflineFailure(resource.error);

  let body: ReactNode;
  if (transcript?.status === 'ready') {
    body = editing ? (
      <CorrectionForm
        recordingId={recordingId}
        transcript={transcript}
        onSaved={(corrected) => {
          resource.setData(corrected);
          setEditing(false);
          setNotice('saved');
        }}
        onConflict={() => {
          setEditing(false);
          setNotice('conflict');
          void resource.reload();
        }}
        onCancel={() => setEditing(false)}
      />
    ) : (
      <ReadyTranscript transcript={transcript} audience={audience} onPlayFrom={onPlayFrom} subheading={headingLevel === 2 ? 'h3' : 'h4'} />
    );
  } else if (offline) {
    body = (
      <p className="transcript__message" role="status">
        {t('transcript.offline')}
      </p>
    );
  } else if (!transcript && resource.error !== undefined && resource.error !== null) {
    body = (
      <>
        {/* no alert: a section under the take, loaded on its own, must not interrupt the screen */}
        <p className="transcript__message">{t('transcript.error')}</p>
        <IonButton fill="outline" disabled={resource.refreshing} onClick={() => void resource.reload()}>
          {t('common.retry')}
        </IonButton>
      </>
    );
  } else if (!transcript) {
    body = (
      <p className="transcript__message" role="status">
        {t('transcript.loading')}
      </p>
    );
  } else {
    const key = transcript.status === 'pending' ? 'transcript.pending' : transcript.status === 'failed' ? 'transcript.failed' : 'transcript.unavailable';
    body = (
      <p className="transcript__message" role="status">
        {t(key)}
      </p>
    );
  }

  return (
    <section className="transcript" aria-labelledby={headingId}>
      <Heading id={headingId} className="transcript__title">
        {t('transcript.title')}
      </Heading>
      {notice && !editing && (
        <p className={notice === 'conflict' ? 'transcript__notice transcript__notice--error' : 'transcript__notice'} role={notice === 'conflict' ? 'alert' : 'status'}>
          {t(notice === 'conflict' ? 'transcript.correct.conflict' : 'transcript.correct.saved')}
        </p>
      )}
      {body}
      {editable && transcript?.status === 'ready' && !editing && (
        <div className="transcript__actions">
          <IonButton
            fill="outline"
            onClick={() => {
              setNotice(null);
              setEditing(true);
            }}
          >
            {t('transcript.correct.start')}
          </IonButton>
        </div>
      )}
    </section>
  );
}

/** The words of a ready transcript, its figures, its legend, and the marked script of a reading. */
function ReadyTranscript({
  transcript,
  audience,
  onPlayFrom,
  subheading,
}: {
  transcript: Transcript;
  audience: 'student' | 'teacher';
  onPlayFrom?: (ms: number) => void;
  subheading: 'h3' | 'h4';
}) {
  const { t } = useI18n();
  const pieces = useMemo(() => transcriptPieces(transcript), [transcript]);
  if (transcript.words.length === 0 && transcript.fillers.length === 0) {
    return <p className="transcript__message">{t('transcript.noWords')}</p>;
  }
  const corrected = transcript.version > 1;
  return (
    <>
      <p className="transcript__meta">
        {transcript.wordsPerMinute !== null && <span>{t('transcript.wordsPerMinute', { count: transcript.wordsPerMinute })}</span>}
        {corrected && <span className="transcript__corrected">{t(audience === 'student' ? 'transcript.correctedStudent' : 'transcript.correctedTeacher')}</span>}
      </p>
      <p className="transcript__text">
        {pieces.map((piece, index) => (
          <Fragment key={`${piece.wordIndex ?? 'f'}-${piece.startMs}-${index}`}>
            {index > 0 && ' '}
            <Word piece={piece} onPlayFrom={onPlayFrom} />
          </Fragment>
        ))}
      </p>
      <ul className="transcript__legend" aria-label={t('transcript.legend')}>
        <li>
          <span className="transcript__word transcript__word--filler" aria-hidden="true">
            {t('transcript.legendFillerSample')}
          </span>{' '}
          {t('transcript.legendFiller')}
        </li>
        <li>
          <span className="transcript__word transcript__word--repeat" aria-hidden="true">
            {t('transcript.legendRepeatSample')}
          </span>{' '}
          {t('transcript.legendRepeat')}
        </li>
        {onPlayFrom && <li>{t('transcript.legendPlay')}</li>}
      </ul>
      <p className="transcript__note">{t('transcript.suggestions')}</p>
      {transcript.reading && transcript.reading.script.length > 0 && <Reading reading={transcript.reading} Heading={subheading} />}
    </>
  );
}

/** One piece of the running text: a button that plays from it (with `onPlayFrom`), its marks underlined and named. */
function Word({ piece, onPlayFrom }: { piece: TranscriptPiece; onPlayFrom?: (ms: number) => void }) {
  const { t } = useI18n();
  const filler = piece.fillerStartMs !== null;
  const className = ['transcript__word', filler && 'transcript__word--filler', piece.repeat && 'transcript__word--repeat'].filter(Boolean).join(' ');
  const content = (
    <>
      {piece.text}
      {filler && <span className="visually-hidden"> {t('transcript.fillerLabel')}</span>}
      {piece.repeat && <span className="visually-hidden"> {t('transcript.repeatLabel')}</span>}
    </>
  );
  if (!onPlayFrom) return <span className={className}>{content}</span>;
  // The name spelled out: a name read from the contents may lose the space before the hidden label.
  const name = [piece.text, filler && t('transcript.fillerLabel'), piece.repeat && t('transcript.repeatLabel')].filter(Boolean).join(' ');
  return (
    <button type="button" className={`${className} transcript__word--button`} aria-label={name} onClick={() => onPlayFrom(piece.startMs)}>
      {content}
    </button>
  );
}

/** A reading's script, its skipped and substituted words marked, with words correct a minute and accuracy. */
function Reading({ reading, Heading }: { reading: NonNullable<Transcript['reading']>; Heading: 'h3' | 'h4' }) {
  const { t } = useI18n();
  const headingId = useId();
  const marks = reading.script;
  return (
    <section className="transcript__reading" aria-labelledby={headingId}>
      <Heading id={headingId} className="transcript__subtitle">
        {t('transcript.reading.title')}
      </Heading>
      <p className="transcript__meta">
        {reading.wordsCorrectPerMinute !== null && <span>{t('transcript.reading.wcpm', { count: reading.wordsCorrectPerMinute })}</span>}
        <span>{t('transcript.reading.accuracy', { percent: reading.accuracy })}</span>
      </p>
      <p className="transcript__script">
        {marks.map((mark, index) => (
          <Fragment key={index}>
            {index > 0 && ' '}
            {mark.status === 'read' ? (
              mark.text
            ) : (
              <span className={`transcript__script-word transcript__script-word--${mark.status}`}>
                {mark.text}
                <span className="visually-hidden"> {mark.status === 'skipped' ? t('transcript.reading.skippedLabel') : t('transcript.reading.substitutedLabel', { said: mark.said })}</span>
                {mark.status === 'substituted' && (
                  <span className="transcript__said" aria-hidden="true">
                    {mark.said}
                  </span>
                )}
              </span>
            )}
          </Fragment>
        ))}
      </p>
      <ul className="transcript__legend" aria-label={t('transcript.legend')}>
        <li>
          <span className="transcript__script-word transcript__script-word--skipped" aria-hidden="true">
            {t('transcript.reading.legendSample')}
          </span>{' '}
          {t('transcript.reading.legendSkipped')}
        </li>
        <li>
          <span className="transcript__script-word transcript__script-word--substituted" aria-hidden="true">
            {t('transcript.reading.legendSample')}
          </span>{' '}
          {t('transcript.reading.legendSubstituted')}
        </li>
      </ul>
    </section>
  );
}

/** Props of {@link CorrectionForm}. */
interface CorrectionFormProps {
  recordingId: string;
  transcript: Transcript;
  onSaved: (corrected: Transcript) => void;
  /** the server's 409: the transcript changed meanwhile or is no longer ready */
  onConflict: () => void;
  onCancel: () => void;
}

/**
 * The teacher's corrections (docs/product.md#transcripts): an input per word, "Not a filler" on
 * each filler flag, Save and Cancel. Save sends `PUT /api/recordings/{id}/transcript` with every
 * word as edited and the dismissed fillers' start times; a 400's message is shown and the edits
 * kept; a 409 goes back to the server's latest transcript with a message.
 */
function CorrectionForm({ recordingId, transcript, onSaved, onConflict, onCancel }: CorrectionFormProps) {
  const { t } = useI18n();
  const [words, setWords] = useState(() => transcript.words.map((w) => w.text.trim()));
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(new Set());
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    if (saving) return;
    setSaving(true);
    setError(null);
    try {
      onSaved(await correctTranscript(recordingId, { words, dismissedFillers: [...dismissed] }));
    } catch (failure) {
      console.error('Failed to correct the transcript', failure);
      if (failure instanceof HttpError && failure.status === 409) onConflict();
      else if (failure instanceof HttpError && failure.status === 400) setError(Object.values(failure.fields).join(' ') || errorMessage(failure));
      else setError(t('transcript.correct.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="transcript__form"
      aria-label={t('transcript.correct.form')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {error && (
        <p className="form-banner" role="alert">
          {error}
        </p>
      )}
      <p className="transcript__note">{t('transcript.correct.help')}</p>
      <div className="transcript__inputs">
        {words.map((word, index) => (
          <input
            key={index}
            className="transcript__input"
            value={word}
            size={Math.max(2, word.length + 1)}
            maxLength={60}
            aria-label={t('transcript.correct.word', { number: index + 1, word: transcript.words[index]?.text.trim() ?? '' })}
            onChange={(event) => {
              const text = event.target.value;
              setWords((current) => current.map((w, i) => (i === index ? text : w)));
            }}
          />
        ))}
      </div>
      {transcript.fillers.length > 0 && (
        <ul className="transcript__flags" aria-label={t('transcript.correct.fillers')}>
          {transcript.fillers.map((filler) => {
            const off = dismissed.has(filler.startMs);
            return (
              <li key={filler.startMs}>
                <span className={off ? 'transcript__flag transcript__flag--dismissed' : 'transcript__flag'}>
                  {t('transcript.correct.fillerAt', { text: filler.text, time: clock(filler.startMs) })}
                </span>{' '}
                <IonButton
                  size="small"
                  fill="outline"
                  aria-pressed={off}
                  onClick={() =>
                    setDismissed((current) => {
                      const next = new Set(current);
                      if (off) next.delete(filler.startMs);
                      else next.add(filler.startMs);
                      return next;
                    })
                  }
                >
                  {t('transcript.correct.notAFiller')}
                </IonButton>
              </li>
            );
          })}
        </ul>
      )}
      <button type="submit" hidden />
      <div className="transcript__actions">
        <IonButton onClick={() => void save()} disabled={saving}>
          {saving ? t('common.saving') : t('common.save')}
        </IonButton>
        <IonButton fill="outline" onClick={onCancel} disabled={saving}>
          {t('common.cancel')}
        </IonButton>
      </div>
    </form>
  );
}
