import { IonButton, IonCard } from '@ionic/react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { STRAND_LABELS } from '../../oracy';
import type { StudentSpeakingTask } from '../speaking';
import { useI18n } from '../../platform/i18n';
import { formatClock } from '../Recorder';
import { formatDue } from './speakingStatus';
import './taskScript.css';

/** How many lines of the prompt show before "More" (docs/product.md#answering-a-speaking-task). */
export const PROMPT_LINES = 3;

/**
 * The top of a speaking task, condensed so that the Record button under it is in the first
 * screen of a 360×740 phone (docs/product.md#answering-a-speaking-task): the title, the course
 * and the due date on one line, then the prompt cut to {@link PROMPT_LINES} lines with "More"
 * beside its heading when it is longer ("Less" folds it again; the button says whether the
 * prompt is expanded), the focus strands on the heading's row, and the longest answer. A
 * reading-aloud task's script follows under "Read this aloud", whole, in large type that wraps
 * (docs/product.md#reading-aloud).
 */
export function TaskBrief({ task, headingId }: { task: StudentSpeakingTask; headingId: string }) {
  const { t } = useI18n();
  const strandsId = useId();
  const promptId = useId();
  const scriptId = useId();
  const prompt = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [long, setLong] = useState(false);

  // Whether the folded prompt hides lines: measured, so a short prompt has no "More".
  const measure = useCallback(() => {
    const element = prompt.current;
    if (element && !expanded) setLong(element.scrollHeight > element.clientHeight + 1);
  }, [expanded]);
  useLayoutEffect(measure, [measure, task.prompt]);
  // Again whenever its box changes: the screen enters hidden (Ionic's page transition), the width or the text size changes.
  useEffect(() => {
    const element = prompt.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);

  return (
    <>
      <h1 id={headingId} className="screen-title speaking-task__title">
        {task.title}
      </h1>
      <p className="speaking-task__meta">
        {t('common.courseLabel', { course: task.courseTitle })} · {formatDue(task.dueAt)}
      </p>
      <IonCard className="panel speaking-task__brief">
        <div className="speaking-task__prompt-head">
          <h2 className="panel__title">{t('speaking.task.prompt')}</h2>
          {(long || expanded) && (
            <IonButton fill="clear" size="small" aria-expanded={expanded} aria-controls={promptId} onClick={() => setExpanded((open) => !open)}>
              {t(expanded ? 'student.speaking.promptLess' : 'student.speaking.promptMore')}
            </IonButton>
          )}
        </div>
        <p
          ref={prompt}
          id={promptId}
          className={expanded ? 'speaking-task__prompt' : 'speaking-task__prompt speaking-task__prompt--folded'}
          style={{ WebkitLineClamp: PROMPT_LINES }}
          data-folded={expanded ? undefined : ''}
        >
          {task.prompt}
        </p>
        <div className="speaking-task__strands-row">
          <h3 id={strandsId} className="panel__title">
            {t('speaking.task.focusStrands')}
          </h3>
          <ul className="speaking-task__strands" aria-labelledby={strandsId}>
            {task.focusStrands.map((key) => (
              <li key={key}>{STRAND_LABELS[key]}</li>
            ))}
          </ul>
        </div>
        <p className="speaking-task__limit">{t('student.speaking.maxLength', { duration: formatClock(task.maxSeconds * 1000) })}</p>
      </IonCard>
      {task.script ? (
        <IonCard className="panel speaking-task__script" aria-labelledby={scriptId}>
          <h2 id={scriptId} className="panel__title">
            {t('student.speaking.readAloud')}
          </h2>
          <p className="speaking-task__script-text" lang="en">
            {task.script}
          </p>
        </IonCard>
      ) : null}
    </>
  );
}
