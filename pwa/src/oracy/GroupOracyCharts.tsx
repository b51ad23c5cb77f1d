import { IonCard } from '@ionic/react';
import { ChartFigure, type ChartColorName } from '../platform/ui/Chart';
import { LEVEL_LABELS, STRAND_KEYS, STRAND_LABELS, type LevelCounts, type Strands } from './oracy';
import { useI18n } from '../platform/i18n';
import './oracyOverview.css';

/** The doughnut's keys, lowest level first and "Not assessed" last. */
const LEVEL_KEYS = Object.keys(LEVEL_LABELS) as (keyof LevelCounts)[];

/**
 * One colour of the charts' palette per level: orange to green as the level rises, grey for "Not
 * assessed"; each 3:1 and more against the white between the slices (theme/variables.css).
 */
const LEVEL_COLORS: Record<keyof LevelCounts, ChartColorName> = {
  Beginner: 'deep-orange',
  Developing: 'light-orange',
  Proficient: 'light-green',
  Advanced: 'green',
  notAssessed: 'grey',
};

/** Props of {@link GroupOracyCharts}. */
export interface GroupOracyChartsProps {
  /** the assessed students' average strands; null when none is assessed */
  strandAverages: Strands | null;
  levelCounts: LevelCounts;
  /** said instead of the bar chart when `strandAverages` is null */
  noneAssessedText: string;
}

/**
 * A group's Oracy as two charts side by side (stacked on a phone): "Strand
 * averages", a bar per strand in the questionnaire's order, and "Levels", a
 * doughnut of the students per level including "Not assessed"; each with its
 * numbers as a table for screen readers. Used by the teacher dashboard
 * (docs/product.md#your-students-oracy) and the admin dashboard (docs/product.md#the-schools-oracy).
 */
export function GroupOracyCharts({ strandAverages, levelCounts, noneAssessedText }: GroupOracyChartsProps) {
  const { t } = useI18n();
  return (
    <div className="oracy-panels">
      <IonCard className="oracy-panel">
        {strandAverages ? (
          <ChartFigure
            type="bar"
            title={t('shared.oracy.strandAverages')}
            labels={STRAND_KEYS.map((key) => STRAND_LABELS[key])}
            series={[{ label: t('shared.oracy.average'), values: STRAND_KEYS.map((key) => strandAverages[key]), colors: 'green' }]}
            valueRange={{ min: 1, max: 5 }}
          />
        ) : (
          <div className="oracy-none">
            <p className="chart-figure__title">{t('shared.oracy.strandAverages')}</p>
            <p>{noneAssessedText}</p>
          </div>
        )}
      </IonCard>
      <IonCard className="oracy-panel">
        <ChartFigure
          type="doughnut"
          title={t('shared.oracy.levels')}
          labels={LEVEL_KEYS.map((key) => LEVEL_LABELS[key])}
          series={[{ label: t('shared.oracy.students'), values: LEVEL_KEYS.map((key) => levelCounts[key]), colors: LEVEL_KEYS.map((key) => LEVEL_COLORS[key]) }]}
        />
      </IonCard>
    </div>
  );
}
