import type { Tx } from '@caseport/db/client';
import { UPLOAD_PURPOSES, type UploadPurposeKey } from '@caseport/domain/files/purposes';
import { recordAudit } from './audit';
import type { RequestContext } from './context';
import { stripExternalRelationships } from './docx-relationships';
import { AppError, fieldError, notFound } from './errors';
import { sniff } from './file-sniffing';
import type { FileStorage } from './file-storage';
import { newStoredPath } from './file-storage';
import * as repo from './files-repository';
import { writtenDuring } from './tx-uploads';

export interface IncomingFile {
  filename: string;
  data: Buffer;
  /**
   * Set only by the server for bytes it made and checked as below already (a filled letter, checked in the
   * document process: docx-job.ts): what sniff found. Never from a request.
   */
  checked?: Awaited<ReturnType<typeof sniff>>;
}

/** The file record the spec's upload answers with (000 §7: name, extn, path, mimetype). */
export interface FileRecord {
  name: string;
  extn: string;
  path: string;
  mimetype: string;
  size: number;
  secureType: 'public' | 'private';
}

/** Printable, header-safe original name: no path, no control characters, bounded length. */
export const cleanFilename = (name: string) => {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  const cleaned = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must go.
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/^\.+/, '')
    .trim();
  return (cleaned || 'file').slice(0, 200);
};

/**
 * The name a download is saved under (issue 23): the requested name, or the stored original, may choose
 * the base name only; the extension is always the one the content was sniffed as at upload. A link's
 * `filename=evil.html` therefore saves a stored PDF as `evil.pdf`, never as a page the browser would open.
 */
export const downloadName = (requested: string | undefined, stored: { originalName: string; extn: string }) => {
  const stem = (name: string) =>
    cleanFilename(name)
      .replace(/\.[^.]*$/, '')
      .trim();
  const base = (requested?.trim() ? stem(requested) : '') || stem(stored.originalName) || 'file';
  return `${base.slice(0, 190)}.${stored.extn}`;
};

export const INVALID_FILE_NAME = 'Invalid file name';
const hasPathComponent = (name: string) => /[\\/]/.test(name) || name.trim() === '..';

/**
 * Checked files whose bytes are written and not yet recorded (writeUploads): `recordUploads` adds their rows in a
 * transaction; `discard` removes the bytes when that transaction fails.
 */
export interface WrittenUploads {
  purposeKey: UploadPurposeKey;
  files: { path: string; name: string; type: { extn: string; mimetype: string }; size: number }[];
  discard: () => Promise<void>;
}

/**
 * Checks every file first, then writes their bytes: one bad file refuses the whole upload (no partial writes).
 * Outside any transaction (issue 39): on PGlite a transaction holds the one connection, and every other tenant's
 * statement would wait for the disk.
 */
export const writeUploads = async (
  storage: FileStorage,
  purposeKey: UploadPurposeKey,
  requestedSecureType: 'public' | 'private' | undefined,
  files: IncomingFile[],
): Promise<WrittenUploads> => {
  const purpose = UPLOAD_PURPOSES[purposeKey];
  if (requestedSecureType && requestedSecureType !== purpose.secureType) {
    throw fieldError('secureType', `secureType must be ${purpose.secureType} for ${purposeKey}`);
  }
  if (files.length === 0) {
    throw fieldError('files', 'Select a file to upload');
  }
  const checked = [];
  for (const file of files) {
    // A browser sends the bare file name; a name with a directory part or a '..' segment is an attempt
    // at path traversal and is refused (stored names are random anyway, SECURITY 18).
    if (hasPathComponent(file.filename)) {
      throw new AppError('FILE_REJECTED', INVALID_FILE_NAME, [{ name: 'files', message: INVALID_FILE_NAME }], 400);
    }
    if (file.data.length > purpose.maxBytes) {
      throw new AppError(
        'FILE_REJECTED',
        `File is too large (at most ${Math.round(purpose.maxBytes / 1024)} KB)`,
        undefined,
        413,
      );
    }
    const type = file.checked ?? (await sniff(file.data));
    if ('rejected' in type || !(purpose.kinds as readonly string[]).includes(type.kind)) {
      throw new AppError('FILE_REJECTED', purpose.rejectMessage);
    }
    // Issue 39: a Word document is stored without its external relationships (file:///, http:// targets); a
    // checked one lost them where it was checked.
    const data = type.kind === 'docx' && !file.checked ? stripExternalRelationships(file.data).data : file.data;
    checked.push({ file: { ...file, data }, type });
  }
  const written: WrittenUploads['files'] = [];
  const discard = async () => {
    await Promise.all(written.map((w) => storage.remove(w.path)));
  };
  try {
    for (const { file, type } of checked) {
      const path = newStoredPath(purpose.secureType, type.extn);
      await storage.put(path, file.data);
      written.push({ path, name: cleanFilename(file.filename), type, size: file.data.length });
    }
  } catch (error) {
    await discard();
    throw error;
  }
  return { purposeKey, files: written, discard };
};

/** The rows of written files (and an audit row each unless the caller's own names them: SECURITY 19). */
export const recordUploads = async (
  tx: Tx,
  ctx: RequestContext,
  written: WrittenUploads,
  { audit = true }: { audit?: boolean } = {},
): Promise<FileRecord[]> => {
  const { secureType } = UPLOAD_PURPOSES[written.purposeKey];
  const records: FileRecord[] = [];
  for (const { path, name, type, size } of written.files) {
    await repo.insertFile(tx, ctx.tenantId, {
      storedName: path,
      originalName: name,
      extn: type.extn,
      mimetype: type.mimetype,
      size,
      secureType,
      purpose: written.purposeKey,
      createdBy: ctx.principal.userId,
    });
    if (audit)
      await recordAudit(tx, ctx, {
        entity: 'file',
        entityId: path,
        action: 'upload',
        after: { name, purpose: written.purposeKey },
      });
    records.push({ name, extn: type.extn, path, mimetype: type.mimetype, size, secureType });
  }
  return records;
};

/**
 * `write` (a transaction that records the written files) or, when it fails, the bytes removed: what the files'
 * rows would have named (the transaction rolls them back).
 */
export const keepingUploads = async <T>(written: WrittenUploads, write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    await written.discard();
    throw error;
  }
};

/**
 * writeUploads and recordUploads in the caller's transaction (the bytes written while it is open). The bytes are
 * registered with the transaction (tx-uploads.ts): when it fails later, after this returned (the caller's own
 * row refused), runInTenant removes them.
 */
export const storeUploads = async (
  tx: Tx,
  ctx: RequestContext,
  storage: FileStorage,
  purposeKey: UploadPurposeKey,
  requestedSecureType: 'public' | 'private' | undefined,
  files: IncomingFile[],
  /** false when the caller's own audit row names the files (SECURITY 19: one audit row per request). */
  { audit = true }: { audit?: boolean } = {},
): Promise<FileRecord[]> => {
  const written = await writeUploads(storage, purposeKey, requestedSecureType, files);
  writtenDuring(tx, written);
  return keepingUploads(written, () => recordUploads(tx, ctx, written, { audit }));
};

export const readFileForViewer = async (tx: Tx, ctx: RequestContext, storage: FileStorage, path: string) => {
  const record = await repo.findFileByPath(tx, ctx.tenantId, path);
  if (!record) throw notFound('File');
  const data = await storage.get(record.storedName);
  if (!data) throw notFound('File');
  return { record, data };
};
