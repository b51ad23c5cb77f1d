import { Component, lazy, Suspense, useId, useState, type ReactNode } from 'react';
import type { DeliveryReport } from '@oracy/api/delivery';
import { t, useI18n } from '../platform/i18n';
import { deliveryRows, FAILED_TEXT, hasSpeech, MEASURED_TEXT, MEASURING_TEXT, NO_SPEECH_TEXT, type DeliveryAudience, type DeliveryRow } from './deliveryWords';
import type { MeasureStatus } from './useDeliveryReport';
import './delivery.css';

const DeliveryTimeline = lazy(() => import('./DeliveryTimeline'));

/** Props of {@link DeliveryCard}. */
export interface DeliveryCardProps {
  /** `measuring` (or `idle`, a take not yet handed over), `ready` with `report`, or `failed` */
  status: MeasureStatus;
  /** the report once `ready` */
  report: DeliveryReport | null;
  /**
   * who reads it: a `student` sees the bands in plain words and the figures and the timeline under
   * a collapsed "Details"; a `teacher` sees the bands with their figures and the timeline
   */
  audience: DeliveryAudience;
  /** plays the take from a time in ms; with it the card shows the timeline, whose pauses play from there */
  onPlayFrom?: (ms: number) => void;
  /** the heading's level; 2 by default */
  headingLevel?: 2 | 3;
  /** a line under the heading once the rows show, e.g. who measured the take ("Measured by the server") */
  subtitle?: string;
  /** the card's own words in place of the phone's (a stored recording's card says other things than a fresh take's), in the active language */
  texts?: Partial<DeliveryCardTexts>;
  /** more after the message or the timeline, e.g. a "Check again" button */
  children?: ReactNode;
}

/** What the card says while measuring, when the measurement failed, and (to screen readers only) once the rows appear. */
export interface DeliveryCardTexts {
  measuring: string;
  failed: string;
  measured: string;
}

/** The card's words for a fresh take on the phone, in the active language. */
function phoneTexts(): DeliveryCardTexts {
  return { measuring: t(MEASURING_TEXT), failed: t(FAILED_TEXT), measured: t(MEASURED_TEXT) };
}

/**
 * "How did it sound?" (docs/product.md#how-did-it-sound): a take's delivery as four rows — Pace,
 * Pauses, Expression, Volume — each its band in plain words with figures where they help, and the
 * tip for the physical strand that a band calls for; then the timeline (loaded lazily, with
 * Chart.js) when `onPlayFrom` is given. A student reads the bands in plain words ("Good and
 * loud", "Nice steady pace") with no units on the card; the figures and the timeline wait under
 * a collapsed "Details" disclosure (the timeline loads when it is opened). A teacher reads the
 * bands with their figures and the timeline open (docs/product.md#delivery-for-teachers). "Measuring…" while measuring (a polite status), a plain
 * message when the measurement failed (Submit still works) and "We could not hear any speech in
 * this take." for a take without speech; screen readers hear when the rows are there. `texts`
 * replaces those words for a stored recording's card (docs/product.md#delivery-for-teachers),
 * `subtitle` says who measured it, and `children` follow the rest.
 */
export function DeliveryCard({ status, report, audience, onPlayFrom, headingLevel = 2, subtitle, texts, children }: DeliveryCardProps) {
  const { t: translate } = useI18n();
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const words = { ...phoneTexts(), ...texts };
  return (
    <section className="delivery-card" aria-labelledby={headingId}>
      <Heading id={headingId} className="delivery-card__title">
        {translate('delivery.card.heading')}
      </Heading>
      {subtitle && status === 'ready' && report && <p className="delivery-card__source">{subtitle}</p>}
      <div role="status">
        {(status === 'idle' || status === 'measuring') && <p className="delivery-card__message">{words.measuring}</p>}
        {(status === 'failed' || (status === 'ready' && !report)) && <p className="delivery-card__message">{words.failed}</p>}
        {status === 'ready' && report && !hasSpeech(report) && <p className="delivery-card__message">{translate(NO_SPEECH_TEXT)}</p>}
        {status === 'ready' && report && hasSpeech(report) && <p className="visually-hidden">{words.measured}</p>}
      </div>
      {status === 'ready' &&
        report &&
        hasSpeech(report) &&
        (audience === 'student' ? (
          <StudentRows report={report} onPlayFrom={onPlayFrom} />
        ) : (
          <>
            <DeliveryRows rows={deliveryRows(report, audience)} withDetail />
            {onPlayFrom && <Timeline report={report} onPlayFrom={onPlayFrom} />}
          </>
        ))}
      {children}
    </section>
  );
}

/** The four rows as a description list: the aspect, then its band, its figures (`withDetail`) and its tip. */
function DeliveryRows({ rows, withDetail }: { rows: readonly DeliveryRow[]; withDetail: boolean }) {
  const { t: translate } = useI18n();
  return (
    <dl className="delivery-card__rows">
      {rows.map((row) => (
        <div key={row.aspect} className="delivery-card__row">
          <dt>{row.label}</dt>
          <dd>
            <span className="delivery-card__band">{row.band}</span>
            {withDetail && row.detail && <span className="delivery-card__detail"> · {row.detail}</span>}
            {row.tip && <span className="delivery-card__tip">{translate('delivery.card.tip', { tip: row.tip })}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A student's rows in plain words, then "Details" (a native disclosure, closed at first, named by
 * its summary): the figures of the rows that have some, and the timeline once it is opened.
 */
function StudentRows({ report, onPlayFrom }: { report: DeliveryReport; onPlayFrom?: (ms: number) => void }) {
  const { t: translate } = useI18n();
  const [open, setOpen] = useState(false);
  const rows = deliveryRows(report, 'student');
  const figures = rows.filter((row) => row.detail);
  return (
    <>
      <DeliveryRows rows={rows} withDetail={false} />
      <details className="delivery-card__details" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>{translate('delivery.card.details')}</summary>
        <dl className="delivery-card__figures">
          {figures.map((row) => (
            <div key={row.aspect}>
              <dt>{row.label}</dt>
              <dd>{row.detail}</dd>
            </div>
          ))}
        </dl>
        {open && onPlayFrom && <Timeline report={report} onPlayFrom={onPlayFrom} />}
      </details>
    </>
  );
}

/** The timeline, loaded lazily; a message while it loads or when its chunk cannot be loaded. */
function Timeline({ report, onPlayFrom }: { report: DeliveryReport; onPlayFrom: (ms: number) => void }) {
  const { t: translate } = useI18n();
  return (
    <TimelineBoundary>
      <Suspense fallback={<p className="delivery-card__message">{translate('delivery.card.loadingTimeline')}</p>}>
        <DeliveryTimeline report={report} onPlayFrom={onPlayFrom} />
      </Suspense>
    </TimelineBoundary>
  );
}

/** Keeps the card when the timeline's chunk cannot be loaded: the rows still say it all. */
class TimelineBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('Could not show the delivery timeline', error);
  }

  override render() {
    return this.state.failed ? <p className="delivery-card__message">{t('delivery.card.timelineFailed')}</p> : this.props.children;
  }
}
