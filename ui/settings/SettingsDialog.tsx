/**
 * The 'ATLAS Settings' dialog (spec globe.md section 2; ranges section 5; defaults and
 * enumerations section 9). Opened by the `settingsOpen` signal; lazy-loaded by SettingsHost.
 * Changes preview live (the draft goes to the engine through the same commands as saved
 * settings); Save Changes persists, Cancel (and Escape, close, backdrop) restores the saved ones.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { qualityInfo, rendererInfo, SPHERE_STYLE_LABELS } from '../../engine/signals';
import {
  SETTINGS_KEY,
  SETTINGS_SCHEMA,
  defaultSettings,
  exportFileName,
  parseSettingsFile,
  sanitizeSettings,
  saveSettings,
  serializeSettings,
  settings,
  type FieldSpec,
  type Settings,
} from '../../engine/settings';
import { Button, Dialog, Select, Slider, Tabs, Toggle } from '../components/kit';
import { settingsOpen } from '../shell/shellState';
import { applySettings } from './applySettings';
import { SETTINGS_ROWS, SETTINGS_TABS, type SettingRow, type SettingsTab } from './settingsRows';
import './settings.css';

export const RESET_CONFIRM =
  'Are you sure you want to reset all settings to defaults? This cannot be undone.';
export const IMPORT_FAILED = 'Failed to import settings. Please check the file format.';
export const IMPORT_OK = 'Settings imported successfully!';
export const ATLAS_VERSION = 'ATLAS v2025.1';

function label(value: string): string {
  if (value in SPHERE_STYLE_LABELS) return SPHERE_STYLE_LABELS[value as 'blue'];
  if (value === 'fxaa' || value === 'msaa') return value.toUpperCase();
  return value.charAt(0).toUpperCase() + value.slice(1).replace(/-/g, ' ');
}

function fieldOf(row: SettingRow): FieldSpec {
  return (SETTINGS_SCHEMA[row.group] as Record<string, FieldSpec>)[row.key] as FieldSpec;
}

function valueOf(s: Settings, row: SettingRow): unknown {
  return (s[row.group] as Record<string, unknown>)[row.key];
}

function format(v: number, step: number, unit = ''): string {
  const decimals = step >= 1 ? 0 : Math.min(2, Math.ceil(-Math.log10(step)));
  return `${v.toFixed(decimals)}${unit === '' ? '' : ` ${unit}`}`;
}

function SettingControl({
  row,
  draft,
  onChange,
}: {
  row: SettingRow;
  draft: Settings;
  onChange: (row: SettingRow, v: unknown) => void;
}) {
  const spec = fieldOf(row);
  const v = valueOf(draft, row);
  const testId = `setting-${row.group}-${row.key}`;
  const disabled = row.unsupported === true;
  // A setting the engine cannot honour says so next to its (disabled) control.
  const hint = disabled ? `Not honoured on this device: ${row.note ?? 'stored only.'}` : row.note;
  switch (spec.kind) {
    case 'number':
      return (
        <Slider
          label={row.label}
          value={v as number}
          min={spec.min}
          max={spec.max}
          step={spec.step}
          format={(n) => format(n, spec.step, row.unit)}
          onChange={(n) => onChange(row, n)}
          disabled={disabled}
          testId={testId}
          {...(hint === undefined ? {} : { hint })}
        />
      );
    case 'boolean':
      return (
        <Toggle
          label={row.label}
          checked={v as boolean}
          onChange={(b) => onChange(row, b)}
          disabled={disabled}
          testId={testId}
          {...(hint === undefined ? {} : { hint })}
        />
      );
    case 'enum':
      return (
        <Select
          label={row.label}
          value={v as string}
          options={spec.values.map((o) => ({ value: o, label: label(o) }))}
          onChange={(o) => onChange(row, o)}
          disabled={disabled}
          testId={testId}
          {...(hint === undefined ? {} : { hint })}
        />
      );
    case 'color':
      return (
        <div className="kit-select">
          <label htmlFor={testId}>{row.label}</label>
          <input
            id={testId}
            type="color"
            className="settings__color"
            value={v as string}
            data-testid={testId}
            onChange={(e) => onChange(row, e.currentTarget.value)}
          />
        </div>
      );
  }
}

function SystemInfo() {
  useSignals();
  const q = qualityInfo.value;
  return (
    <dl className="settings__info" data-testid="settings-system-info">
      <dt>Version</dt>
      <dd>{ATLAS_VERSION}</dd>
      <dt>Renderer</dt>
      <dd>{rendererInfo.value === '' ? 'Unknown' : rendererInfo.value}</dd>
      <dt>Quality</dt>
      <dd>
        {q === null
          ? 'Starting…'
          : `${label(q.mode)} (detected ${q.detected}${q.override === null ? ', auto' : ', fixed'})`}
      </dd>
      <dt>Frame rate</dt>
      <dd>{q === null ? '–' : `${Math.round(q.fps)} FPS`}</dd>
      <dt>Stored as</dt>
      <dd>
        <code>{SETTINGS_KEY}</code> (version 1)
      </dd>
    </dl>
  );
}

export default function SettingsDialog() {
  useSignals();
  const open = settingsOpen.value;
  const [draft, setDraftState] = useState<Settings>(() => settings.peek());
  // The latest draft, also between an input event and the re-render it causes: two fields
  // changed before React renders again (fast typing, a slow device) must both count, so a
  // change builds on this and never on the draft of the last render.
  const latest = useRef(draft);
  const setDraft = (next: Settings): void => {
    latest.current = next;
    setDraftState(next);
  };
  const [tab, setTab] = useState<SettingsTab>('performance');
  const fileInput = useRef<HTMLInputElement>(null);
  const saved = useRef(false);

  useEffect(() => {
    if (open) {
      saved.current = false;
      const current = settings.peek();
      latest.current = current;
      setDraftState(current);
    }
  }, [open]);

  const preview = (next: Settings): void => {
    setDraft(next);
    applySettings(next);
  };
  const onChange = (row: SettingRow, v: unknown): void => {
    const d = latest.current;
    preview(sanitizeSettings({ ...d, [row.group]: { ...d[row.group], [row.key]: v } }));
  };
  const commit = (next: Settings): void => {
    saveSettings(next);
    settings.value = next;
  };
  const cancel = (): void => {
    // Restores what was saved before the preview.
    if (!saved.current) applySettings(settings.peek());
    settingsOpen.value = false;
  };
  const save = (): void => {
    saved.current = true;
    commit(latest.current);
    settingsOpen.value = false;
  };
  const reset = (): void => {
    if (!window.confirm(RESET_CONFIRM)) return;
    const d = defaultSettings();
    setDraft(d);
    commit(d);
  };
  const doExport = (): void => {
    const blob = new Blob([serializeSettings(latest.current)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = exportFileName();
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const doImport = async (file: File): Promise<void> => {
    const parsed = parseSettingsFile(await file.text());
    if (parsed === null) {
      window.alert(IMPORT_FAILED);
      return;
    }
    setDraft(parsed);
    commit(parsed);
    window.alert(IMPORT_OK);
  };

  return (
    <Dialog
      open={open}
      onClose={cancel}
      title="ATLAS Settings"
      className="settings-dialog"
      testId="settings-dialog"
      headerActions={
        <div className="settings__actions">
          <Button size="small" variant="ghost" onClick={reset} data-testid="settings-reset">
            Reset
          </Button>
          <Button size="small" variant="ghost" onClick={doExport} data-testid="settings-export">
            Export
          </Button>
          <Button
            size="small"
            variant="ghost"
            onClick={() => fileInput.current?.click()}
            data-testid="settings-import"
          >
            Import
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            hidden
            data-testid="settings-import-file"
            onChange={(e) => {
              const f = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (f !== undefined) void doImport(f);
            }}
          />
        </div>
      }
      footer={
        <>
          <span className="settings__version">{ATLAS_VERSION}</span>
          <Button onClick={cancel} data-testid="settings-cancel">
            Cancel
          </Button>
          <Button variant="primary" onClick={save} data-testid="settings-save">
            Save Changes
          </Button>
        </>
      }
    >
      <Tabs tabs={SETTINGS_TABS} active={tab} onChange={setTab} label="Settings sections">
        <div className="settings__rows">
          {SETTINGS_ROWS[tab].map((row) => (
            <SettingControl
              key={`${row.group}.${row.key}`}
              row={row}
              draft={draft}
              onChange={onChange}
            />
          ))}
          {tab === 'system' ? <SystemInfo /> : null}
        </div>
      </Tabs>
    </Dialog>
  );
}
