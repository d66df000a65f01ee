import { beforeEach, describe, expect, it } from 'vitest';
import { drainInto } from '../../engine/bridge/commandQueue';
import { state } from '../../engine/bridge/state';
import type { Command } from '../../engine/commands';
import { closeArticleDialog, dialogArticle, openArticleDialog } from '../../ui/article/dialogState';

function drained(): Command[] {
  const out: Command[] = [];
  drainInto(out);
  return out;
}

beforeEach(() => {
  closeArticleDialog();
  state.selectedArticle.value = null;
  drained();
});

describe('dialog state', () => {
  it('an explicit open shows the article and asks the engine to select it', () => {
    openArticleDialog('a1', { title: 'T' });
    expect(dialogArticle.value).toEqual({ id: 'a1', raw: { title: 'T' } });
    expect(drained()).toEqual([{ type: 'selectArticle', id: 'a1' }]);
  });

  it("the engine's selection (a marker click) wins over an explicit open", () => {
    openArticleDialog('a1', { title: 'T' });
    state.selectedArticle.value = { id: 'm2', article: { title: 'Marker' } };
    expect(dialogArticle.value).toEqual({ id: 'm2', raw: { title: 'Marker' } });
  });

  it('closing clears the explicit article and the engine selection', () => {
    openArticleDialog('a1', {});
    drained();
    closeArticleDialog();
    expect(dialogArticle.value).toBeNull();
    expect(drained()).toEqual([{ type: 'selectArticle', id: null }]);
  });
});
