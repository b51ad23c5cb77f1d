import { screen, within } from '@testing-library/react';

/**
 * A chart's accessible table (the screen-reader alternative of `ChartFigure` and the profile's
 * charts) as rows of cell texts, the header row left out.
 * @param title the chart's title, which is also the table's caption
 */
export function chartRows(title: string): string[][] {
  return within(screen.getByRole('table', { name: title }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? ''));
}
