// The floor of the browser benchmark (scripts/bench-browser.ts): the least a plain React page
// does to show what the back-office shows, so the app's figures have something to be divided by.
//
//   /bench-floor/customers?per_page=25   the first page of customers, from the same API call
//                                        the app's list makes, in a plain table
//   /bench-floor/login                   a plain sign-in form (not wired: only its first paint
//                                        is measured)
//
// No router, no state library, no styles, no session check: the token the app would use is read
// from the same storage key, and the request starts as soon as this script runs.
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

interface Customer {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  city: string | null;
  category_name: string | null;
  status: string;
  created_at: string;
}

const PAGE_SIZES = [10, 25, 50, 100];

/** The query the app's customers list sends (listQueryString(def, query, { full: true })). */
function customersUrl(perPage: number): string {
  return `/api/v1/admin/customers?${new URLSearchParams({ page: '1', per_page: String(perPage), sort: 'name', dir: 'asc' })}`;
}

function loadCustomers(perPage: number): Promise<Customer[]> {
  const token = window.localStorage.getItem('user_token');
  return fetch(customersUrl(perPage), {
    credentials: 'include',
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  }).then(async (res) => {
    if (!res.ok) throw new Error(`GET customers answered ${res.status}`);
    return ((await res.json()) as { data: Customer[] }).data;
  });
}

const day = (iso: string) => iso.slice(0, 10);
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function Customers({ request }: { request: Promise<Customer[]> }) {
  const [rows, setRows] = useState<Customer[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    request.then(setRows, (e: unknown) => setError(String(e)));
  }, [request]);

  if (error) return <p role="alert">{error}</p>;
  if (!rows) return <p>Loading customers…</p>;
  return (
    <table>
      <caption>Customers</caption>
      <thead>
        <tr>
          <th>Name</th>
          <th>Email</th>
          <th>Phone</th>
          <th>City</th>
          <th>Category</th>
          <th>Status</th>
          <th>Created</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((c) => (
          <tr key={c.id}>
            <td>
              <a href={`/admin/customers/${c.id}/edit`}>{c.name}</a>
            </td>
            <td>{c.email}</td>
            <td>{c.phone}</td>
            <td>{c.city}</td>
            <td>{c.category_name}</td>
            <td>{capital(c.status)}</td>
            <td>{day(c.created_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LoginForm() {
  return (
    <form aria-label="Sign in" onSubmit={(e) => e.preventDefault()}>
      <h1>Sign in</h1>
      <p>
        <label>
          Email <input type="email" name="email" autoComplete="username" required />
        </label>
      </p>
      <p>
        <label>
          Password <input type="password" name="password" autoComplete="current-password" required />
        </label>
      </p>
      <button type="submit">Sign in</button>
    </form>
  );
}

const path = window.location.pathname.replace(/\/+$/, '');
const perPage = Number(new URLSearchParams(window.location.search).get('per_page'));
// Started before React renders anything: the request does not wait for a mount.
const request = path.endsWith('/customers') ? loadCustomers(PAGE_SIZES.includes(perPage) ? perPage : 10) : null;

createRoot(document.getElementById('root')!).render(request ? <Customers request={request} /> : <LoginForm />);
