import { Schema, model } from 'mongoose';
import { DELIVERY_SOURCES, DELIVERY_STATUSES } from './analysis/report.js';
import { baseSchemaOptions } from '../platform/db/schemaOptions.js';
import { watchWrites } from '../platform/db/writes.js';

/**
 * The delivery report of one recording (docs/product.md#measured-by-the-server): the phone's
 * (`source: device`) until the server has measured the stored audio (`source: server`), or why
 * there is none. A record of its own, not part of the recording, so that the report stays when the
 * audio is removed; removing or replacing the recording removes or resets it
 * (`speaking/service.ts`, `delivery/service.ts`).
 */
const deliveryReportSchema = new Schema(
  {
    recordingId: { type: Schema.Types.ObjectId, ref: 'Recording', required: true },
    /** the recording's student, for their "Delivery over time" without their recordings */
    studentId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** the recording's task, for the trend's task titles */
    taskId: { type: Schema.Types.ObjectId, ref: 'SpeakingTask', required: true },
    /** the recordings-store key of the audio this record is about: a replaced take's old job finds it changed */
    audio: { type: String, required: true },
    /** the recording's `submittedAt`, to order the trend without reading the recordings */
    submittedAt: { type: Date, required: true },
    /** `pending`, `ready`, `failed` or `unavailable` (docs/product.md#measured-by-the-server) */
    status: { type: String, enum: DELIVERY_STATUSES, required: true },
    /** who measured `report`: `device`, `server`, or null without a report */
    source: { type: String, enum: DELIVERY_SOURCES, default: null },
    /** `report.version`, or null without a report */
    version: { type: Number, default: null },
    /** when `report` was made (the server's measurement, or the upload for the phone's), or null */
    analyzedAt: { type: Date, default: null },
    /** in plain words, why the server could not measure the audio; null otherwise */
    reason: { type: String, default: null },
    /** the report (`deliveryReportSchema` of `api/src/delivery/analysis/report.ts`), or null */
    report: { type: Schema.Types.Mixed, default: null },
    /** the report's few figures that lists and the trend read (`DeliveryFigures`, `delivery/presenter.ts`), or null */
    figures: { type: Schema.Types.Mixed, default: null },
  },
  { ...baseSchemaOptions, minimize: false },
);
deliveryReportSchema.index({ recordingId: 1 }, { unique: true });
// a student's trend: newest ready reports first, _id breaking ties as the query's sort does.
deliveryReportSchema.index({ studentId: 1, status: 1, submittedAt: -1, _id: -1 });
deliveryReportSchema.index({ source: 1, version: 1 });
watchWrites(deliveryReportSchema, 'DeliveryReport');

/** The delivery report records, collection `deliveryreports`. */
export const StoredDeliveryReport = model('DeliveryReport', deliveryReportSchema);
