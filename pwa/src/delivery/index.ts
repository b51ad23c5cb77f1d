/**
 * The delivery concept's public face (docs/architecture.md#concept-folders-pwa): what other concepts use.
 * Another concept imports from here, never from a file inside; the shell's route table imports screens directly.
 */
export { DeliveryCard } from './DeliveryCard';
export { DeliveryChips } from './DeliveryChips';
export { RecordingDelivery } from './RecordingDelivery';
export { TakeComparison, type ComparedTake } from './TakeComparison';
export type { DeliveryTrendPoint } from './delivery';
export { needsDeliveryHelp } from './deliveryChips';
export { FEW_PAUSES_PER_MINUTE } from './deliveryWords';
export { useDeliveryReport, type DeliveryMeasurement } from './useDeliveryReport';
