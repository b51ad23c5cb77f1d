/** The assignments concept's public surface: what other concepts may import (docs/architecture.md#concept-folders). */
export { Assignment, AssignmentCompletion } from './model.js';
export { presentStudentAssignment, presentTeacherAssignment, type StudentAssignmentJson, type TeacherAssignmentJson } from './presenter.js';
