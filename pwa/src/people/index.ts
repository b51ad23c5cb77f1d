/**
 * The people concept's public face (docs/architecture.md#concept-folders-pwa): what other concepts use.
 * Another concept imports from here, never from a file inside; the shell's route table imports screens directly.
 */
export {
  assignCourses,
  downloadExport,
  fetchAssignedCourses,
  fetchCourses,
  fetchPeople,
  fetchSettings,
  fetchStats,
  saveSettings,
  type CourseChoice,
  type ExportType,
  type SchoolSettings,
  type SchoolSettingsFields,
} from './peopleApi';
export {
  complaintsPath,
  loadComplaints,
  loadCourses,
  loadStudentAssignments,
  loadStudentStats,
  loadTeacherAssignments,
  loadTeacherStats,
  loadTeacherStudents,
  removeComplaint,
  useOwnId,
  type AreaRole,
  type Complaint,
  type ComplaintDraft,
  type ComplaintStatus,
  type Course,
  type StudentAssignment,
  type TeacherStats,
} from './studentTeacher';
