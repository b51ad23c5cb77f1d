import type { Page } from '@playwright/test';

/**
 * Layout checks run in the page on what it shows now (docs/contributing.md#accessibility-checks):
 * touch targets of at least 44×44 CSS px, and content that fits the width without being cut off.
 * Each returns one line per problem, naming the element by its role, name or text.
 */

/** The smallest width and height of a touch target, CSS px (WCAG 2.5.5; Apple's and Google's guidelines). */
export const MIN_TARGET_PX = 44;

/**
 * Every visible control — link, button, tab, field, and whatever else is in the tab order — that
 * is smaller than {@link MIN_TARGET_PX} in either direction. The target of a checkbox or radio is
 * its box or its label, whichever is larger (a tap on either checks it); an Ionic field is
 * measured as a whole, not its inner input. A link inside a sentence is exempt (WCAG 2.5.8's
 * inline exception).
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const SELECTOR = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="menuitem"]',
      '[role="option"]',
      'ion-button',
      'ion-select',
      'ion-input',
      'ion-textarea',
      'ion-searchbar',
      'ion-checkbox',
      'ion-radio',
      'ion-toggle',
      'ion-menu-button',
      'ion-back-button',
      'ion-tab-button',
      'ion-item[button]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    /** Ionic fields measured whole: their inner native controls are not targets of their own. */
    const WHOLE = 'ion-input, ion-textarea, ion-searchbar, ion-select, ion-checkbox, ion-radio, ion-toggle, ion-button, ion-item[button]';
    const describe = (el: Element): string => {
      const name = el.getAttribute('aria-label') ?? (el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null) ?? el.textContent ?? '';
      const text = name.replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${text ? ` "${text}"` : ''}>`;
    };
    const isInline = (el: Element): boolean => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      const block = el.parentElement;
      return Boolean(block && (block.textContent ?? '').trim().length > (el.textContent ?? '').trim().length);
    };
    const problems: string[] = [];
    for (const el of Array.from(document.querySelectorAll(SELECTOR))) {
      if (el.parentElement?.closest(WHOLE) || el.closest('[aria-hidden="true"], [inert]')) continue;
      if (!el.checkVisibility({ opacityProperty: false, visibilityProperty: true })) continue;
      let { width, height } = el.getBoundingClientRect();
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        for (const label of Array.from(el.labels ?? [])) {
          const box = label.getBoundingClientRect();
          width = Math.max(width, box.width);
          height = Math.max(height, box.height);
        }
      }
      // Visually hidden (a native control drawn by its label) or not laid out: not a target itself.
      if (width <= 1 || height <= 1) continue;
      if (isInline(el)) continue;
      if (width < min - 0.5 || height < min - 0.5) problems.push(`${describe(el)} is ${Math.round(width)}×${Math.round(height)} px`);
    }
    return problems;
  }, MIN_TARGET_PX);
}

/**
 * What does not fit the page's width: the page scrolling sideways, a box that scrolls sideways
 * (except one holding a data table, WCAG 1.4.10's exception), and text that is cut off — clipped
 * by a box that hides its overflow (an ellipsis included; not one marked `data-folded`, which a
 * button beside it unfolds) or running past the screen's edge — and
 * the label of an empty Ionic field lying outside the field's box.
 */
export async function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems = new Set<string>();
    const describe = (el: Element): string => {
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/)[0]}` : '';
      return `<${el.tagName.toLowerCase()}${cls}${text ? ` "${text}"` : ''}>`;
    };
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width) problems.add(`the page scrolls sideways (${document.documentElement.scrollWidth} px in ${width} px)`);

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !(node.textContent ?? '').trim()) continue;
      if (parent.closest('script, style, [aria-hidden="true"], [inert]')) continue;
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      if (text.width === 0 || text.height === 0) continue;
      // The nearest boxes that clip or scroll it, up to the page.
      let cut = false;
      for (let box: Element | null = parent; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        const rect = box.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1 || style.clip.startsWith('rect(') || style.clipPath !== 'none') {
          cut = true; // visually hidden text, for screen readers only
          break;
        }
        if (box.hasAttribute('data-folded')) {
          cut = true; // folded to a few lines on purpose, with a button beside it that unfolds it
          break;
        }
        if (box.tagName === 'ION-CONTENT') {
          // Its scroll box (in its shadow root) scrolls down and hides what runs past its sides.
          if (text.left < rect.left - 1 || text.right > rect.right + 1) problems.add(`${describe(parent)} is cut off at the side of the screen`);
          cut = true;
          break;
        }
        const scrollsX = style.overflowX === 'auto' || style.overflowX === 'scroll';
        if (scrollsX && box.scrollWidth > box.clientWidth + 1) {
          if (!box.querySelector('table')) problems.add(`${describe(box)} scrolls sideways (${box.scrollWidth} px in ${box.clientWidth} px)`);
          cut = true;
          break;
        }
        const clipsX = style.overflowX === 'hidden' || style.overflowX === 'clip';
        const clipsY = style.overflowY === 'hidden' || style.overflowY === 'clip';
        if ((clipsX && (text.left < rect.left - 1 || text.right > rect.right + 1)) || (clipsY && (text.top < rect.top - 1 || text.bottom > rect.bottom + 1))) {
          problems.add(`${describe(parent)} is cut off by ${describe(box)}`);
          cut = true;
          break;
        }
      }
      if (!cut && (text.right > width + 1 || text.left < -1))
        problems.add(`${describe(parent)} runs past the screen's edge (${Math.round(text.left)}–${Math.round(text.right)} px of ${width})`);
    }

    // An Ionic field's label inside the empty field stands where the text will go: it must lie
    // within the field's box, not hang below it or over its neighbours (a label of several lines).
    for (const field of document.querySelectorAll('ion-input.input-label-placement-floating:not(.label-floating), ion-textarea.textarea-label-placement-floating:not(.label-floating)')) {
      const label = field.querySelector('.label-text');
      if (!label || !field.checkVisibility({ visibilityProperty: true })) continue;
      const box = field.getBoundingClientRect();
      const text = label.getBoundingClientRect();
      if (text.top < box.top - 1 || text.bottom > box.bottom + 1 || text.left < box.left - 1 || text.right > box.right + 1) {
        problems.add(`${describe(label)} lies outside its field (${Math.round(text.top - box.top)}–${Math.round(text.bottom - box.top)} px down a field of ${Math.round(box.height)} px)`);
      }
    }
    return [...problems];
  });
}

/** Sets the text size to `percent` of the browser's default (the root font size Ionic's rem sizes follow). */
export async function setTextSize(page: Page, percent: number): Promise<void> {
  await page.evaluate((size) => {
    document.documentElement.style.fontSize = size === 100 ? '' : `${size}%`;
  }, percent);
}

/**
 * Words broken inside themselves in the text of the elements `selector` matches (their light DOM
 * text, slotted text included): one line per break, naming the text and the break
 * ("Competent|e"). A line may end after a space, a hyphen or a soft hyphen; a break between two
 * letters is a mid-word break, unless the element hyphenates (`hyphens: auto`) and this browser
 * has hyphenation for the page's language (probed here), when it is a syllable break drawn with a
 * hyphen. Debian's Chromium has no hyphenation dictionaries, so there every break inside a word
 * counts: the texts must fit between their words at the checked size.
 */
export async function midWordBreaks(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const probe = document.createElement('div');
    probe.lang = document.documentElement.lang || 'en';
    probe.style.cssText = 'position:absolute;visibility:hidden;width:1px;hyphens:auto;overflow-wrap:normal;font-size:16px;line-height:20px';
    probe.textContent = 'hyphenation';
    document.body.append(probe);
    const hyphenates = probe.getBoundingClientRect().height > 30;
    probe.remove();

    const letter = /[\p{L}\p{N}]/u;
    const problems: string[] = [];
    for (const element of Array.from(document.querySelectorAll(sel))) {
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const syllables = hyphenates && getComputedStyle(element).hyphens === 'auto';
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        let lastTop: number | null = null;
        for (let i = 0; i < text.length; i += 1) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          if (!rect || rect.width === 0) continue;
          if (lastTop !== null && rect.top > lastTop + rect.height / 2 && i > 0) {
            const before = text[i - 1] ?? '';
            const after = text[i] ?? '';
            if (letter.test(before) && letter.test(after) && !syllables) {
              const start = text.lastIndexOf(' ', i - 1) + 1;
              const end = text.indexOf(' ', i);
              problems.push(`"${text.slice(start, i)}|${text.slice(i, end === -1 ? undefined : end)}" in "${text.trim()}"`);
            }
          }
          lastTop = rect.top;
        }
      }
    }
    return problems;
  }, selector);
}

/** How many lines the text of `element` takes (its light DOM text, by the tops of its line boxes). */
export async function lineCount(page: Page, selector: string): Promise<number[]> {
  return page.evaluate(
    (sel) =>
      Array.from(document.querySelectorAll(sel))
        .filter((element) => element.checkVisibility({ visibilityProperty: true }))
        .map((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
        }),
    selector,
  );
}
