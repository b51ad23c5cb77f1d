import { IonButton, IonCard, IonCardContent, IonCardHeader, IonSpinner } from '@ionic/react';
import { useCallback, useEffect, useState } from 'react';
import { LANGUAGE_LABELS, t as translate, useI18n, type MessageId } from '../platform/i18n';
import { BackupsCard } from '../backups';
import { ImportDialog } from '../import';
import { saveBlob } from '../platform/ui/saveBlob';
import { downloadExport, fetchSettings, saveSettings, type ExportType, type SchoolSettings, type SchoolSettingsFields } from '../people';
import { previewRetention, PrivacySettingsCard, RetentionSettingsCard, retentionValid } from '../privacy';
import { useToast } from '../platform/ui/useToast';
import { SelectField } from '../platform/ui/FormField';
import { useLeaveGuard } from '../platform/ui/useLeaveGuard';
import { useSession } from '../auth';
import { useConfirm } from '../platform/ui/useConfirm';
import '../platform/ui/admin.css';
import { formatDate } from '../platform/i18n/dates';
import { HttpError } from '../platform/api/api';
import { DEFAULT_FILLER_WORDS, fillerLines, TranscriptSettingsCard, transcriptDaysValid } from './TranscriptSettingsCard';

/** Language choices (docs/product.md#constants-and-limits); default English. */
export const LANGUAGES = ['English', 'Spanish', 'French'] as const;
/** Backup frequencies (docs/product.md#constants-and-limits); default Daily. */
export const BACKUP_FREQUENCIES = ['Daily', 'Weekly', 'Monthly'] as const;
/** The export's file formats (docs/product.md#settings); their names are the same in every language. */
const EXPORT_FORMATS: readonly { value: ExportType; label: string }[] = [
  // i18n-exempt: a file format's name
  { value: 'json', label: 'JSON' },
  // i18n-exempt: a file format's name
  { value: 'csv', label: 'CSV' },
];
/** What "Revert to Default" restores (docs/product.md#settings). */
export const DEFAULT_SETTINGS = { language: 'English', backupFrequency: 'Daily' } as const;

/** The saved settings as the screen edits them: the filler list as the text typed, one a line. */
type Draft = Omit<SchoolSettingsFields, 'fillerWords' | 'transcriptRetentionDays'> & { transcriptRetentionDays: number | null; fillerText: string };
const draftOf = ({ language, backupFrequency, schoolName, privacyContact, recordingRetentionDays, inactiveAccountMonths, ...transcripts }: SchoolSettings): Draft => ({
  language,
  backupFrequency,
  schoolName,
  privacyContact,
  recordingRetentionDays,
  inactiveAccountMonths,
  // settings answered before these existed lack them.
  transcriptRetentionDays: (transcripts as Partial<SchoolSettings>).transcriptRetentionDays ?? null,
  fillerText: ((transcripts as Partial<SchoolSettings>).fillerWords ?? DEFAULT_FILLER_WORDS).join('\n'),
});

/** What a save sends: the transcripts' settings only when changed, so that a save of other settings leaves them as the server has them. */
function fieldsOf({ fillerText, transcriptRetentionDays, ...rest }: Draft, saved: SchoolSettings | null): SchoolSettingsFields {
  const before = saved ? draftOf(saved) : null;
  return {
    ...rest,
    ...(before && before.transcriptRetentionDays === transcriptRetentionDays ? {} : { transcriptRetentionDays }),
    ...(before && before.fillerText === fillerText ? {} : { fillerWords: fillerLines(fillerText) }),
  };
}

/** The catalogue keys of the texts of saving (docs/product.md#settings). */
export const SETTINGS_TEXTS = {
  saved: 'admin.settings.saved',
  notSaved: 'admin.settings.notSaved',
  reverted: 'admin.settings.reverted',
  loadFailed: 'admin.settings.loadFailed',
  revertHeader: 'admin.settings.revertHeader',
  revertMessage: 'admin.settings.revertMessage',
} as const satisfies Record<string, MessageId>;

/**
 * The school's saved settings on the screen: loads them, holds the edits, saves them, and asks
 * before the screen is left while an edit is unsaved ({@link useLeaveGuard}).
 */
function useSchoolSettings() {
  const [saved, setSaved] = useState<SchoolSettings | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    fetchSettings(controller.signal).then(
      (settings) => {
        setSaved(settings);
        setDraft(draftOf(settings));
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the settings', err);
        setFailed(true);
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const dirty = saved !== null && draft !== null && (Object.keys(draft) as (keyof Draft)[]).some((key) => draft[key] !== draftOf(saved)[key]);
  // "Leave" drops the edit: the screen, kept mounted by Ionic, shows the saved settings when opened again.
  useLeaveGuard(dirty, () => setDraft(saved && draftOf(saved)));

  const { schoolLanguageSaved } = useSession();
  const save = useCallback(
    async (values: Draft) => {
      setSaving(true);
      try {
        const stored = await saveSettings(fieldsOf(values, saved));
        setSaved(stored);
        setDraft(draftOf(stored));
        // the admin, like everyone who follows the school's language, sees the new one at once.
        await schoolLanguageSaved(stored.language);
      } finally {
        setSaving(false);
      }
    },
    [schoolLanguageSaved, saved],
  );

  return { saved, draft, setDraft, dirty, failed, saving, save, retry: () => setAttempt((n) => n + 1) };
}

/**
 * The settings form's actions (docs/product.md#settings): the school's settings with their draft
 * ({@link useSchoolSettings}), `saveAll` ("Save All Changes": a shorter recording retention first
 * asks, with the dry run's count of the audio it would remove and the oldest date,
 * docs/product.md#retention) and `revert` ("Revert to Default": asks, then saves English and Daily).
 */
function useSettingsForm() {
  const { t } = useI18n();
  const toast = useToast();
  const confirm = useConfirm();
  const settings = useSchoolSettings();
  const { saved } = settings;
  // the server's messages of the last save, by field; an edit clears them.
  const [fieldErrors, setFieldErrors] = useState<Readonly<Record<string, string>>>({});
  const setDraft = (draft: Draft) => {
    setFieldErrors({});
    settings.setDraft(draft);
  };

  const saveDraft = async (values: Draft, success: MessageId) => {
    try {
      setFieldErrors({});
      await settings.save(values);
      // in the language the save may just have switched to: the module's translate, not this render's
      toast(translate(success));
    } catch (err) {
      console.error('Failed to save settings', err);
      if (err instanceof HttpError && err.status === 400) setFieldErrors(err.fields);
      toast(t(SETTINGS_TEXTS.notSaved), 'danger');
    }
  };

  const saveAll = async (values: Draft) => {
    if (saved && values.recordingRetentionDays < saved.recordingRetentionDays) {
      let audio: { count: number; oldest: string | null } | undefined;
      try {
        audio = (await previewRetention(values.recordingRetentionDays)).removed.find((r) => r.kind === 'recording_audio');
      } catch (err) {
        console.error('Could not preview the retention', err);
        toast(t(SETTINGS_TEXTS.notSaved), 'danger');
        return;
      }
      if (audio && audio.count > 0) {
        confirm({
          header: t('retention.confirm.header'),
          message: t('retention.confirm.message', { count: audio.count, date: audio.oldest ? formatDate(audio.oldest) : '' }),
          confirmText: t('retention.confirm.save'),
          onConfirm: () => saveDraft(values, SETTINGS_TEXTS.saved),
        });
        return;
      }
    }
    await saveDraft(values, SETTINGS_TEXTS.saved);
  };

  const revert = (draft: Draft) =>
    confirm({
      header: t(SETTINGS_TEXTS.revertHeader),
      message: t(SETTINGS_TEXTS.revertMessage),
      confirmText: t('admin.settings.revert'),
      onConfirm: () => saveDraft({ ...(saved ? draftOf(saved) : draft), ...DEFAULT_SETTINGS }, SETTINGS_TEXTS.reverted),
    });

  return { ...settings, setDraft, fieldErrors, saveAll, revert };
}

/** "Export Data" (docs/product.md#settings): JSON or CSV, "Export Now" with a spinner while working, saved as user_data.json / user_data.csv. */
function ExportCard() {
  const { t } = useI18n();
  const toast = useToast();
  const [fileType, setFileType] = useState<ExportType>('json');
  const [exporting, setExporting] = useState(false);

  const exportNow = async () => {
    if (exporting) return;
    setExporting(true);
    try {
      const { blob, fileName } = await downloadExport(fileType);
      saveBlob(blob, fileName);
      toast(t('admin.settings.exported'));
    } catch (err) {
      console.error('Failed to export data', err);
      toast(t('admin.settings.exportFailed'), 'danger');
    } finally {
      setExporting(false);
    }
  };

  return (
    <IonCard>
      <IonCardHeader>
        <h2 className="admin-subtitle">{t('admin.settings.exportData')}</h2>
      </IonCardHeader>
      <IonCardContent>
        <SelectField<ExportType> label={t('admin.settings.exportFormat')} value={fileType} options={EXPORT_FORMATS} disabled={exporting} onChange={setFileType} />
        <div className="export-row">
          <IonButton disabled={exporting} onClick={() => void exportNow()}>
            {t('admin.settings.exportNow')}
          </IonButton>
          {exporting ? <IonSpinner name="crescent" aria-label={t('admin.settings.exporting')} role="status" /> : null}
        </div>
      </IonCardContent>
    </IonCard>
  );
}

/** The sticky footer (docs/product.md#settings): the status, "Save All Changes" and "Revert to Default". */
function SettingsFooter({ form }: { form: ReturnType<typeof useSettingsForm> }) {
  const { t } = useI18n();
  const { draft, saved } = form;
  return (
    // In reach on a phone: sticks to the bottom of the screen while the cards scroll under it (docs/product.md#settings).
    <div className="settings-footer">
      <p className="settings-footer__status" role="status">
        {form.dirty
          ? t('admin.settings.unsaved')
          : saved?.updatedAt
            ? saved.updatedBy
              ? t('admin.settings.lastSavedBy', { time: formatDate(saved.updatedAt, 'dateTime'), name: saved.updatedBy.name })
              : t('admin.settings.lastSaved', { time: formatDate(saved.updatedAt, 'dateTime') })
            : null}
      </p>
      <div className="settings-actions">
        <IonButton
          disabled={!form.dirty || form.saving || !draft || !retentionValid(draft) || !transcriptDaysValid(draft.transcriptRetentionDays, draft.recordingRetentionDays)}
          onClick={() => draft && void form.saveAll(draft)}
        >
          {t('admin.settings.saveAll')}
        </IonButton>
        <IonButton fill="outline" color="medium" disabled={!draft || form.saving} onClick={() => draft && form.revert(draft)}>
          {t('admin.settings.revertToDefault')}
        </IonButton>
        {form.saving ? <IonSpinner name="crescent" aria-label={t('admin.settings.saving')} role="status" /> : null}
      </div>
    </div>
  );
}

/**
 * Admin settings at /admin/setting (docs/product.md#settings, docs/product.md#error-messages,
 * docs/product.md#constants-and-limits): General Settings (Language: English, Spanish, French),
 * Data & Backup (Backup Frequency: Daily, Weekly, Monthly, and the backups: `BackupsCard`), Export Data (JSON
 * or CSV, "Export Now" with a spinner while working; the file is saved as
 * user_data.json / user_data.csv; toasts "Data exported successfully" /
 * "Failed to export data"), Import Data ("Import" opens the import dialog, docs/product.md#import), "Save All Changes" and
 * "Revert to Default". Language and Backup Frequency are the school's saved settings
 * (`GET`/`PUT /api/admin/settings`): "Save All Changes" is enabled while an edit is unsaved and
 * saves it ("Settings saved"); "Revert to Default" asks, then saves English and Daily. Both sit in
 * a footer that sticks to the bottom of the screen, with the status ("You have unsaved changes." or
 * "Last saved …"). Leaving with an unsaved edit — a link, a tab, the menu, the back button, a
 * reload — asks first (docs/product.md#settings).
 * "Import" opens the {@link ImportDialog} (docs/product.md#import). The Privacy Notice and
 * Retention cards (docs/product.md#privacy, docs/product.md#retention) edit the same draft; a
 * shorter recording retention asks before saving, with what it would remove. The Transcripts card
 * ({@link TranscriptSettingsCard}) edits the filler words and how long transcripts are kept; the
 * server's messages of a refused save show beside those fields, the typed text kept.
 */
export default function SettingsPage() {
  const { t } = useI18n();
  const settings = useSettingsForm();
  const [importOpen, setImportOpen] = useState(false);
  const { draft, saved } = settings;
  return (
    <>
      <h1 className="screen-title">{t('admin.settings.title')}</h1>
      <p className="admin-intro">{t('admin.settings.intro')}</p>
      {settings.failed ? (
        <div className="settings-status" role="alert">
          <p>{t(SETTINGS_TEXTS.loadFailed)}</p>
          <IonButton fill="outline" onClick={settings.retry}>
            {t('common.retry')}
          </IonButton>
        </div>
      ) : null}
      <div className="settings-grid">
        {draft ? (
          <>
            <SelectCard
              heading={t('admin.settings.general')}
              label={t('admin.settings.language')}
              options={LANGUAGES}
              optionLabel={(option) => t(LANGUAGE_LABELS[option as (typeof LANGUAGES)[number]])}
              value={draft.language}
              onChange={(language) => settings.setDraft({ ...draft, language: language as Draft['language'] })}
            />
            <BackupsCard
              frequencies={BACKUP_FREQUENCIES}
              frequency={draft.backupFrequency}
              savedFrequency={saved?.backupFrequency}
              onFrequencyChange={(backupFrequency) => settings.setDraft({ ...draft, backupFrequency: backupFrequency as Draft['backupFrequency'] })}
            />
            <PrivacySettingsCard value={draft} onChange={(privacy) => settings.setDraft({ ...draft, ...privacy })} />
            <RetentionSettingsCard value={draft} onChange={(retention) => settings.setDraft({ ...draft, ...retention })} />
            <TranscriptSettingsCard
              value={draft}
              recordingRetentionDays={draft.recordingRetentionDays}
              errors={settings.fieldErrors}
              onChange={(transcripts) => settings.setDraft({ ...draft, ...transcripts })}
            />
          </>
        ) : settings.failed ? null : (
          <IonCard>
            <IonCardContent>
              <IonSpinner name="crescent" aria-label={t('admin.settings.loading')} role="status" />
            </IonCardContent>
          </IonCard>
        )}
        <ExportCard />
        <IonCard>
          <IonCardHeader>
            <h2 className="admin-subtitle">{t('admin.settings.importData')}</h2>
          </IonCardHeader>
          <IonCardContent>
            <IonButton fill="outline" onClick={() => setImportOpen(true)}>
              {t('admin.settings.import')}
            </IonButton>
          </IonCardContent>
        </IonCard>
      </div>
      <SettingsFooter form={settings} />
      <ImportDialog isOpen={importOpen} onClose={() => setImportOpen(false)} />
    </>
  );
}

/** A settings card holding one select whose options are stored as they are and shown by `optionLabel`. */
function SelectCard({
  heading,
  label,
  options,
  optionLabel,
  value,
  onChange,
}: {
  heading: string;
  label: string;
  options: readonly string[];
  optionLabel: (option: string) => string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <IonCard>
      <IonCardHeader>
        <h2 className="admin-subtitle">{heading}</h2>
      </IonCardHeader>
      <IonCardContent>
        <SelectField label={label} value={value} options={options.map((option) => ({ value: option, label: optionLabel(option) }))} onChange={onChange} />
      </IonCardContent>
    </IonCard>
  );
}
