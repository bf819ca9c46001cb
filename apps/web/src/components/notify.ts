import { GENERIC_ERROR_MESSAGE } from '@caseport/domain/api/error-codes';
import { isApiError } from '../lib/api-client';

// Loaded on first use and by the deferred <Notifications /> container (app.tsx): toasts never block first paint.
const load = () => import('@mantine/notifications');

const messageOf = (errorOrMessage: unknown) =>
  typeof errorOrMessage === 'string'
    ? errorOrMessage
    : isApiError(errorOrMessage) || errorOrMessage instanceof Error
      ? errorOrMessage.message
      : GENERIC_ERROR_MESSAGE;

/** Success and error toasts. Success messages are the server's `message` where the spec says so (D-07). */
export const notify = {
  success(message: string, title?: string): Promise<string> {
    return load().then(({ notifications }) => notifications.show({ color: 'teal', title, message, autoClose: 4000 }));
  },
  error(errorOrMessage: unknown, title?: string): Promise<string> {
    // Errors stay longer: the user has to read what went wrong before acting again.
    return load().then(({ notifications }) =>
      notifications.show({ color: 'red', title, message: messageOf(errorOrMessage), autoClose: 8000 }),
    );
  },
};
