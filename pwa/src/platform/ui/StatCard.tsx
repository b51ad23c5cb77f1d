import type { ReactNode } from 'react';
import './area.css';

/** Props of {@link StatCard}. */
export interface StatCardProps {
  /** the card's label, e.g. "Total Courses" (docs/product.md#student-dashboard, docs/product.md#teacher-dashboard) */
  label: string;
  /** the figure or text it shows, or an element that shows it (e.g. a change with its arrow) */
  value: number | string | ReactNode;
  /** orange top edge instead of green, to tell a text value (the Oracy level) apart */
  accent?: boolean;
}

/**
 * One dashboard figure as a list item: the label, then the value (a
 * definition-like pair screen readers read in order). Render it inside a
 * `<ul className="stat-grid">`.
 */
export function StatCard({ label, value, accent = false }: StatCardProps) {
  return (
    <li>
      <div className={`stat-card${accent ? ' stat-card--accent' : ''}`}>
        <p className="stat-card__label">{label}</p>
        <p className={`stat-card__value${typeof value === 'string' ? ' stat-card__value--text' : ''}`}>{value}</p>
      </div>
    </li>
  );
}
