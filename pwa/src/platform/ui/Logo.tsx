import logoUrl from '../assets/logo.svg';
import markUrl from '../assets/logo-mark.svg';
import { useI18n } from '../i18n';

/** Props of {@link Logo}. */
export interface LogoProps {
  /** Rendered height in CSS pixels; the width follows the artwork's proportions. */
  height?: number;
  /** `full`: the speech-bubble mark and the "Oracy" word; `mark`: the bubble only, for tight spaces. */
  variant?: 'full' | 'mark';
  className?: string;
}

/** The green and orange "Oracy" logo, an image with the alt text "Oracy". */
export function Logo({ height = 32, variant = 'full', className }: LogoProps) {
  const { t } = useI18n();
  const [src, ratio] = variant === 'full' ? [logoUrl, 148 / 40] : [markUrl, 1];
  return <img src={src} alt={t('app.name')} height={height} width={Math.round(height * ratio)} className={className} />;
}
