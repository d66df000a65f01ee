/**
 * Always mounted (first bundle, small): applies the saved settings to the engine and the page,
 * starts preferences sync, sound and local alerts, and loads the 'ATLAS Settings' dialog the first time `settingsOpen` is set (its own chunk).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Icon } from '../components/kit/Icon';
import { lazy, Suspense, useEffect, useState } from 'react';
import { settingsOpen } from '../shell/shellState';
import { startAlerts } from '../account/alerts';
import { startPreferencesSync } from '../account/preferencesSync';
import { startSound } from '../sound';
import { startSettings } from './applySettings';
import './host.css';

const SettingsDialog = lazy(() => import('./SettingsDialog'));

export function SettingsHost() {
  useSignals();
  const open = settingsOpen.value;
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    startSettings();
    startPreferencesSync();
    startSound();
    startAlerts();
  }, []);
  useEffect(() => {
    if (open) setLoaded(true);
  }, [open]);
  if (!loaded && !open) return null;
  return (
    <Suspense fallback={null}>
      <SettingsDialog />
    </Suspense>
  );
}

/** The navbar's gear button (guests and signed-in users alike). */
export function SettingsButton({ className }: { className?: string }) {
  return (
    <button
      type="button"
      className={className}
      aria-label="Settings"
      title="Settings"
      data-testid="open-settings"
      onClick={() => {
        settingsOpen.value = true;
      }}
    >
      <Icon name="gear" />
    </button>
  );
}
