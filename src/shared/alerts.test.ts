import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_SERVICE_HOSTS, inQuietHours, isPushHostPattern, pushEndpointAllowed } from './alerts';

describe('inQuietHours', () => {
  it('holds from the start time up to (not including) the end time', () => {
    expect(inQuietHours('07:59', '08:00', '10:00')).toBe(false);
    expect(inQuietHours('08:00', '08:00', '10:00')).toBe(true);
    expect(inQuietHours('09:59', '08:00', '10:00')).toBe(true);
    expect(inQuietHours('10:00', '08:00', '10:00')).toBe(false);
  });
  it('runs past midnight when the end is earlier than the start', () => {
    expect(inQuietHours('23:30', '22:00', '07:00')).toBe(true);
    expect(inQuietHours('00:00', '22:00', '07:00')).toBe(true);
    expect(inQuietHours('06:59', '22:00', '07:00')).toBe(true);
    expect(inQuietHours('07:00', '22:00', '07:00')).toBe(false);
    expect(inQuietHours('12:00', '22:00', '07:00')).toBe(false);
  });
  it('is never quiet without both times, or with equal ones', () => {
    expect(inQuietHours('12:00', null, null)).toBe(false);
    expect(inQuietHours('12:00', '08:00', null)).toBe(false);
    expect(inQuietHours('12:00', '12:00', '12:00')).toBe(false);
  });
});

describe('pushEndpointAllowed', () => {
  const defaults = DEFAULT_PUSH_SERVICE_HOSTS.split(',');
  it('takes the browsers’ push services over https', () => {
    expect(pushEndpointAllowed('https://fcm.googleapis.com/fcm/send/abc:def', defaults)).toBe(true);
    expect(pushEndpointAllowed('https://updates.push.services.mozilla.com/wpush/v2/gAAA', defaults)).toBe(true);
    expect(pushEndpointAllowed('https://web.push.apple.com/QGx', defaults)).toBe(true);
    expect(pushEndpointAllowed('https://wns2-par02p.notify.windows.com/w/?token=x', defaults)).toBe(true);
  });
  it('refuses any other host, plain http, another port, credentials, look-alikes and non-URLs', () => {
    expect(pushEndpointAllowed('https://169.254.169.254/latest/meta-data', defaults)).toBe(false);
    expect(pushEndpointAllowed('https://localhost/push', defaults)).toBe(false);
    expect(pushEndpointAllowed('http://fcm.googleapis.com/fcm/send/x', defaults)).toBe(false);
    expect(pushEndpointAllowed('https://fcm.googleapis.com:8443/fcm/send/x', defaults)).toBe(false);
    expect(pushEndpointAllowed('https://user:pw@fcm.googleapis.com/fcm/send/x', defaults)).toBe(false);
    expect(pushEndpointAllowed('https://fcm.googleapis.com.evil.example/x', defaults)).toBe(false);
    expect(pushEndpointAllowed('https://evilpush.apple.com/x', defaults)).toBe(false);
    expect(pushEndpointAllowed('https://push.apple.com/x', defaults)).toBe(false); // *. means below the domain
    expect(pushEndpointAllowed('not a url', defaults)).toBe(false);
  });
  it('takes an exact origin, http included, when one is configured (a local push service)', () => {
    expect(pushEndpointAllowed('http://127.0.0.1:4555/push/1', ['http://127.0.0.1:4555'])).toBe(true);
    expect(pushEndpointAllowed('http://127.0.0.1:4556/push/1', ['http://127.0.0.1:4555'])).toBe(false);
    expect(pushEndpointAllowed('https://127.0.0.1:4555/push/1', ['http://127.0.0.1:4555'])).toBe(false);
  });
  it('knows a pattern from a mistake', () => {
    expect(['fcm.googleapis.com', '*.push.apple.com', 'http://127.0.0.1:4555'].every(isPushHostPattern)).toBe(true);
    expect(['*', 'https://x/path', 'a b', '*.'].some(isPushHostPattern)).toBe(false);
  });
});
