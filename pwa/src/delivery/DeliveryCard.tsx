import { Component, lazy, Suspense, useId, type ReactNode } from 'react';
import type { DeliveryReport } from '@oracy/api/delivery';
import { t, useI18n } from '../i18n';
import { deliveryRows, FAILED_TEXT, hasSpeech, MEASURED_TEXT, MEASURING_TEXT, NO_SPEECH_TEXT } from './deliveryWords';
import type { MeasureStatus } from './useDeliveryReport';
import './delivery.css';

const DeliveryTimeline = lazy(() => import('./DeliveryTimeline'));

/** Props of {@link DeliveryCard}. */
export interface DeliveryCardProps {
  /** `measuring` (or `idle`, a take not yet handed over), `ready` with `report`, or `failed` */
  status: MeasureStatus;
  /** the report once `ready` */
  report: DeliveryReport | null;
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
 * Chart.js) when `onPlayFrom` is given. "Measuring…" while measuring (a polite status), a plain
 * message when the measurement failed (Submit still works) and "We could not hear any speech in
 * this take." for a take without speech; screen readers hear when the rows are there. `texts`
 * replaces those words for a stored recording's card (docs/product.md#delivery-for-teachers),
 * `subtitle` says who measured it, and `children` follow the rest.
 */
export function DeliveryCard({ status, report, onPlayFrom, headingLevel = 2, subtitle, texts, children }: DeliveryCardProps) {
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
      {status === 'ready' && report && hasSpeech(report) && (
        <>
          <DeliveryRows report={report} />
          {onPlayFrom && (
            <TimelineBoundary>
              <Suspense fallback={<p className="delivery-card__message">{translate('delivery.card.loadingTimeline')}</p>}>
                <DeliveryTimeline report={report} onPlayFrom={onPlayFrom} />
              </Suspense>
            </TimelineBoundary>
          )}
        </>
      )}
      {children}
    </section>
  );
}

/** The four rows as a description list: the aspect, then its band, figures and tip. */
function DeliveryRows({ report }: { report: DeliveryReport }) {
  const { t: translate } = useI18n();
  return (
    <dl className="delivery-card__rows">
      {deliveryRows(report).map((row) => (
        <div key={row.aspect} className="delivery-card__row">
          <dt>{row.label}</dt>
          <dd>
            <span className="delivery-card__band">{row.band}</span>
            {row.detail && <span className="delivery-card__detail"> · {row.detail}</span>}
            {row.tip && <span className="delivery-card__tip">{translate('delivery.card.tip', { tip: row.tip })}</span>}
          </dd>
        </div>
      ))}
    </dl>
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
