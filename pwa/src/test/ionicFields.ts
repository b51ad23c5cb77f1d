import { createElement, forwardRef, useCallback, useLayoutEffect, useRef, type ComponentType, type ForwardedRef } from 'react';

/**
 * The form components of `@ionic/react` that the tests give their props as in a browser
 * (docs/contributing.md#forms-and-fields).
 */
export const WIRED_FIELDS = ['IonInput', 'IonTextarea', 'IonSelect', 'IonSelectOption', 'IonCheckbox', 'IonRadioGroup', 'IonRadio', 'IonToggle', 'IonRange', 'IonSearchbar'] as const;

/** `onIonInput` → `ionInput`: the DOM event an Ionic React event prop listens to. */
const eventName = (prop: string) => (/^onIon[A-Z]/.test(prop) ? `ion${prop.slice(5)}` : null);

/** Props React itself handles on the element. */
const REACT_PROPS = new Set(['children', 'className', 'class', 'style', 'key', 'ref']);

/**
 * Wraps an Ionic React wrapper so that, in jsdom, its element gets its props as properties and
 * its `onIon…` props as event listeners, as the wrapper does in a browser.
 *
 * Why: Vitest loads `@ionic/react`'s wrappers with Node's resolution, which picks the server
 * (SSR) build of `@lit/react`; that build drops every property and event prop of a web
 * component. With it, an `ion-input` in jsdom has no label, value or listener. Ionic's own
 * Stencil components do run in jsdom once they have their properties: they render the label,
 * the helper and error texts, the counter and the inner native `<input>`.
 */
function wired(Original: ComponentType<Record<string, unknown>>, displayName: string) {
  const Wired = forwardRef((props: Record<string, unknown>, ref: ForwardedRef<HTMLElement>) => {
    const node = useRef<HTMLElement | null>(null);
    const previous = useRef(new Map<string, unknown>());
    const listeners = useRef(new Map<string, EventListener>());
    useLayoutEffect(() => {
      const element = node.current as (HTMLElement & Record<string, unknown>) | null;
      if (!element) return;
      const current = new Map<string, unknown>();
      for (const [key, value] of Object.entries(props)) {
        if (REACT_PROPS.has(key)) continue;
        const event = eventName(key);
        if (event) {
          current.set(key, value);
          const old = listeners.current.get(event);
          if (old) element.removeEventListener(event, old);
          listeners.current.delete(event);
          if (typeof value === 'function') {
            const listener = value as EventListener;
            element.addEventListener(event, listener);
            listeners.current.set(event, listener);
          }
          continue;
        }
        // as `@lit/react` decides: a property of the element's class (Ionic's own instance fields,
        // such as its internal `onKeyDown`, stay untouched and the prop goes to React).
        if (!(key in Object.getPrototypeOf(element))) continue;
        current.set(key, value);
        element[key] = value;
      }
      // a prop left out of this render goes back to unset.
      for (const key of previous.current.keys()) {
        if (current.has(key)) continue;
        const event = eventName(key);
        if (event) {
          const old = listeners.current.get(event);
          if (old) element.removeEventListener(event, old);
          listeners.current.delete(event);
        } else {
          element[key] = undefined;
        }
      }
      previous.current = current;
    });
    const setRef = useCallback(
      (element: HTMLElement | null) => {
        node.current = element;
        if (typeof ref === 'function') ref(element);
        else if (ref) ref.current = element;
      },
      [ref],
    );
    return createElement(Original, { ...props, ref: setRef });
  });
  Wired.displayName = displayName;
  return Wired;
}

/** `@ionic/react` with {@link WIRED_FIELDS} wired as in a browser; the rest as it is. */
export function withWiredFields<T extends Record<string, unknown>>(ionic: T): T {
  const replaced: Record<string, unknown> = {};
  for (const name of WIRED_FIELDS) replaced[name] = wired(ionic[name] as ComponentType<Record<string, unknown>>, name);
  return { ...ionic, ...replaced };
}
