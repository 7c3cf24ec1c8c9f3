/**
 * Page objects for the back-office: every locator is a role, a label or visible text, so the
 * tests read like what a person does (clickX) and sees (seeX), never like the DOM.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { capitalise } from '../../../domain/text.ts';
import { QUICK_POLL } from './held-calls.ts';

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
    // Escape reaches the menu once it holds the focus: Ark's menu moves it in a frame after it
    // shows, and listens for Escape from then on. Pressed sooner, it went to the page (it failed
    // so once, the menu still open 5 s later).
    const menu = this.page.getByRole('menu');
    await expect.poll(() => menu.evaluate((m) => m.contains(document.activeElement))).toBe(true);
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
export async function apiLogin(request: APIRequestContext, user: Pick<DemoUser, 'email' | 'password'>): Promise<{ token: string; user: unknown }> {
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

/** What the list and form page objects need from a resource definition (domain/resources). */
export interface ResourcePageSpec {
  label: { one: string; many: string };
  routes: { list: string };
  searchHint?: string;
  columns: readonly { name: string; label: string }[];
}


/** One resource's list screen: toolbar, table, pagination and the delete confirmation. */
export class ListPage {
  readonly heading: Locator;
  readonly searchBox: Locator;
  readonly table: Locator;
  readonly pagination: Locator;
  readonly confirmDialog: Locator;
  readonly selectionBar: Locator;
  readonly exportButton: Locator;

  constructor(
    readonly page: Page,
    readonly spec: ResourcePageSpec,
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: capitalise(spec.label.many), exact: true });
    this.searchBox = page.getByRole('main').getByRole('searchbox', { name: spec.searchHint ?? 'Search' });
    this.table = page.getByRole('main').getByRole('table');
    this.pagination = page.getByRole('navigation', { name: `Pages of ${spec.label.many}` });
    this.confirmDialog = page.getByRole('alertdialog', { name: 'Are you sure want to delete?' });
    this.selectionBar = page.getByRole('toolbar', { name: 'Selected rows' });
    this.exportButton = page.getByRole('main').getByRole('button', { name: 'Export CSV' });
  }

  get path(): string {
    return `/admin${this.spec.routes.list}`;
  }

  async open(search = ''): Promise<void> {
    await this.page.goto(this.path + search);
  }

  /** The address bar's query as a normalised string (`page=2&sort=name`), without the `?`. */
  query(): string {
    return new URLSearchParams(new URL(this.page.url()).search).toString();
  }

  async seeAddress(search: string): Promise<void> {
    const want = new URLSearchParams(search).toString();
    await expect.poll(() => new URL(this.page.url()).pathname, { message: 'the list path', intervals: QUICK_POLL }).toBe(this.path);
    await expect.poll(() => this.query(), { message: `the address bar shows ?${want}`, intervals: QUICK_POLL }).toBe(want);
  }

  /** The card around toolbar (search, or the selected rows' actions) and table: aria-busy while the list machine is busy. */
  card(): Locator {
    const toolbar = this.page.getByRole('search').or(this.page.getByRole('toolbar', { name: 'Selected rows' }));
    return this.page.getByRole('main').locator('[aria-busy]').filter({ has: toolbar });
  }

  async seeLoading(): Promise<void> {
    await expect(this.page.getByRole('status', { name: `Loading ${this.spec.label.many}` })).toBeVisible();
    await expect(this.table).toHaveCount(0);
  }

  async seeBusy(busy: boolean): Promise<void> {
    await expect(this.card()).toHaveAttribute('aria-busy', String(busy));
  }

  failure(): Locator {
    return this.page.getByRole('main').getByRole('alert').filter({ hasText: `${capitalise(this.spec.label.many)} could not be loaded.` });
  }

  async seeFailed(message: string): Promise<void> {
    await expect(this.failure()).toBeVisible();
    await expect(this.failure()).toContainText(message);
    await expect(this.failure().getByRole('button', { name: 'Try again' })).toBeVisible();
  }

  async clickRetry(): Promise<void> {
    await this.failure().getByRole('button', { name: 'Try again' }).click();
  }

  emptyText(filtered: boolean): Locator {
    const many = this.spec.label.many;
    return this.page.getByRole('main').getByText(filtered ? `No ${many} match this search or filter.` : `There are no ${many} yet.`, { exact: true });
  }

  async seeEmpty(filtered: boolean): Promise<void> {
    await expect(this.emptyText(filtered)).toBeVisible();
    await expect(this.table).toHaveCount(0);
  }

  async clickClearSearch(): Promise<void> {
    await this.page.getByRole('main').getByRole('button', { name: 'Clear search and filters' }).click();
  }

  /** Body rows (the header row excluded). */
  rows(): Locator {
    return this.table.getByRole('rowgroup').nth(1).getByRole('row');
  }

  row(title: string): Locator {
    return this.rows().filter({ has: this.page.getByRole('checkbox', { name: `Select ${title}`, exact: true }) });
  }

  /** The first cell of each row (the record's title), top to bottom. */
  async rowTitles(): Promise<string[]> {
    return this.rows().evaluateAll((rows) =>
      rows.map((r) => {
        const cells = [...r.querySelectorAll('td')];
        const first = cells.find((td) => !td.querySelector('input[type="checkbox"]'));
        return (first?.textContent ?? '').trim();
      }),
    );
  }

  async seeRows(titles: string[]): Promise<void> {
    await expect.poll(() => this.rowTitles(), { message: 'the rows shown', intervals: QUICK_POLL }).toEqual(titles);
  }

  checkbox(title: string): Locator {
    return this.table.getByRole('checkbox', { name: `Select ${title}`, exact: true });
  }

  selectAll(): Locator {
    return this.table.getByRole('checkbox', { name: `Select all ${this.spec.label.many} on this page` });
  }

  async toggleRow(title: string): Promise<void> {
    await this.checkbox(title).click();
  }

  async toggleAll(): Promise<void> {
    await this.selectAll().click();
  }

  async seeSelected(count: number): Promise<void> {
    if (count === 0) await expect(this.selectionBar).toHaveCount(0);
    else await expect(this.selectionBar.getByText(`${count} selected`, { exact: true })).toBeVisible();
  }

  async clickClearSelection(): Promise<void> {
    await this.selectionBar.getByRole('button', { name: 'Clear selection' }).click();
  }

  async clickDeleteSelected(): Promise<void> {
    await this.selectionBar.getByRole('button', { name: 'Delete selected' }).click();
  }

  deleteButton(title: string): Locator {
    return this.table.getByRole('button', { name: `Delete ${title}`, exact: true });
  }

  async clickDelete(title: string): Promise<void> {
    await this.deleteButton(title).click();
  }

  /**
   * Where a row is in a delete: as usual (its Delete button), waiting out the undo window
   * ("Will be deleted"), or its request on its way ("Deleting…", busy).
   */
  async seeDeleting(title: string, state: 'shown' | 'doomed' | 'deleting'): Promise<void> {
    const row = this.row(title);
    await expect(row.getByText('Deleting…', { exact: true })).toHaveCount(state === 'deleting' ? 1 : 0);
    await expect(row.getByText('Will be deleted', { exact: true })).toHaveCount(state === 'doomed' ? 1 : 0);
    if (state === 'deleting') await expect(row).toHaveAttribute('aria-busy', 'true');
    if (state === 'shown') await expect(this.deleteButton(title)).toBeVisible();
  }

  async seeConfirm(what: string): Promise<void> {
    await expect(this.confirmDialog).toBeVisible();
    await expect(this.confirmDialog).toContainText(`This deletes ${what}. You can undo it for a few seconds.`);
  }

  /** The bar after a confirmed delete: with Undo while the window runs, then "Deleting…". */
  undoBar(): Locator {
    return this.card().getByRole('status').filter({ hasText: / will be deleted\.|^Deleting / });
  }

  async seeUndo(state: 'none' | 'undo' | 'sending'): Promise<void> {
    if (state === 'none') return expect(this.undoBar()).toHaveCount(0);
    await expect(this.undoBar()).toBeVisible();
    await expect(this.undoBar().getByRole('button', { name: 'Undo' })).toHaveCount(state === 'undo' ? 1 : 0);
  }

  async clickUndo(): Promise<void> {
    await this.undoBar().getByRole('button', { name: 'Undo' }).click();
  }

  /** A refused delete, on screen until dismissed. */
  notice(): Locator {
    return this.card().getByRole('alert').filter({ has: this.page.getByRole('button', { name: 'Dismiss' }) });
  }

  async seeNotice(message: string | null): Promise<void> {
    if (message === null) return expect(this.notice()).toHaveCount(0);
    await expect(this.notice()).toContainText(message);
  }

  async clickDismissNotice(): Promise<void> {
    await this.notice().getByRole('button', { name: 'Dismiss' }).click();
  }

  async clickConfirmDelete(): Promise<void> {
    await this.confirmDialog.getByRole('button', { name: 'Delete', exact: true }).click();
  }

  async clickCancelDelete(): Promise<void> {
    await this.confirmDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  }

  sortButton(column: string): Locator {
    return this.table.getByRole('columnheader', { name: column }).getByRole('button');
  }

  async clickSort(column: string): Promise<void> {
    await this.sortButton(column).click();
  }

  async seeSorted(column: string, dir: 'ascending' | 'descending'): Promise<void> {
    await expect(this.table.getByRole('columnheader', { name: column })).toHaveAttribute('aria-sort', dir);
  }

  async clickNextPage(): Promise<void> {
    await this.pagination.getByRole('button', { name: 'Next page' }).click();
  }

  async seePage(page: number): Promise<void> {
    await expect(this.pagination.getByText(new RegExp(`^Page ${page} of \\d+$`))).toBeVisible();
  }

  perPageSelect(): Locator {
    return this.pagination.getByRole('combobox', { name: 'Rows per page' });
  }

  async choosePerPage(n: number): Promise<void> {
    await this.perPageSelect().selectOption(String(n));
  }

  filterSelect(label: string): Locator {
    return this.page.getByRole('main').getByRole('combobox', { name: label, exact: true });
  }

  async chooseFilter(label: string, optionLabel: string): Promise<void> {
    await this.filterSelect(label).selectOption({ label: optionLabel });
  }

  async typeSearch(text: string): Promise<void> {
    await this.searchBox.fill(text);
  }

  async submitSearch(): Promise<void> {
    await this.searchBox.press('Enter');
  }
}

/** A create or edit form of a resource: fields by label, Save and Cancel, the form's own error. */
export class FormPage {
  readonly form: Locator;
  readonly saveButton: Locator;
  readonly cancelButton: Locator;

  constructor(
    readonly page: Page,
    readonly title: string,
  ) {
    this.form = page.getByRole('form', { name: title });
    this.saveButton = this.form.getByRole('button', { name: 'Save', exact: true });
    this.cancelButton = this.form.getByRole('button', { name: 'Cancel', exact: true });
  }

  field(label: string): Locator {
    return this.form.getByRole('textbox', { name: label, exact: true });
  }

  async fill(label: string, value: string): Promise<void> {
    await this.field(label).fill(value);
  }

  async clickSave(): Promise<void> {
    await this.saveButton.click();
  }

  async clickCancel(): Promise<void> {
    await this.cancelButton.click();
  }

  /** The form under its title: "Edit brand", or "Edit brand Acme" once the record has loaded. */
  async seeForm(): Promise<void> {
    const escaped = this.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const titled = new RegExp('^' + escaped + '( .+)?$');
    await expect(this.page.getByRole('heading', { level: 1, name: titled })).toBeVisible();
    await expect(this.form).toBeVisible();
  }

  /** The page's heading and the document's title name the record ("Edit customer Aiden Hall"). */
  async seeTitle(text: string): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: text, exact: true })).toBeVisible();
    await expect(this.page).toHaveTitle(`${text} · Back office`);
  }

  /** The message under a field is its accessible description, and the field is marked invalid. */
  async seeFieldError(label: string, message: string): Promise<void> {
    await expect(this.field(label)).toHaveAttribute('aria-invalid', 'true');
    await expect(this.field(label)).toHaveAccessibleDescription(message);
  }

  async seeNoFieldError(label: string): Promise<void> {
    await expect(this.field(label)).not.toHaveAttribute('aria-invalid', 'true');
  }

  /** Why the save was refused; a lost update is apart (it offers Reload). */
  formError(): Locator {
    return this.form.getByRole('alert').filter({ hasNot: this.page.getByRole('button', { name: 'Reload', exact: true }) });
  }

  /** A lost update: kept on screen with Reload and Dismiss until one is pressed. */
  conflict(): Locator {
    return this.form.getByRole('alert').filter({ has: this.page.getByRole('button', { name: 'Reload', exact: true }) });
  }

  conflictButton(name: 'Reload' | 'Dismiss'): Locator {
    return this.conflict().getByRole('button', { name, exact: true });
  }

  async seeConflict(message: string | null): Promise<void> {
    if (message === null) return expect(this.conflict()).toHaveCount(0);
    await expect(this.conflict()).toContainText(message);
    await expect(this.conflictButton('Reload')).toBeEnabled();
    await expect(this.conflictButton('Dismiss')).toBeEnabled();
  }

  async seeFormError(message: string | null): Promise<void> {
    if (message === null) await expect(this.formError()).toHaveCount(0);
    else {
      const text = () => this.formError().evaluate((el) => {
        const copy = el.cloneNode(true) as HTMLElement;
        for (const b of copy.querySelectorAll('button')) b.remove();
        return (copy.textContent ?? '').trim();
      });
      await expect.poll(text, { message: 'the form error', intervals: QUICK_POLL }).toBe(message);
    }
  }

  async seeSaving(): Promise<void> {
    await expect(this.saveButton).toHaveAttribute('aria-busy', 'true');
    await expect(this.saveButton).toBeDisabled();
  }

  async seeReady(): Promise<void> {
    await expect(this.saveButton).toBeEnabled();
    await expect(this.saveButton).not.toHaveAttribute('aria-busy', 'true');
  }

  async seeLoading(what: string): Promise<void> {
    await expect(this.page.getByRole('status', { name: `Loading the ${what}` })).toBeVisible();
    await expect(this.form).toHaveCount(0);
  }

  loadFailure(what: string): Locator {
    return this.page.getByRole('main').getByRole('alert').filter({ hasText: `This ${what} could not be loaded` });
  }

  async seeLoadFailed(what: string, message: string): Promise<void> {
    await expect(this.loadFailure(what)).toBeVisible();
    await expect(this.loadFailure(what)).toContainText(message);
  }

  async clickRetry(what: string): Promise<void> {
    await this.loadFailure(what).getByRole('button', { name: 'Try again' }).click();
  }
}

/** "Leave this page?": asked before a page with unsaved changes is left. */
export class LeaveDialog {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('alertdialog', { name: 'Leave this page?' });
  }

  /** Open, asking about leaving the page (a link, Back) or about logging out. */
  async seeOpen(about: 'page' | 'logout' = 'page'): Promise<void> {
    await expect(this.dialog).toBeVisible();
    // Stay is focused first, so Enter or Escape keeps the changes.
    await expect(this.dialog.getByRole('button', { name: 'Stay' })).toBeFocused();
    const logout = about === 'logout';
    await expect(this.dialog).toContainText(`Your changes have not been saved. If you ${logout ? 'log out' : 'leave'}, they will be lost.`);
    await expect(this.dialog.getByRole('button', { name: logout ? 'Log out' : 'Leave', exact: true })).toBeVisible();
  }

  async seeClosed(): Promise<void> {
    await expect(this.dialog).toHaveCount(0);
  }

  /**
   * Whether reloading or closing the tab would make the browser ask first (its own prompt):
   * a cancelable beforeunload event, as the browser sends one, comes back prevented.
   */
  async reloadWouldAsk(): Promise<boolean> {
    return this.page.evaluate(() => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    });
  }

  async clickStay(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Stay' }).click();
  }

  async clickLeave(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Leave' }).click();
  }

  async clickLogOut(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Log out', exact: true }).click();
  }
}

/** Writes through the admin API as a signed-in user, to set up and clean up records. */
export class AdminApi {
  constructor(
    readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  private headers(): Record<string, string> {
    return { ...xsrfHeaders, Authorization: `Bearer ${this.token}` };
  }

  async create<T extends { id: number }>(api: string, body: Record<string, unknown>): Promise<T> {
    const res = await this.request.post(api, { headers: this.headers(), data: body });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { data: T }).data;
  }

  async update(api: string, id: number, body: Record<string, unknown>): Promise<void> {
    const res = await this.request.put(`${api}/${id}`, { headers: this.headers(), data: body });
    expect(res.status(), await res.text()).toBe(200);
  }

  async list<T extends { id: number }>(api: string, query: Record<string, string>): Promise<T[]> {
    const res = await this.request.get(`${api}?${new URLSearchParams(query)}`, { headers: this.headers() });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { data: T[] }).data;
  }

  async bulkDelete(api: string, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const res = await this.request.post(`${api}/bulk-delete`, { headers: this.headers(), data: { ids } });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** Puts a session into storage before every document of the page loads (no extra navigation). */
export async function seedSessionOnLoad(page: Page, token: string, user: unknown): Promise<void> {
  await page.addInitScript(
    ({ token, user }) => {
      window.localStorage.setItem('user', JSON.stringify({ access_token: token, user }));
      window.localStorage.setItem('user_token', token);
    },
    { token, user },
  );
}

/**
 * Turns CSS animations and transitions off in every document of the page: a test waits for
 * states, not for a dialog to finish fading (Playwright waits for a moving element to settle
 * before clicking it). Ark's presence sees no animation and mounts/unmounts at once.
 */
export async function withoutAnimations(page: Page): Promise<void> {
  // A constructed style sheet, not a <style> element: the Content-Security-Policy refuses
  // inline styles, and the CSP tests count every refusal.
  await page.addInitScript(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('*, *::before, *::after { animation: none !important; transition: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
}

/**
 * Runs `fn` signed in (in `page`'s storage) as a new person whose only role holds the one
 * right named, made through the API and removed afterwards whatever happens.
 */
export async function asPersonWithOnly(page: Page, request: APIRequestContext, right: string, fn: (session: { token: string; user: unknown }) => Promise<void>): Promise<void> {
  const admin = new AdminApi(request, (await apiLogin(request, USERS.admin)).token);
  const tag = Date.now().toString(36);
  const perms = await admin.list<{ id: number; name: string }>('/api/v1/admin/permissions', { search: right, per_page: '100' });
  const permission = perms.find((p) => p.name === right);
  expect(permission, `the right “${right}”`).toBeDefined();
  const role = await admin.create<{ id: number }>('/api/v1/admin/roles', { name: `Only ${right} ${tag}`, permission_ids: [permission!.id] });
  const email = `only-${tag}@example.com`;
  const password = `only-${right.replace(/\W/g, '-')}-pass`;
  const user = await admin.create<{ id: number }>('/api/v1/admin/users', { name: `Only ${right}`, email, status: 'active', role_ids: [role.id], password });
  try {
    const session = await apiLogin(request, { email, password });
    await seedSessionOnLoad(page, session.token, session.user);
    await fn(session);
  } finally {
    await admin.bulkDelete('/api/v1/admin/users', [user.id]);
    await admin.bulkDelete('/api/v1/admin/roles', [role.id]);
  }
}

let admin: { token: string; user: unknown } | undefined;
/**
 * The demo admin's session: signed in once per worker (one argon2 sign-in, not one a test) and
 * used while the server still takes it; a test that ended it (a real sign-out, a password change)
 * leaves the next one a fresh sign-in. The sign-in itself is what auth.spec and auth.model try.
 */
export async function adminSession(request: APIRequestContext): Promise<{ token: string; user: unknown }> {
  if (admin && (await request.get('/api/user', { headers: { Authorization: `Bearer ${admin.token}` } })).ok()) return admin;
  return (admin = await apiLogin(request, USERS.admin));
}

/** Signed in as the demo admin, animations off: the page, and the admin API for setting up. */
export async function asAdmin(page: Page, request: APIRequestContext): Promise<{ token: string; api: AdminApi }> {
  const session = await adminSession(request);
  await seedSessionOnLoad(page, session.token, session.user);
  await withoutAnimations(page);
  return { token: session.token, api: new AdminApi(request, session.token) };
}
