import { z } from 'zod';
import { TRANSCRIPT_STATUSES, type TranscriptStatus } from './model.js';

const ms = (description: string) => z.number().meta({ description });

/** A recording's transcript (`GET /api/recordings/:recordingId/transcript`, docs/product.md#transcripts). */
export const transcriptJsonSchema = z
  .object({
    status: z
      .enum(TRANSCRIPT_STATUSES)
      .meta({ description: '`pending` (not transcribed yet), `ready`, `failed` (this take could not be transcribed) or `unavailable` (this server does not transcribe)' }),
    version: z.number().meta({ description: '0 without a transcript; 1 for the server’s; each correction adds one' }),
    language: z.string().meta({ description: 'the language transcribed, e.g. `en`; empty without a transcript' }),
    text: z.string().meta({ description: 'the whole text; empty without a transcript' }),
    words: z
      .array(
        z
          .object({
            text: z.string(),
            startMs: ms('when the word starts, ms from the start of the take'),
            endMs: ms('when the word ends, ms from the start of the take'),
            confidence: z.number().meta({ description: 'the decoder’s probability of the word, 0–1' }),
          })
          .meta({ id: 'TranscriptWord' }),
      )
      .meta({ description: 'the words in order' }),
    wordsPerMinute: z
      .number()
      .nullable()
      .meta({ description: 'words a minute of speaking time (the delivery report’s, else from the first word to the last), one decimal; null without words' }),
    fillers: z
      .array(
        z
          .object({
            text: z.string().meta({ description: 'the entry of the school’s filler list' }),
            startMs: ms('ms from the start of the take'),
            endMs: ms('ms from the start of the take'),
          })
          .meta({ id: 'TranscriptFiller' }),
      )
      .meta({ description: 'fillers from the school’s list, in time order: suggestions the teacher may dismiss' }),
    repeats: z
      .array(
        z
          .object({
            kind: z.enum(['word', 'phrase']).meta({ description: '`word`: one word said twice or more in a row; `phrase`: 2–4 words said three times or more' }),
            text: z.string().meta({ description: 'the words, lower case without punctuation' }),
            count: z.number().meta({ description: 'how many times it was said' }),
            wordIndexes: z.array(z.number()).meta({ description: 'the index in `words` of every word of every saying, for a screen to mark' }),
          })
          .meta({ id: 'TranscriptRepeat' }),
      )
      .meta({ description: 'repeated words and phrases' }),
    reading: z
      .object({
        wordsCorrectPerMinute: z.number().nullable(),
        accuracy: z.number().meta({ description: 'script words read correctly, per cent' }),
        errors: z.array(z.object({ kind: z.enum(['skipped', 'substituted', 'inserted']), expected: z.string(), said: z.string(), startMs: z.number().optional() })),
        script: z
          .array(
            z.object({
              text: z.string().meta({ description: 'the word as the script writes it' }),
              status: z.enum(['read', 'skipped', 'substituted']),
              said: z.string().optional().meta({ description: 'what was said instead, for `substituted`' }),
              startMs: z.number().optional().meta({ description: 'when it was said, ms from the start of the take' }),
            }),
          )
          .meta({ description: 'every word of the script in order with how it was read; empty for a reading stored before the marks were kept' }),
      })
      .nullable()
      .meta({ description: 'the reading against the task’s script; null when the task has none' }),
  })
  .meta({ id: 'Transcript' });

/** A recording's transcript: see {@link transcriptJsonSchema}. */
export type TranscriptJson = z.infer<typeof transcriptJsonSchema>;

/** A stored transcript as the presenter reads it (`transcripts/model.ts`). */
export interface TranscriptRecordLike {
  status: TranscriptStatus;
  version?: number | null;
  language?: string | null;
  text?: string | null;
  words?: TranscriptJson['words'] | null;
  wordsPerMinute?: number | null;
  fillers?: Array<{ text: string; startMs: number; endMs: number }> | null;
  repeats?: Array<{ kind: 'word' | 'phrase'; text: string; count: number; wordIndexes?: number[] }> | null;
  reading?: TranscriptJson['reading'] | null;
}

/**
 * A transcript as the API answers it (docs/product.md#transcripts): only the listed fields (a
 * filler's word index and a repeat's places stay on the server); a recording without a record is
 * `pending`.
 */
export function presentTranscript(record: TranscriptRecordLike | null | undefined): TranscriptJson {
  if (!record) return { status: 'pending', version: 0, language: '', text: '', words: [], wordsPerMinute: null, fillers: [], repeats: [], reading: null };
  return {
    status: record.status,
    version: record.version ?? 0,
    language: record.language ?? '',
    text: record.text ?? '',
    words: (record.words ?? []).map((w) => ({ text: w.text, startMs: w.startMs, endMs: w.endMs, confidence: w.confidence })),
    wordsPerMinute: record.wordsPerMinute ?? null,
    fillers: (record.fillers ?? []).map((f) => ({ text: f.text, startMs: f.startMs, endMs: f.endMs })),
    repeats: (record.repeats ?? []).map((r) => ({ kind: r.kind, text: r.text, count: r.count, wordIndexes: r.wordIndexes ?? [] })),
    reading: record.reading ? { ...record.reading, script: record.reading.script ?? [] } : null,
  };
}
