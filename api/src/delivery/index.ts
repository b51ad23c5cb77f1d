/** The delivery concept's public surface: what other concepts may import (docs/architecture.md#concept-folders). */
export { type DeliveryReport, deliveryReportSchema, type DeliverySummary } from './analysis/report.js';
export { deliverySummaryJsonSchema, deliveryTrendPointJsonSchema } from './presenter.js';
export { deliverySummaries, deliveryTrend, removeDeliveryReports, startDelivery } from './service.js';
