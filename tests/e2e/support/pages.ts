/**
 * Page objects for the back-office: every locator is a role, a label or visible text, so the
 * tests read like what a person does (clickX) and sees (seeX), never like the DOM.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export interface DemoUser {
  email: string;
  password: string;
  name: string;
  role: 'Super Admin' | 'Manager' | 'Cashier';
}

export const DEMO_PASSWORD = 'password';
export const USERS = {
  admin: { email: 'admin@example.com', password: DEMO_PASSWORD, name: 'Admin', role: 'Super Admin' },
  manager: { email: 'manager@example.com', password: DEMO_PASSWORD, name: 'Manager', role: 'Manager' },
  cashier: { email: 'cashier@example.com', password: DEMO_PASSWORD, name: 'Cashier', role: 'Cashier' },
} as const satisfies Record<string, DemoUser>;

export const LOGIN_URL = /\/admin\/login$/;
export const DASHBOARD_URL = /\/admin\/dashboard$/;
export const LOGIN_API = '**/api/v1/admin/login';
export const STORAGE_KEYS = ['user', 'user_token'] as const;

/** SPEC §8 texts. */
export const MESSAGES = {
  loginSuccess: 'Successfully login',
  loginFailed: 'Failed',
  invalidCredentials: 'Invalid Credentials',
  forbidden: 'You do not have permission to access this page.',
  inactive: 'This account is inactive.',
} as const;

export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly signInButton: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email');
    this.password = page.getByLabel('Password');
    this.signInButton = page.getByRole('button', { name: 'Sign in' });
  }

  async open(): Promise<void> {
    await this.page.goto('/admin/login');
    await this.seeForm();
  }

  async seeForm(): Promise<void> {
    await expect(this.page).toHaveURL(LOGIN_URL);
    await expect(this.signInButton).toBeVisible();
  }

  async fillEmail(value: string): Promise<void> {
    await this.email.fill(value);
  }

  async fillPassword(value: string): Promise<void> {
    await this.password.fill(value);
  }

  async clickSignIn(): Promise<void> {
    await this.signInButton.click();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.fillEmail(email);
    await this.fillPassword(password);
    await this.clickSignIn();
  }

  /** Signs in through the form and waits for the dashboard. */
  async signInAs(user: DemoUser): Promise<void> {
    await this.signIn(user.email, user.password);
    await expect(this.page).toHaveURL(DASHBOARD_URL);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  }

  /** The error text under a field (the form's own validation or the server's field errors). */
  async seeFieldError(text: string): Promise<void> {
    await expect(this.page.getByRole('form', { name: 'Sign in' }).getByText(text, { exact: true })).toBeVisible();
  }

  async seeNoFieldError(text: string): Promise<void> {
    await expect(this.page.getByRole('form', { name: 'Sign in' }).getByText(text, { exact: true })).toHaveCount(0);
  }

  /** The page alert above the form (SPEC §4). */
  alert(): Locator {
    return this.page.getByRole('main').getByRole('alert');
  }

  async seeAlert(text: string): Promise<void> {
    await expect(this.alert()).toContainText(text);
  }

  async seeBusy(): Promise<void> {
    await expect(this.signInButton).toHaveAttribute('aria-busy', 'true');
    await expect(this.signInButton).toBeDisabled();
  }

  async seeIdle(): Promise<void> {
    await expect(this.signInButton).toBeEnabled();
    await expect(this.signInButton).not.toHaveAttribute('aria-busy', 'true');
  }
}

export interface MenuNode {
  label: string;
  href?: string;
  /** A group shown with no entries (SPEC §6: Products and Inventory). */
  empty?: boolean;
  children?: MenuNode[];
}

export class Shell {
  readonly nav: Locator;
  readonly userMenuButton: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Main menu' });
    this.userMenuButton = page.getByRole('button', { name: 'User menu' });
  }

  async seeHeading(title: string): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  }

  async seeDashboard(): Promise<void> {
    await expect(this.page).toHaveURL(DASHBOARD_URL);
    await this.seeHeading('Dashboard');
  }

  /**
   * The side menu as a person sees it once every group is opened: labels, link targets and
   * the groups shown without entries.
   */
  async seeMenuEntries(): Promise<MenuNode[]> {
    await expect(this.nav).toBeVisible();
    // Opening a group mounts its subgroups (collapsed), so keep going until none is left.
    for (let i = 0; i < 50; i++) {
      const collapsed = this.nav.getByRole('button', { expanded: false });
      if ((await collapsed.count()) === 0) break;
      await collapsed.first().click();
    }
    await expect(this.nav.getByRole('button', { expanded: false })).toHaveCount(0);
    return this.nav.evaluate((nav) => {
      type Node = { label: string; href?: string; empty?: boolean; children?: Node[] };
      const walk = (ul: Element): Node[] =>
        [...ul.children].map((li) => {
          const head = li.querySelector(':scope > a, :scope > button, :scope > div > button');
          const link = li.querySelector(':scope > a');
          if (link) return { label: (link.textContent ?? '').trim(), href: link.getAttribute('href') ?? '' };
          const sub = li.querySelector('ul');
          const text = (head?.textContent ?? '').trim();
          if (!sub) return { label: text.replace(/No items$/, '').trim(), empty: true, children: [] };
          return { label: text, children: walk(sub) };
        });
      const list = nav.querySelector('ul');
      return list ? walk(list) : [];
    });
  }

  menuLink(name: string): Locator {
    return this.nav.getByRole('link', { name, exact: true });
  }

  menuGroup(name: string): Locator {
    return this.nav.getByRole('button', { name, exact: true });
  }

  async openUserMenu(): Promise<void> {
    await this.userMenuButton.click();
    await expect(this.page.getByRole('menu')).toBeVisible();
  }

  async closeUserMenu(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(this.page.getByRole('menu')).toBeHidden();
  }

  async seeUserName(name: string, email?: string): Promise<void> {
    await this.openUserMenu();
    const menu = this.page.getByRole('menu');
    await expect(menu.getByText(name, { exact: true })).toBeVisible();
    if (email) await expect(menu.getByText(email, { exact: true })).toBeVisible();
    await this.closeUserMenu();
  }

  async clickLogout(): Promise<void> {
    await this.openUserMenu();
    await this.page.getByRole('menuitem', { name: 'Logout' }).click();
  }

  themeButton(): Locator {
    return this.page.getByRole('button', { name: /^Switch to (dark|light) theme$/ });
  }

  async toggleTheme(): Promise<void> {
    await this.themeButton().click();
  }

  async useTheme(theme: 'light' | 'dark'): Promise<void> {
    const other = theme === 'dark' ? 'light' : 'dark';
    const button = this.themeButton();
    if ((await button.getAttribute('aria-label')) === `Switch to ${theme} theme`) await button.click();
    await expect(this.page.getByRole('button', { name: `Switch to ${other} theme` })).toBeVisible();
  }

  menuButton(): Locator {
    return this.page.getByRole('button', { name: /^(Show|Hide) navigation menu$/ });
  }

  async clickMenuButton(): Promise<void> {
    await this.menuButton().click();
  }

  drawerDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Navigation' });
  }
}

export class Toasts {
  readonly region: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Messages' });
  }

  /** Every toast on screen, top first. */
  toasts(): Locator {
    return this.region.getByRole('status');
  }

  toast(text: string): Locator {
    return this.toasts().filter({ hasText: text });
  }

  async seeToast(text: string, kind?: 'Success' | 'Error' | 'Warning' | 'Info'): Promise<void> {
    const t = kind ? this.region.getByRole('status', { name: kind }).filter({ hasText: text }) : this.toast(text);
    await expect(t.first()).toBeVisible();
  }

  async texts(): Promise<string[]> {
    return (await this.toasts().allInnerTexts()).map((s) => s.trim());
  }

  async hover(text: string): Promise<void> {
    await this.toast(text).first().hover();
  }

  /** Moves the pointer to the bottom-left corner, away from the toasts. */
  async unhover(): Promise<void> {
    const size = this.page.viewportSize() ?? { width: 800, height: 600 };
    await this.page.mouse.move(2, size.height - 2);
  }

  async click(text: string): Promise<void> {
    await this.toast(text).first().click();
  }
}

export async function storedKeys(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, window.localStorage.getItem(k)])), [...STORAGE_KEYS]);
}

const XSRF = 'e2e-xsrf-value';
/** Headers that pass the double-submit XSRF check from outside the page. */
export const xsrfHeaders = { Cookie: `XSRF-TOKEN=${XSRF}`, 'X-XSRF-TOKEN': XSRF };

/** Signs in through the API (not the page) and returns the token and the user record. */
export async function apiLogin(request: APIRequestContext, user: DemoUser): Promise<{ token: string; user: unknown }> {
  const res = await request.post('/api/v1/admin/login', {
    headers: xsrfHeaders,
    data: { email: user.email, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { Status: string; access_token: string; user: unknown };
  expect(body.Status).toBe('success');
  return { token: body.access_token, user: body.user };
}

/** Revokes a token the way another device would: POST /api/logout with it. */
export async function apiLogout(request: APIRequestContext, token: string): Promise<void> {
  const res = await request.post('/api/logout', { headers: { ...xsrfHeaders, Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Puts a session into the page's storage as the app stores it, before the app boots. */
export async function seedSession(page: Page, token: string, user: unknown): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate(
    ({ token, user }) => {
      window.localStorage.setItem('user', JSON.stringify({ access_token: token, user }));
      window.localStorage.setItem('user_token', token);
    },
    { token, user },
  );
}
