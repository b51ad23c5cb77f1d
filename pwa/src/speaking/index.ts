/**
 * The speaking concept's public face (docs/architecture.md#concept-folders-pwa): what other concepts use.
 * Another concept imports from here, never from a file inside; the shell's route table imports screens directly.
 */
export { formatClock } from './Recorder';
export { SpeakingBadge } from './SpeakingBadge';
export { loadStudentSpeakingTasks, loadTeacherSpeakingTasks, type Recording, type StudentSpeakingTask } from './speaking';
export { SPEAKING_TASKS_KEY, formatDue } from './student/speakingStatus';
