import { describe, expect, it } from 'vitest';
import { VALIDATION_TEXT as T, hasErrors, validateLogin, validateRegistration } from './validation';

describe('sign-in form', () => {
  it('needs an email and a password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: T.emailRequired,
      password: T.passwordRequired,
    });
    expect(validateLogin({ email: 'nope', password: 'x' })).toEqual({ email: T.emailInvalid });
    expect(hasErrors(validateLogin({ email: ' a@b.co ', password: 'x' }))).toBe(false);
  });
});

describe('registration form', () => {
  const ok = { name: 'Ada', email: 'ada@example.com', password: 'abcdefgh', confirm: 'abcdefgh' };
  it('accepts a valid form and an empty name', () => {
    expect(validateRegistration(ok)).toEqual({});
    expect(validateRegistration({ ...ok, name: '' })).toEqual({});
  });
  it('mirrors the server: 8 to 1024 code points, confirm must match, name up to 100', () => {
    expect(validateRegistration({ ...ok, password: 'abcdefg', confirm: 'abcdefg' }).password).toBe(
      T.passwordLength,
    );
    // Eight emoji are eight code points (sixteen UTF-16 units): long enough.
    const emoji = '😀'.repeat(8);
    expect(validateRegistration({ ...ok, password: emoji, confirm: emoji })).toEqual({});
    const long = 'a'.repeat(1025);
    expect(validateRegistration({ ...ok, password: long, confirm: long }).password).toBe(
      T.passwordLength,
    );
    expect(validateRegistration({ ...ok, confirm: 'different' }).confirm).toBe(T.passwordMismatch);
    expect(validateRegistration({ ...ok, name: 'x'.repeat(101) }).name).toBe(T.nameTooLong);
  });
});
