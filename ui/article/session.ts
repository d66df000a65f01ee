/**
 * The session as the article features need it, read from the shell's auth state
 * (ui/auth/authState.ts): the bearer token for the socket and whether the Re-analyse action
 * (capability basicAnalysis, spec section 6) is offered.
 */
import { computed } from '@preact/signals-react';
import { can } from '../../data/permissions';
import { token, user } from '../auth/authState';

export const sessionToken = computed(() => token.value);
export const canAnalyse = computed(() => can(user.value?.role ?? 'guest', 'basicAnalysis'));
