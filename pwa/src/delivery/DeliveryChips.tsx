import type { DeliverySummary } from './delivery';
import { useI18n } from '../platform/i18n';
import { deliveryChips } from './deliveryChips';
import './delivery.css';

/** Props of {@link DeliveryChips}. */
export interface DeliveryChipsProps {
  /** the recording's delivery in brief, as the lists carry it */
  summary: DeliverySummary;
  /** the take's length in ms, for the few-pauses warning */
  durationMs?: number;
}

/**
 * A recording's delivery as a row of chips (docs/product.md#delivery-for-teachers): pace, pauses
 * and expression in short words, and the volume when it was quiet or clipped; "Measuring…" or a
 * muted "Not measured" without a report. A band that calls for help is in the warning colour with
 * a mark, so it stands out by more than colour. The list is named "Delivery" and each chip reads
 * as "Pace: fast", "Pauses: 3", "Expression: flat", "Volume: quiet".
 */
export function DeliveryChips({ summary, durationMs }: DeliveryChipsProps) {
  const { t } = useI18n();
  return (
    <ul className="delivery-chips" aria-label={t('delivery.chip.listLabel')}>
      {deliveryChips(summary, durationMs).map((chip) => (
        <li key={chip.key} className={`delivery-chip delivery-chip--${chip.tone}`} aria-label={chip.label}>
          <span aria-hidden="true">{chip.text}</span>
          <span className="visually-hidden">{chip.label}</span>
        </li>
      ))}
    </ul>
  );
}
