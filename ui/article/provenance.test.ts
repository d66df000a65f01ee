import { describe, expect, it } from 'vitest';
import { fieldProvenance, processingStatus, processingStatusText } from './provenance';

describe('processing status', () => {
  it('counts the hybridAnalysis schemas that are present and not null', () => {
    const raw = {
      hybridAnalysis: {
        contentSummary: { summary: 'x' },
        keyTakeaways: ['a'],
        sentimentAnalysis: null,
        provenance: {},
        language: 'en',
      },
    };
    const status = processingStatus(raw);
    expect(status).toEqual({ kind: 'v5', schemas: 2 });
    expect(processingStatusText(status)).toBe('V5 Pipeline Complete');
  });

  it('falls back to V4, then to basic processing', () => {
    expect(processingStatusText(processingStatus({ v4Analysis: { criteria: {} } }))).toBe(
      'V4 Analysis Available',
    );
    expect(processingStatusText(processingStatus({ hybridAnalysis: {} }))).toBe(
      'Basic Processing Only',
    );
    expect(processingStatusText(processingStatus({ title: 'x' }))).toBe('Basic Processing Only');
    expect(processingStatusText(processingStatus(null))).toBe('Basic Processing Only');
  });
});

describe('field provenance', () => {
  it('reads a well-formed record', () => {
    const raw = {
      hybridAnalysis: {
        provenance: { sentimentAnalysis: { method: 'lexicon', detail: 'AFINN-style word list' } },
      },
    };
    expect(fieldProvenance(raw, 'sentimentAnalysis')).toEqual({
      method: 'lexicon',
      detail: 'AFINN-style word list',
    });
    expect(fieldProvenance(raw, 'tagExtraction')).toBeNull();
  });

  it('ignores unknown methods, inherited keys and malformed shapes', () => {
    expect(
      fieldProvenance(
        { hybridAnalysis: { provenance: { aiCommentary: { method: 'oracle', detail: '' } } } },
        'aiCommentary',
      ),
    ).toBeNull();
    expect(fieldProvenance({ hybridAnalysis: { provenance: {} } }, 'riskAssessment')).toBeNull();
    expect(fieldProvenance({ hybridAnalysis: { provenance: [] } }, 'riskAssessment')).toBeNull();
    expect(fieldProvenance({ hybridAnalysis: 'x' }, 'riskAssessment')).toBeNull();
    expect(
      fieldProvenance(
        { hybridAnalysis: { provenance: { tagExtraction: { method: 'heuristic' } } } },
        'tagExtraction',
      ),
    ).toEqual({ method: 'heuristic', detail: '' });
  });
});
