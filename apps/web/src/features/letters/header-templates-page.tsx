import { LetterListPage } from './letter-list-page';

/** Header Templates tab (headerTemplate, 002 §2.5). */
export default function HeaderTemplatesPage() {
  return <LetterListPage kind="headers" />;
}
