// Device screens live in the current controller area only (the older area has just the add screen, whose return
// path its route gives).
const area = '/admin/syrx-controllers';
const enc = encodeURIComponent;

/** The paths of a controller's device screens. */
export const devicePaths = (controllerId: string) => {
  const base = `${area}/${enc(controllerId)}`;
  return {
    list: `${base}/devices`,
    add: `${base}/devices/add`,
    device: (deviceId: number) => `${base}/devices/${deviceId}`,
    points: (deviceId: number) => `${base}/devices/${deviceId}/points`,
  };
};
