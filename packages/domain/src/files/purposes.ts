/**
 * What each upload is for, which real file types it accepts (checked by content on the server, by extension
 * in the browser) and how large it may be (SECURITY 18, D-19).
 */
export type FileKind = 'jpg' | 'png' | 'ico' | 'pdf' | 'doc' | 'docx';

export interface UploadPurpose {
  kinds: readonly FileKind[];
  maxBytes: number;
  secureType: 'public' | 'private';
  /** Shown when the content is not one of `kinds`. */
  rejectMessage: string;
}

const KB = 1024;
const MB = 1024 * KB;

export const UPLOAD_PURPOSES = {
  /** 000 §5: jpg, jpeg, png under 250 KB (enforced, D-19). */
  logo: { kinds: ['jpg', 'png'], maxBytes: 250 * KB, secureType: 'public', rejectMessage: 'Select image only' },
  /** D-19: png, ico or other non-SVG image types, at most 100 KB. */
  favicon: {
    kinds: ['png', 'ico', 'jpg'],
    maxBytes: 100 * KB,
    secureType: 'public',
    rejectMessage: 'Select image only',
  },
  /** FEIN and petitioner documents. */
  document: {
    kinds: ['pdf', 'jpg', 'png', 'doc', 'docx'],
    maxBytes: 10 * MB,
    secureType: 'private',
    rejectMessage: 'Upload PDF, image or MS Word files only',
  },
  /** SOC templates, letter heads: Word only. */
  word: {
    kinds: ['doc', 'docx'],
    maxBytes: 10 * MB,
    secureType: 'private',
    rejectMessage: 'Upload Only MS Word Files',
  },
  pdf: { kinds: ['pdf'], maxBytes: 10 * MB, secureType: 'private', rejectMessage: 'Upload PDF files only' },
  /** Issue 34: a document uploaded on a case (a passport scan, a signed form, a Word draft). */
  caseDocument: {
    kinds: ['pdf', 'docx', 'jpg', 'png'],
    maxBytes: 10 * MB,
    secureType: 'private',
    rejectMessage: 'Upload PDF, Word (.docx), JPEG or PNG files only',
  },
} as const satisfies Record<string, UploadPurpose>;

export type UploadPurposeKey = keyof typeof UPLOAD_PURPOSES;
export const UPLOAD_PURPOSE_KEYS = Object.keys(UPLOAD_PURPOSES) as UploadPurposeKey[];
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_PURPOSES).map((p) => p.maxBytes));
export const MAX_FILES_PER_UPLOAD = 10;

const EXTENSIONS: Record<FileKind, readonly string[]> = {
  jpg: ['jpg', 'jpeg'],
  png: ['png'],
  ico: ['ico'],
  pdf: ['pdf'],
  doc: ['doc'],
  docx: ['docx'],
};

/** The browser's first check, by name: the `accept` attribute and a quick refusal before uploading. */
export const acceptedExtensions = (purpose: UploadPurposeKey): string[] =>
  UPLOAD_PURPOSES[purpose].kinds.flatMap((k) => EXTENSIONS[k]);

/** The file input's `accept` attribute for a purpose (".jpg,.jpeg,.png"). */
export const acceptAttribute = (purpose: UploadPurposeKey): string =>
  acceptedExtensions(purpose)
    .map((e) => `.${e}`)
    .join(',');

export const extensionOf = (filename: string): string => {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(filename);
  return m ? (m[1] as string).toLowerCase() : '';
};

export const hasAcceptedExtension = (purpose: UploadPurposeKey, filename: string): boolean =>
  acceptedExtensions(purpose).includes(extensionOf(filename));
