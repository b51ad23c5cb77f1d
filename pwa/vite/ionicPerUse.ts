/**
 * Ionic components imported per use: a build-time plugin that keeps every
 * Ionic component out of the first load unless a first-load screen renders
 * it (docs/decisions/0007-ionic-imports-per-use.md).
 *
 * `@ionic/react` is one module declaring a React wrapper for every Ionic
 * component and statically importing every component's code. So a component
 * that only a lazy screen renders (`IonSelect` on Settings, `IonModal` in the
 * dialogs, `IonProgressBar` on the admin lists, `IonToast` behind the update
 * offer …) would be part of the first load of every user. At build time
 * (`apply: 'build'`; the dev server and the tests are untouched) this plugin
 *
 * 1. moves each plain wrapper — `const IonX = /*@__PURE__*\/ factory(...)`
 *    of one web component — out of `@ionic/react` into a module of its own
 *    (`\0ionic-react:IonX`) holding the very same call, and rewrites the
 *    app's `import {IonX} from '@ionic/react'` to it, so each component's code
 *    lands in the chunk of the screens that render it;
 * 2. lets the overlay hooks (`useIonAlert`, `useIonToast` …) fetch their
 *    element's code once the page is idle after their first render instead
 *    of with `@ionic/react`: their controller waits for
 *    `customElements.whenDefined`, so nothing changes for the screen;
 * 3. marks as pure the top-level wrapper calls of `@ionic/react` and Stencil's
 *    `proxyCustomElement(class …)` in `@ionic/core`, so that components
 *    nobody renders (`ion-nav`, the back button) are dropped.
 *
 * Should a new `@ionic/react` release change these shapes, the plugin
 * simply finds less to move; the bundle-size check of `npm test`
 * (`scripts/check-bundle.mjs`) then reports the growth.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** Prefix of the per-component modules, e.g. `\0ionic-react:IonSelect`. */
const VIRTUAL = '\0ionic-react:';

/**
 * The factories `@ionic/react` declares its plain wrappers with, and where a
 * per-component module takes each from: Stencil's public `createComponent`,
 * or one of `@ionic/react`'s own that the plugin exports under a private name.
 */
const FACTORIES: Record<string, { exportedAs: string; from: 'stencil' | 'ionic-react' }> = {
  createComponent: { exportedAs: 'createComponent', from: 'stencil' },
  createRoutingComponent: { exportedAs: '__oracyCreateRoutingComponent', from: 'ionic-react' },
  createInlineOverlayComponent: { exportedAs: '__oracyCreateInlineOverlayComponent', from: 'ionic-react' },
};

/**
 * Elements whose `createReactComponent` wrapper in `@ionic/react` defines them
 * on first render, from a chunk of their own, instead of when the module loads.
 * Not `ion-tabs`: when it is not defined as the module loads, `@ionic/react`
 * defines a bare placeholder element under that name (no shadow root, no slots),
 * and the real one could then never be defined.
 */
const RENDER_TIME_ELEMENTS = ['ion-icon', 'ion-tab-button', 'ion-tab-bar', 'ion-back-button', 'ion-nav'];

/**
 * Render-time elements defined only after others: a tab button learns that it is the selected
 * one from an event the tab bar sends once, when it has loaded, so the buttons are defined first.
 */
const DEFINED_AFTER: Record<string, string[]> = { 'ion-tab-bar': ['ion-tab-button'] };

/** Top-level calls of `@ionic/react` that only build a component (annotated pure, step 3). */
const COMPONENT_BUILDERS = /^const (\w+) = (React\.memo|createForwardRef|createReactComponent)\(/gm;

/** One import line of `@ionic/react` from a component module of `@ionic/core` or `ionicons`. */
interface ComponentImport {
  /** the whole line */
  line: string;
  /** the module specifier, e.g. `@ionic/core/components/ion-select.js` */
  spec: string;
  /** `imported as local` pairs */
  names: { imported: string; local: string }[];
}

/** A plain wrapper that can live in a module of its own. */
interface Wrapper {
  /** the whole declaration statement in `@ionic/react` */
  statement: string;
  /** the factory call, verbatim */
  call: string;
  /** the factory (a key of {@link FACTORIES}) */
  factory: string;
  /** the component imports the call refers to, narrowed to the names it uses */
  imports: ComponentImport[];
}

/** What the plugin learns from `@ionic/react`'s source. */
interface IonicReactSource {
  componentImports: ComponentImport[];
  wrappers: Map<string, Wrapper>;
}

/** `code` without block comments and whole-line comments (names in prose are no uses). */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** `name` as a whole identifier (not part of a longer name, not a quoted string). */
const identifier = (name: string) => new RegExp(`(?<![\\w$'"\`])${name.replace(/\$/g, '\\$')}(?![\\w$'"\`])`, 'g');

function readComponentImports(source: string): ComponentImport[] {
  return [...source.matchAll(/^import \{([^}]*)\} from '((?:@ionic\/core|ionicons)\/components\/[^']+)';$/gm)].map((match) => ({
    line: match[0],
    spec: match[2]!,
    names: match[1]!
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [imported, local = imported] = part.split(/\s+as\s+/) as [string, string?];
        return { imported, local };
      }),
  }));
}

/**
 * Finds the plain wrappers of `@ionic/react`: a {@link FACTORIES} call whose
 * arguments name only literals, `React` and component imports, and whose
 * name `@ionic/react` does not use itself.
 */
function readSource(source: string): IonicReactSource {
  const componentImports = readComponentImports(source);
  const byLocal = new Map(componentImports.flatMap((imp) => imp.names.map((name) => [name.local, { imp, name }] as const)));
  const exportList = /^export \{([^}]*)\};$/m.exec(source)?.[0] ?? '';
  // The source without its export list and component imports: where a wrapper's own uses would show.
  const body = componentImports.reduce((text, imp) => text.replace(imp.line, ''), source.replace(exportList, ''));
  const wrappers = new Map<string, Wrapper>();
  for (const match of source.matchAll(/^const (Ion\w+) = \/\*@__PURE__\*\/ ((\w+)\((?:\{[\s\S]*?\n\}|[^\n]*?)\));$/gm)) {
    const [statement, name, call, factory] = match as unknown as [string, string, string, string];
    if (!FACTORIES[factory]) continue;
    const refs = [...new Set(call.match(/[A-Za-z_]\w*\$[\w$]*/g) ?? [])];
    const used = refs.map((ref) => byLocal.get(ref));
    if (used.some((entry) => !entry)) continue;
    if (identifier(name).test(withoutComments(body.replace(statement, '')))) continue;
    const imports = new Map<string, ComponentImport>();
    for (const entry of used as { imp: ComponentImport; name: ComponentImport['names'][number] }[]) {
      const imp = imports.get(entry.imp.spec) ?? { ...entry.imp, names: [] };
      imp.names.push(entry.name);
      imports.set(imp.spec, imp);
    }
    wrappers.set(name, { statement, call, factory, imports: [...imports.values()] });
  }
  return { componentImports, wrappers };
}

/**
 * `@ionic/react` without the moved wrappers (step 1), with lazily defining
 * overlay hooks (step 2), pure component builders (step 3), only the
 * component imports still used, and its own factories exported for the
 * per-component modules.
 */
function rewriteIonicReact(code: string, parsed: IonicReactSource): string {
  let out = code;
  for (const [name, wrapper] of parsed.wrappers) {
    out = out.replace(wrapper.statement, '');
    out = out.replace(
      /^export \{([^}]*)\};$/m,
      (_all, list: string) =>
        `export {${list
          .replace(identifier(name), '')
          .replace(/,(\s*,)+/g, ',')
          .replace(/\{\s*,|,\s*$/g, '')}};`,
    );
  }
  out = out.replace(COMPONENT_BUILDERS, 'const $1 = /*@__PURE__*/ $2(');

  const definers: string[] = [];
  const specOf = new Map(parsed.componentImports.flatMap((imp) => imp.names.map((name) => [name.local, imp.spec] as const)));
  out = out.replace(/(useController|useOverlay)\('(\w+)', (\w+), (defineCustomElement\$[\w$]*)/g, (call, hook: string, overlay: string, controller: string, define: string) => {
    const spec = specOf.get(define);
    if (!spec) return call;
    definers.push(`const __oracyDefine${overlay} = /*@__PURE__*/ __oracyDefineLater(() => import(${JSON.stringify(spec)}), true);`);
    return `${hook}('${overlay}', ${controller}, __oracyDefine${overlay}`;
  });

  // Elements a first screen rarely renders are fetched when first rendered: ion-icon (with the second
  // Stencil runtime of ionicons under it), the tab bar and its buttons (the dashboard layout's), and
  // the back button and nav that Oracy never renders.
  const renderHook =
    /(const createReactComponent = \(tagName, ReactComponentContext, manipulatePropsFunction, defineCustomElement\) => \{\n\s*if \(defineCustomElement !== undefined)(\) \{[\s\S]*?\n(\s*)render\(\) \{\n)/;
  if (renderHook.test(out)) {
    let lazy = 0;
    out = out.replace(/createReactComponent\('(ion-[\w-]+)', (\w+), (\w+), (defineCustomElement\$[\w$]*)\)/g, (call, tag: string, context: string, manipulate: string, define: string) => {
      const spec = specOf.get(define);
      if (!RENDER_TIME_ELEMENTS.includes(tag) || !spec) return call;
      const definer = `__oracyDefine_${tag.replace(/-/g, '_')}`;
      const before = (DEFINED_AFTER[tag] ?? [])
        .map((other) => parsed.componentImports.find((imp) => imp.spec.endsWith(`/${other}.js`))?.spec)
        .filter((other): other is string => other !== undefined);
      const load = before.length
        ? `() => Promise.all([${[...before, spec].map((m) => `import(${JSON.stringify(m)})`).join(', ')}]).then((modules) => ({ defineCustomElement: () => modules.forEach((m) => m.defineCustomElement()) }))`
        : `() => import(${JSON.stringify(spec)})`;
      definers.push(`const ${definer} = /*@__PURE__*/ Object.assign(__oracyDefineLater(${load}), { onRender: true });`);
      lazy += 1;
      return `createReactComponent('${tag}', ${context}, ${manipulate}, ${definer})`;
    });
    if (lazy) out = out.replace(renderHook, '$1 && !defineCustomElement.onRender$2$3    if (defineCustomElement !== undefined && defineCustomElement.onRender) defineCustomElement();\n');
  }

  for (const imp of parsed.componentImports) {
    const bodyWithout = withoutComments(out.replace(imp.line, ''));
    const kept = imp.names.filter((name) => identifier(name.local).test(bodyWithout));
    const line = kept.length ? `import { ${kept.map((n) => (n.imported === n.local ? n.imported : `${n.imported} as ${n.local}`)).join(', ')} } from '${imp.spec}';` : '';
    out = out.replace(imp.line, () => line);
  }

  const ownFactories = Object.entries(FACTORIES)
    .filter(([, f]) => f.from === 'ionic-react')
    .map(([factory, f]) => `${factory} as ${f.exportedAs}`);
  const helper = definers.length
    ? [
        '/**',
        ' * Defines an element from its lazily loaded module, once (oracy:ionic-per-use). An overlay',
        ' * (`whenIdle`) is fetched once the page is idle rather than during the first render: its',
        ' * controller waits for the element, and nobody opens an alert in the first second.',
        ' */',
        'function __oracyDefineLater(load, whenIdle) {',
        '  let started = false;',
        '  const define = () => load().then((m) => m.defineCustomElement(), () => { started = false; });',
        '  return () => {',
        '    if (started) return;',
        '    started = true;',
        '    if (!whenIdle) define();',
        "    else if (typeof requestIdleCallback === 'function') requestIdleCallback(define, { timeout: 2000 });",
        '    else setTimeout(define, 200);',
        '  };',
        '}',
        ...definers,
      ]
    : [];
  // The definers come first: `IonIconInner` is created with one while the module evaluates.
  return [...helper, out, `export { ${ownFactories.join(', ')} };`, ''].join('\n');
}

/** The build plugin described at the top of this file. */
export function ionicPerUse(): Plugin {
  let ionicReactId = '';
  let parsed: IonicReactSource = { componentImports: [], wrappers: new Map() };

  return {
    name: 'oracy:ionic-per-use',
    apply: 'build',
    enforce: 'post',
    async buildStart() {
      const resolved = await this.resolve('@ionic/react');
      if (!resolved) throw new Error('oracy:ionic-per-use: cannot resolve @ionic/react');
      ionicReactId = resolved.id;
      parsed = readSource(readFileSync(ionicReactId, 'utf8'));
    },
    transform(code, id) {
      if (id === ionicReactId) return { code: rewriteIonicReact(code, parsed), map: null };
      if (/[\\/]@ionic[\\/]core[\\/]components[\\/][^\\/]+\.js$/.test(id)) {
        const annotated = code.replace(/=([\w$]+)\(class extends /g, '=/*@__PURE__*/$1(class extends ');
        return annotated === code ? null : { code: annotated, map: null };
      }
      if (id.startsWith('\0') || id.includes('/node_modules/') || !code.includes('@ionic/react')) return null;
      let changed = false;
      const out = code.replace(/import\s*\{([^}]*)\}\s*from\s*["']@ionic\/react["'];?/g, (statement, list: string) => {
        const kept: string[] = [];
        const own: string[] = [];
        for (const spec of list
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          const [imported, local = imported] = spec.split(/\s+as\s+/) as [string, string?];
          if (parsed.wrappers.has(imported)) own.push(`import { ${imported} as ${local} } from ${JSON.stringify(VIRTUAL + imported)};`);
          else kept.push(spec);
        }
        if (own.length === 0) return statement;
        changed = true;
        return [kept.length ? `import { ${kept.join(', ')} } from "@ionic/react";` : '', ...own].join('\n');
      });
      return changed ? { code: out, map: null } : null;
    },
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? id : null;
    },
    async load(id) {
      if (!id.startsWith(VIRTUAL)) return null;
      const name = id.slice(VIRTUAL.length);
      const wrapper = parsed.wrappers.get(name);
      if (!wrapper) return null;
      const resolveFromIonicReact = async (spec: string) => {
        const resolved = await this.resolve(spec, ionicReactId);
        if (!resolved) throw new Error(`oracy:ionic-per-use: cannot resolve ${spec} from @ionic/react`);
        return JSON.stringify(resolved.id);
      };
      const factory = FACTORIES[wrapper.factory]!;
      const lines = [`import React from 'react';`];
      lines.push(
        factory.from === 'stencil'
          ? `import { createComponent } from ${await resolveFromIonicReact('@stencil/react-output-target/runtime')};`
          : `import { ${factory.exportedAs} as ${wrapper.factory} } from ${JSON.stringify(ionicReactId)};`,
      );
      for (const imp of wrapper.imports) {
        const names = imp.names.map((n) => (n.imported === n.local ? n.imported : `${n.imported} as ${n.local}`)).join(', ');
        lines.push(`import { ${names} } from ${await resolveFromIonicReact(imp.spec)};`);
      }
      lines.push(`export const ${name} = /*@__PURE__*/ ${wrapper.call};`);
      return lines.join('\n');
    },
  };
}
