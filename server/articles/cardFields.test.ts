import { describe, expect, it } from 'vitest';
import { cardFieldsOf } from './cardFields';

describe('list card fields', () => {
  it("carries the analysis's reality type for the globe's filter", () => {
    expect(cardFieldsOf(JSON.stringify({ realityType: 'fiction' }))).toEqual({
      realityType: 'fiction',
    });
    expect(cardFieldsOf(JSON.stringify({ realityType: 'rumour' }))).toEqual({});
    expect(cardFieldsOf(null)).toEqual({});
    expect(cardFieldsOf('{not json')).toEqual({});
  });
});
