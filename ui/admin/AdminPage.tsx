/**
 * The admin console (/admin, admins only: the route's minRole; the server checks every call too).
 * Sections as tabs: Users, Feeds, Jobs, Moderation, Audit log, System - each a thin view over
 * /api/admin/* and /api/feeds (docs/api.md "Admin"), built from the shared kit.
 */
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { AdminFeedBanner } from '../components/FeedStatus';
import { Navbar } from '../components/Navbar';
import { Button, EmptyState, ErrorState, LoadingState, Panel, Tabs } from '../components/kit';
import { AreaBoundary } from '../shell/ErrorBoundary';
import { adminCall, adminDownload, useAdminQuery, type AdminQuery } from './useAdminApi';
import './admin.css';

type Section = 'users' | 'feeds' | 'jobs' | 'moderation' | 'audit' | 'system';

const SECTIONS: readonly { key: Section; label: string }[] = [
  { key: 'users', label: 'Users' },
  { key: 'feeds', label: 'Feeds' },
  { key: 'jobs', label: 'Jobs' },
  { key: 'moderation', label: 'Moderation' },
  { key: 'audit', label: 'Audit log' },
  { key: 'system', label: 'System' },
];

/** A console table: caption, column headings, and the rows given as children (phones show each
 * row as a card; cells carry their heading in data-label). */
function AdminTable({
  caption,
  columns,
  testId,
  children,
}: {
  caption?: ReactNode;
  columns: readonly string[];
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="admin__table-wrap">
      <table className="admin__table" data-testid={testId}>
        {caption !== undefined && <caption>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function Loaded<T>({ q, children }: { q: AdminQuery<T>; children: (data: T) => ReactNode }) {
  if (q.loading && q.data === null) return <LoadingState />;
  if (q.error !== null)
    return <ErrorState title="Could not load" message={q.error} onRetry={q.reload} />;
  if (q.data === null) return null;
  return <>{children(q.data)}</>;
}

/** Runs an action, then reloads; the outcome shows in a status line (a polite live region). */
function useAction(
  reload: () => void,
): [string | null, (run: () => Promise<unknown>, done: string) => void] {
  const [status, setStatus] = useState<string | null>(null);
  const act = (run: () => Promise<unknown>, done: string): void => {
    setStatus('Working...');
    run().then(
      () => {
        setStatus(done);
        reload();
      },
      (err: unknown) => setStatus(err instanceof Error ? err.message : String(err)),
    );
  };
  return [status, act];
}

function Status({ text }: { text: string | null }) {
  return (
    <p className="admin__status" role="status" aria-live="polite">
      {text ?? ''}
    </p>
  );
}

/** "1 article", "3 articles". */
const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

const when = (iso: string | null): string =>
  iso === null ? '—' : iso.replace('T', ' ').slice(0, 19);

interface UserRow {
  id: string;
  email: string;
  name: string;
  role: string;
  createdAt: string;
  disabled: boolean;
}

function UsersSection() {
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const users = useAdminQuery<{ total: number; users: UserRow[] }>(
    `/api/admin/users?limit=100${search === '' ? '' : `&q=${encodeURIComponent(search)}`}`,
  );
  const [status, act] = useAction(users.reload);
  return (
    <>
      <form
        className="admin__toolbar"
        role="search"
        onSubmit={(e: SubmitEvent) => {
          e.preventDefault();
          setSearch(q.trim());
        }}
      >
        <label className="admin__field">
          <span>Search users</span>
          <input
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            placeholder="Name or email"
          />
        </label>
        <Button type="submit">Search</Button>
      </form>
      <Status text={status} />
      <Loaded q={users}>
        {(data) =>
          data.users.length === 0 ? (
            <EmptyState title="No users found" />
          ) : (
            <AdminTable
              caption={count(data.total, 'user', 'users')}
              columns={['Name', 'Email', 'Role', 'Status', 'Actions']}
            >
              {data.users.map((u) => (
                <tr key={u.id} data-testid="admin-user-row">
                  <td>{u.name}</td>
                  <td data-label="Email">{u.email}</td>
                  <td data-label="Role">
                    <select
                      aria-label={`Role of ${u.email}`}
                      value={u.role}
                      onChange={(e) => {
                        const role = e.currentTarget.value;
                        act(
                          () => adminCall('PUT', `/api/admin/users/${u.id}/role`, { role }),
                          'Role updated',
                        );
                      }}
                    >
                      <option value="user">User</option>
                      <option value="admin">Admin</option>
                    </select>
                  </td>
                  <td data-label="Status">{u.disabled ? 'Disabled' : 'Active'}</td>
                  <td className="admin__actions">
                    <Button
                      size="small"
                      variant={u.disabled ? 'default' : 'danger'}
                      onClick={() =>
                        act(
                          () =>
                            adminCall('POST', `/api/admin/users/${u.id}/disable`, {
                              disabled: !u.disabled,
                            }),
                          u.disabled ? 'User enabled' : 'User disabled',
                        )
                      }
                    >
                      {u.disabled ? 'Enable' : 'Disable'}
                    </Button>
                    <Button
                      size="small"
                      onClick={() =>
                        act(
                          () => adminCall('POST', `/api/admin/users/${u.id}/revoke`),
                          'Sessions revoked',
                        )
                      }
                    >
                      Sign out everywhere
                    </Button>
                  </td>
                </tr>
              ))}
            </AdminTable>
          )
        }
      </Loaded>
    </>
  );
}

interface FeedRow {
  id: string;
  url: string;
  name: string;
  enabled: boolean;
  health: {
    status: string;
    lastError: string | null;
    lastSuccessAt: string | null;
    itemsSeen: number;
    failures: number;
  };
}

interface FeedTest {
  success: boolean;
  feedTitle?: string | null;
  itemCount?: number;
  items?: { title: string; url: string }[];
  reason?: string;
  detail?: string;
}

function FeedsSection() {
  const feeds = useAdminQuery<{ feeds: FeedRow[] }>('/api/feeds');
  const [status, act] = useAction(feeds.reload);
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [test, setTest] = useState<FeedTest | null>(null);
  return (
    <>
      <form
        className="admin__toolbar"
        onSubmit={(e: SubmitEvent) => {
          e.preventDefault();
          act(
            () => adminCall('POST', '/api/feeds', { url: url.trim(), name: name.trim() }),
            'Feed added',
          );
        }}
      >
        <label className="admin__field admin__field--wide">
          <span>Feed URL</span>
          <input
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            placeholder="https://..."
          />
        </label>
        <label className="admin__field">
          <span>Name</span>
          <input value={name} onChange={(e) => setName(e.currentTarget.value)} />
        </label>
        <Button
          onClick={() => {
            setTest(null);
            adminCall<FeedTest>('POST', '/api/admin/feeds/test', { url: url.trim() }).then(
              setTest,
              (err: unknown) =>
                setTest({
                  success: false,
                  detail: err instanceof Error ? err.message : String(err),
                }),
            );
          }}
          disabled={url.trim() === ''}
        >
          Test fetch
        </Button>
        <Button type="submit" variant="primary" disabled={url.trim() === '' || name.trim() === ''}>
          Add feed
        </Button>
      </form>
      {test !== null ? (
        <Panel title="Test fetch" className="admin__preview" data-testid="feed-test">
          {test.success ? (
            <>
              <p>
                {test.feedTitle ?? 'Untitled feed'}: {count(test.itemCount ?? 0, 'item', 'items')}
              </p>
              <ul>
                {(test.items ?? []).map((i) => (
                  <li key={i.url}>{i.title}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className="admin__error">
              {test.reason === undefined ? '' : `${test.reason}: `}
              {test.detail ?? 'failed'}
            </p>
          )}
        </Panel>
      ) : null}
      <Status text={status} />
      <Loaded q={feeds}>
        {(data) =>
          data.feeds.length === 0 ? (
            <EmptyState title="No feeds registered" />
          ) : (
            <AdminTable
              caption={
                <>
                  {data.feeds.filter((f) => f.health.status === 'failing').length} of{' '}
                  {data.feeds.length} feeds failing
                </>
              }
              columns={['Name', 'Health', 'Last error', 'Items', 'Actions']}
            >
              {data.feeds.map((f) => (
                <tr key={f.id} data-testid="admin-feed-row">
                  <td>
                    <span className="admin__strong">{f.name}</span>
                    <span className="admin__muted admin__url">{f.url}</span>
                  </td>
                  <td data-label="Health">
                    <span className={`admin__badge admin__badge--${f.health.status}`}>
                      {f.enabled ? f.health.status : 'disabled'}
                    </span>
                  </td>
                  <td data-label="Last error" className="admin__muted">
                    {f.health.lastError ?? '—'}
                  </td>
                  <td data-label="Items">{f.health.itemsSeen}</td>
                  <td className="admin__actions">
                    <Button
                      size="small"
                      onClick={() =>
                        act(
                          () => adminCall('PATCH', `/api/feeds/${f.id}`, { enabled: !f.enabled }),
                          f.enabled ? 'Feed disabled' : 'Feed enabled',
                        )
                      }
                    >
                      {f.enabled ? 'Disable' : 'Enable'}
                    </Button>
                    <Button
                      size="small"
                      onClick={() => {
                        const renamed = window.prompt(`New name for ${f.name}`, f.name);
                        if (renamed === null || renamed.trim() === '') return;
                        act(
                          () => adminCall('PATCH', `/api/feeds/${f.id}`, { name: renamed.trim() }),
                          'Feed renamed',
                        );
                      }}
                    >
                      Rename
                    </Button>
                    <Button
                      size="small"
                      variant="danger"
                      onClick={() => {
                        if (window.confirm(`Remove ${f.name}? Its stored articles stay.`)) {
                          act(() => adminCall('DELETE', `/api/feeds/${f.id}`), 'Feed removed');
                        }
                      }}
                    >
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </AdminTable>
          )
        }
      </Loaded>
    </>
  );
}

interface JobsView {
  depth: { kind: string; status: string; count: number }[];
  failures: {
    id: number;
    kind: string;
    status: string;
    attempts: number;
    lastError: string | null;
    updatedAt: string;
  }[];
}

function JobsSection() {
  const jobs = useAdminQuery<JobsView>('/api/admin/jobs');
  const [status, act] = useAction(jobs.reload);
  return (
    <Loaded q={jobs}>
      {(data) => (
        <>
          <div className="admin__cards">
            {data.depth.length === 0 ? <EmptyState title="The queue is empty" /> : null}
            {data.depth.map((d) => (
              <div key={`${d.kind}-${d.status}`} className="admin__card">
                <span className="admin__muted">
                  {d.kind} · {d.status}
                </span>
                <b>{d.count}</b>
              </div>
            ))}
          </div>
          <Status text={status} />
          <h2 className="admin__subtitle">Failed and dead jobs</h2>
          {data.failures.length === 0 ? (
            <EmptyState title="No failures" />
          ) : (
            <AdminTable columns={['Job', 'Status', 'Attempts', 'Error', 'Actions']}>
              {data.failures.map((j) => (
                <tr key={j.id}>
                  <td>
                    #{j.id} {j.kind}
                  </td>
                  <td data-label="Status">{j.status}</td>
                  <td data-label="Attempts">{j.attempts}</td>
                  <td data-label="Error" className="admin__muted">
                    {j.lastError ?? '—'}
                  </td>
                  <td>
                    <Button
                      size="small"
                      onClick={() =>
                        act(
                          () => adminCall('POST', `/api/admin/jobs/${j.id}/retry`),
                          'Job queued again',
                        )
                      }
                    >
                      Retry
                    </Button>
                  </td>
                </tr>
              ))}
            </AdminTable>
          )}
          <div className="admin__footer">
            <Button onClick={jobs.reload}>Refresh</Button>
          </div>
        </>
      )}
    </Loaded>
  );
}

interface ModArticle {
  id: string;
  title: string;
  source: string | null;
  category: string;
  locationName: string | null;
  publishedAt: string;
  hidden: boolean;
}

const CATEGORIES = [
  'politics',
  'business',
  'technology',
  'science',
  'health',
  'environment',
  'sports',
  'entertainment',
  'general',
];

function ModerationSection() {
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [hidden, setHidden] = useState<'all' | 'only'>('all');
  const list = useAdminQuery<{ total: number; articles: ModArticle[] }>(
    `/api/admin/articles?limit=50&hidden=${hidden}${search === '' ? '' : `&q=${encodeURIComponent(search)}`}`,
  );
  const [status, act] = useAction(() => {
    list.reload();
    setHistory(null);
  });
  const [history, setHistory] = useState<string | null>(null);
  return (
    <>
      <form
        className="admin__toolbar"
        role="search"
        onSubmit={(e: SubmitEvent) => {
          e.preventDefault();
          setSearch(q.trim());
        }}
      >
        <label className="admin__field admin__field--wide">
          <span>Search titles</span>
          <input value={q} onChange={(e) => setQ(e.currentTarget.value)} />
        </label>
        <label className="admin__field">
          <span>Show</span>
          <select
            value={hidden}
            onChange={(e) => setHidden(e.currentTarget.value === 'only' ? 'only' : 'all')}
          >
            <option value="all">All articles</option>
            <option value="only">Hidden only</option>
          </select>
        </label>
        <Button type="submit">Search</Button>
      </form>
      <Status text={status} />
      <Loaded q={list}>
        {(data) =>
          data.articles.length === 0 ? (
            <EmptyState title="No articles" />
          ) : (
            <AdminTable
              caption={count(data.total, 'article', 'articles')}
              columns={['Title', 'Place', 'Category', 'Actions']}
            >
              {data.articles.map((a) => (
                <tr
                  key={a.id}
                  className={a.hidden ? 'admin__row--hidden' : undefined}
                  data-testid="admin-article-row"
                >
                  <td>
                    <span className="admin__strong">{a.title}</span>
                    <span className="admin__muted">
                      {a.source ?? 'Unknown Publisher'} · {when(a.publishedAt)}
                    </span>
                  </td>
                  <td data-label="Place">{a.locationName ?? 'Unknown Location'}</td>
                  <td data-label="Category">
                    <select
                      aria-label={`Category of ${a.title}`}
                      value={CATEGORIES.includes(a.category) ? a.category : 'general'}
                      onChange={(e) => {
                        const category = e.currentTarget.value;
                        act(
                          () =>
                            adminCall('PUT', `/api/admin/articles/${a.id}/correction`, {
                              category,
                            }),
                          'Category corrected',
                        );
                      }}
                    >
                      {CATEGORIES.map((c) => (
                        <option key={c} value={c}>
                          {c}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="admin__actions">
                    {a.hidden ? (
                      <Button
                        size="small"
                        onClick={() =>
                          act(
                            () => adminCall('POST', `/api/admin/articles/${a.id}/restore`),
                            'Article restored',
                          )
                        }
                      >
                        Restore
                      </Button>
                    ) : (
                      <Button
                        size="small"
                        variant="danger"
                        onClick={() => {
                          const reason = window.prompt('Why hide this article? (optional)') ?? '';
                          act(
                            () => adminCall('POST', `/api/admin/articles/${a.id}/hide`, { reason }),
                            'Article hidden',
                          );
                        }}
                      >
                        Hide
                      </Button>
                    )}
                    <Button
                      size="small"
                      onClick={() => {
                        const place = window.prompt(
                          'Correct place as "Name, lat, lon" (e.g. Kingston, 44.23, -76.49)',
                        );
                        if (place === null) return;
                        const [pName = '', lat = '', lon = ''] = place
                          .split(',')
                          .map((s) => s.trim());
                        act(
                          () =>
                            adminCall('PUT', `/api/admin/articles/${a.id}/correction`, {
                              place: { name: pName, lat: Number(lat), lon: Number(lon) },
                            }),
                          'Place corrected',
                        );
                      }}
                    >
                      Correct place
                    </Button>
                    <Button
                      size="small"
                      aria-expanded={history === a.id}
                      onClick={() => setHistory(history === a.id ? null : a.id)}
                    >
                      History
                    </Button>
                    {history === a.id ? <Corrections articleId={a.id} /> : null}
                  </td>
                </tr>
              ))}
            </AdminTable>
          )
        }
      </Loaded>
    </>
  );
}

interface Correction {
  id: number;
  at: string;
  actorEmail: string | null;
  field: string;
  before: unknown;
  after: unknown;
  note: string | null;
}

function shown(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'object') return 'name' in v ? String(v.name) : JSON.stringify(v);
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** An article's corrections: what changed, by whom and when (newest first). */
function Corrections({ articleId }: { articleId: string }) {
  const list = useAdminQuery<{ corrections: Correction[] }>(
    `/api/admin/articles/${encodeURIComponent(articleId)}/corrections`,
  );
  return (
    <div className="admin__history" data-testid="admin-corrections">
      <Loaded q={list}>
        {(data) =>
          data.corrections.length === 0 ? (
            <p className="admin__muted">No corrections</p>
          ) : (
            <ul>
              {data.corrections.map((c) => (
                <li key={c.id}>
                  <b>{c.field}</b>: {shown(c.before)} → {shown(c.after)}
                  <span className="admin__muted">
                    {' '}
                    by {c.actorEmail ?? 'unknown'} at {when(c.at)} UTC
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </div>
  );
}

interface AuditEntry {
  id: number;
  at: string;
  actorEmail: string | null;
  action: string;
  target: string | null;
  ip: string | null;
}

const AUDIT_ACTIONS = [
  '',
  'auth.login',
  'auth.login_failed',
  'user.role',
  'user.disable',
  'user.enable',
  'user.revoke',
  'feed.add',
  'feed.update',
  'feed.delete',
  'feed.test',
  'job.retry',
  'article.hide',
  'article.restore',
  'article.correct',
];

function AuditSection() {
  const [action, setAction] = useState('');
  const query = `limit=200${action === '' ? '' : `&action=${encodeURIComponent(action)}`}`;
  const audit = useAdminQuery<{ total: number; entries: AuditEntry[] }>(
    `/api/admin/audit?${query}`,
  );
  const exportCsv = (): void => {
    adminDownload(
      `/api/admin/audit?${query}&format=csv`,
      `atlas-audit-${new Date().toISOString().slice(0, 10)}.csv`,
    ).catch(() => undefined);
  };
  return (
    <>
      <div className="admin__toolbar">
        <label className="admin__field">
          <span>Action</span>
          <select value={action} onChange={(e) => setAction(e.currentTarget.value)}>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a === '' ? 'All actions' : a}
              </option>
            ))}
          </select>
        </label>
        <Button onClick={exportCsv}>Export CSV</Button>
      </div>
      <Loaded q={audit}>
        {(data) =>
          data.entries.length === 0 ? (
            <EmptyState title="No audit entries" />
          ) : (
            <AdminTable
              caption={count(data.total, 'entry', 'entries')}
              testId="audit-table"
              columns={['When (UTC)', 'Action', 'Who', 'Target', 'Address']}
            >
              {data.entries.map((e) => (
                <tr key={e.id}>
                  <td data-label="When (UTC)">{when(e.at)}</td>
                  <td data-label="Action">{e.action}</td>
                  <td data-label="Who">{e.actorEmail ?? '—'}</td>
                  <td data-label="Target" className="admin__muted">
                    {e.target ?? '—'}
                  </td>
                  <td data-label="Address" className="admin__muted">
                    {e.ip ?? '—'}
                  </td>
                </tr>
              ))}
            </AdminTable>
          )
        }
      </Loaded>
    </>
  );
}

interface Probe {
  status: 'answering' | 'not answering' | 'not configured';
  latencyMs: number | null;
  error: string | null;
}

interface SystemView {
  version: string;
  uptimeSeconds: number;
  node: string;
  database: Probe & { dialect: string };
  redis: Probe;
  config: Record<string, unknown>;
}

const PROBE_BADGE: Record<Probe['status'], string> = {
  answering: 'ok',
  'not answering': 'failing',
  'not configured': 'off',
};

/** A backend's live check: answering (with the round trip), not answering (why), not configured. */
function ProbeCard({ label, probe, kind }: { label: string; probe: Probe; kind?: string }) {
  return (
    <div className="admin__card" data-testid={`admin-probe-${label.toLowerCase()}`}>
      <span className="admin__muted">{label}</span>
      <b>
        {kind === undefined ? null : `${kind} · `}
        <span className={`admin__badge admin__badge--${PROBE_BADGE[probe.status]}`}>
          {probe.status}
        </span>
        {probe.latencyMs === null ? null : ` ${probe.latencyMs} ms`}
      </b>
      {probe.error === null ? null : (
        <span className="admin__error admin__small">{probe.error}</span>
      )}
    </div>
  );
}

function SystemSection() {
  const sys = useAdminQuery<SystemView>('/api/admin/system');
  return (
    <Loaded q={sys}>
      {(s) => (
        <>
          <div className="admin__cards">
            <div className="admin__card">
              <span className="admin__muted">Version</span>
              <b>{s.version}</b>
            </div>
            <div className="admin__card">
              <span className="admin__muted">Uptime</span>
              <b>
                {Math.floor(s.uptimeSeconds / 3600)} h {Math.floor((s.uptimeSeconds % 3600) / 60)}{' '}
                min
              </b>
            </div>
            <ProbeCard label="Database" kind={s.database.dialect} probe={s.database} />
            <ProbeCard label="Redis" probe={s.redis} />
          </div>
          <div className="admin__footer">
            <Button onClick={sys.reload} disabled={sys.loading}>
              Check again
            </Button>
          </div>
          <h2 className="admin__subtitle">Configuration (secrets redacted)</h2>
          <pre className="admin__config" data-testid="admin-config">
            {JSON.stringify(s.config, null, 2)}
          </pre>
        </>
      )}
    </Loaded>
  );
}

/** The section named by ?section= (the feed status banner links to ?section=feeds). */
function sectionFromUrl(): Section {
  const wanted = new URLSearchParams(window.location.search).get('section');
  return SECTIONS.find((s) => s.key === wanted)?.key ?? 'users';
}

export default function AdminPage() {
  const [section, setSection] = useState<Section>(sectionFromUrl);
  return (
    <div className="app-shell admin-shell">
      <AreaBoundary area="navbar">
        <Navbar />
      </AreaBoundary>
      <main className="admin" id="main">
        <h1 className="admin__title">Admin console</h1>
        <AdminFeedBanner inConsole />
        <Tabs tabs={SECTIONS} active={section} onChange={setSection} label="Admin sections">
          <AreaBoundary area={`admin-${section}`}>
            {section === 'users' ? <UsersSection /> : null}
            {section === 'feeds' ? <FeedsSection /> : null}
            {section === 'jobs' ? <JobsSection /> : null}
            {section === 'moderation' ? <ModerationSection /> : null}
            {section === 'audit' ? <AuditSection /> : null}
            {section === 'system' ? <SystemSection /> : null}
          </AreaBoundary>
        </Tabs>
      </main>
    </div>
  );
}
