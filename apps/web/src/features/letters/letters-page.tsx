import { LetterListPage } from './letter-list-page';

/** Letter Templates tab (lettersTemplate, 002 §2.4). */
export default function LettersPage() {
  return <LetterListPage kind="letters" />;
}
