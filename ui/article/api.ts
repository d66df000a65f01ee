/**
 * The article features (dialog, search, feed) call the API through the shell's shared client,
 * which carries the signed-in user's bearer token (ui/auth/authState.ts).
 */
export { api as articleApi } from '../auth/authState';
