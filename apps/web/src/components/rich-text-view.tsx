import { Box, type BoxProps } from '@mantine/core';

/**
 * Shows rich text that the server has sanitized with its allow-list (SECURITY 14: only p, br, strong, em,
 * ol, ul, li and no attributes ever reach the browser), so rendering it as HTML cannot run anything.
 */
export function RichTextView({ html, ...rest }: BoxProps & { html: string | null | undefined }) {
  return (
    <Box
      className="rich-text-view"
      fz="sm"
      style={{ overflowWrap: 'anywhere' }}
      {...rest}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitized allow-list HTML (platform/rich-text.ts)
      dangerouslySetInnerHTML={{ __html: html ?? '' }}
    />
  );
}
