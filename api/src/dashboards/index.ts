/** The dashboards concept's public surface: what other concepts may import (docs/architecture.md#concept-folders). */
export { activityWindow, countByMonth } from './activity.js';
export { studentBadges } from './badges.js';
export { findPerson, type Person, teacherStats } from './stats.js';
export { assignmentsOfStudent } from './studentQueries.js';
