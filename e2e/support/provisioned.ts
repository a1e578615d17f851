/** Controllers provisioned (unclaimed) before the server started: id and password, as on their labels. */
export function provisionedControllers(): { id: string; password: string }[] {
  return JSON.parse(process.env.E2E_PROVISIONED ?? '[]') as { id: string; password: string }[];
}
