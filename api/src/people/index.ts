/** The people concept's public surface: what other concepts may import (docs/architecture.md#concept-folders). */
export { createAccount, NO_CHANGE_REQUIRED, replaceOneTimePassword } from './accounts.js';
export { presentStudentTeacher, presentTeacherStudent, type StudentTeacherJson, type TeacherStudentJson } from './personPresenter.js';
export { addEnrollments, adminStats, changeRoleEndingSockets } from './service.js';
export { ORACY_LEVELS, type OracyLevel, User } from './userModel.js';
export { type Language, presentCurrentUser } from './userPresenter.js';
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, objectId } from './usersSchema.js';
