/**
 * Provenance labels for the detail dialog: which hybridAnalysis field a section shows, and how
 * that field was made (data/analysis.ts FieldProvenance), so a heuristic score is labelled as one.
 */
import type { AnalysisFieldName, FieldProvenance, ProvenanceMethod } from '../../data/analysis';
import { ANALYSIS_SCHEMA_FIELDS, PROVENANCE_METHODS } from '../../data/analysis';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The provenance record of one field of a raw article's hybridAnalysis, when well-formed. */
export function fieldProvenance(raw: unknown, field: AnalysisFieldName): FieldProvenance | null {
  if (!isObj(raw)) return null;
  const analysis = raw['hybridAnalysis'];
  if (!isObj(analysis)) return null;
  const prov = analysis['provenance'];
  if (!isObj(prov) || !Object.hasOwn(prov, field)) return null;
  const entry = prov[field];
  if (!isObj(entry)) return null;
  const method = entry['method'];
  const detail = entry['detail'];
  if (typeof method !== 'string' || !(PROVENANCE_METHODS as readonly string[]).includes(method)) {
    return null;
  }
  return {
    method: method as ProvenanceMethod,
    detail: typeof detail === 'string' ? detail : '',
  };
}

export type ProcessingStatus = { kind: 'v5'; schemas: number } | { kind: 'v4' } | { kind: 'basic' };

/**
 * Spec: 'V5 Pipeline Complete' with the number of schemas processed (a stored hybridAnalysis),
 * 'V4 Analysis Available' (a v4Analysis), else 'Basic Processing Only'.
 */
export function processingStatus(raw: unknown): ProcessingStatus {
  if (isObj(raw) && isObj(raw['hybridAnalysis'])) {
    const analysis = raw['hybridAnalysis'];
    const schemas = ANALYSIS_SCHEMA_FIELDS.filter(
      (f) => Object.hasOwn(analysis, f) && analysis[f] !== null && analysis[f] !== undefined,
    ).length;
    if (schemas > 0) return { kind: 'v5', schemas };
  }
  if (isObj(raw) && isObj(raw['v4Analysis'])) return { kind: 'v4' };
  return { kind: 'basic' };
}

export function processingStatusText(status: ProcessingStatus): string {
  switch (status.kind) {
    case 'v5':
      return 'V5 Pipeline Complete';
    case 'v4':
      return 'V4 Analysis Available';
    case 'basic':
      return 'Basic Processing Only';
  }
}
