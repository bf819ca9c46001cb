import { CLOSE_POPUP_MESSAGE, HEADER_DOC_TYPE, LETTER_EDITOR_PATH } from '@caseport/domain/letters/contracts';

/**
 * The editor frame's protocol (R-LETTER-007..011): the list opens LETTER_EDITOR_PATH in an iframe with what
 * to edit in its query; the page saves through form-letter/create|update and posts 'closePopup' to its parent,
 * which accepts it only from its own origin and its own frame.
 */
export type EditorMode = 'new' | 'edit' | 'view';

export interface EditorParams {
  mode: EditorMode;
  /** formAndLetterId (edit and view). */
  id?: string;
  name?: string;
  /** The stored .docx to open; a new letter without one starts blank. */
  path?: string;
  fileName?: string;
  header?: boolean;
  caseTypeId?: number | null;
  caseSubTypeId?: number | null;
}

export const editorUrl = (p: EditorParams) => {
  const q = new URLSearchParams({ mode: p.mode });
  if (p.id) q.set('id', p.id);
  if (p.name) q.set('name', p.name);
  if (p.path) q.set('path', p.path);
  if (p.fileName) q.set('fileName', p.fileName);
  if (p.header) q.set('docTypeId', HEADER_DOC_TYPE);
  if (p.caseTypeId) q.set('caseTypeId', String(p.caseTypeId));
  if (p.caseSubTypeId) q.set('caseSubTypeId', String(p.caseSubTypeId));
  return `${LETTER_EDITOR_PATH}?${q.toString()}`;
};

const MODES: readonly EditorMode[] = ['new', 'edit', 'view'];
const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export const editorParamsOf = (search: string): EditorParams => {
  const q = new URLSearchParams(search);
  const mode = q.get('mode') as EditorMode;
  return {
    mode: MODES.includes(mode) ? mode : 'view',
    id: q.get('id') ?? undefined,
    name: q.get('name') ?? undefined,
    path: q.get('path') ?? undefined,
    fileName: q.get('fileName') ?? undefined,
    header: q.get('docTypeId') === HEADER_DOC_TYPE,
    caseTypeId: positive(q.get('caseTypeId')),
    caseSubTypeId: positive(q.get('caseSubTypeId')),
  };
};

export interface ClosePopup {
  type: typeof CLOSE_POPUP_MESSAGE;
  /** The server's message after a save; absent when the user closed without saving. */
  message?: string;
  saved: boolean;
}

/** The frame's side: tell the parent (same origin only) that it is done. */
export const postClosePopup = (target: Window, message: ClosePopup) =>
  target.postMessage(message, window.location.origin);

/** The parent's side: a closePopup from our own origin and our own frame, else null. */
export const closePopupOf = (event: MessageEvent, frame: Window | null | undefined): ClosePopup | null => {
  if (event.origin !== window.location.origin || !frame || event.source !== frame) return null;
  const data = event.data as Partial<ClosePopup> | string | null;
  if (data === CLOSE_POPUP_MESSAGE) return { type: CLOSE_POPUP_MESSAGE, saved: false };
  if (typeof data !== 'object' || data === null || data.type !== CLOSE_POPUP_MESSAGE) return null;
  return {
    type: CLOSE_POPUP_MESSAGE,
    saved: data.saved === true,
    message: typeof data.message === 'string' ? data.message : undefined,
  };
};
