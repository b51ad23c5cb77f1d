import { IonButton, IonButtons, IonCard, IonCardContent, IonCardHeader, IonContent, IonHeader, IonModal, IonSkeletonText, IonTitle, IonToolbar } from '@ionic/react';
import { useId } from 'react';
import { API_ORIGIN } from '../platform/config';
import type { Course } from '../people';
import { t, useI18n, type MessageId } from '../platform/i18n';
import { useDialogInstance } from '../platform/ui/useDialogInstance';
import { CourseDetails } from './CourseDetails';
import placeholderUrl from './course-placeholder.svg';
import './CourseCard.css';

/** Longest card description before it is cut (docs/product.md#constants-and-limits: 60 characters plus "..."). */
export const DESCRIPTION_CUT = 60;

/**
 * A card's description (docs/product.md#your-enrolled-courses): the first 60 characters followed by
 * "..." when it is longer, the whole text when it fits, and "No description
 * available" (in the active language) when there is none.
 */
export function cutDescription(description: string | null | undefined): string {
  const text = description?.trim() ?? '';
  if (!text) return t('components.courseCard.noDescription');
  return text.length > DESCRIPTION_CUT ? `${text.slice(0, DESCRIPTION_CUT)}...` : text;
}

/** "active" → "Active" (docs/product.md#your-enrolled-courses: "Status:" capitalised). */
export function capitalise(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** The course statuses the catalogues name (docs/product.md#course-status); any other shows as it is stored, capitalised. */
const STATUS_NAMES: Readonly<Record<string, MessageId>> = {
  active: 'components.courseStatus.active',
  inactive: 'components.courseStatus.inactive',
  ongoing: 'components.courseStatus.ongoing',
};

/**
 * A course status as shown, in the active language: `active` → "Active", `inactive` → "Inactive",
 * the legacy `ongoing` → "Ongoing"; an unknown value capitalised as stored ({@link capitalise}).
 */
export function courseStatusName(status: string): string {
  const id = Object.hasOwn(STATUS_NAMES, status.toLowerCase()) ? STATUS_NAMES[status.toLowerCase()] : undefined;
  return id ? t(id) : capitalise(status);
}

/** Which screen shows the course: the student's (others grey) or the teacher's (others red). */
export type CourseView = 'student' | 'teacher';

/**
 * How a status is drawn (docs/product.md#course-status; docs/product.md#clarified-behaviour): `active`
 * and the legacy `ongoing` are highlighted (green); any other value is
 * `muted` (grey) in the student view and `alert` (red) in the teacher view.
 */
export function courseStatusTone(status: string, view: CourseView): 'highlight' | 'muted' | 'alert' {
  const value = status.toLowerCase();
  if (value === 'active' || value === 'ongoing') return 'highlight';
  return view === 'student' ? 'muted' : 'alert';
}

/** The image to show: the course's (on the API's origin) or the 345×140 placeholder (docs/product.md#constants-and-limits). */
export function courseImageSrc(course: Pick<Course, 'imageUrl'>): string {
  if (!course.imageUrl) return placeholderUrl;
  return course.imageUrl.startsWith('/') ? `${API_ORIGIN}${course.imageUrl}` : course.imageUrl;
}

/** "Status: Active", coloured by {@link courseStatusTone}; the word carries the meaning, the colour repeats it. */
function CourseStatus({ status, view }: { status: string; view: CourseView }) {
  const { t: translate } = useI18n();
  const tone = courseStatusTone(status, view);
  return (
    <p className="course-card__status">
      {translate('common.statusLabel')}{' '}
      <span className={`course-status course-status--${tone}`} data-tone={tone}>
        {courseStatusName(status)}
      </span>
    </p>
  );
}

/** Props of {@link CourseCard}. */
export interface CourseCardProps {
  course: Course;
  view: CourseView;
  /** "View Details" was pressed */
  onDetails: (course: Course) => void;
}

/**
 * One course card of the student's and the teacher's course screens (docs/product.md#your-enrolled-courses,
 * docs/product.md#teacher-courses): image (or placeholder), title, the description cut to 60
 * characters, "Status:" capitalised and coloured, and "View Details".
 */
export function CourseCard({ course, view, onDetails }: CourseCardProps) {
  const { t: translate } = useI18n();
  const titleId = useId();
  return (
    <IonCard className="course-card" aria-labelledby={titleId}>
      <img className="course-card__image" src={courseImageSrc(course)} alt="" width={345} height={140} loading="lazy" />
      <IonCardHeader>
        <h2 id={titleId} className="course-card__title">
          {course.title}
        </h2>
      </IonCardHeader>
      <IonCardContent className="course-card__body">
        <p className="course-card__description">{cutDescription(course.description)}</p>
        <CourseStatus status={course.status} view={view} />
        <IonButton fill="outline" size="small" onClick={() => onDetails(course)}>
          {translate('components.courseCard.viewDetails')}
          <span className="visually-hidden"> {translate('components.courseCard.viewDetailsOf', { title: course.title })}</span>
        </IonButton>
      </IonCardContent>
    </IonCard>
  );
}

/** A grey stand-in for a course card while the list loads (docs/product.md#your-enrolled-courses: 6 of them). */
export function CourseCardSkeleton() {
  return (
    <IonCard className="course-card course-card--skeleton" aria-hidden="true">
      <IonSkeletonText animated className="course-card__image" />
      <IonCardHeader>
        <IonSkeletonText animated style={{ width: '70%', height: '1.25rem' }} />
      </IonCardHeader>
      <IonCardContent>
        <IonSkeletonText animated style={{ width: '100%' }} />
        <IonSkeletonText animated style={{ width: '85%' }} />
        <IonSkeletonText animated style={{ width: '40%' }} />
      </IonCardContent>
    </IonCard>
  );
}

/** Props of {@link CourseDetailsModal}. */
export interface CourseDetailsModalProps {
  /** the course to show; null keeps the modal closed */
  course: Course | null;
  view: CourseView;
  /** Close, Escape or the backdrop */
  onClose: () => void;
}

/**
 * The "View Details" modal (docs/product.md#your-enrolled-courses): title, image, the full
 * description, the status, then the course's teacher, dates, duration, assignments (a student's)
 * and speaking tasks ({@link CourseDetails}), and a Close button.
 */
export function CourseDetailsModal({ course, view, onClose }: CourseDetailsModalProps) {
  const { t: translate } = useI18n();
  // Named by the course's title: an aria-labelledby on the modal cannot reach into its shadow root.
  const instance = useDialogInstance(course?.title ?? null);
  return (
    <IonModal key={instance.key} isOpen={course !== null} onDidDismiss={onClose} className="course-details" aria-label={instance.label}>
      {course && (
        <>
          <IonHeader>
            <IonToolbar>
              <IonTitle>
                <h2 className="course-details__title">{course.title}</h2>
              </IonTitle>
              <IonButtons slot="end">
                <IonButton onClick={onClose}>{translate('common.close')}</IonButton>
              </IonButtons>
            </IonToolbar>
          </IonHeader>
          <IonContent className="ion-padding">
            {/* Focusable, as the layout's main is, so a keyboard can scroll details longer than the screen. */}
            <div className="course-details__body" tabIndex={0}>
              <img className="course-details__image" src={courseImageSrc(course)} alt="" width={345} height={140} />
              <p className="course-details__description">{course.description?.trim() || translate('components.courseCard.noDescription')}</p>
              <CourseStatus status={course.status} view={view} />
              <CourseDetails course={course} view={view} />
            </div>
          </IonContent>
        </>
      )}
    </IonModal>
  );
}
