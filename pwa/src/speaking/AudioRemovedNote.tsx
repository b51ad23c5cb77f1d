import { useI18n } from '../platform/i18n';

/**
 * What the student and the teacher see instead of a recording's player once the retention job
 * removed its audio (docs/product.md#retention): "Audio removed after 365 days under your
 * school's retention policy." The recording's feedback and delivery report stay on the screen.
 */
export function AudioRemovedNote({ removed }: { removed: { at: string; afterDays: number | null } }) {
  const { t } = useI18n();
  return (
    <p className="audio-removed" role="note">
      {removed.afterDays ? t('retention.audioRemoved', { days: removed.afterDays }) : t('retention.audioRemovedNoDays')}
    </p>
  );
}
