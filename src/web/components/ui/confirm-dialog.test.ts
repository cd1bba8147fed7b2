import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

const render = (props: Partial<ConfirmDialogProps>) =>
  renderToStaticMarkup(
    createElement(ConfirmDialog, {
      open: true,
      title: 'Delete it?',
      description: 'It cannot be undone.',
      confirmLabel: 'Delete',
      onConfirm: () => {},
      onCancel: () => {},
      ...props,
    }),
  );

describe('ConfirmDialog', () => {
  it('confirms with a plain button, outside any form', () => {
    const html = render({});
    expect(html).not.toContain('<form');
    expect(html).not.toContain('type="submit"');
  });

  it('as a form, holds its fields in the form its confirm button submits', () => {
    const html = render({ asForm: true, children: createElement('input', { name: 'password' }) });
    expect(html).toMatch(/<form novalidate="" class="[^"]*">.*<input name="password"\/>.*<\/form>/i);
    expect(html).toMatch(/<button type="submit"[^>]*>Delete<\/button>/);
    expect(html).toMatch(/<button type="button"[^>]*>Cancel<\/button>/);
  });
});
