/**
 * The oracy concept's public face (docs/architecture.md#concept-folders-pwa): what other concepts use.
 * Another concept imports from here, never from a file inside; the shell's route table imports screens directly.
 */
export { AdminOracySection } from './AdminOracySection';
export { StudentOracyLines } from './StudentOracyLines';
export { TeacherOracySection } from './TeacherOracySection';
export { LEVEL_LABELS, STRAND_KEYS, STRAND_LABELS, loadAdminOracy, loadTeacherOracy, type StrandKey, type StudentOracy, type TeacherOracyStudent } from './oracy';
export { ORDER_OPTIONS, combinedOffline, orderStudents, teacherOracyKey, type OfflineState, type StudentOrder } from './oracyOverview';
