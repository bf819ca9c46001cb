import { Button, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Shown above the reload hint, e.g. "This tab could not be loaded". */
  title?: string;
}

interface State {
  error: Error | null;
}

/**
 * Contains a failed lazy chunk (a deploy replaced the files while the page was open, or the network dropped)
 * or a render error to one panel, so the header and the sidebar keep working.
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    // Kept for the browser console of whoever reproduces the problem; there is no client log endpoint yet.
    console.warn('Panel failed to render', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Stack gap="sm" role="alert" align="flex-start">
        <Title order={2} fz="h4">
          {this.props.title ?? 'This part of the page could not be loaded'}
        </Title>
        <Text c="dimmed" size="sm">
          Reload the page to try again. If it keeps happening, the application may have been updated: a reload fetches
          the new version.
        </Text>
        <Button variant="default" onClick={() => window.location.reload()}>
          Reload page
        </Button>
      </Stack>
    );
  }
}
