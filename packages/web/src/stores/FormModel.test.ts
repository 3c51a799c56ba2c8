import { describe, expect, it, vi } from 'vitest';
import {
  ALERT_FIELD_TEXTS,
  API_TEXTS,
  ApiError,
  VALIDATION_TEXTS,
  loginSchema,
} from '@prijsalarm/core';
import { FormModel } from './FormModel';

const login = () => new FormModel({ email: '', password: '' });

describe('FormModel: messages beside the fields', () => {
  it('a refused submit shows each message and sends nothing; typing clears only that one', async () => {
    const form = login();
    const send = vi.fn(() => Promise.resolve('sent'));

    expect(await form.submit(loginSchema, send)).toBeUndefined();
    expect(send).not.toHaveBeenCalled();
    expect(form.error('email')).toBe(ALERT_FIELD_TEXTS.emailRequired);
    expect(form.error('password')).toBe(VALIDATION_TEXTS.passwordRequired);
    expect(form.failedAttempts).toBe(1);

    form.set('email', 'a');
    expect(form.error('email')).toBeUndefined();
    expect(form.error('password')).toBe(VALIDATION_TEXTS.passwordRequired);
  });

  it("the server's field messages go beside the fields, its message above the form", async () => {
    const form = login();
    form.set('email', 'anna@example.nl');
    form.set('password', 'geheim');
    const refusal = new ApiError({
      kind: 'http',
      status: 400,
      method: 'POST',
      path: '/auth/login',
      body: {
        error: API_TEXTS.validationFailed,
        fields: { email: ALERT_FIELD_TEXTS.emailInvalid },
      },
    });

    expect(await form.submit(loginSchema, () => Promise.reject(refusal))).toBeUndefined();
    expect(form.error('email')).toBe(ALERT_FIELD_TEXTS.emailInvalid);
    expect(form.formError).toBe(API_TEXTS.validationFailed);
    expect(form.isSubmitting).toBe(false);
    expect(form.failedAttempts).toBe(1);
  });

  it('a message no single field explains goes above the form', () => {
    const form = login();
    form.refuse({
      _form: ALERT_FIELD_TEXTS.maxAlertsReached,
      email: ALERT_FIELD_TEXTS.emailInvalid,
    });
    expect(form.formError).toBe(ALERT_FIELD_TEXTS.maxAlertsReached);
    expect(form.errors).toEqual({ email: ALERT_FIELD_TEXTS.emailInvalid });
  });

  it('check shows only the messages of the fields asked for (a wizard step)', () => {
    const form = login();
    expect(form.check(loginSchema, form.values, (field) => field === 'password')).toBe(false);
    expect(form.errors).toEqual({ password: VALIDATION_TEXTS.passwordRequired });

    form.set('password', 'geheim');
    // The e-mail is still missing, but it is not asked for here.
    expect(form.check(loginSchema, form.values, (field) => field === 'password')).toBe(true);
    expect(form.errors).toEqual({});
  });
});

describe('FormModel: field rules', () => {
  interface Values {
    code: string;
    size: number | null;
  }
  const rules = {
    code: {
      change: (code: string) => {
        const upper = code.toUpperCase();
        return upper === '' ? { code: upper, size: null } : { code: upper };
      },
    },
    size: { enabled: (values: Values) => values.code !== '' },
  };

  it('a rule formats what is typed and moves the fields that follow it', () => {
    const form = new FormModel<Values>({ code: '', size: null }, rules);
    form.set('code', 'ab');
    expect(form.values.code).toBe('AB');
    form.set('size', 3);
    expect(form.values.size).toBe(3);

    form.set('code', '');
    expect(form.values.size).toBeNull();
  });

  it('a disabled field ignores what is set', () => {
    const form = new FormModel<Values>({ code: '', size: null }, rules);
    expect(form.enabled('size')).toBe(false);
    form.set('size', 3);
    expect(form.values.size).toBeNull();
  });

  it('update changes several values and clears the message it names', () => {
    const form = new FormModel<Values>({ code: '', size: null }, rules);
    form.refuse({ 'filters.size': 'Te groot', code: 'Verplicht' });
    form.update({ code: 'X', size: 1 }, 'filters.size');
    expect(form.values).toEqual({ code: 'X', size: 1 });
    expect(form.errors).toEqual({ code: 'Verplicht' });
  });
});
