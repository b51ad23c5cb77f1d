/**
 * The privacy concept's public face (docs/architecture.md#concept-folders-pwa): what other concepts use.
 * Another concept imports from here, never from a file inside; the shell's route table imports screens directly.
 */
export { AccessLogList } from './AccessLogList';
export { PrivacySettingsCard } from './PrivacySettingsCard';
export { RetentionSettingsCard, retentionValid } from './RetentionSettingsCard';
export { YourDataCard } from './YourDataCard';
export { previewRetention } from './privacyApi';
