import { describe, expect, it } from 'vitest';
import { ERROR_REPORTING_SAMPLE_RATES, scrubPersonalText, scrubReport } from './errorReporting';

const EMAIL = 'jan.jansen@example.nl';
const TOKEN = 'Xk3vQ9mZp2LrT7wYb4NcHs8d';

describe('error reporting', () => {
  it('samples every error, 10 % of traces and 10 % of sessions', () => {
    expect(ERROR_REPORTING_SAMPLE_RATES).toEqual({
      sampleRate: 1,
      tracesSampleRate: 0.1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
    });
  });

  it.each([
    [`Mislukt voor ${EMAIL}.`, 'Mislukt voor [redacted].'],
    [`/api/alerts/manage/${TOKEN}?x=1`, '/api/alerts/manage/[redacted]?x=1'],
    [`?email=jan%40example.nl&token=${TOKEN}`, '?email=[redacted]&token=[redacted]'],
    [
      'id 0b7e6c4e-2a1f-4b8e-9d3c-1f2e3d4c5b6a, telegram-updates-listener, 12 ms',
      'id 0b7e6c4e-2a1f-4b8e-9d3c-1f2e3d4c5b6a, telegram-updates-listener, 12 ms',
    ],
    ['at processTicksAndRejections', 'at processTicksAndRejections'],
  ])('scrubPersonalText(%j)', (text, expected) => {
    expect(scrubPersonalText(text)).toBe(expected);
  });

  it('drops who the visitor is and what the request carried, and scrubs every text', () => {
    const event = {
      message: `Fout voor ${EMAIL}`,
      user: { email: EMAIL, ip_address: '10.0.0.1' },
      request: {
        url: `https://prijsalarm.nl/alerts/manage/${TOKEN}`,
        headers: { Cookie: 'pa_session=abc', 'User-Agent': 'x' },
        cookies: { pa_session: 'abc' },
        data: { email: EMAIL, password: 'geheim' },
        query_string: `token=${TOKEN}`,
      },
      breadcrumbs: [
        { category: 'console', message: `typed ${EMAIL}`, data: { arguments: [EMAIL] } },
      ],
      extra: { nested: [{ deeper: { text: `mail ${EMAIL}` } }] },
    };
    expect(scrubReport(event, scrubPersonalText)).toEqual({
      message: 'Fout voor [redacted]',
      request: { url: 'https://prijsalarm.nl/alerts/manage/[redacted]' },
      breadcrumbs: [
        { category: 'console', message: 'typed [redacted]', data: { arguments: ['[redacted]'] } },
      ],
      extra: { nested: [{ deeper: { text: 'mail [redacted]' } }] },
    });
    expect(event.user.email).toBe(EMAIL); // a copy: the SDK's own object is untouched
  });

  it("leaves keys, class instances and the SDK's own bookkeeping as they are", () => {
    class Scope {
      note = `held by ${EMAIL}`;
    }
    const scope = new Scope();
    const scrubbed = scrubReport(
      { sdkProcessingMetadata: { scope }, contexts: { scope, camelCaseKeyLongerThanTwenty: 1 } },
      scrubPersonalText,
    );
    expect(scrubbed.sdkProcessingMetadata.scope).toBe(scope);
    expect(scrubbed.contexts).toEqual({ scope, camelCaseKeyLongerThanTwenty: 1 });
  });
});
