import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeDirection, formatChange } from './oracy';
import { ChangeFigure } from './ChangeFigure';

describe('a change since last time (docs/product.md#oracy-profile)', () => {
  it('goes up, down or nowhere as its two decimals show it', () => {
    expect(changeDirection(0.25)).toBe('rise');
    expect(changeDirection(-0.88)).toBe('fall');
    expect(changeDirection(0)).toBe('same');
    // Shown as 0.00, so neither a rise nor a fall.
    expect(changeDirection(-0.004)).toBe('same');
    expect(formatChange(-0.004)).toBe('0.00');
    expect(formatChange(-0.88)).toBe('−0.88');
  });

  it.each([
    [-0.88, 'oracy-change--fall', 'Down −0.88'],
    [0.5, 'oracy-change--rise', 'Up +0.50'],
    [0, 'oracy-change--same', 'No change 0.00'],
  ])('shows %s with its colour, its arrow hidden from screen readers and its direction in words', (change, className, text) => {
    const { container } = render(<ChangeFigure change={change} />);
    const figure = container.querySelector('.oracy-change');
    expect(figure).toHaveClass(className);
    expect(figure).toHaveTextContent(text);
    expect(figure?.querySelector('ion-icon')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText(text.replace(/ [−+]?\d.*$/, ''), { selector: '.visually-hidden' })).toBeInTheDocument();
  });
});
