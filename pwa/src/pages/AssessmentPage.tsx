import { IonButton, IonButtons, IonContent, IonHeader, IonPage, IonTitle, IonToolbar, useIonAlert } from '@ionic/react';
import { useId, useState, type FormEvent } from 'react';
import { Logo } from '../components/Logo';
import { SITE_URL } from '../config';
import { apiFetch, HttpError } from '../data/api';
import { useRequiredUser, useSession } from '../session/SessionProvider';
import AssessmentLoading from './assessment/AssessmentLoading';
import { CATEGORIES, completeScores, SCALE, STATEMENT_KEYS, type Score, type Statement, type StatementKey } from './assessment/statements';
import './assessment/AssessmentPage.css';

type Answers = Partial<Record<StatementKey, Score>>;

/**
 * The self-assessment page at "/" (spec §2.4, §4 "Self-assessment flow"):
 * loading → the questionnaire → the thank-you screen. Any signed-in user;
 * no shared layout. While the user loads it already shows the logo, the
 * title and the introduction (the largest text, painted once: issue 9), with
 * the spinner and "Loading your assessment..." where the questions go. Submits `POST /api/updateOracyAssessment` with
 * `{oracy_scores: {<16 keys>: 1..5}}`; a non-2xx answer shows "Submission
 * failed", no answer "Network error" (spec §8 "Self-assessment").
 */
export default function AssessmentPage() {
  const user = useRequiredUser();
  const { logout } = useSession();
  const [presentAlert] = useIonAlert();
  const [answers, setAnswers] = useState<Answers>({});
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const answered = STATEMENT_KEYS.filter((key) => answers[key] !== undefined).length;
  const scores = completeScores(answers);

  const handleLogout = async () => {
    try {
      await logout();
    } catch (error) {
      // spec §8: a non-ok answer shows "Logout failed"; so does no answer at all here,
      // since a button that silently does nothing would leave the user stuck.
      if (!(error instanceof HttpError)) console.error('Logout failed', error);
      await presentAlert({ header: 'Logout failed', buttons: ['OK'] });
    }
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user || !scores || submitting) return;
    setSubmitting(true);
    try {
      await apiFetch('/api/updateOracyAssessment', { method: 'POST', json: { oracy_scores: scores } });
      setSubmitted(true);
    } catch (error) {
      if (!(error instanceof HttpError)) console.error('Could not submit the assessment', error);
      await presentAlert({ header: error instanceof HttpError ? 'Submission failed' : 'Network error', buttons: ['OK'] });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <IonPage>
      <IonHeader>
        <IonToolbar className="assessment-toolbar">
          <div slot="start" className="assessment-toolbar__logo">
            <Logo height={30} className="assessment-toolbar__logo-full" />
            <Logo height={32} variant="mark" className="assessment-toolbar__logo-mark" />
          </div>
          {user && <IonTitle className="assessment-toolbar__title">Welcome, {user.firstName}</IonTitle>}
          {user && !submitted && (
            <IonButtons slot="end">
              <IonButton fill="outline" color="primary" onClick={() => void handleLogout()}>
                Logout
              </IonButton>
            </IonButtons>
          )}
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding assessment">
        {user && submitted ? (
          <section className="assessment-thanks" aria-labelledby="assessment-thanks-title">
            <h1 id="assessment-thanks-title">Thank You, {user.firstName}!</h1>
            <p>Your responses have been recorded.</p>
            <div className="assessment-thanks__actions">
              <IonButton onClick={() => void handleLogout()}>Logout</IonButton>
              <a className="assessment-thanks__link" href={SITE_URL}>
                Explore our Website
              </a>
            </div>
          </section>
        ) : (
          <form className="assessment-form" onSubmit={(event) => void handleSubmit(event)} noValidate>
            <h1 className="assessment-form__title">Oracy Skills Self-Assessment</h1>
            <p className="assessment-form__intro">
              How far do you agree with each statement? Choose one answer for every statement, from Strongly Disagree to Strongly Agree.
            </p>
            {user ? (
              <>
                {CATEGORIES.map((category) => (
                  <div key={category.id} className="assessment-category">
                    <div className="assessment-category__header">
                      <h2 className="assessment-category__title">{category.name}</h2>
                    </div>
                    <div className="assessment-category__content">
                      {category.statements.map((statement) => (
                        <StatementRating
                          key={statement.key}
                          statement={statement}
                          value={answers[statement.key]}
                          onChange={(score) => setAnswers((current) => ({ ...current, [statement.key]: score }))}
                        />
                      ))}
                    </div>
                  </div>
                ))}
                <div className="assessment-form__submit">
                  <p className="assessment-form__progress" aria-live="polite">
                    {answered} of {STATEMENT_KEYS.length} statements answered
                    {scores ? '' : ' — answer all of them to submit.'}
                  </p>
                  <IonButton type="submit" expand="block" disabled={!scores || submitting}>
                    Submit Assessment
                  </IonButton>
                </div>
              </>
            ) : (
              <AssessmentLoading />
            )}
          </form>
        )}
      </IonContent>
    </IonPage>
  );
}

interface StatementRatingProps {
  statement: Statement;
  value: Score | undefined;
  onChange: (score: Score) => void;
}

/**
 * One statement and its five options: a radio group named by the statement,
 * made of native radio inputs (arrow keys move between options, Tab leaves).
 */
function StatementRating({ statement, value, onChange }: StatementRatingProps) {
  const labelId = useId();
  return (
    <div className="statement">
      <p id={labelId} className="statement__text">
        {statement.text}
      </p>
      <div role="radiogroup" aria-labelledby={labelId} aria-required="true" className="likert">
        {SCALE.map((option) => (
          <label key={option.value} className="likert__option">
            <input
              type="radio"
              name={statement.key}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </div>
  );
}
