import { ACCOUNTS, E2E_PASSWORD, expect, test } from './fixtures';

// Runs last (file order, one worker): after it, 127.0.0.1 is throttled for 15 minutes by design.
test('SECURITY 8: after 10 failed sign-ins the 11th attempt is refused with the throttling message', async ({
  page,
}) => {
  await page.goto('/login');
  // Earlier specs may already have failed a sign-in from this IP: the refusal must come within 10 failures.
  let failures = 0;
  for (;;) {
    const res = await page.request.post('/api/auth/login', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { email: ACCOUNTS.otherAdmin, password: `wrong-${failures}` },
    });
    if (res.status() === 429) break;
    expect(res.status()).toBe(401);
    failures += 1;
    expect(failures).toBeLessThanOrEqual(10);
  }
  await page.getByLabel('Email').fill(ACCOUNTS.otherAdmin);
  await page.getByRole('textbox', { name: 'Password' }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Too many failed attempts. Please try again in 15 minutes.')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/throttled.png' });
});
