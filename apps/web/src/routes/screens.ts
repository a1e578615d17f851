/** Logged-in screens of the specifications that later issues build; until then each shows "not yet available". */
export const pendingScreens: readonly { path: string; screen: string }[] = [];
