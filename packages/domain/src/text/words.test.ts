import { describe, expect, it } from 'vitest';
import { joinedWithAnd } from './words';

describe('words joined as a sentence lists them', () => {
  it('joins none, one, two and more words with commas and a last "and"', () => {
    expect([[], ['A'], ['A', 'B'], ['A', 'B', 'C']].map(joinedWithAnd)).toEqual(['', 'A', 'A and B', 'A, B and C']);
  });
});
