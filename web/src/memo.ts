/**
 * A component drawn again only when its props change. Preact's own `memo` lives in preact/compat,
 * whose import also rewires every element of the page for React's ways; this is the part we use.
 */
import { Component, h, type ComponentType, type FunctionComponent } from 'preact';

/** The same prop: the same value, or two arrays of the same items (a list of names made afresh at each render of the parent). */
function sameProp(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
}

/** Whether two sets of props are the same, prop by prop. */
export function sameProps(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => k in y && sameProp(x[k], y[k]));
}

/**
 * `c`, drawn when its parent draws only if one of its props changed ({@link sameProps}); its own
 * state and the context it reads still draw it. A callback prop counts by identity: the parent
 * gives one that stays the same (one that reads what it needs when called).
 */
export function memo<P extends object>(c: FunctionComponent<P>): ComponentType<P> {
  return class Memo extends Component<P> {
    static override displayName = `Memo(${c.displayName ?? c.name})`;
    override shouldComponentUpdate(next: P): boolean {
      return !sameProps(this.props, next);
    }
    override render(props: P) {
      return h(c, props);
    }
  };
}
