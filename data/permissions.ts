/**
 * Roles and what each may do (spec application.md section 6), in one place for server and client.
 */

export const ROLES = ['guest', 'user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Role order: guest (1) < user (2) < admin (3). */
export const ROLE_LEVEL: Readonly<Record<Role, number>> = { guest: 1, user: 2, admin: 3 };

export type Capability =
  | 'viewGlobe'
  | 'interactWithMarkers'
  | 'realTimeData'
  | 'basicAnalysis'
  | 'aiInsights'
  | 'export'
  | 'manageContent'
  | 'advancedAnalysis'
  | 'adminPanel'
  | 'userManagement'
  | 'systemConfiguration'
  | 'metrics'
  | 'auditLogs'
  | 'moderation'
  | 'fullApiAccess';

const USER_CAPS: readonly Capability[] = [
  'viewGlobe',
  'interactWithMarkers',
  'realTimeData',
  'basicAnalysis',
  'aiInsights',
  'export',
  'manageContent',
];

export const CAPABILITIES: Readonly<Record<Role, readonly Capability[]>> = {
  guest: ['viewGlobe'],
  user: USER_CAPS,
  admin: [
    ...USER_CAPS,
    'advancedAnalysis',
    'adminPanel',
    'userManagement',
    'systemConfiguration',
    'metrics',
    'auditLogs',
    'moderation',
    'fullApiAccess',
  ],
};

/** API requests per rate-limit window; -1 = unlimited (spec). */
export const RATE_LIMITS: Readonly<Record<Role, number>> = { guest: 100, user: 1000, admin: -1 };

export function can(role: Role, capability: Capability): boolean {
  return CAPABILITIES[role].includes(capability);
}

export function atLeast(role: Role, minimum: Role): boolean {
  return ROLE_LEVEL[role] >= ROLE_LEVEL[minimum];
}
