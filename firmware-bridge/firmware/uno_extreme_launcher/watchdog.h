// The chip's watchdog: what happens when loop() stops running.
#ifndef UNO_EXTREME_WATCHDOG_H
#define UNO_EXTREME_WATCHDOG_H

#include <Arduino.h>

enum WatchdogMode : uint8_t {
  WATCHDOG_RESET,  // the chip resets (the pull-downs hold the motor off) and starts again
  WATCHDOG_CUT,    // an old bootloader is in flash: the watchdog's interrupt cuts the motor, no reset
};

// Turns the watchdog on (HW_WATCHDOG), in the mode this board can take; loop() resets it each pass.
// Last in setup(): nothing before it may take that long.
WatchdogMode watchdogBegin();
// The mode watchdogBegin chose (HELLO's wdt=).
WatchdogMode watchdogMode();

#endif
