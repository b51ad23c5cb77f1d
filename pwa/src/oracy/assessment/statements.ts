/**
 * The self-assessment questionnaire (docs/product.md#assessment-records,
 * docs/product.md#constants-and-limits): four categories of four first-person statements, each
 * rated on a five-point agreement scale. The words live in the catalogues: a statement's text is
 * `statement.<key>` ({@link statementText}), a category's name and an option's label are keys.
 */
import { t, type MessageId } from '../../platform/i18n';

/** The 16 statement keys, in the spec's order; also the keys of `oracy_scores`. */
export const STATEMENT_KEYS = [
  'professionalVocab',
  'audienceLanguage',
  'explainClearly',
  'supportWithExamples',
  'structuredThought',
  'handleQuestions',
  'avoidRambling',
  'summariseIdeas',
  'confidentSpeaking',
  'activeListening',
  'groupLeadership',
  'rapportBuilding',
  'voiceAdjustment',
  'postureGestures',
  'eyeContact',
  'toneVariation',
] as const;

/** One statement key, e.g. `"professionalVocab"`. */
export type StatementKey = (typeof STATEMENT_KEYS)[number];

/** A rating: 1 Strongly Disagree … 5 Strongly Agree. */
export type Score = 1 | 2 | 3 | 4 | 5;

/** The submission body's `oracy_scores`: every statement key rated 1–5. */
export type OracyScores = Record<StatementKey, Score>;

/** The answer options, in order (docs/product.md#self-assessment, docs/product.md#constants-and-limits). */
export const SCALE: readonly { value: Score; label: MessageId }[] = [
  { value: 1, label: 'assessment.scale.stronglyDisagree' },
  { value: 2, label: 'assessment.scale.disagree' },
  { value: 3, label: 'assessment.scale.neutral' },
  { value: 4, label: 'assessment.scale.agree' },
  { value: 5, label: 'assessment.scale.stronglyAgree' },
];

/** A statement of the questionnaire: its key (its text is {@link statementText}). */
export interface Statement {
  key: StatementKey;
}

/** A statement's first-person text in the active language (`statement.<key>` of the catalogues). */
export function statementText(key: StatementKey): string {
  return t(`statement.${key}`);
}

/** A category card: its name and its four statements. */
export interface Category {
  id: 'linguistic' | 'cognitive' | 'social' | 'physical';
  /** the catalogue key of its name */
  name: MessageId;
  statements: readonly Statement[];
}

/**
 * The four categories in the spec's order (the Cambridge Oracy Framework's
 * strands). Only the first statement's wording is given by the spec; the
 * other fifteen follow its style: first person, present tense, one skill each.
 */
export const CATEGORIES: readonly Category[] = [
  {
    id: 'linguistic',
    name: 'assessment.category.linguistic',
    statements: [{ key: 'professionalVocab' }, { key: 'audienceLanguage' }, { key: 'explainClearly' }, { key: 'supportWithExamples' }],
  },
  {
    id: 'cognitive',
    name: 'assessment.category.cognitive',
    statements: [{ key: 'structuredThought' }, { key: 'handleQuestions' }, { key: 'avoidRambling' }, { key: 'summariseIdeas' }],
  },
  {
    id: 'social',
    name: 'data.strand.socialEmotional',
    statements: [{ key: 'confidentSpeaking' }, { key: 'activeListening' }, { key: 'groupLeadership' }, { key: 'rapportBuilding' }],
  },
  {
    id: 'physical',
    name: 'assessment.category.physical',
    statements: [{ key: 'voiceAdjustment' }, { key: 'postureGestures' }, { key: 'eyeContact' }, { key: 'toneVariation' }],
  },
];

/** Returns the complete scores when all 16 statements are answered, otherwise `null`. */
export function completeScores(answers: Partial<Record<StatementKey, Score>>): OracyScores | null {
  const scores: Partial<OracyScores> = {};
  for (const key of STATEMENT_KEYS) {
    const score = answers[key];
    if (score === undefined) return null;
    scores[key] = score;
  }
  return scores as OracyScores;
}
