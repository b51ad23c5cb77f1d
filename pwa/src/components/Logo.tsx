import logoUrl from '../assets/logo.svg';

/** Props of {@link Logo}. */
export interface LogoProps {
  /** Rendered height in CSS pixels; the width follows the mark's proportions. */
  height?: number;
  className?: string;
}

/** The green and orange "Oracy" mark (alt text "Oracy"). */
export function Logo({ height = 32, className }: LogoProps) {
  return <img src={logoUrl} alt="Oracy" height={height} width={Math.round((height * 148) / 40)} className={className} />;
}
