/** The courses concept's public surface: what other concepts may import (docs/architecture.md#concept-folders). */
export { Course } from './courseModel.js';
export { Enrollment } from './enrollmentModel.js';
export { type CourseJson, isoDay, presentCourse } from './presenter.js';
