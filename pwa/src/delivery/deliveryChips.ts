/**
 * A recording's delivery in brief, as the chips of the student's task list and the teacher's
 * review queue show it (docs/product.md#delivery-for-teachers): pace, pauses and expression in
 * short words, and the volume when it was quiet or clipped. A band that calls for help
 * (slow, fast, flat, quiet, clipped, few pauses for a long take) is a `warning`; the others are
 * `neutral`; a recording not measured (yet) has one `muted` chip. Type imports only, as
 * `deliveryWords.ts`. The words are in the active language.
 */
import type { Expression, Pace } from '@oracy/api/delivery';
import type { DeliverySummary } from './delivery';
import { t } from '../platform/i18n';
import { translatedTable } from '../platform/i18n/labels';
import { formatPauseCount, needsPauseTip } from './deliveryWords';

/** How a chip looks: `warning` when its band calls for help with delivery, `neutral` otherwise, `muted` for no measurement. */
export type ChipTone = 'neutral' | 'warning' | 'muted';

/** One chip: a stable key, its short visible text, the words screen readers hear, and its tone. */
export interface DeliveryChip {
  key: 'pace' | 'pauses' | 'expression' | 'volume' | 'speech' | 'status' | 'source';
  /** the short words shown, e.g. "Fast pace", "3 pauses", "Flat voice" */
  text: string;
  /** what a screen reader hears, e.g. "Pace: fast", "Pauses: 3" */
  label: string;
  tone: ChipTone;
}

/** A pace band on a chip, in the active language when read. */
export const PACE_CHIPS = translatedTable<Pace>({
  slow: 'delivery.chip.pace.slow',
  comfortable: 'delivery.chip.pace.comfortable',
  fast: 'delivery.chip.pace.fast',
});

/** An expression band on a chip, in the active language when read. */
export const EXPRESSION_CHIPS = translatedTable<Expression>({
  flat: 'delivery.chip.expression.flat',
  some: 'delivery.chip.expression.some',
  lively: 'delivery.chip.expression.lively',
});

/** The bands that call for help with delivery, shown in the warning colour. */
const WARNING_PACES: ReadonlySet<Pace> = new Set<Pace>(['slow', 'fast']);
const WARNING_EXPRESSIONS: ReadonlySet<Expression> = new Set<Expression>(['flat']);

/** The chip of a recording the server is still measuring. */
export function measuringChip(): DeliveryChip {
  return { key: 'status', text: t('delivery.measuring'), label: t('delivery.chip.measuringLabel'), tone: 'muted' };
}
/** The chip of a recording that could not be measured (`failed` or `unavailable`): muted, nothing alarming. */
export function notMeasuredChip(): DeliveryChip {
  return { key: 'status', text: t('delivery.notMeasured'), label: t('delivery.chip.notMeasuredLabel'), tone: 'muted' };
}

/**
 * The chips of a recording's delivery summary (docs/product.md#delivery-for-teachers):
 *
 * - `pending`: "Measuring…"; `failed` or `unavailable` (or `ready` without figures): "Not measured";
 * - a take without speech (`ready`, no pace): "No speech" (warning);
 * - otherwise pace ("Fast pace", "Pace: fast"), pauses ("3 pauses", "Pauses: 3"; a warning for a
 *   take of `durationMs` 10 s or more with fewer than 2 pauses a minute, the card's
 *   `needsPauseTip`), expression when measured ("Flat voice", "Expression: flat"), then
 *   "Quiet" or "Clipped" when the volume was (clipped before quiet, as the card).
 *
 * A report the phone made and the server has not replaced (`source: device`, e.g. audio the server
 * could not decode) starts with a muted "Measured on the phone" chip, so that it never passes
 * for the server's measurement (docs/product.md#measured-by-the-server).
 *
 * @param durationMs the take's length in ms, for the few-pauses warning; without it pauses are neutral
 */
export function deliveryChips(summary: DeliverySummary, durationMs?: number): DeliveryChip[] {
  if (summary.status === 'pending') return [measuringChip()];
  if (summary.status !== 'ready' || summary.pausesCount === null) return [notMeasuredChip()];
  const figures = figureChips(summary as DeliverySummary & { pausesCount: number }, durationMs);
  return summary.source === 'device' ? [deviceChip(), ...figures] : figures;
}

/** The chip of a report measured on the phone, not by the server. */
export function deviceChip(): DeliveryChip {
  return { key: 'source', text: t('delivery.chip.device'), label: t('delivery.chip.deviceLabel'), tone: 'muted' };
}

/** The figures' chips of a ready summary. */
function figureChips(summary: DeliverySummary & { pausesCount: number }, durationMs?: number): DeliveryChip[] {
  if (summary.pace === null) return [{ key: 'speech', text: t('delivery.noSpeech'), label: t('delivery.chip.noSpeechLabel'), tone: 'warning' }];

  const chips: DeliveryChip[] = [
    { key: 'pace', text: PACE_CHIPS[summary.pace], label: t('delivery.chip.paceLabel', { pace: summary.pace }), tone: WARNING_PACES.has(summary.pace) ? 'warning' : 'neutral' },
    {
      key: 'pauses',
      text: formatPauseCount(summary.pausesCount),
      label: t('delivery.chip.pausesLabel', { count: summary.pausesCount }),
      tone: durationMs !== undefined && needsPauseTip(summary.pausesCount, durationMs) ? 'warning' : 'neutral',
    },
  ];
  if (summary.expression !== null) {
    chips.push({
      key: 'expression',
      text: EXPRESSION_CHIPS[summary.expression],
      label: t('delivery.chip.expressionLabel', { expression: summary.expression }),
      tone: WARNING_EXPRESSIONS.has(summary.expression) ? 'warning' : 'neutral',
    });
  }
  if (summary.clipped) chips.push({ key: 'volume', text: t('delivery.chip.clipped'), label: t('delivery.chip.clippedLabel'), tone: 'warning' });
  else if (summary.quiet) chips.push({ key: 'volume', text: t('delivery.chip.quiet'), label: t('delivery.chip.quietLabel'), tone: 'warning' });
  return chips;
}

/** Whether a summary's chips call for help with delivery: at least one `warning`. */
export function needsDeliveryHelp(summary: DeliverySummary, durationMs?: number): boolean {
  return deliveryChips(summary, durationMs).some((chip) => chip.tone === 'warning');
}
