/**
 * The self-assessment questionnaire (docs/product.md#assessment-records,
 * docs/product.md#constants-and-limits): four categories of four first-person statements, each
 * rated on a five-point agreement scale.
 */

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
export const SCALE: readonly { value: Score; label: string }[] = [
  { value: 1, label: 'Strongly Disagree' },
  { value: 2, label: 'Disagree' },
  { value: 3, label: 'Neutral' },
  { value: 4, label: 'Agree' },
  { value: 5, label: 'Strongly Agree' },
];

/** A statement as shown: its key and its first-person label. */
export interface Statement {
  key: StatementKey;
  text: string;
}

/** A category card: its name and its four statements. */
export interface Category {
  id: 'linguistic' | 'cognitive' | 'social' | 'physical';
  name: string;
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
    name: 'Linguistic (Professional Language)',
    statements: [
      { key: 'professionalVocab', text: 'I use a varied and professional vocabulary when presenting ideas.' },
      { key: 'audienceLanguage', text: 'I adapt my language to suit my audience.' },
      { key: 'explainClearly', text: 'I explain complex ideas clearly and simply.' },
      { key: 'supportWithExamples', text: 'I support my points with relevant examples and evidence.' },
    ],
  },
  {
    id: 'cognitive',
    name: 'Cognitive (Critical & Purposeful)',
    statements: [
      { key: 'structuredThought', text: 'I organise my thoughts into a clear structure before I speak.' },
      { key: 'handleQuestions', text: 'I respond to unexpected questions calmly and thoughtfully.' },
      { key: 'avoidRambling', text: 'I stay focused on my main point without rambling.' },
      { key: 'summariseIdeas', text: 'I summarise key ideas accurately and concisely.' },
    ],
  },
  {
    id: 'social',
    name: 'Social & Emotional',
    statements: [
      { key: 'confidentSpeaking', text: 'I feel confident speaking in front of a group.' },
      { key: 'activeListening', text: 'I listen actively and build on what others say.' },
      { key: 'groupLeadership', text: 'I guide group discussions so that everyone can contribute.' },
      { key: 'rapportBuilding', text: 'I build rapport easily with the people I speak to.' },
    ],
  },
  {
    id: 'physical',
    name: 'Physical (Voice & Body Language)',
    statements: [
      { key: 'voiceAdjustment', text: 'I adjust the volume and pace of my voice to suit the room.' },
      { key: 'postureGestures', text: 'I use confident posture and purposeful gestures when I speak.' },
      { key: 'eyeContact', text: 'I maintain appropriate eye contact with my listeners.' },
      { key: 'toneVariation', text: 'I vary my tone of voice to keep my listeners engaged.' },
    ],
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
