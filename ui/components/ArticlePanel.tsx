import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { sendCommand } from '../../engine/commands';
import { ArticleDialog } from '../article/ArticleDialog';
import { user } from '../auth/authState';

/**
 * The selected article on the globe page: the four-tab detail dialog (ui/article/). It opens on
 * the engine's selection (a signed-in user's marker click) or on an explicit open from search or
 * the feed; guests clicking a marker get the restriction notice instead (MarkerNotice), because
 * the engine is told the role here and refuses marker selection without interactWithMarkers.
 */
export function ArticlePanel() {
  useSignals();
  const role = user.value?.role ?? 'guest';
  useEffect(() => {
    sendCommand({ type: 'setRole', role });
  }, [role]);
  return <ArticleDialog />;
}
