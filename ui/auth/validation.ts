/**
 * Client-side checks of the sign-in and registration forms (spec section 5: login needs email and
 * password; the server has the last word). Registration mirrors the server's rules in
 * server/auth/passwords.ts and server/http/authRoutes.ts (8 to 1024 characters, name up to 100)
 * so most mistakes are caught before a request; those files import argon2, so the numbers are
 * repeated here rather than imported into the browser bundle.
 */

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;
export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;

export const VALIDATION_TEXT = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordLength: `Password must be between ${MIN_PASSWORD_LENGTH} and ${MAX_PASSWORD_LENGTH} characters`,
  passwordMismatch: 'Passwords do not match',
  nameTooLong: `Name must be at most ${MAX_NAME_LENGTH} characters`,
} as const;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** One '@' with text on both sides and a dot in the domain: enough to catch typos. */
export function isPlausibleEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

export function validateLogin(form: {
  email: string;
  password: string;
}): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  const email = form.email.trim();
  if (email === '') errors.email = VALIDATION_TEXT.emailRequired;
  else if (!isPlausibleEmail(email)) errors.email = VALIDATION_TEXT.emailInvalid;
  if (form.password === '') errors.password = VALIDATION_TEXT.passwordRequired;
  return errors;
}

export type RegisterField = 'name' | 'email' | 'password' | 'confirm';

export function validateRegistration(form: {
  name: string;
  email: string;
  password: string;
  confirm: string;
}): FieldErrors<RegisterField> {
  const errors: FieldErrors<RegisterField> = {};
  if (form.name.trim().length > MAX_NAME_LENGTH) errors.name = VALIDATION_TEXT.nameTooLong;
  const email = form.email.trim();
  if (email === '') errors.email = VALIDATION_TEXT.emailRequired;
  else if (!isPlausibleEmail(email)) errors.email = VALIDATION_TEXT.emailInvalid;
  // Code points after NFKC, as the server counts them.
  const length = Array.from(form.password.normalize('NFKC')).length;
  if (form.password === '') errors.password = VALIDATION_TEXT.passwordRequired;
  else if (length < MIN_PASSWORD_LENGTH || length > MAX_PASSWORD_LENGTH) {
    errors.password = VALIDATION_TEXT.passwordLength;
  }
  if (form.confirm !== form.password) errors.confirm = VALIDATION_TEXT.passwordMismatch;
  return errors;
}

export function hasErrors(errors: Readonly<Record<string, string | undefined>>): boolean {
  return Object.values(errors).some((v) => v !== undefined);
}
