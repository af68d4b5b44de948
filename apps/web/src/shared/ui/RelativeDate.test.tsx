import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { RelativeDate } from './RelativeDate';

describe('RelativeDate', () => {
  it('renders the label in a time element carrying the exact instant', () => {
    const now = new Date(2025, 5, 15, 12, 0);
    const date = new Date(2025, 5, 15, 14, 0);
    renderWithMantine(<RelativeDate date={date} now={now} />);
    const time = screen.getByText('Starts in 2 hours');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', date.toISOString());
  });
});
