import { IonAvatar, IonCard } from '@ionic/react';
import { useId, useState, type ReactNode } from 'react';
import avatarPlaceholder from './avatar-placeholder.svg';
import { API_ORIGIN } from '../platform/config';
import { intl, t, useI18n } from '../platform/i18n';
import '../platform/ui/area.css';

/** "A, B, C", or "N/A" when there are none (docs/product.md#your-teachers), in the active language. */
export function joinCourseNames(courses: readonly { courseName: string }[] | null | undefined): string {
  const names = (courses ?? []).map((c) => c.courseName).filter((name) => name.trim() !== '');
  return names.length ? intl().formatList(names, { type: 'unit', style: 'short' }) : t('common.notAvailable');
}

/** The avatar's source: the person's picture (a server path on the API's origin), else the placeholder. */
export function avatarSrc(picture: string | null | undefined): string {
  if (!picture) return avatarPlaceholder;
  return picture.startsWith('/') ? `${API_ORIGIN}${picture}` : picture;
}

/** Props of {@link PersonCard}. */
export interface PersonCardProps {
  name: string;
  email: string;
  /** avatar path or URL; null for the placeholder image */
  picture: string | null;
  courses: readonly { courseName: string }[];
  /** more lines below "Courses:", e.g. a student's Oracy (docs/product.md#your-students-oracy) */
  children?: ReactNode;
}

/**
 * A teacher of a student (docs/product.md#your-teachers) or a student of a teacher
 * (docs/product.md#your-students): avatar (a placeholder when there is none or it fails to load),
 * name, "Email:" and "Courses:" comma-joined or N/A, then whatever `children` adds.
 */
export function PersonCard({ name, email, picture, courses, children }: PersonCardProps) {
  const nameId = useId();
  const { t } = useI18n();
  const [broken, setBroken] = useState(false);
  return (
    <IonCard className="person-card" aria-labelledby={nameId}>
      <IonAvatar>
        <img src={broken ? avatarPlaceholder : avatarSrc(picture)} alt="" onError={() => setBroken(true)} />
      </IonAvatar>
      <div className="person-card__body">
        <h2 id={nameId} className="person-card__name">
          {name}
        </h2>
        <p className="person-card__line">
          <span className="person-card__label">{t('shared.person.email')}</span> <a href={`mailto:${email}`}>{email}</a>
        </p>
        <p className="person-card__line">
          <span className="person-card__label">{t('shared.person.courses')}</span> {joinCourseNames(courses)}
        </p>
        {children}
      </div>
    </IonCard>
  );
}
