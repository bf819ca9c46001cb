import { Notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { renderWithProviders } from '../test/render';
import { notify } from './notify';

describe('notify', () => {
  it('shows success and error toasts with the given messages', async () => {
    renderWithProviders(<Notifications />);
    await notify.success('Label created successfully');
    await notify.error(new ApiError(500, 'INTERNAL', 'somthing went wrong'));
    expect(await screen.findByText('Label created successfully')).toBeTruthy();
    expect(await screen.findByText('somthing went wrong')).toBeTruthy();
  });
});
