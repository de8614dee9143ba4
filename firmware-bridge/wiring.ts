/**
 * Facts of the reference build (HARDWARE.md) that more than one part of the bridge needs: the
 * firmware's emulated board and the Johnny-Five driver read the same battery divider.
 */

/** The battery divider on A0, 100 kΩ over 22 kΩ: volts at the pin per volt of the cells. */
export const REFERENCE_DIVIDER = 22 / (100 + 22);
