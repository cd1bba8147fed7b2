import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SettingSwitch } from './setting-switch';

describe('SettingSwitch', () => {
  it('names the switch by the setting and describes it by what the setting does', () => {
    const html = renderToStaticMarkup(
      createElement(SettingSwitch, {
        label: 'Member e-mails',
        description: 'You do not receive member e-mails.',
        checked: false,
        onCheckedChange: () => {},
      }),
    );
    const labelId = /<p id="([^"]+)"[^>]*>Member e-mails<\/p>/.exec(html)?.[1];
    const descId = /<p id="([^"]+)"[^>]*>You do not receive member e-mails\.<\/p>/.exec(html)?.[1];
    expect(labelId).toBeTruthy();
    expect(descId).toBeTruthy();
    expect(labelId).not.toBe(descId);
    const button = /<button [^>]*role="switch"[^>]*>/.exec(html)?.[0] ?? '';
    expect(button).toContain(`aria-labelledby="${labelId}"`);
    expect(button).toContain(`aria-describedby="${descId}"`);
    expect(button).toContain('aria-checked="false"');
  });
});
