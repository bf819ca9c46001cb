import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { isApiError } from '../lib/api-client';

export interface ErrorAlertProps extends Omit<AlertProps, 'children' | 'onClose' | 'title'> {
  /** The error (an ApiError's message is the server's text) or a message; nothing renders when empty. */
  error: unknown;
  /** Clearing is the caller's state change, so the same message can reappear after the next failure. */
  onClear?: () => void;
  title?: string;
}

export const errorMessage = (error: unknown): string | null => {
  if (!error) return null;
  if (typeof error === 'string') return error;
  if (isApiError(error) || error instanceof Error) return error.message;
  return null;
};

/** The warning alert the spec asks for in open modals and side panels when a call fails; a click clears it. */
export function ErrorAlert({ error, onClear, title, ...rest }: ErrorAlertProps) {
  const message = errorMessage(error);
  const ref = useRef<HTMLDivElement>(null);
  // A long modal may be scrolled to its Save button: bring the new message into view (not in jsdom).
  useEffect(() => {
    if (message) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [message]);
  if (!message) return null;
  return (
    <Alert
      ref={ref}
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden="true" />}
      title={title}
      withCloseButton={!!onClear}
      closeButtonLabel="Dismiss message"
      // The close button's click bubbles here, so one handler serves mouse, touch and keyboard.
      onClick={onClear}
      // scroll-margin keeps the scrolled-to message clear of a modal's sticky header.
      style={{ scrollMarginTop: 80, ...(onClear ? { cursor: 'pointer' } : {}) }}
      {...rest}
    >
      {message}
    </Alert>
  );
}
