/**
 * The preparation page's addresses and the frame protocol, apart from the zod contracts so that the router
 * (initial bundle) can name the route without loading zod.
 */

/** The preparation page (R-ESIGN-011's frame url): same origin, its own route. */
/** The preparation page (R-ESIGN-011's frame url): same origin, its own route. */
export const ESIGN_PREPARE_PATH = '/esign/prepare';
export const esignPrepareUrl = (documentPath: string) =>
  `${ESIGN_PREPARE_PATH}?templateId=${encodeURIComponent(documentPath)}`;
export const esignPreviewUrl = (documentPath: string, download = false) =>
  `/api/pdf-sign/flattened-preview?templateId=${encodeURIComponent(documentPath)}${download ? '&download=1' : ''}`;
/** The frame protocol (002 §4.5): the frame posts this to its parent, which checks origin and source. */
export const CLOSE_POPUP_MESSAGE = 'closePopup';
