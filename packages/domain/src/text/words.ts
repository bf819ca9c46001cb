/** Words joined as a sentence lists them: '', 'A', 'A and B', 'A, B and C'. */
export const joinedWithAnd = (words: readonly string[]): string =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
