/**
 * /account 'Account & Preferences' (spec application.md section 2; rules section 5; sync section
 * 6): account info, saved topics and regions, appearance, performance, and the alerts raised by
 * the saved topics and regions. Preferences are local for guests and follow the account when
 * signed in (ui/account/preferencesSync.ts).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { parseResolvedRegions, type ResolvedRegion } from '../../data/alerts';
import type { PerformanceMode, QualityPreference } from '../../data/preferences';
import { saveSettings, settings, withSetting } from '../../engine/settings';
import { roleLabel } from '../auth/access';
import { apiClient, auth } from '../auth/authState';
import { Button, Panel, Select, Toggle } from '../components/kit';
import { Navbar } from '../components/Navbar';
import { settingsOpen } from '../shell/shellState';
import { AlertsPanel } from './AlertsPanel';
import { boxLabel } from './regionText';
import { preferences, setPreference, syncStatus } from './preferencesSync';
import './account.css';

/**
 * Signed in: what the server makes of each saved region (GET /api/alerts/regions), re-read after
 * each synced change. An ambiguous name ('Georgia': the country and the US state) matches every
 * reading; a button keeps one (replaces the saved text with 'Georgia (country)' or 'Georgia, US').
 */
function RegionReadings({ items }: { items: readonly string[] }) {
  useSignals();
  const signedIn = auth.isAuthenticated.value;
  const status = syncStatus.value;
  const [resolved, setResolved] = useState<ResolvedRegion[]>([]);
  const key = items.join('\n');
  useEffect(() => {
    if (!signedIn || status !== 'synced') return undefined;
    let live = true;
    apiClient.get('/alerts/regions', { cache: false }).then(
      (body) => {
        if (live) setResolved(parseResolvedRegions(body));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [signedIn, status, key]);
  const ambiguous = resolved.filter((r) => r.places.length > 1 && items.includes(r.term));
  if (!signedIn || ambiguous.length === 0) return null;
  return (
    <div className="account__readings" data-testid="region-readings">
      {ambiguous.map((r) => (
        <div key={r.term} className="account__reading">
          <p className="account__muted">
            “{r.term}” matches {r.places.map((p) => p.label).join(' and ')}. Keep only:
          </p>
          <div className="account__picks">
            {r.places.map((p) => (
              <Button
                key={p.pick}
                size="small"
                onClick={() =>
                  setPreference(
                    'savedRegions',
                    items.map((t) => (t === r.term ? p.pick : t)),
                  )
                }
              >
                {p.label}
              </Button>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

function SavedList({
  title,
  field,
  placeholder,
  testId,
  hint,
}: {
  title: string;
  field: 'savedTopics' | 'savedRegions';
  placeholder: string;
  testId: string;
  hint?: ReactNode;
}) {
  useSignals();
  const [text, setText] = useState('');
  const items = preferences.value[field];
  const add = (): void => {
    const t = text.trim();
    // Spec section 5: trimmed, empty ignored, no duplicate check.
    if (t === '') return;
    setPreference(field, [...items, t]);
    setText('');
  };
  return (
    <Panel title={title} className="account__panel" data-testid={testId}>
      <div className="account__add">
        <input
          type="text"
          className="account__input"
          value={text}
          placeholder={placeholder}
          aria-label={placeholder}
          maxLength={200}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') add();
          }}
        />
        <Button onClick={add}>Add</Button>
      </div>
      {items.length === 0 ? (
        <p className="account__muted">None yet.</p>
      ) : (
        <ul className="account__chips">
          {items.map((item, i) => (
            <li key={`${i}-${item}`} className="account__chip" title={item}>
              <span>{field === 'savedRegions' ? (boxLabel(item) ?? item) : item}</span>
              <button
                type="button"
                aria-label={`Remove ${item}`}
                onClick={() =>
                  setPreference(
                    field,
                    items.filter((_, j) => j !== i),
                  )
                }
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {field === 'savedRegions' ? <RegionReadings items={items} /> : null}
      {hint === undefined ? null : <p className="account__muted account__hint">{hint}</p>}
    </Panel>
  );
}

const SYNC_TEXT = {
  local: 'Saved on this device (guest).',
  syncing: 'Syncing with your account…',
  synced: 'Synced with your account.',
  error: 'Could not reach the server; saved on this device.',
} as const;

export default function AccountPage() {
  useSignals();
  const user = auth.user.value;
  const signedIn = auth.isAuthenticated.value;
  const p = preferences.value;
  const role = user?.role;
  return (
    <div className="app-shell">
      <Navbar />
      <main className="account" data-testid="account-page">
        <header className="account__header">
          <h1>Account &amp; Preferences</h1>
          <p className="account__muted" data-testid="sync-status">
            {SYNC_TEXT[syncStatus.value]}
          </p>
        </header>
        <div className="account__grid">
          <Panel title="Account" className="account__panel" data-testid="account-info">
            <dl className="account__info">
              <dt>Name</dt>
              <dd>{user?.name ?? 'Guest User'}</dd>
              <dt>Email</dt>
              <dd>{user?.email !== undefined && user.email !== '' ? user.email : '—'}</dd>
              <dt>Role</dt>
              <dd data-testid="account-role">{role === undefined ? 'Guest' : roleLabel(role)}</dd>
              <dt>Status</dt>
              <dd data-testid="account-status">{signedIn ? 'Active' : 'Guest Mode'}</dd>
            </dl>
            {!signedIn ? (
              <p className="account__muted">
                <Link href="/login">Sign in</Link> to keep your preferences on every device.
              </p>
            ) : null}
          </Panel>
          <SavedList
            title="Saved Topics"
            field="savedTopics"
            placeholder="Add a topic"
            testId="saved-topics"
          />
          <SavedList
            title="Saved Regions"
            field="savedRegions"
            placeholder="Add a country, state or city"
            testId="saved-regions"
            hint={
              <>
                {signedIn
                  ? 'A name for two places (‘Georgia’) watches both; ‘Georgia (country)’ or ‘Georgia, US’ keeps one. '
                  : 'A country or city name (‘Paris, France’); states and provinces are matched once you sign in. '}
                To watch an area, frame it on the <Link href="/app">globe</Link> and choose Share
                View → Watch this area (or type ‘south,west,north,east’ in degrees).
              </>
            }
          />
          <Panel title="Appearance" className="account__panel" data-testid="appearance">
            <Select
              label="Theme"
              value={p.theme}
              options={[
                { value: 'dark', label: 'Dark' },
                { value: 'light', label: 'Light (Coming Soon)', disabled: true },
              ]}
              onChange={(v) => setPreference('theme', v)}
              testId="pref-theme"
            />
            <Toggle
              label="CRT effect"
              checked={p.crtEffect}
              onChange={(v) => setPreference('crtEffect', v)}
              testId="pref-crt"
            />
            <Toggle
              label="Sound effects"
              checked={p.soundEnabled}
              onChange={(v) => {
                setPreference('soundEnabled', v);
                const next = withSetting(settings.peek(), 'audio', 'enabled', v);
                saveSettings(next);
                settings.value = next;
              }}
              testId="pref-sound"
            />
          </Panel>
          <Panel title="Performance" className="account__panel" data-testid="performance">
            <Select<PerformanceMode>
              label="Mode"
              value={p.performanceMode}
              options={[
                { value: 'auto', label: 'Auto' },
                { value: 'quality', label: 'Quality' },
                { value: 'performance', label: 'Performance' },
              ]}
              onChange={(v) => setPreference('performanceMode', v)}
              testId="pref-mode"
            />
            <Select<QualityPreference>
              label="Default quality"
              value={p.quality}
              options={[
                { value: 'auto', label: 'Auto' },
                { value: 'high', label: 'High' },
                { value: 'medium', label: 'Medium' },
                { value: 'low', label: 'Low' },
              ]}
              onChange={(v) => {
                setPreference('quality', v);
                const next = withSetting(settings.peek(), 'display', 'qualityMode', v);
                saveSettings(next);
                settings.value = next;
              }}
              testId="pref-quality"
            />
            <Button
              onClick={() => {
                settingsOpen.value = true;
              }}
            >
              All globe settings…
            </Button>
          </Panel>
          <AlertsPanel />
        </div>
      </main>
    </div>
  );
}
