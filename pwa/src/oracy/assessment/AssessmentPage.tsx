import { IonContent, IonPage, useIonAlert, useIonViewWillEnter } from '@ionic/react';
import { lazy, memo, Suspense, useCallback, useEffect, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ConnectionIndicator } from '../../platform/ui/OfflineBanner';
import { Logo } from '../../platform/ui/Logo';
import type { RadioGroupFieldProps } from '../../platform/ui/RadioGroupField';
import { SITE_URL } from '../../platform/config';
import { HttpError } from '../../platform/api/api';
import { client, json } from '../../platform/api/client';
import { formatChange, STRAND_KEYS, STRAND_LABELS, type AssessmentResult } from '../oracy';
import { useI18n } from '../../platform/i18n';
import { homePathFor, ROLE, useRequiredUser, useSession } from '../../auth';
import AssessmentLoading from './AssessmentLoading';
import { CATEGORIES, completeScores, SCALE, STATEMENT_KEYS, statementText, type Category, type Score, type Statement, type StatementKey } from './statements';
import { useStepwiseCount } from './useStepwiseCount';
import './AssessmentPage.css';

type Answers = Partial<Record<StatementKey, Score>>;

let scaleModule: Promise<typeof import('../../platform/ui/RadioGroupField')> | undefined;
/**
 * Fetches (once) the module of the answers' radio scale. Ionic's radio group is not part of the
 * first load (docs/decisions/0007-ionic-imports-per-use.md): the page asks for it as it opens,
 * beside the current user, before which no question shows anyway.
 */
const loadScale = () => (scaleModule ??= import('../../platform/ui/RadioGroupField'));
const RadioGroupField = lazy(async () => ({ default: (await loadScale()).RadioGroupField as ComponentType<RadioGroupFieldProps<Score>> }));

/**
 * The self-assessment page at "/" (docs/product.md#self-assessment, docs/product.md#self-assessment-flow):
 * loading → the questionnaire → the thank-you screen, which adds this
 * submission's four strand scores, the change since last time from the
 * second submission on, and for students a link to their profile
 * (docs/product.md#after-the-self-assessment). Any signed-in user;
 * no shared layout; the questionnaire and the thank-you screen both offer "Go to my dashboard"
 * (the role's home, `homePathFor`). Coming back to the page after a submission
 * ("Retake the self-assessment") opens a blank questionnaire: Ionic keeps the page mounted while
 * other screens show, so the thank-you screen and its answers are dropped as the page is entered
 * again; answers not yet submitted stay. While the user loads it already shows the logo, the
 * title and the introduction (the largest text, painted once), with
 * the spinner and "Loading your assessment..." where the questions go. Submits `POST /api/updateOracyAssessment` with
 * `{oracy_scores: {<16 keys>: 1..5}}`; a non-2xx answer shows "Submission
 * failed", no answer "Network error" (docs/product.md#error-messages).
 */
export default function AssessmentPage() {
  const user = useRequiredUser();
  const { logout } = useSession();
  const { t } = useI18n();
  const [presentAlert] = useIonAlert();
  const [answers, setAnswers] = useState<Answers>({});
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<AssessmentResult | null>(null);
  const submitted = result !== null;
  // A page entered again after a submission starts blank (docs/product.md#self-assessment-flow).
  const resultShown = useRef(submitted);
  resultShown.current = submitted;
  useIonViewWillEnter(() => {
    if (!resultShown.current) return;
    setResult(null);
    setAnswers({});
  });
  // the four category cards arrive one per frame (the submit row with the last one),
  // so building and laying out the questionnaire never holds a phone's main thread for long.
  const categoriesShown = useStepwiseCount(CATEGORIES.length, user !== null);
  useEffect(() => {
    loadScale().catch((error: unknown) => console.error('Could not load the answer scale', error));
  }, []);

  const answer = useCallback((key: StatementKey, score: Score) => setAnswers((current) => ({ ...current, [key]: score })), []);
  const answered = STATEMENT_KEYS.filter((key) => answers[key] !== undefined).length;
  const scores = completeScores(answers);

  const handleLogout = async () => {
    try {
      await logout();
    } catch (error) {
      // docs/product.md#error-messages: a non-ok answer shows "Logout failed"; so does no answer at all here,
      // since a button that silently does nothing would leave the user stuck.
      if (!(error instanceof HttpError)) console.error('Logout failed', error);
      await presentAlert({ header: t('assessment.logoutFailed'), buttons: [t('common.ok')] });
    }
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user || !scores || submitting) return;
    setSubmitting(true);
    try {
      setResult(await json(client.api.updateOracyAssessment.$post({ json: { oracy_scores: scores } })));
    } catch (error) {
      if (!(error instanceof HttpError)) console.error('Could not submit the assessment', error);
      await presentAlert({ header: t(error instanceof HttpError ? 'assessment.submissionFailed' : 'assessment.networkError'), buttons: [t('common.ok')] });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <IonPage>
      {/* a plain banner styled as Ionic's md toolbar: no ion-header, ion-toolbar, ion-title or ion-button to start. */}
      <header className="assessment-header">
        <div className="assessment-header__logo">
          <Logo height={30} className="assessment-header__logo-full" />
          <Logo height={32} variant="mark" className="assessment-header__logo-mark" />
        </div>
        {user && <p className="assessment-header__welcome">{t('assessment.welcome', { name: user.firstName })}</p>}
        {user && !submitted && (
          <button type="button" className="assessment-button assessment-button--outline assessment-header__logout" onClick={() => void handleLogout()}>
            {t('layout.logout')}
          </button>
        )}
      </header>
      <ConnectionIndicator />
      <IonContent className="ion-padding assessment">
        {user && result ? (
          <section className="assessment-thanks" aria-labelledby="assessment-thanks-title">
            <h1 id="assessment-thanks-title">{t('assessment.thanks.title', { name: user.firstName })}</h1>
            <p>{t('assessment.thanks.recorded')}</p>
            <SubmissionScores result={result} />
            <div className="assessment-thanks__actions">
              <Link className="assessment-thanks__link" to={homePathFor(user.role)}>
                {t('assessment.home')}
              </Link>
              {user.role === ROLE.student && (
                <Link className="assessment-thanks__link" to="/student/oracy">
                  {t('assessment.thanks.profileLink')}
                </Link>
              )}
              <button type="button" className="assessment-button" onClick={() => void handleLogout()}>
                {t('layout.logout')}
              </button>
              <a className="assessment-thanks__link" href={SITE_URL}>
                {t('assessment.thanks.website')}
              </a>
            </div>
          </section>
        ) : (
          <form className="assessment-form" onSubmit={(event) => void handleSubmit(event)} noValidate>
            <h1 className="assessment-form__title">{t('assessment.title')}</h1>
            <p className="assessment-form__intro">{t('assessment.intro')}</p>
            {user && (
              <p className="assessment-form__intro">
                <Link className="assessment-thanks__link" to={homePathFor(user.role)}>
                  {t('assessment.home')}
                </Link>
              </p>
            )}
            {user ? (
              <Suspense fallback={<AssessmentLoading />}>
                {CATEGORIES.slice(0, categoriesShown).map((category) => (
                  <CategoryCard key={category.id} category={category} answers={answers} onAnswer={answer} />
                ))}
                {categoriesShown === CATEGORIES.length && (
                  <div className="assessment-form__submit">
                    <p className="assessment-form__progress" aria-live="polite">
                      {t(scores ? 'assessment.progress' : 'assessment.progressIncomplete', { answered, total: STATEMENT_KEYS.length })}
                    </p>
                    <button type="submit" className="assessment-button assessment-button--block" disabled={!scores || submitting}>
                      {t('assessment.submit')}
                    </button>
                  </div>
                )}
              </Suspense>
            ) : (
              <AssessmentLoading />
            )}
          </form>
        )}
      </IonContent>
    </IonPage>
  );
}

/**
 * The thank-you screen's scores (docs/product.md#after-the-self-assessment): this
 * submission's four strand scores, and the change of the mean since the
 * previous submission when there is one. Plain markup: no chart on the first load.
 */
function SubmissionScores({ result }: { result: AssessmentResult }) {
  const { strands } = result.snapshot;
  const { t, intl } = useI18n();
  return (
    <div className="assessment-scores">
      <h2 id="assessment-scores-title" className="assessment-scores__title">
        {t('assessment.scores.title')}
      </h2>
      <ul className="assessment-scores__list" aria-labelledby="assessment-scores-title">
        {STRAND_KEYS.map((key) => (
          <li key={key}>
            <span>{STRAND_LABELS[key]}</span> <strong>{intl.formatNumber(strands[key], { minimumFractionDigits: 2, maximumFractionDigits: 2 })}</strong>
          </li>
        ))}
      </ul>
      {result.change !== null && <p className="assessment-scores__change">{t('assessment.scores.change', { change: formatChange(result.change) })}</p>}
    </div>
  );
}

interface CategoryCardProps {
  category: Category;
  answers: Answers;
  onAnswer: (key: StatementKey, score: Score) => void;
}

/**
 * One category card: its name and its statements. Memoised on the answers
 * of its own statements, so answering a statement, or a further card
 * arriving, re-renders one card instead of all sixteen rows.
 */
const CategoryCard = memo(
  function CategoryCard({ category, answers, onAnswer }: CategoryCardProps) {
    const { t } = useI18n();
    return (
      <div className="assessment-category">
        <div className="assessment-category__header">
          <h2 className="assessment-category__title">{t(category.name)}</h2>
        </div>
        <div className="assessment-category__content">
          {category.statements.map((statement) => (
            <StatementRating key={statement.key} statement={statement} value={answers[statement.key]} onAnswer={onAnswer} />
          ))}
        </div>
      </div>
    );
  },
  (before, after) =>
    before.category === after.category &&
    before.onAnswer === after.onAnswer &&
    before.category.statements.every((statement) => before.answers[statement.key] === after.answers[statement.key]),
);

interface StatementRatingProps {
  statement: Statement;
  value: Score | undefined;
  onAnswer: (key: StatementKey, score: Score) => void;
}

/**
 * One statement and its five options: the shared radio scale (`RadioGroupField`), named by the
 * statement; arrow keys move between the options, Tab leaves.
 */
function StatementRating({ statement, value, onAnswer }: StatementRatingProps) {
  const { t } = useI18n();
  return (
    <div className="statement">
      <RadioGroupField
        className="likert"
        label={statementText(statement.key)}
        value={value}
        options={SCALE.map((option) => ({ value: option.value, label: t(option.label) }))}
        required
        onChange={(score) => onAnswer(statement.key, score)}
      />
    </div>
  );
}
