import { t, useI18n } from '../platform/i18n';
import { ASPECTS, ASPECT_LABELS, deliveryRows, hasSpeech, MEASURING_TEXT, type DeliveryAspect } from './deliveryWords';
import type { DeliveryMeasurement } from './useDeliveryReport';
import './delivery.css';

/** One take of a comparison: its number in this visit (1, 2, …) and its measurement. */
export interface ComparedTake {
  number: number;
  measurement: DeliveryMeasurement;
}

/** A take's band in the student's plain words (active language) for each aspect, or one word for all of them when it has none. */
function bandsOf(measurement: DeliveryMeasurement): Record<DeliveryAspect, string> {
  const { status, report } = measurement;
  const same = (text: string) => ({ pace: text, pauses: text, expression: text, volume: text });
  if (status === 'idle' || status === 'measuring') return same(t(MEASURING_TEXT));
  if (status === 'failed' || !report) return same(t('delivery.notMeasured'));
  if (!hasSpeech(report)) return same(t('delivery.noSpeech'));
  const bands = same(t('delivery.notMeasured'));
  for (const row of deliveryRows(report, 'student')) bands[row.aspect] = row.band;
  return bands;
}

/**
 * "Take 1" beside "Take 2" (docs/product.md#how-did-it-sound): after "Record again", the four
 * bands of the previous take and of the new one, side by side in a compact table whose caption
 * names both.
 */
export function TakeComparison({ earlier, later }: { earlier: ComparedTake; later: ComparedTake }) {
  const { t: translate } = useI18n();
  const takes = [earlier, later].map((take) => ({ ...take, bands: bandsOf(take.measurement) }));
  return (
    <table className="delivery-compare">
      <caption>{translate('delivery.compare.caption', { earlier: earlier.number, later: later.number })}</caption>
      <thead>
        <tr>
          <td />
          {takes.map((take) => (
            <th key={take.number} scope="col">
              {translate('delivery.compare.take', { number: take.number })}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {ASPECTS.map((aspect) => (
          <tr key={aspect}>
            <th scope="row">{ASPECT_LABELS[aspect]}</th>
            {takes.map((take) => (
              <td key={take.number}>{take.bands[aspect]}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
