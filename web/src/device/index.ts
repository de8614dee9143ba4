/**
 * The launcher device in the page: a board on USB (Web Serial), the virtual launcher (the firmware
 * on avr8js in a worker), or the simulated launcher; the New game form's choice and the status line.
 */
export { PageDevice, serialUnsupported, virtualUnsupported, type DeviceShown, type LauncherChoice as LauncherChoiceValue, type LinkState } from './device.ts';
export { LauncherChoice } from './LauncherChoice.tsx';
export { DeviceBar } from './DeviceBar.tsx';
