import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ListFooter } from './list-footer';
import { pluralOf, TotalCount } from './total-count';

describe('the total count of a list', () => {
  it('R-LIST-003: names the total with its noun, in the plural English takes', () => {
    expect(['entry', 'branch', 'case', 'service center', 'day', 'box'].map(pluralOf)).toEqual([
      'entries',
      'branches',
      'cases',
      'service centers',
      'days',
      'boxes',
    ]);
    renderWithProviders(<TotalCount total={1} noun="entry" />);
    expect(screen.getByText('Total: 1 entry')).toBeTruthy();
  });

  it('issue 37: a count that stopped at its cap says "more than", and the pagination reaches the pages counted', () => {
    renderWithProviders(
      <ListFooter
        page={1}
        perpage={25}
        totalCount={10_000}
        totalCountCapped
        onPageChange={() => undefined}
        onPerPageChange={() => undefined}
        noun="entry"
      />,
    );
    expect(screen.getByText('Total: more than 10,000 entries')).toBeTruthy();
    expect(screen.getByRole('button', { name: /400/ })).toBeTruthy();
  });
});
