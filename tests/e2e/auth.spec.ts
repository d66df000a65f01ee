/**
 * Accounts in a real browser against the real server and database: guest mode on guest routes,
 * the login redirect (and the way back), ACCESS DENIED for a role below the minimum, registration
 * to logout with a reload in between, and the server's 'Invalid credentials'. Each test uses its
 * own e-mail address (the login limiter counts failures per IP and address).
 */
import { expect, test, type Page } from '@playwright/test';
import { requireWebGL2 } from './helpers';

const PASSWORD = 'globe-trotter-42';

function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => window.atlas !== undefined);
  await page.evaluate(() => window.atlas?.whenReady());
}

async function register(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/register');
  await expect(page).toHaveTitle('Register | ATLAS');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

test.describe('accounts and route access', () => {
  test('a guest: guest routes work, login routes redirect, the way back after sign-in', async ({
    page,
    request,
  }) => {
    await page.goto('/app');
    test.info().annotations.push({ type: 'renderer', description: await requireWebGL2(page) });
    await ready(page);
    await expect(page).toHaveTitle('Globe | ATLAS');
    // Guest mode is set automatically on a guest route.
    await expect(page.getByTestId('user-menu-button')).toHaveText(/Guest User/);
    await page.getByTestId('user-menu-button').click();
    await expect(page.getByTestId('role-badge')).toHaveText('Guest');
    await expect(page.getByTestId('role-badge')).toHaveCSS('color', 'rgb(156, 163, 175)');
    expect(await page.evaluate(() => localStorage.getItem('atlas_auth_token'))).toBeNull();

    // A login-required route: to /login (guests have no session).
    await page.goto('/timeline');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveTitle('Sign In | ATLAS');

    // Client-side validation before any request.
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    // An account made over the API; signing in returns to /timeline.
    const email = uniqueEmail('back');
    const res = await request.post('/api/auth/register', {
      data: { email, password: PASSWORD, name: 'Returning Reader' },
    });
    expect(res.status()).toBe(201);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/timeline$/);
    await expect(page).toHaveTitle('Timeline | ATLAS');
    await expect(page.getByTestId('user-menu-button')).toHaveText(/Returning Reader/);
  });

  test('register, signed in, reload keeps the session, logout goes to /login', async ({ page }) => {
    const email = uniqueEmail('reg');
    await register(page, 'Ada Lovelace', email);
    await expect(page).toHaveURL(/\/app$/);
    await ready(page);
    const menu = page.getByTestId('user-menu-button');
    await expect(menu).toHaveText(/Ada Lovelace/);
    const token = await page.evaluate(() => localStorage.getItem('atlas_auth_token'));
    expect(token).not.toBeNull();

    // A reload restores the session after the server's /api/auth/me check.
    const me = page.waitForResponse((r) => r.url().endsWith('/api/auth/me'));
    await page.reload();
    expect((await me).status()).toBe(200);
    await expect(menu).toHaveText(/Ada Lovelace/);
    await menu.click();
    await expect(page.getByTestId('user-menu')).toContainText(email);
    await expect(page.getByTestId('role-badge')).toHaveText('User');
    await expect(page.getByTestId('role-badge')).toHaveCSS('color', 'rgb(255, 255, 255)');

    // A user is below the admin area's minimum role.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'ACCESS DENIED' })).toBeVisible();
    await expect(
      page.getByText('You do not have the required permissions to access this area.'),
    ).toBeVisible();
    await expect(page.getByText('Required role: Admin')).toBeVisible();

    await page.goto('/app');
    await page.getByTestId('user-menu-button').click();
    const logout = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    expect((await logout).status()).toBe(200);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('atlas_auth_token'))).toBeNull();
    // The old token was revoked by the server.
    const after = await page.request.get('/api/auth/me', {
      headers: { authorization: `Bearer ${token ?? ''}` },
    });
    expect(after.status()).toBe(401);
  });

  test("a wrong password shows the server's 'Invalid credentials'", async ({ page, request }) => {
    const email = uniqueEmail('bad');
    const res = await request.post('/api/auth/register', { data: { email, password: PASSWORD } });
    expect(res.status()).toBe(201);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not-the-password');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect((await answer).status()).toBe(401);
    await expect(page.getByTestId('auth-error')).toHaveText('Invalid credentials');
    await expect(page).toHaveURL(/\/login$/);
    // A taken address on registration: the server's generic text.
    await register(page, 'Someone', email);
    await expect(page.getByTestId('auth-error')).toHaveText('Registration failed');
  });
});
