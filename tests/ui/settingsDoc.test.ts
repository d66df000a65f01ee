/**
 * docs/settings.md lists every setting of engine/settings.ts with its range and default and where
 * it takes effect; the settings the dialog marks as not honoured (ui/settings/settingsRows.ts
 * `unsupported`) are the ones the document says are not honoured, and every setting has a row in
 * the dialog.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS_SCHEMA, type FieldSpec } from '../../engine/settings';
import { SETTINGS_ROWS } from '../../ui/settings/settingsRows';

const doc = readFileSync(path.resolve(import.meta.dirname, '../../docs/settings.md'), 'utf8');

function docRow(name: string): string | undefined {
  return doc.split('\n').find((line) => line.startsWith(`| \`${name}\``));
}

describe('docs/settings.md', () => {
  const all = Object.entries(SETTINGS_SCHEMA).flatMap(([group, fields]) =>
    Object.entries(fields as Record<string, FieldSpec>).map(([key, spec]) => ({
      name: `${group}.${key}`,
      spec,
    })),
  );
  const rows = Object.values(SETTINGS_ROWS).flat();

  it('has a row for every setting, with its default and where it takes effect', () => {
    for (const { name, spec } of all) {
      const line = docRow(name);
      expect(line, name).toBeDefined();
      expect(line, name).toContain(`default ${formatDefault(spec.default)}`);
      const effect = line?.split('|').at(-2)?.trim() ?? '';
      expect(effect.length, name).toBeGreaterThan(10);
    }
  });

  it('says "not honoured" exactly for the settings the dialog disables', () => {
    for (const { name } of all) {
      const row = rows.find((r) => `${r.group}.${r.key}` === name);
      expect(row, `${name} has a row in the dialog`).toBeDefined();
      const line = docRow(name) ?? '';
      expect(line.includes('not honoured on this device'), name).toBe(row?.unsupported === true);
      if (row?.unsupported === true) expect(row.note, name).toBeTruthy();
    }
  });
});

function formatDefault(v: number | boolean | string): string {
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  return String(v);
}
