/** The firmware's hex for the virtual launcher's worker (web/firmware.ts); null when the page was built without it. */
declare module 'virtual:launcher-firmware' {
  export const hex: string | null;
}

/** Null when the page has the firmware, else why not, in one line with what to do (web/firmware.ts). */
declare module 'virtual:launcher-firmware-status' {
  export const why: string | null;
}
