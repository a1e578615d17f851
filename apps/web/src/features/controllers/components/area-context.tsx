import { type ReactNode, createContext, useContext, useMemo } from 'react';
import { type AreaBase, type AreaPaths, areaBase, areaPaths } from '../utils/area-paths';

const AreaBaseContext = createContext<AreaBase>(areaBase);

/** Makes the links of the screens below lead within the current area or its older form. */
export function AreaBaseProvider({ base, children }: { base: AreaBase; children: ReactNode }) {
  return <AreaBaseContext.Provider value={base}>{children}</AreaBaseContext.Provider>;
}

/** The paths of the screens in the area the user is in. */
export function useAreaPaths(): AreaPaths {
  const base = useContext(AreaBaseContext);
  return useMemo(() => areaPaths(base), [base]);
}
