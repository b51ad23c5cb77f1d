import type { Course } from '../people/studentTeacher';

/** A course as the API answers it, taught by the test teacher `u-teacher` ("Tom Teacher"); `fields` override. */
export function courseFixture(id: string, title: string, fields: Partial<Course> = {}): Course {
  return {
    id,
    title,
    description: `All about ${title}`,
    instructorId: 'u-teacher',
    instructorName: 'Tom Teacher',
    duration: 10,
    startDate: '2025-01-01',
    endDate: '2025-06-30',
    status: 'active',
    image: null,
    imageUrl: null,
    ...fields,
  };
}
