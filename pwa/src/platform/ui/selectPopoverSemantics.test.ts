import { afterEach, describe, expect, it } from 'vitest';
import { fixSelectPopover, watchSelectPopovers } from './selectPopoverSemantics';

/** A popover as Ionic presents it: the host, and its content (a select's options, or anything else). */
function popover(content: string): HTMLElement {
  const host = document.createElement('ion-popover');
  host.setAttribute('aria-modal', 'true');
  host.innerHTML = content;
  document.body.append(host);
  return host;
}

const SELECT_OPTIONS = '<ion-select-popover><ion-list role="list"><ion-radio-group role="radiogroup"></ion-radio-group></ion-list></ion-select-popover>';

afterEach(() => document.body.replaceChildren());

describe('the select popover semantics', () => {
  it('makes a select popover a dialog whose options list is presentational', () => {
    const host = popover(SELECT_OPTIONS);
    expect(fixSelectPopover(host)).toBe(true);
    expect(host.getAttribute('role')).toBe('dialog');
    expect(host.querySelector('ion-list')?.getAttribute('role')).toBe('presentation');
    expect(host.querySelector('ion-radio-group')?.getAttribute('role')).toBe('radiogroup');
  });

  it('leaves other popovers and a role already given alone', () => {
    const menu = popover('<ion-list role="list"><ion-item role="listitem"></ion-item></ion-list>');
    expect(fixSelectPopover(menu)).toBe(false);
    expect(menu.hasAttribute('role')).toBe(false);
    expect(menu.querySelector('ion-list')?.getAttribute('role')).toBe('list');

    const named = popover(SELECT_OPTIONS);
    named.setAttribute('role', 'alertdialog');
    fixSelectPopover(named);
    expect(named.getAttribute('role')).toBe('alertdialog');
  });

  it('applies itself to each popover as Ionic presents it, until stopped', () => {
    const stop = watchSelectPopovers();
    const first = popover(SELECT_OPTIONS);
    first.dispatchEvent(new CustomEvent('ionPopoverWillPresent', { bubbles: true }));
    expect(first.getAttribute('role')).toBe('dialog');
    stop();
    const second = popover(SELECT_OPTIONS);
    second.dispatchEvent(new CustomEvent('ionPopoverDidPresent', { bubbles: true }));
    expect(second.hasAttribute('role')).toBe(false);
  });
});
