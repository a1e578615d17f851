import { type ComponentType, type ReactNode, Suspense } from 'react';
import { Flex, Spin } from 'antd';
import type { RouteObject } from 'react-router';

/**
 * A route's `lazy`: its screen is in a module loaded on the route's first visit (a chunk of its own in the build).
 * The router loads the modules of all the routes a path matches at once, before it renders them; the page in view
 * stays until then (on the first load, the root's spinner shows).
 */
export function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): NonNullable<RouteObject['lazy']> {
  return async () => ({ Component: pick(await load()) });
}

/**
 * Routes whose screens all come from one module, loaded on the first visit to any of them: each path and the name of
 * the screen it shows, in the order the paths are written.
 */
export function screenRoutes<M extends Record<K, ComponentType>, K extends string>(load: () => Promise<M>, screens: Record<string, K>): RouteObject[] {
  return Object.entries<K>(screens).map(([path, name]) => ({ path, lazy: screen(load, (m) => m[name]) }));
}

/** A part of a page whose code loads when it first shows (React.lazy inside): a spinner in its place until then. */
export function Deferred({ children }: { children: ReactNode }) {
  const fallback = (
    <Flex justify="center" style={{ padding: 24 }}>
      <Spin aria-label="Loading" />
    </Flex>
  );
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
